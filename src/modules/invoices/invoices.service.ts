import type { Locale, Platform, ServiceContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { notFound, unauthorized } from '../../platform/errors.js';
import type { TQuote } from '../payments/payments.schemas.js';
import { billingConfigOf, type Seller } from '../pricing/index.js';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf.js';
import { renderReceiptMail } from './invoices.mails.js';
import * as repo from './invoices.repository.js';
import type { TInvoice, TInvoiceLine, TInvoiceNumberInput } from './invoices.schemas.js';
import { SUBSCRIPTION_PRODUCT } from '../distribution/distribution.schemas.js';

/*
 * Invoices, in one module: written inside the payment's settling transaction (issueInvoice), listed
 * (listInvoices) and rendered as PDF (invoicePdf).
 */

const money = (cents: number) => Math.round(cents) / 100;

/** The add-on's product as the list's language names it (older invoices were all issued in English); a master's stays as issued. */
function listedProduct(product: string, productType: number, locale: Locale): string {
  if (productType !== 1) return product;
  const known = Object.values(SUBSCRIPTION_PRODUCT) as string[];
  return known.includes(product) ? SUBSCRIPTION_PRODUCT[locale] : product;
}

/** The caller's invoices, newest first (empty until checkout creates some). */
export async function listInvoices(ctx: ServiceContext): Promise<TInvoice[]> {
  if (!ctx.actor) throw unauthorized();
  const rows = await repo.findInvoicesOfUser(ctx.db, ctx.actor.userId);
  const lines = await repo.findInvoiceLines(ctx.db, rows.filter((row) => row.product_type === 2).map((row) => Number(row.invoice_number)));
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
    product: listedProduct(row.product, row.product_type, ctx.locale),
    productType: row.product_type,
    buyingOption: row.buying_option,
    paymentMethod: row.payment_method,
    transactionId: row.transaction_id,
    createdAt: new Date(row.created_at).toISOString(),
    masterId: row.master_id,
    // A track without an artist of its own is its uploader's, the buyer; the add-on has no artist.
    trackArtist: row.product_type === 1 ? null : (row.track_artist?.trim() || `${row.first_name} ${row.last_name}`.trim() || null),
    lines: lines.filter((line) => Number(line.invoice_number) === Number(row.invoice_number)).map(toLine),
  }));
}

export interface InvoiceLineInput {
  masterId: string | null;
  product: string;
  buyingOption: number;
  upgradeFrom: number;
  priceCents: number;
}

const toLine = (row: repo.InvoiceLineRow): TInvoiceLine => ({
  masterId: row.master_id,
  product: row.product,
  buyingOption: row.buying_option,
  upgradeFrom: row.upgrade_from,
  price: money(row.price_cents),
});

/** Invoices are kept ten years after the end of their calendar year. */
const RETENTION_YEARS = 10;

/**
 * Writes the invoice of a settled payment, inside the settling transaction: the next number of the
 * gapless sequence (the counter row is locked until the transaction ends; take it last), the buyer
 * and figures exactly as quoted when the charge was claimed, and the seller as configured now.
 * The one place invoices are written, for masters (product type 0) and subscriptions (1).
 */
export async function issueInvoice(
  trx: Database,
  platform: Pick<Platform, 'env'>,
  input: {
    userId: string | null;
    masterId: string | null;
    paymentId: string;
    quote: TQuote;
    productType: 0 | 1 | 2;
    /** An album's tracks charged (product type 2), adding up to the quote's price. */
    lines?: InvoiceLineInput[] | undefined;
    paymentMethod: string;
    transactionId: string | null;
    issuedAt?: Date;
  },
): Promise<number> {
  const { quote } = input;
  const invoiceNumber = await repo.nextInvoiceNumber(trx);
  const issued = input.issuedAt ?? new Date();
  await repo.insertInvoice(trx, {
    invoice_number: invoiceNumber,
    user_id: input.userId,
    master_id: input.masterId,
    payment_id: input.paymentId,
    first_name: quote.buyer.firstName,
    last_name: quote.buyer.lastName,
    company: quote.buyer.company,
    street_and_number: quote.buyer.streetAndNumber,
    additional: quote.buyer.additional,
    city: quote.buyer.city,
    zip: quote.buyer.zip,
    country: quote.buyer.country,
    state: quote.buyer.state,
    tax_id: quote.buyer.taxId,
    coupon_key: quote.coupon?.key ?? null,
    coupon_type: quote.coupon?.type ?? null,
    coupon_amount: quote.coupon?.value ?? null,
    coupon_currency: quote.coupon ? quote.currency : null,
    currency: quote.currency,
    price_cents: quote.priceCents,
    coupon_value_cents: quote.couponValueCents,
    vat_rate: quote.vatRateBp / 100,
    vat_cents: quote.vatCents,
    total_cents: quote.totalCents,
    reverse_charge: quote.reverseCharge,
    product: quote.product,
    product_type: input.productType,
    buying_option: quote.buyingOption,
    payment_method: input.paymentMethod,
    transaction_id: input.transactionId,
    retain_until: `${issued.getUTCFullYear() + RETENTION_YEARS}-12-31`,
    created_at: issued,
    seller: JSON.stringify(billingConfigOf(platform.env).seller),
    vat_check: quote.vatCheck ? JSON.stringify(quote.vatCheck) : null,
    locale: quote.locale ?? 'en',
  });
  if (input.lines?.length) await repo.insertInvoiceLines(trx, invoiceNumber, input.lines);
  return invoiceNumber;
}

/** GET /api/download/invoice/{invoiceNumber}: the owner's invoice as a PDF, else not found. */
export async function invoicePdf(ctx: ServiceContext, input: TInvoiceNumberInput): Promise<{ fileName: string; pdf: Buffer }> {
  if (!ctx.actor) throw unauthorized();
  const invoice = await repo.findInvoice(ctx.db, input.invoiceNumber);
  if (!invoice || invoice.user_id !== ctx.actor.userId) throw notFound('invoice');
  return { fileName: invoiceFileName(invoice), pdf: await renderInvoicePdf(await documentOf(ctx.db, invoice)) };
}

const invoiceFileName = (invoice: repo.InvoiceRow) => `invoice-${invoice.invoice_number}.pdf`;

/** The stored invoice as the PDF states it: its own copy of buyer and seller, never today's. */
async function documentOf(db: Database, invoice: repo.InvoiceRow): Promise<InvoiceDocument> {
  const lines = invoice.product_type === 2 ? await repo.findInvoiceLines(db, [Number(invoice.invoice_number)]) : [];
  return {
    invoiceNumber: Number(invoice.invoice_number),
    issuedAt: invoice.created_at,
    seller: invoice.seller as Seller,
    buyer: {
      firstName: invoice.first_name,
      lastName: invoice.last_name,
      company: invoice.company,
      streetAndNumber: invoice.street_and_number,
      additional: invoice.additional,
      zip: invoice.zip,
      city: invoice.city,
      state: invoice.state,
      country: invoice.country,
      taxId: invoice.tax_id,
    },
    product: invoice.product,
    buyingOption: invoice.buying_option,
    productType: invoice.product_type,
    currency: invoice.currency,
    priceCents: invoice.price_cents,
    couponKey: invoice.coupon_key,
    couponValueCents: invoice.coupon_value_cents,
    vatRate: Number(invoice.vat_rate),
    vatCents: invoice.vat_cents,
    totalCents: invoice.total_cents,
    reverseCharge: invoice.reverse_charge,
    paymentMethod: invoice.payment_method,
    transactionId: invoice.transaction_id,
    locale: invoice.locale,
    lines: lines.map((line) => ({ product: line.product, buyingOption: line.buying_option, upgradeFrom: line.upgrade_from, priceCents: line.price_cents })),
  };
}

/**
 * The receipt of a booked purchase: a mail to the buyer, in the language of their
 * account (the request's language when the account has none), with the invoice PDF attached.
 * Called after the booking's transaction committed. It never throws: the purchase is done and
 * stays done whatever happens to its mail; a failure is logged (the invoice stays downloadable
 * from /account/payments).
 */
export async function sendReceipt(ctx: Pick<ServiceContext, 'db' | 'log' | 'platform'> & { locale?: Locale }, input: { invoiceNumber: number }): Promise<void> {
  try {
    const invoice = await repo.findInvoice(ctx.db, input.invoiceNumber);
    if (!invoice?.user_id) return;
    const buyer = await repo.findReceiptRecipient(ctx.db, invoice.user_id);
    if (!buyer) return;
    const locale: Locale = buyer.locale ?? ctx.locale ?? 'en';
    const pdf = await renderInvoicePdf(await documentOf(ctx.db, invoice));
    const link = new URL('/account/payments', ctx.platform.env.PUBLIC_URL).toString();
    const rendered = renderReceiptMail(locale, {
      firstName: buyer.first_name || invoice.first_name,
      invoiceNumber: Number(invoice.invoice_number),
      product: invoice.product,
      totalCents: invoice.total_cents,
      currency: invoice.currency.trim(),
      link,
    });
    await ctx.platform.mailer.send({
      to: buyer.email,
      ...rendered,
      link,
      kind: 'receipt',
      attachments: [{ filename: invoiceFileName(invoice), content: pdf, contentType: 'application/pdf' }],
    });
  } catch (error) {
    ctx.log.error({ err: error, invoiceNumber: input.invoiceNumber }, 'receipt mail failed');
  }
}
