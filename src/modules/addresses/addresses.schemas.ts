import { z } from 'zod';

/** ISO 3166-1 alpha-2, every officially assigned code (249). The SPA names them with Intl.DisplayNames. */
export const COUNTRY_CODES = 'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(' ');

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

/** Spec §5: street, zip, city, state and country required; company, additional and tax id optional. */
export const ZAddressFields = z.object({
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
  state: required(100),
  taxId: optional(30),
});
export type TAddressFields = z.infer<typeof ZAddressFields>;

export const ZCreateAddressInput = ZAddressFields;
export type TCreateAddressInput = z.infer<typeof ZCreateAddressInput>;

export const ZUpdateAddressInput = ZAddressFields.extend({ id: z.string().min(1) });
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

/** Spec §3, Address. */
export const ZAddress = z.object({
  id: z.string(),
  ...ZPostalAddress.shape,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAddress = z.infer<typeof ZAddress>;
