import type { Database } from '../../platform/db/database.js';

export async function findInvoicesOfUser(db: Database, userId: string) {
  return db
    .selectFrom('invoices')
    // The list shows the track's current artist (spec §2 invoice rows); the invoice itself does not carry it.
    .leftJoin('masters', 'masters.id', 'invoices.master_id')
    .leftJoin('tracks', 'tracks.id', 'masters.track_id')
    .select([
      'invoices.invoice_number', 'invoices.user_id', 'invoices.first_name', 'invoices.last_name', 'invoices.company',
      'invoices.street_and_number', 'invoices.additional', 'invoices.city', 'invoices.zip', 'invoices.country',
      'invoices.state', 'invoices.tax_id', 'invoices.coupon_key', 'invoices.coupon_type', 'invoices.coupon_amount',
      'invoices.coupon_currency', 'invoices.currency', 'invoices.price_cents', 'invoices.coupon_value_cents',
      'invoices.vat_rate', 'invoices.vat_cents', 'invoices.total_cents', 'invoices.product', 'invoices.product_type',
      'invoices.buying_option', 'invoices.payment_method', 'invoices.transaction_id', 'invoices.created_at',
      'invoices.master_id', 'tracks.artist as track_artist',
    ])
    .where('invoices.user_id', '=', userId)
    .orderBy('invoices.created_at', 'desc')
    .orderBy('invoices.invoice_number', 'desc')
    .execute();
}
