/**
 * The identifiers a release carries (docs/product-rules.md, "Distribution add-on"): pure functions, shared by the release editor, the pre-submission check and the
 * provider that assigns codes.
 */

/** ISRC (ISO 3901): country (2 letters), registrant (3 alphanumerics), year (2 digits), designation (5 digits). */
const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{2}\d{5}$/;

/** Upper-cased on input, hyphens allowed; stored without them. */
export const normaliseIsrc = (input: string): string => input.trim().toUpperCase().replace(/-/g, '');
export const isValidIsrc = (input: string): boolean => ISRC.test(normaliseIsrc(input));
export const formatIsrc = (isrc: string): string => {
  const code = normaliseIsrc(isrc);
  return `${code.slice(0, 2)}-${code.slice(2, 5)}-${code.slice(5, 7)}-${code.slice(7)}`;
};

/**
 * An ISRC from the configured registrant (`ISRC_REGISTRANT`, e.g. `DE-MDK`), the year of reference
 * and a sequence number unique within that year (1 to 99999).
 */
export function assignIsrc(registrant: string, year: number, sequence: number): string {
  const prefix = normaliseIsrc(registrant);
  if (!/^[A-Z]{2}[A-Z0-9]{3}$/.test(prefix)) throw new RangeError(`ISRC registrant must be CC-XXX, got ${registrant}`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 99_999) throw new RangeError(`ISRC designation out of range: ${sequence}`);
  return `${prefix}${String(year % 100).padStart(2, '0')}${String(sequence).padStart(5, '0')}`;
}

/** ISWC (ISO 15707) check digit: s = 1 + sum(i * d_i, i = 1..9), C = (10 - s mod 10) mod 10. */
export function iswcCheckDigit(nineDigits: string): number {
  if (!/^\d{9}$/.test(nineDigits)) throw new RangeError('an ISWC has nine digits before its check digit');
  const sum = [...nineDigits].reduce((total, digit, index) => total + (index + 1) * Number(digit), 1);
  return (10 - (sum % 10)) % 10;
}

/** Upper-cased, hyphens (and the dots of the display form) removed. */
export const normaliseIswc = (input: string): string => input.trim().toUpperCase().replace(/[-.\s]/g, '');
export function isValidIswc(input: string): boolean {
  const code = normaliseIswc(input);
  return /^T\d{10}$/.test(code) && iswcCheckDigit(code.slice(1, 10)) === Number(code[10]);
}
/** T-034.524.680-1 */
export const formatIswc = (iswc: string): string => {
  const code = normaliseIswc(iswc);
  return `T-${code.slice(1, 4)}.${code.slice(4, 7)}.${code.slice(7, 10)}-${code.slice(10)}`;
};

/** EAN-13 check digit: weights 1, 3, 1, 3 ... over the first 12 digits from the left. */
export function ean13CheckDigit(twelveDigits: string): number {
  if (!/^\d{12}$/.test(twelveDigits)) throw new RangeError('an EAN-13 has twelve digits before its check digit');
  const sum = [...twelveDigits].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** A release's product code: EAN-13, or a 12-digit UPC-A (the EAN-13 with a leading 0). */
export function isValidProductCode(input: string): boolean {
  const code = input.trim();
  const ean = /^\d{12}$/.test(code) ? `0${code}` : code;
  return /^\d{13}$/.test(ean) && ean13CheckDigit(ean.slice(0, 12)) === Number(ean[12]);
}

/** An EAN-13 from the configured GS1 prefix (`EAN_PREFIX`) and a sequence that fills the remaining digits. */
export function assignEan13(prefix: string, sequence: number): string {
  if (!/^\d{6,11}$/.test(prefix)) throw new RangeError(`EAN prefix must be 6 to 11 digits, got ${prefix}`);
  const room = 12 - prefix.length;
  if (!Number.isInteger(sequence) || sequence < 0 || sequence >= 10 ** room) throw new RangeError(`EAN sequence out of range for prefix ${prefix}: ${sequence}`);
  const body = `${prefix}${String(sequence).padStart(room, '0')}`;
  return `${body}${ean13CheckDigit(body)}`;
}
