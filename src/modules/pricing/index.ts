export { LIST_PRICE_CENTS, listPriceCents, PRICE_BOX_CENTS, EU_STANDARD_VAT_RATES_BP, billingConfigOf, type BillingConfig, type Seller } from './pricing.config.js';
export {
  amountOf,
  currencyOf,
  normaliseTaxId,
  priceList,
  taxIdValid,
  totalsFor,
  vatPricedOf,
  vatTreatmentFor,
  type Totals,
  type VatRule,
  type VatTreatment,
} from './pricing.js';
export { pricingRouter } from './pricing.trpc.js';
export { shownPrices } from './pricing.service.js';
export * from './pricing.schemas.js';
export { vatIdValid, vatNumberOf, VAT_ID_FORMATS } from './vat-id.schemas.js';
export { confirmVatId, confirmVatIdOfUser, vatTreatmentOf } from './vat-check.js';
