import { z } from 'zod';
import { ZCurrency } from '../pricing/pricing.schemas.js';
import { ZPostalAddress } from '../addresses/addresses.schemas.js';

/** One track of an album's invoice, as issued: its master (null once removed), the option delivered and its price before the coupon. */
export const ZInvoiceLine = z.object({
  masterId: z.string().nullable(),
  /** "Track / Group - Style". */
  product: z.string(),
  buyingOption: z.number().int(),
  /** The option owned before: above 0, the price is the difference. */
  upgradeFrom: z.number().int(),
  price: z.number(),
});
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

/** Invoice. Money as decimal numbers of the currency (two decimals), from integer cents. */
export const ZInvoice = z.object({
  invoiceNumber: z.number().int(),
  userId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  ...ZPostalAddress.shape,
  couponKey: z.string().nullable(),
  couponType: z.string().nullable(),
  couponAmount: z.number().nullable(),
  couponCurrency: z.string().nullable(),
  currency: ZCurrency,
  price: z.number(),
  couponValue: z.number(),
  vat: z.number(),
  vatRate: z.number(),
  total: z.number(),
  /** The product as the invoice names it: "name/style". */
  product: z.string(),
  /** 0 is a track master, 1 the distribution add-on, 2 an album's masters (one line each). */
  productType: z.number().int(),
  buyingOption: z.number().int(),
  paymentMethod: z.string(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  /** The master bought (null if it was deleted since). */
  masterId: z.string().nullable(),
  /** The track's current artist, else the buyer who uploaded it; null for the add-on (the invoice list's, not the document's). */
  trackArtist: z.string().nullable(),
  /** An album's tracks (product type 2), adding up to price; empty for any other invoice. */
  lines: z.array(ZInvoiceLine),
});
export type TInvoice = z.infer<typeof ZInvoice>;

/** GET /api/download/invoice/{invoiceNumber}. */
export const ZInvoiceNumberInput = z.object({ invoiceNumber: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export type TInvoiceNumberInput = z.infer<typeof ZInvoiceNumberInput>;
