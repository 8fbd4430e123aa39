import type { ServiceContext } from '../../platform/context.js';
import { unauthorized } from '../../platform/errors.js';
import * as repo from './invoices.repository.js';
import type { TInvoice } from './invoices.schemas.js';

const money = (cents: number) => Math.round(cents) / 100;

/** The caller's invoices, newest first (empty until checkout creates some). */
export async function listInvoices(ctx: ServiceContext): Promise<TInvoice[]> {
  if (!ctx.actor) throw unauthorized();
  const rows = await repo.findInvoicesOfUser(ctx.db, ctx.actor.userId);
  return rows.map((row) => ({
    invoiceNumber: Number(row.invoice_number),
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    streetAndNumber: row.street_and_number,
    additional: row.additional,
    city: row.city,
    zip: row.zip,
    country: row.country.trim(),
    state: row.state,
    taxId: row.tax_id,
    couponKey: row.coupon_key,
    couponType: row.coupon_type,
    couponAmount: row.coupon_amount,
    couponCurrency: row.coupon_currency?.trim() ?? null,
    currency: row.currency.trim() as TInvoice['currency'],
    price: money(row.price_cents),
    couponValue: money(row.coupon_value_cents),
    vat: money(row.vat_cents),
    vatRate: Number(row.vat_rate),
    total: money(row.total_cents),
    product: row.product,
    productType: row.product_type,
    buyingOption: row.buying_option,
    paymentMethod: row.payment_method,
    transactionId: row.transaction_id,
    createdAt: new Date(row.created_at).toISOString(),
    masterId: row.master_id,
    trackArtist: row.track_artist,
  }));
}
