import type { ServiceContext } from '../../platform/context.js';
import { DISTRIBUTION_PLAN } from '../distribution/distribution.schemas.js';
import { billingConfigOf, listPriceCents, PRICE_BOX_CENTS } from './pricing.config.js';
import { amountOf, currencyOf, totalsFor, vatTreatmentFor, type VatTreatment } from './pricing.js';
import * as repo from './pricing.repository.js';
import { confirmVatId, vatTreatmentOf } from './vat-check.js';
import type { TShownAmount, TShownPrices, TShownPricesInput, TVatBasis } from './pricing.schemas.js';

/** A visitor who names no country: a German interface is taken as a buyer in Germany; English tells nothing. */
const COUNTRY_OF_LOCALE = { en: null, de: 'DE' } as const;

function basisOf(vat: VatTreatment, hasValidTaxId: boolean): TVatBasis {
  if (vat.rule === 'outside-eu') return 'noVat';
  return hasValidTaxId ? 'exclVat' : 'inclVat';
}

function shownAmount(netCents: number, rateBp: number, basis: TVatBasis): TShownAmount {
  const totals = totalsFor(netCents, 0, rateBp);
  const gross = amountOf(totals.totalCents);
  const net = amountOf(totals.remainingCents);
  return { net, vat: amountOf(totals.vatCents), gross, shown: basis === 'inclVat' ? gross : net };
}

/**
 * The prices as the caller should see them (the home price box, checkout, the distribution
 * landing): for a signed-in caller by the invoice address, as checkout will charge; for a visitor by
 * the country asked for. EU consumers see gross prices "incl. VAT", businesses with a valid VAT id
 * the net "excl. VAT", buyers outside the EU the net with no VAT. Coupons are checkout's matter.
 */
export async function shownPrices(ctx: ServiceContext, input: TShownPricesInput): Promise<TShownPrices> {
  const config = billingConfigOf(ctx.platform.env);
  const address = ctx.actor ? await repo.findInvoiceCountry(ctx.db, ctx.actor.userId) : undefined;
  const country = address?.country ?? input?.country ?? COUNTRY_OF_LOCALE[ctx.locale];
  const taxId = address?.tax_id?.trim() ? address.tax_id : null;
  if (address) await confirmVatId(ctx.platform, address);
  const vat: VatTreatment = address
    ? await vatTreatmentOf(ctx.db, ctx.platform.env, address)
    : country === null
      ? { rule: 'outside-eu', rateBp: 0, reverseCharge: false, taxIdValid: true }
      : vatTreatmentFor({ country, taxId: null }, config);
  const basis = basisOf(vat, taxId !== null && vat.taxIdValid);
  const price = (cents: number) => shownAmount(cents, vat.rateBp, basis);
  return {
    country,
    basis,
    inclVat: basis === 'inclVat',
    vatRate: vat.rateBp / 100,
    reverseCharge: vat.reverseCharge,
    currency: currencyOf(ctx.locale),
    options: ([0, 1, 2] as const).map((buyingOption) => ({ buyingOption, ...price(listPriceCents(buyingOption)) })),
    priceBox: { price: price(PRICE_BOX_CENTS.price), listPrice: price(PRICE_BOX_CENTS.listPrice) },
    distribution: { ...price(DISTRIBUTION_PLAN.priceCents), currency: DISTRIBUTION_PLAN.currency, billingFrequency: DISTRIBUTION_PLAN.billingFrequency },
  };
}
