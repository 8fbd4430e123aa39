import { z } from 'zod';
import { ZPostalAddress } from '../addresses/addresses.schemas.js';
import { ZCouponKey } from '../coupons/coupons.schemas.js';
import { ZMasterStatus } from '../masters/masters.schemas.js';
import { ZCurrency, ZVatCheck, ZVatPriced } from '../pricing/pricing.schemas.js';

const ZOption = z.coerce.number().int().min(0).max(2);

/** GET /api/payment/price_info?buyingOption&couponKey (+ masterId for an upgrade's difference). */
export const ZPriceInfoInput = z.object({
  buyingOption: ZOption,
  couponKey: ZCouponKey.optional(),
  masterId: z.uuid().optional(),
});
export type TPriceInfoInput = z.infer<typeof ZPriceInfoInput>;

/** The price with VAT (the list price, or the difference when upgrading) and what the checkout summary shows of the coupon and an upgrade. */
export const ZPriceInfo = ZVatPriced.extend({
  couponValid: z.boolean(),
  couponValue: z.number(),
  remainingCost: z.number(),
  /** The option already owned when the price is an upgrade's difference (else null). */
  upgradeFrom: z.number().int().nullable(),
});
export type TPriceInfo = z.infer<typeof ZPriceInfo>;

/** POST /api/payment/pay. */
export const ZPayInput = z.object({
  masterId: z.uuid(),
  couponKey: ZCouponKey.nullish(),
  styleId: z.coerce.number().int().nullish(),
  /** The card form's payment method nonce; not needed when nothing is left to pay. */
  nonce: z.string().trim().max(4096).nullish(),
  buyingOption: ZOption,
});
export type TPayInput = z.infer<typeof ZPayInput>;

export const ZMasterInvoice = z.object({
  invoiceNumber: z.number().int(),
  couponKey: z.string().nullable(),
  price: z.number(),
  couponValue: z.number(),
  currency: ZCurrency,
  transactionId: z.string().nullable(),
});
export type TMasterInvoice = z.infer<typeof ZMasterInvoice>;

/** The master as the pay call answers it (the fields checkout reads). */
export const ZPaidMaster = z.object({
  id: z.string(),
  buyingOption: z.number().int(),
  status: ZMasterStatus,
  track: z.object({ id: z.string(), name: z.string(), artist: z.string().nullable(), isCustomMaster: z.boolean() }),
  style: z.object({ id: z.number().int(), name: z.string(), styleIndex: z.number().int(), styleGroup: z.object({ id: z.number().int(), name: z.string() }) }).nullable(),
  user: z.object({ id: z.string() }),
  invoice: ZMasterInvoice.nullable(),
});
export type TPaidMaster = z.infer<typeof ZPaidMaster>;

export const ZRemovePaymentMethodInput = z.object({ token: z.string().min(1).max(64) });

/** The card form's nonce for a card saved without paying (the payments screen). */
export const ZAddPaymentMethodInput = z.object({ nonce: z.string().trim().min(1, 'payment.requestPaymentMethod').max(4096) });
export type TAddPaymentMethodInput = z.infer<typeof ZAddPaymentMethodInput>;

export const ZClientToken = z.object({ clientToken: z.string() });

/** The priced purchase and buyer data as claimed; kept in payments.quote, read back by the invoice step. */
export const ZQuote = z.object({
  /** 1 or 2 for a master; 0 for a subscription period. */
  buyingOption: z.number().int().min(0).max(2),
  upgradeFrom: z.number().int().min(0).max(2),
  currency: ZCurrency,
  priceCents: z.number().int(),
  couponValueCents: z.number().int(),
  remainingCents: z.number().int(),
  vatRateBp: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  reverseCharge: z.boolean(),
  vatRule: z.enum(['domestic', 'oss-consumer', 'reverse-charge', 'outside-eu']),
  /** VIES's answer about the buyer's VAT id when VIES was asked (absent in quotes claimed before it existed). */
  vatCheck: ZVatCheck.nullable().optional(),
  /** The language the invoice is issued in (absent in quotes claimed before it existed: English). */
  locale: z.enum(['en', 'de']).optional(),
  coupon: z.object({ id: z.number().int(), key: z.string(), type: z.string(), value: z.number().int() }).nullable(),
  product: z.string(),
  /**
   * An album's masters, each at `buyingOption` (absent for a single master and a subscription):
   * what each is charged before the coupon; they add up to priceCents.
   */
  lines: z
    .array(z.object({ masterId: z.string(), product: z.string(), upgradeFrom: z.number().int().min(0).max(1), priceCents: z.number().int().positive() }))
    .optional(),
  buyer: z.object({
    firstName: z.string(),
    lastName: z.string(),
    ...ZPostalAddress.shape,
  }),
});
export type TQuote = z.infer<typeof ZQuote>;


/* ---------- an album of masters bought at once ---------- */

/** The options an album is bought at: the free option is every owner's already. */
const ZPaidOption = z.coerce.number().int().min(1).max(2);

/** GET /api/payment/album_price_info?albumId&buyingOption&couponKey. */
export const ZAlbumPriceInfoInput = z.object({
  albumId: z.uuid(),
  buyingOption: ZPaidOption,
  couponKey: ZCouponKey.optional(),
});
export type TAlbumPriceInfoInput = z.infer<typeof ZAlbumPriceInfoInput>;

/** One track of the album as its purchase prices it. */
export const ZAlbumPriceLine = z.object({
  position: z.number().int(),
  masterId: z.string(),
  name: z.string(),
  /** The option the track's master is owned at now. */
  ownedOption: z.number().int(),
  /** Owned at the album's option or higher: it costs nothing and is not on the invoice. */
  owned: z.boolean(),
  /** Before coupon and VAT: the list price, the difference to the owned option, or 0 when owned. */
  price: z.number(),
});
export type TAlbumPriceLine = z.infer<typeof ZAlbumPriceLine>;

/** The album checkout's summary: the single checkout's figures over all tracks charged, and each track's line. */
export const ZAlbumPriceInfo = ZPriceInfo.omit({ upgradeFrom: true }).extend({
  albumId: z.string(),
  buyingOption: z.number().int(),
  lines: z.array(ZAlbumPriceLine),
});
export type TAlbumPriceInfo = z.infer<typeof ZAlbumPriceInfo>;

/** POST /api/payment/pay_album: one payment for every track of the album not yet owned at the option. */
export const ZPayAlbumInput = z.object({
  albumId: z.uuid(),
  buyingOption: ZPaidOption,
  couponKey: ZCouponKey.nullish(),
  /** The card form's payment method nonce; not needed when nothing is left to pay. */
  nonce: z.string().trim().max(4096).nullish(),
});
export type TPayAlbumInput = z.infer<typeof ZPayAlbumInput>;

/** The album as its purchase leaves it: each master's option now, and the one invoice. */
export const ZAlbumPurchase = z.object({
  albumId: z.string(),
  buyingOption: z.number().int(),
  masters: z.array(z.object({ masterId: z.string(), buyingOption: z.number().int() })),
  invoice: ZMasterInvoice,
});
export type TAlbumPurchase = z.infer<typeof ZAlbumPurchase>;
