/** The public surface of this feature: other features import only from here. */
export { AddressEditor } from './components/address-editor.js';
export { AddressSummary } from './components/address-summary.js';
