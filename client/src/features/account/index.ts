/** The public surface of this feature: other features import only from here (issue 9). */
export { AddressEditor, countryOptions } from './components/address-editor.js';
