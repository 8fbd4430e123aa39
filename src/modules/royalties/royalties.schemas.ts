import { z } from 'zod';

/**
 * Royalties: store statements in, the ledger split by payout shares, analytics, payments,
 * payouts out, and the distribution screens' feedback. Zod only; shared by the adapters, the
 * operator commands and the SPA. Messages are translation keys.
 */

/** Every amount the ledger keeps is in minor units (cents) of this currency; statements are converted to it. */
export const PAYOUT_CURRENCY = 'USD';

export const ROYALTY_ERRORS = {
  statementMalformed: 'royalties.error.statementMalformed',
  statementConflict: 'royalties.error.statementConflict',
  statementEmpty: 'royalties.error.statementEmpty',
  participantNotFound: 'royalties.error.participantNotFound',
  holdNotFound: 'royalties.error.holdNotFound',
  confirmationInvalid: 'royalties.error.confirmationInvalid',
  feedbackRating: 'distribution.feedback.error.rating',
  feedbackTooLong: 'distribution.feedback.error.commentTooLong',
} as const;

export const FEEDBACK_LIMITS = { maxComment: 2000, maxPage: 200 } as const;

/** A decimal amount as stores write it: optional minus, up to 12 digits, up to 10 decimals. */
export const DECIMAL_AMOUNT = /^-?\d{1,12}(\.\d{1,10})?$/;
/** A conversion rate: a positive decimal with up to 6 decimals. */
export const RATE = /^\d{1,6}(\.\d{1,6})?$/;
export const CURRENCY = /^[A-Z]{3}$/;

const ZStore = z.string().trim().min(1, 'royalties.error.storeRequired').max(100);
const ZPeriod = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'royalties.error.period');
/** `{"EUR": "1.08"}`: one unit of the statement's currency in the payout currency. */
const ZRates = z.record(z.string().regex(CURRENCY, 'royalties.error.rateCurrency'), z.string().regex(RATE, 'royalties.error.rate'));

export const ZImportStatementInput = z.object({
  store: ZStore,
  period: ZPeriod,
  /** The statement's CSV text (README "Royalties": the columns). */
  csv: z.string().max(50 * 1024 * 1024),
  rates: ZRates.default({}),
});
export type TImportStatementInput = z.infer<typeof ZImportStatementInput>;

/** The operator command on the running product: the product reads the file itself (it runs on this machine). */
export const ZImportStatementFileInput = ZImportStatementInput.omit({ csv: true }).extend({ path: z.string().min(1).max(4096) });
export type TImportStatementFileInput = z.infer<typeof ZImportStatementFileInput>;

export const ZUnmatchedLine = z.object({
  line: z.number().int(),
  isrc: z.string().nullable(),
  upc: z.string().nullable(),
  territory: z.string(),
  amountMinor: z.number().int(),
});
export type TUnmatchedLine = z.infer<typeof ZUnmatchedLine>;

export const ZImportResult = z.object({
  statementId: z.number().int(),
  store: z.string(),
  period: z.string(),
  /** True when this very statement was imported before: nothing changed. */
  alreadyImported: z.boolean(),
  lines: z.number().int(),
  matched: z.number().int(),
  currency: z.string(),
  totalMinor: z.number().int(),
  /** What the ledger credited to participants (the matched lines' amounts). */
  creditedMinor: z.number().int(),
  rates: z.record(z.string(), z.string()),
  unmatched: z.array(ZUnmatchedLine),
});
export type TImportResult = z.infer<typeof ZImportResult>;

export const ZPayoutRunInput = z.object({
  /** The smallest balance paid, in units of the payout currency (10 = 10.00 USD); default PAYOUT_MIN. */
  min: z.number().min(0).max(1_000_000).optional(),
  /** Show what would be paid, and the provider's fees, without paying. */
  dryRun: z.boolean().optional(),
});
export type TPayoutRunInput = z.infer<typeof ZPayoutRunInput>;

/** pending: recorded, not yet sent; submitted: with the provider; confirmed: paid; returned: back on the balance. */
export const ZPayoutStatus = z.enum(['pending', 'submitted', 'confirmed', 'returned']);
export const ZPayoutItem = z.object({
  payoutId: z.number().int(),
  participantId: z.number().int(),
  name: z.string(),
  email: z.string(),
  amountMinor: z.number().int(),
  /** The provider's fee, deducted from what the recipient receives. */
  feeMinor: z.number().int(),
  entries: z.number().int(),
  status: ZPayoutStatus,
  failureReason: z.string().nullable(),
});
export const ZPayoutRunResult = z.object({
  runId: z.string(),
  currency: z.string(),
  /** Where the provider recorded the run (the local provider's payout file), null when nothing was paid. */
  reference: z.string().nullable(),
  totalMinor: z.number().int(),
  provider: z.string(),
  dryRun: z.boolean(),
  /** Why the batch could not be sent or polled now (it is sent again by `payouts:poll`). */
  error: z.string().nullable(),
  payouts: z.array(ZPayoutItem),
  /** Due, but their payout e-mail is not confirmed yet: asked to confirm, paid by a later run. */
  awaitingConfirmation: z.array(z.object({ participantId: z.number().int(), name: z.string(), email: z.string(), mailed: z.boolean() })),
});
export type TPayoutRunResult = z.infer<typeof ZPayoutRunResult>;

/** One group of the analytics (a period, release, track, store or country). */
const analyticsFigures = {
  streams: z.number().int(),
  downloads: z.number().int(),
  revenueMinor: z.number().int(),
};
export const ZAnalyticsPeriod = z.object({ period: z.string(), ...analyticsFigures });
export const ZAnalyticsRelease = z.object({ albumId: z.number().int(), name: z.string(), upc: z.string().nullable(), ...analyticsFigures });
export const ZAnalyticsTrack = z.object({
  trackId: z.number().int(),
  name: z.string(),
  isrc: z.string().nullable(),
  albumId: z.number().int(),
  releaseName: z.string(),
  ...analyticsFigures,
});
export const ZAnalyticsStore = z.object({ store: z.string(), ...analyticsFigures });
export const ZAnalyticsCountry = z.object({ country: z.string(), ...analyticsFigures });
/** Streams and revenue per period, store and release: the charts over time (one series per store, filtered by release). */
export const ZAnalyticsStorePeriod = z.object({ period: z.string(), store: z.string(), albumId: z.number().int(), streams: z.number().int(), revenueMinor: z.number().int() });

export const ZAnalytics = z.object({
  currency: z.string(),
  totals: z.object(analyticsFigures),
  periods: z.array(ZAnalyticsPeriod),
  storePeriods: z.array(ZAnalyticsStorePeriod),
  releases: z.array(ZAnalyticsRelease),
  tracks: z.array(ZAnalyticsTrack),
  stores: z.array(ZAnalyticsStore),
  countries: z.array(ZAnalyticsCountry),
});
export type TAnalytics = z.infer<typeof ZAnalytics>;

export const ZParticipantBalance = z.object({
  participantId: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The user's own participant (the one set up with the account). */
  isMain: z.boolean(),
  earnedMinor: z.number().int(),
  /** Operator adjustments (a store's fine is negative). */
  adjustedMinor: z.number().int(),
  /** Held back (not yet released), as a positive amount. */
  heldMinor: z.number().int(),
  /** Confirmed by the payout provider. */
  paidMinor: z.number().int(),
  /** Sent to the provider, not yet confirmed. */
  inTransitMinor: z.number().int(),
  /** What the next payout would pay; below zero until later earnings make up for a fine. */
  balanceMinor: z.number().int(),
});
export const ZOtherEntry = z.object({
  id: z.number().int(),
  kind: z.enum(['adjustment', 'hold', 'release', 'returned']),
  reason: z.string().nullable(),
  participantId: z.number().int(),
  participantName: z.string(),
  amountMinor: z.number().int(),
  paid: z.boolean(),
  createdAt: z.string(),
});
export const ZLedgerEntry = z.object({
  id: z.number().int(),
  period: z.string(),
  store: z.string(),
  trackName: z.string().nullable(),
  isrc: z.string().nullable(),
  territory: z.string(),
  participantId: z.number().int(),
  participantName: z.string(),
  /** The participant's share on the track, in percent (two decimals). */
  sharePercent: z.number(),
  amountMinor: z.number().int(),
  paid: z.boolean(),
});
export const ZPayout = z.object({
  id: z.number().int(),
  participantName: z.string().nullable(),
  email: z.string(),
  amountMinor: z.number().int(),
  feeMinor: z.number().int(),
  currency: z.string(),
  status: ZPayoutStatus,
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
/** How payouts are made, shown before anything is paid. */
export const ZPayoutRules = z.object({
  provider: z.enum(['local', 'paypal']),
  minMinor: z.number().int(),
  feePercent: z.number(),
  feeMaxMinor: z.number().int(),
});
export const ZPayments = z.object({
  currency: z.string(),
  rules: ZPayoutRules,
  participants: z.array(ZParticipantBalance),
  /** Adjustments, holds and money that came back (newest first). */
  others: z.array(ZOtherEntry),
  /** The newest ledger lines (at most LEDGER_PAGE). */
  entries: z.array(ZLedgerEntry),
  payouts: z.array(ZPayout),
});
export type TPayments = z.infer<typeof ZPayments>;

/** `royalties:adjust` and `royalties:hold`: an amount on one participant's balance, with the reason shown to the user. */
export const ZAdjustInput = z.object({
  participantId: z.number().int().positive(),
  kind: z.enum(['adjustment', 'hold']),
  /** A decimal in the payout currency; an adjustment may be negative (a fine), a hold is the amount held back. */
  amount: z
    .string()
    .regex(/^-?\d{1,9}(\.\d{1,2})?$/)
    .refine((amount) => Number(amount) !== 0, 'not zero'),
  reason: z.string().trim().min(1).max(500),
});
export type TAdjustInput = z.infer<typeof ZAdjustInput>;
/** The link of the confirmation mail: its token is the only permission. */
export const ZConfirmPayoutAddressInput = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, ROYALTY_ERRORS.confirmationInvalid) });
export type TConfirmPayoutAddressInput = z.infer<typeof ZConfirmPayoutAddressInput>;
export const ZConfirmPayoutAddressResult = z.object({ email: z.string(), from: z.string() });
export type TConfirmPayoutAddressResult = z.infer<typeof ZConfirmPayoutAddressResult>;
export const ZReleaseHoldInput = z.object({ holdId: z.number().int().positive() });
export const LEDGER_PAGE = 200;

const ZRating = z.number().int(ROYALTY_ERRORS.feedbackRating).min(1, ROYALTY_ERRORS.feedbackRating).max(5, ROYALTY_ERRORS.feedbackRating);
/** Stars for sound and overall, a comment, include-song-data. */
export const ZFeedbackInput = z.object({
  soundRating: ZRating,
  overallRating: ZRating,
  comment: z.string().trim().max(FEEDBACK_LIMITS.maxComment, ROYALTY_ERRORS.feedbackTooLong).default(''),
  includeSongData: z.boolean().default(false),
  /** The distribution screen it was sent from. */
  page: z.string().trim().max(FEEDBACK_LIMITS.maxPage).regex(/^\/distribution(\/[A-Za-z0-9/_-]*)?$/).default('/distribution'),
});
export type TFeedbackInput = z.infer<typeof ZFeedbackInput>;
export const ZFeedbackResult = z.object({ id: z.number().int() });
