import type { Insertable } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { InvoicesTable } from '../../platform/db/schema.js';

export async function findInvoicesOfUser(db: Database, userId: string) {
  return db
    .selectFrom('invoices')
    // The list shows the track's current artist; the invoice itself does not carry it.
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

/** The next number of the gapless sequence; the counter row stays locked until the transaction ends. */
export async function nextInvoiceNumber(db: Database): Promise<number> {
  const row = await db
    .updateTable('invoice_counter')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('id', '=', true)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export async function insertInvoice(db: Database, values: Insertable<InvoicesTable>) {
  await db.insertInto('invoices').values(values).execute();
}

export async function findInvoice(db: Database, invoiceNumber: number) {
  return db
    .selectFrom('invoices')
    .select([
      'invoice_number',
      'user_id',
      'first_name',
      'last_name',
      'company',
      'street_and_number',
      'additional',
      'city',
      'zip',
      'country',
      'state',
      'tax_id',
      'coupon_key',
      'currency',
      'price_cents',
      'coupon_value_cents',
      'vat_rate',
      'vat_cents',
      'total_cents',
      'reverse_charge',
      'product',
      'product_type',
      'buying_option',
      'payment_method',
      'transaction_id',
      'seller',
      'created_at',
      'locale',
      'vat_check',
    ])
    .where('invoice_number', '=', invoiceNumber)
    .executeTakeFirst();
}

export type InvoiceRow = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

/** Where a receipt goes and in which language: the buyer's address and the language chosen at sign-up. */
export async function findReceiptRecipient(db: Database, userId: string) {
  return db.selectFrom('users').select(['email', 'first_name', 'locale']).where('id', '=', userId).executeTakeFirst();
}

export async function insertInvoiceLines(
  db: Database,
  invoiceNumber: number,
  lines: readonly { masterId: string | null; product: string; buyingOption: number; upgradeFrom: number; priceCents: number }[],
): Promise<void> {
  await db
    .insertInto('invoice_lines')
    .values(
      lines.map((line, position) => ({
        invoice_number: invoiceNumber,
        position,
        master_id: line.masterId,
        product: line.product,
        buying_option: line.buyingOption,
        upgrade_from: line.upgradeFrom,
        price_cents: line.priceCents,
      })),
    )
    .execute();
}

/** The lines of these invoices, each invoice's in their order. */
export async function findInvoiceLines(db: Database, invoiceNumbers: number[]) {
  if (invoiceNumbers.length === 0) return [];
  return db
    .selectFrom('invoice_lines')
    .select(['invoice_number', 'position', 'master_id', 'product', 'buying_option', 'upgrade_from', 'price_cents'])
    .where('invoice_number', 'in', invoiceNumbers)
    .orderBy('invoice_number')
    .orderBy('position')
    .execute();
}

export type InvoiceLineRow = Awaited<ReturnType<typeof findInvoiceLines>>[number];
