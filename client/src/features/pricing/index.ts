/** The public surface of this feature: other features import only from here. */
export { BUYING_OPTIONS } from './buying-options.js';
export { freePluginOfferClosed } from './components/free-plugin-dialog.js';
export { shownAmountOf, useShownPrices } from './use-shown-prices.js';
export { VatNote } from './components/vat-note.js';
