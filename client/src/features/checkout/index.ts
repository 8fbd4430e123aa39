/** The public surface of this feature: other features import only from here. */
export { AlbumPurchase } from './components/album-checkout.js';
export { BuyOptions } from './components/buy-options.js';
export { CardForm, type CardFormHandle } from './components/card-form.js';
export { NameSection } from './components/name-section.js';
export { InvoiceAddressSection } from './components/invoice-address-section.js';
export { useBuyerEditing } from './use-buyer-editing.js';
export { downloadInvoice } from './downloads.js';
export { paymentErrorCodeOf } from './payment-errors.js';
export { requestCardNonce, usePaymentInFlight } from './use-payment-in-flight.js';
