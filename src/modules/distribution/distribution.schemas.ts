import { z } from 'zod';
import { COUNTRY_CODES } from '../addresses/addresses.schemas.js';
import { ZCurrency, ZVatPriced } from '../pricing/pricing.schemas.js';

/**
 * Shapes of the distribution add-on, shared by the adapters and the SPA's forms.
 * Messages are translation keys; the rules that need the user's other artists or
 * participants are the functions below, run by the service and by the dialogs alike.
 */

/** The add-on costs 19.99 US dollars a year; a failed renewal keeps it 30 days. */
export const DISTRIBUTION_PLAN = { priceCents: 1999, currency: 'USD', billingFrequency: 12 } as const;
export const SUBSCRIPTION_GRACE_DAYS = 30;
/** The add-on's product on invoices, per language (name and term, separated by a slash). */
export const SUBSCRIPTION_PRODUCT = { en: 'Distribution add-on / 12 months', de: 'Vertriebs-Add-on / 12 Monate' } as const;
/** The default artist country, and the role every release track's user gets. */
export const DEFAULT_ARTIST_COUNTRY = 'US';
export const ARTIST_ROLE_ID = 6;

export const DISTRIBUTION_ERRORS = {
  nameRequired: 'distribution.nameRequired',
  nameNotUnique: 'distribution.nameNotUnique',
  countryRequired: 'distribution.countryRequired',
  payoutEmailRequired: 'distribution.participantPayPalEmailRequired',
  invalidEmail: 'global.message.invalidEmail',
} as const;

const ZName = z.string().trim().max(200, 'global.message.tooLong');
const ZCountry = z.string().trim().toUpperCase();
const ZPayoutEmail = z.string().trim().toLowerCase().max(254, 'global.message.invalidEmail');
const ZId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const isCountryCode = (code: string) => COUNTRY_CODES.includes(code);
// The same general pattern zod's z.email() applies ("a general pattern").
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const isPayoutEmail = (email: string) => EMAIL.test(email.trim());
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Artist: a name, different from the user's other artists; a country when creating.
 * `others` are the artists the name must differ from (the one being renamed left out).
 */
export function artistProblems(input: { name: string; country?: string | null | undefined }, others: readonly { name: string }[], creating: boolean): string[] {
  const problems: string[] = [];
  if (input.name.trim() === '') problems.push(DISTRIBUTION_ERRORS.nameRequired);
  else if (others.some((other) => sameName(other.name, input.name))) problems.push(DISTRIBUTION_ERRORS.nameNotUnique);
  if (creating && !(input.country && isCountryCode(input.country.trim().toUpperCase()))) problems.push(DISTRIBUTION_ERRORS.countryRequired);
  return problems;
}

/** Participant: a name unique among the others, and a valid payout e-mail. */
export function participantProblems(input: { name: string; email: string }, others: readonly { name: string }[]): string[] {
  const problems: string[] = [];
  if (input.name.trim() === '') problems.push(DISTRIBUTION_ERRORS.nameRequired);
  else if (others.some((other) => sameName(other.name, input.name))) problems.push(DISTRIBUTION_ERRORS.nameNotUnique);
  if (input.email.trim() === '') problems.push(DISTRIBUTION_ERRORS.payoutEmailRequired);
  else if (!isPayoutEmail(input.email)) problems.push(DISTRIBUTION_ERRORS.invalidEmail);
  return problems;
}

/** Label: a name. */
export function labelProblems(input: { name: string }): string[] {
  return input.name.trim() === '' ? [DISTRIBUTION_ERRORS.nameRequired] : [];
}

/** The initial form: all five fields, the payout e-mail valid. */
export function setupProblems(input: TSetupInput): string[] {
  const problems: string[] = [];
  if (input.artistName.trim() === '' || input.participantName.trim() === '' || input.labelName.trim() === '') problems.push(DISTRIBUTION_ERRORS.nameRequired);
  if (!isCountryCode(input.artistCountry.trim().toUpperCase())) problems.push(DISTRIBUTION_ERRORS.countryRequired);
  if (input.participantPayPalEmail.trim() === '') problems.push(DISTRIBUTION_ERRORS.payoutEmailRequired);
  else if (!isPayoutEmail(input.participantPayPalEmail)) problems.push(DISTRIBUTION_ERRORS.invalidEmail);
  return problems;
}

// ---- subscription (plan id and billingFrequency in months; subscription's active flag)

export const ZDistributionPlan = z.object({
  id: z.string(),
  /** Months: 12 is a year, 1 a month, else "N months". */
  billingFrequency: z.number().int(),
  price: z.number(),
  currency: ZCurrency,
});
export type TDistributionPlan = z.infer<typeof ZDistributionPlan>;

/** The plan's price with VAT by the buyer's first address (no coupon applies). */
export const ZSubscriptionPriceInfo = ZVatPriced;
export type TSubscriptionPriceInfo = z.infer<typeof ZSubscriptionPriceInfo>;

export const ZSubscribeInput = z.object({
  /** The card form's nonce; the public API names it "payment nonce". */
  nonce: z.string().trim().min(1, 'payment.requestPaymentMethod').max(4096),
  planId: z.string().trim().min(1).max(100),
});
export type TSubscribeInput = z.infer<typeof ZSubscribeInput>;

/** A saved payment method's token (the payments screen's list) to pay the subscription with. */
export const ZSetSubscriptionCardInput = z.object({ token: z.string().trim().min(1).max(64) });
export type TSetSubscriptionCardInput = z.infer<typeof ZSetSubscriptionCardInput>;

export const ZSubscriptionStatus = z.enum(['active', 'past_due', 'canceled', 'ended']);

export const ZDistributionSubscription = z.object({
  /** Whether the add-on is on (paid, in grace, or canceled but paid to the period's end). */
  active: z.boolean(),
  status: ZSubscriptionStatus.nullable(),
  planId: z.string().nullable(),
  billingFrequency: z.number().int().nullable(),
  price: z.number().nullable(),
  currency: ZCurrency.nullable(),
  currentPeriodEnd: z.string().nullable(),
  /** When the next charge is due (null once canceled or ended). */
  nextChargeAt: z.string().nullable(),
  /** Past due: the add-on ends at this time unless a retry succeeds. */
  graceUntil: z.string().nullable(),
  paymentMethodToken: z.string().nullable(),
  /** The invoice of the latest charge. */
  lastInvoiceNumber: z.number().int().nullable(),
  /** What the latest charge cost, VAT included (its invoice's total), and the VAT in it. */
  chargedTotal: z.number().nullable(),
  chargedVat: z.number().nullable(),
  chargedCurrency: ZCurrency.nullable(),
});
export type TDistributionSubscription = z.infer<typeof ZDistributionSubscription>;

export const ZRenewalSummary = z.object({ renewed: z.number().int(), failed: z.number().int(), ended: z.number().int(), waiting: z.number().int() });
export type TRenewalSummary = z.infer<typeof ZRenewalSummary>;

// ---- setup, artists, participants, labels

export const ZSetupInput = z.object({
  artistName: ZName,
  artistCountry: ZCountry,
  participantName: ZName,
  participantPayPalEmail: ZPayoutEmail,
  labelName: ZName,
});
export type TSetupInput = z.infer<typeof ZSetupInput>;

export const ZDistributionIds = z.object({
  distributionUserId: z.string(),
  distributionArtistId: z.string(),
  distributionParticipantId: z.string(),
  distributionLabelId: z.string(),
});
export type TDistributionIds = z.infer<typeof ZDistributionIds>;

export const ZArtist = z.object({ artist_id: z.number().int(), name: z.string(), country: z.string() });
export type TArtist = z.infer<typeof ZArtist>;
export const ZParticipant = z.object({ participant_id: z.number().int(), name: z.string(), email: z.string() });
export type TParticipant = z.infer<typeof ZParticipant>;
export const ZLabel = z.object({ label_id: z.number().int(), label_name: z.string() });
export type TLabel = z.infer<typeof ZLabel>;

export const ZCreateArtistInput = z.object({ name: ZName, country: ZCountry.optional() });
export const ZRenameArtistInput = z.object({ id: ZId, name: ZName });
export const ZParticipantInput = z.object({ name: ZName, email: ZPayoutEmail });
export const ZUpdateParticipantInput = ZParticipantInput.extend({ id: ZId });
export const ZIdInput = z.object({ id: ZId });
export const ZRenameLabelInput = z.object({ labelId: ZId, name: ZName });
export type TCreateArtistInput = z.infer<typeof ZCreateArtistInput>;
export type TRenameArtistInput = z.infer<typeof ZRenameArtistInput>;
export type TParticipantInput = z.infer<typeof ZParticipantInput>;
export type TUpdateParticipantInput = z.infer<typeof ZUpdateParticipantInput>;
export type TRenameLabelInput = z.infer<typeof ZRenameLabelInput>;

/** Distribution meta info. */
/** An artist as a release names it: id and name. */
export const ZArtistRef = z.object({ artist_id: z.number().int(), name: z.string() });

export const ZMetaInfo = z.object({
  label: ZLabel,
  artist: ZArtistRef,
  featuredArtists: z.array(ZArtistRef),
  participant: ZParticipant,
  participants: z.array(ZParticipant),
});
export type TMetaInfo = z.infer<typeof ZMetaInfo>;

export const ZUtilities = z.object({
  genres: z.array(z.object({ genre_id: z.number().int(), name: z.string() })),
  languages: z.array(z.object({ code: z.string(), name: z.string() })),
  roles: z.array(z.object({ role_id: z.number().int(), name: z.string() })),
});
export type TUtilities = z.infer<typeof ZUtilities>;

/** Outlet (the status and release date belong to a release). */
export const ZOutlet = z.object({ store_id: z.number().int(), store_name: z.string(), child_stores: z.array(z.string()) });
export type TOutlet = z.infer<typeof ZOutlet>;

/** The identifier rules (pure functions, no imports), for the release editor's inline messages. */
export { isValidIsrc, isValidIswc, isValidProductCode, normaliseIsrc, normaliseIswc } from './identifiers.js';
