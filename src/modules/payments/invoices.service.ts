import type { ServiceContext } from '../../platform/context.js';
import { notFound, unauthorized } from '../../platform/errors.js';
import type { Seller } from '../pricing/index.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import * as repo from './payments.repository.js';

/** GET /api/download/invoice/{invoiceNumber}: the owner's invoice as a PDF, else not found. */
export async function invoicePdf(ctx: ServiceContext, invoiceNumber: number): Promise<{ fileName: string; pdf: Buffer }> {
  if (!ctx.actor) throw unauthorized();
  const invoice = await repo.findInvoice(ctx.db, invoiceNumber);
  if (!invoice || invoice.user_id !== ctx.actor.userId) throw notFound('invoice');
  const pdf = await renderInvoicePdf({
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
  });
  return { fileName: `invoice-${invoice.invoice_number}.pdf`, pdf };
}
