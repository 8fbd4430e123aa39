import { z } from 'zod';
import { COUNTRY_CODES } from './addresses.constants.js';
import { vatIdValid } from '../pricing/vat-id.schemas.js';

export { COUNTRY_CODES } from './addresses.constants.js';

const required = (max: number) => z.string().trim().min(1, 'global.message.fieldRequired').max(max, 'global.message.tooLong');
/** Optional text: blank means absent. */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'global.message.tooLong')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/**
 * Countries whose postal addresses name a state, province, prefecture or emirate ("State
 * or region" is required only where the country needs it). The list follows the countries whose
 * postal services require the subdivision line (Google's address data, "require" containing S):
 * United Arab Emirates, Argentina, Australia, Brazil, Canada, China, Spain, Hong Kong, Indonesia,
 * India, Italy, Japan, South Korea, Mexico, Malaysia, the United States and Venezuela. Elsewhere the
 * field is optional and may stay empty.
 */
export const STATE_REQUIRED_COUNTRIES: readonly string[] = ['AE', 'AR', 'AU', 'BR', 'CA', 'CN', 'ES', 'HK', 'ID', 'IN', 'IT', 'JP', 'KR', 'MX', 'MY', 'US', 'VE'];

export const countryNeedsState = (country: string): boolean => STATE_REQUIRED_COUNTRIES.includes(country.trim().toUpperCase());

/**
 * The state rule across fields: blank is fine unless the country needs one. `when` lets it run
 * while other fields still have issues, so a form shows every missing field at once.
 */
const stateWhereNeeded = {
  check: (address: { country: string; state: string }) => !(countryNeedsState(address.country) && address.state === ''),
  options: {
    path: ['state'],
    message: 'global.message.fieldRequired',
    when: (payload: { value: unknown }) => {
      const value = payload.value as { country?: unknown; state?: unknown } | null;
      return typeof value?.country === 'string' && (value.state === undefined || typeof value.state === 'string');
    },
  },
};

/**
 * A VAT id given with an EU address must be one that country could have issued (format and check
 * digits): a made-up id would otherwise move the VAT onto the seller. Outside the EU any id is kept.
 */
const vatIdOfCountry = {
  check: (address: { country: string; taxId?: string | null }) => !address.taxId || vatIdValid(address.country, address.taxId),
  options: {
    path: ['taxId'],
    message: 'address.taxIdInvalid',
    when: (payload: { value: unknown }) => {
      const value = payload.value as { country?: unknown; taxId?: unknown } | null;
      return typeof value?.country === 'string' && (value.taxId == null || typeof value.taxId === 'string');
    },
  },
};

/**
 * Street, zip, city and country required; company, additional and tax id optional; state
 * required where the country needs it (STATE_REQUIRED_COUNTRIES), stored as '' elsewhere.
 */
const addressShape = {
  company: optional(200),
  streetAndNumber: required(200),
  additional: optional(200),
  city: required(100),
  zip: required(20),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => COUNTRY_CODES.includes(code), 'global.message.fieldRequired'),
  state: z.string().trim().max(100, 'global.message.tooLong').optional().default(''),
  taxId: optional(30),
};
export const ZAddressFields = z.object(addressShape).refine(stateWhereNeeded.check, stateWhereNeeded.options).refine(vatIdOfCountry.check, vatIdOfCountry.options);
export type TAddressFields = z.infer<typeof ZAddressFields>;

export const ZCreateAddressInput = ZAddressFields;
export type TCreateAddressInput = z.infer<typeof ZCreateAddressInput>;

export const ZUpdateAddressInput = z
  .object({ ...addressShape, id: z.string().min(1) })
  .refine(stateWhereNeeded.check, stateWhereNeeded.options)
  .refine(vatIdOfCountry.check, vatIdOfCountry.options);
export type TUpdateAddressInput = z.infer<typeof ZUpdateAddressInput>;

/** The postal part of an address as answered: also what invoices and payments copy of it. */
export const ZPostalAddress = z.object({
  company: z.string().nullable(),
  streetAndNumber: z.string(),
  additional: z.string().nullable(),
  city: z.string(),
  zip: z.string(),
  country: z.string(),
  state: z.string(),
  taxId: z.string().nullable(),
});

/** Address. */
export const ZAddress = z.object({
  id: z.string(),
  ...ZPostalAddress.shape,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAddress = z.infer<typeof ZAddress>;
