/**
 * EU VAT identification numbers: format and check digits of each member state, without zod and
 * without any other import, so the address form can refuse a made-up id as the server does.
 * Whether a number is registered is a question only VIES answers (vies.ts); a number that passes
 * here is one that could have been issued.
 */

/**
 * Format of each member state's VAT identification number after its prefix, as the Commission's
 * VIES service documents it ("VIES VAT number validation", FAQ "What is the structure of a VAT
 * number?"). Greece's prefix is EL, not its ISO code GR.
 */
export const VAT_ID_FORMATS: Readonly<Record<string, { prefix: string; pattern: RegExp }>> = {
  AT: { prefix: 'AT', pattern: /^U\d{8}$/ },
  BE: { prefix: 'BE', pattern: /^[01]\d{9}$/ },
  BG: { prefix: 'BG', pattern: /^\d{9,10}$/ },
  CY: { prefix: 'CY', pattern: /^\d{8}[A-Z]$/ },
  CZ: { prefix: 'CZ', pattern: /^\d{8,10}$/ },
  DE: { prefix: 'DE', pattern: /^\d{9}$/ },
  DK: { prefix: 'DK', pattern: /^\d{8}$/ },
  EE: { prefix: 'EE', pattern: /^\d{9}$/ },
  ES: { prefix: 'ES', pattern: /^[A-Z0-9]\d{7}[A-Z0-9]$/ },
  FI: { prefix: 'FI', pattern: /^\d{8}$/ },
  FR: { prefix: 'FR', pattern: /^[A-HJ-NP-Z0-9]{2}\d{9}$/ },
  GR: { prefix: 'EL', pattern: /^\d{9}$/ },
  HR: { prefix: 'HR', pattern: /^\d{11}$/ },
  HU: { prefix: 'HU', pattern: /^\d{8}$/ },
  IE: { prefix: 'IE', pattern: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/ },
  IT: { prefix: 'IT', pattern: /^\d{11}$/ },
  LT: { prefix: 'LT', pattern: /^(\d{9}|\d{12})$/ },
  LU: { prefix: 'LU', pattern: /^\d{8}$/ },
  LV: { prefix: 'LV', pattern: /^\d{11}$/ },
  MT: { prefix: 'MT', pattern: /^\d{8}$/ },
  NL: { prefix: 'NL', pattern: /^\d{9}B\d{2}$/ },
  PL: { prefix: 'PL', pattern: /^\d{10}$/ },
  PT: { prefix: 'PT', pattern: /^\d{9}$/ },
  RO: { prefix: 'RO', pattern: /^[1-9]\d{1,9}$/ },
  SE: { prefix: 'SE', pattern: /^\d{10}01$/ },
  SI: { prefix: 'SI', pattern: /^\d{8}$/ },
  SK: { prefix: 'SK', pattern: /^\d{10}$/ },
};

/** Spaces, dots, hyphens and slashes are how people write VAT ids; the number itself is letters and digits. */
export const normaliseTaxId = (taxId: string): string => taxId.replace(/[\s.\-/:()]/g, '').toUpperCase();

const digitsOf = (text: string): number[] => [...text].map(Number);
const weighted = (digits: readonly number[], weights: readonly number[]): number =>
  weights.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0);
const mod = (value: number, by: number): number => ((value % by) + by) % by;

/** Luhn's sum of a digit string (0 when the string, check digit included, is valid). */
function luhnSum(text: string): number {
  let sum = 0;
  [...text].reverse().forEach((char, index) => {
    const digit = Number(char);
    sum += index % 2 === 0 ? digit : digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  });
  return sum % 10;
}

/** ISO 7064 MOD 11,10 (Germany, Croatia): valid when the running remainder ends at 1. */
function mod11x10Valid(text: string): boolean {
  let check = 5;
  for (const digit of digitsOf(text)) check = (((check || 10) * 2) % 11 + digit) % 10;
  return check === 1;
}

/** Remainder of a long decimal (or alphanumeric, A=10 ... Z=35) string, read piecewise. */
function bigMod(text: string, by: number): number {
  let rest = 0;
  for (const char of text) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) rest = (rest * 10 + Number(digit)) % by;
  }
  return rest;
}

const SPANISH_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Spain: DNI (8 digits + letter), NIE (X/Y/Z), K/L/M personal numbers, or a company's CIF. */
function spainValid(id: string): boolean {
  const first = id[0]!;
  const last = id[id.length - 1]!;
  if (/\d/.test(first)) return /^\d{8}[A-Z]$/.test(id) && SPANISH_LETTERS[Number(id.slice(0, 8)) % 23] === last;
  if ('XYZ'.includes(first)) return /^[XYZ]\d{7}[A-Z]$/.test(id) && SPANISH_LETTERS[Number(String('XYZ'.indexOf(first)) + id.slice(1, 8)) % 23] === last;
  if ('KLM'.includes(first)) return /^[KLM]\d{7}[A-Z]$/.test(id) && SPANISH_LETTERS[Number(id.slice(1, 8)) % 23] === last;
  if (!/^[A-W]\d{7}[0-9A-J]$/.test(id)) return false;
  const check = (10 - luhnSum(`${id.slice(1, 8)}0`)) % 10;
  return last === String(check) || last === 'JABCDEFGHI'[check];
}

/** France: the two-character key over the SIREN, which has a Luhn check digit of its own. */
function franceValid(id: string): boolean {
  const key = id.slice(0, 2);
  const siren = id.slice(2);
  // Monaco's numbers (000...) are VAT ids but not SIRENs.
  if (!siren.startsWith('000') && luhnSum(siren) !== 0) return false;
  if (/^\d{2}$/.test(key)) return Number(key) === bigMod(`${siren}12`, 97);
  const alphabet = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const [a, b] = [alphabet.indexOf(key[0]!), alphabet.indexOf(key[1]!)];
  const check = /\d/.test(key[0]!) ? a * 24 + b - 10 : a * 34 + b - 100;
  return (bigMod(siren, 11) + 1 + Math.floor(check / 11)) % 11 === check % 11;
}

/** Ireland: seven digits (or the old form with a letter second) and a check letter, weights 8..2. */
function irelandValid(id: string): boolean {
  const letters = 'WABCDEFGHIJKLMNOPQRSTUV';
  const digits = /^\d{7}/.test(id) ? id.slice(0, 7) : `0${id.slice(2, 7)}${id[0]}`;
  const extra = id.length === 9 ? letters.indexOf(id[8]!) * 9 : 0;
  return letters[(weighted(digitsOf(digits), [8, 7, 6, 5, 4, 3, 2]) + extra) % 23] === id[7];
}

/** Lithuania: weights 1..9 repeating; a remainder of 10 is computed again with weights from 3. */
function lithuaniaValid(id: string): boolean {
  const digits = digitsOf(id.slice(0, -1));
  let check = digits.reduce((sum, digit, index) => sum + (1 + (index % 9)) * digit, 0) % 11;
  if (check === 10) check = digits.reduce((sum, digit, index) => sum + (1 + ((index + 2) % 9)) * digit, 0) % 11;
  const component = id.length === 9 ? id[7] : id[10];
  return component === '1' && check % 10 === Number(id[id.length - 1]);
}

/** Bulgaria: a company's nine digits, or ten for persons (EGN), foreigners (PNF) and others. */
function bulgariaValid(id: string): boolean {
  const digits = digitsOf(id);
  const last = digits[digits.length - 1]!;
  if (id.length === 9) {
    let check = weighted(digits, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
    if (check === 10) check = weighted(digits, [3, 4, 5, 6, 7, 8, 9, 10]) % 11;
    return check % 10 === last;
  }
  // A personal number (EGN) starts with the birth date; its month carries the century (+20, +40).
  const month = Number(id.slice(2, 4)) % 20;
  const day = Number(id.slice(4, 6));
  const dated = month >= 1 && month <= 12 && Number(id.slice(2, 4)) < 53 && day >= 1 && day <= 31;
  const egn = dated && (weighted(digits, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10 === last;
  const pnf = weighted(digits, [21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10 === last;
  const other = (11 - weighted(digits, [4, 3, 2, 7, 6, 5, 4, 3, 2])) % 11 === last;
  return egn || pnf || other;
}

/** Czechia: companies (8 digits), persons without a birth number (9, from 6), birth numbers (9-10). */
function czechiaValid(id: string): boolean {
  const digits = digitsOf(id);
  const last = digits[digits.length - 1]!;
  if (id.length === 8) {
    if (id[0] === '9') return false;
    const check = mod(11 - weighted(digits, [8, 7, 6, 5, 4, 3, 2]), 11);
    return (check || 1) % 10 === last;
  }
  if (id.length === 9 && id[0] === '6') {
    const check = weighted(digits.slice(1), [8, 7, 6, 5, 4, 3, 2]) % 11;
    return mod(8 - mod(10 - check, 11), 10) === last;
  }
  const month = Number(id.slice(2, 4)) % 50 % 20;
  if (month < 1 || month > 12) return false;
  // Birth numbers before 1954 have nine digits and no check digit.
  if (id.length === 9) return true;
  const rest = bigMod(id.slice(0, 9), 11);
  return bigMod(id, 11) === 0 || (rest === 10 && last === 0);
}

/** Latvia: companies (first digit over 3) by a weighted sum; persons by birth date and check digit. */
function latviaValid(id: string): boolean {
  const digits = digitsOf(id);
  if (digits[0]! > 3) return weighted(digits, [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1]) % 11 === 3;
  const [day, month] = [Number(id.slice(0, 2)), Number(id.slice(2, 4))];
  if (day < 1 || day > 31 || month < 1 || month > 12) return false;
  return ((1 + weighted(digits, [10, 5, 8, 4, 2, 1, 6, 3, 7, 9])) % 11) % 10 === digits[10];
}

/** Netherlands: the RSIN/BSN eleven-test, or the sole trader's number checked mod 97 with its prefix. */
function netherlandsValid(id: string): boolean {
  if (Number(id.slice(10)) <= 0) return false;
  const digits = digitsOf(id.slice(0, 9));
  const eleven = mod(weighted(digits, [9, 8, 7, 6, 5, 4, 3, 2]) - digits[8]!, 11) === 0;
  return eleven || bigMod(`NL${id}`, 97) === 1;
}

/** Check digits of the number after its prefix, by member state (ISO code; Greece is GR). */
const CHECKS: Readonly<Record<string, (id: string, digits: number[]) => boolean>> = {
  AT: (id) => (6 - luhnSum(id.slice(1, 8)) + 10) % 10 === Number(id[8]),
  BE: (id) => 97 - bigMod(id.slice(0, 8), 97) === Number(id.slice(8)),
  BG: bulgariaValid,
  CY: (id) => {
    if (id.startsWith('12')) return false;
    const translated = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
    const sum = digitsOf(id.slice(0, 8)).reduce((total, digit, index) => total + (index % 2 === 0 ? translated[digit]! : digit), 0);
    return 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[sum % 26] === id[8];
  },
  CZ: czechiaValid,
  DE: (id) => id[0] !== '0' && mod11x10Valid(id),
  DK: (id, d) => id[0] !== '0' && weighted(d, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0,
  EE: (_id, d) => weighted(d, [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 === 0,
  ES: spainValid,
  FI: (_id, d) => weighted(d, [7, 9, 10, 5, 8, 4, 2, 1]) % 11 === 0,
  FR: franceValid,
  GR: (_id, d) => (weighted(d, [256, 128, 64, 32, 16, 8, 4, 2]) % 11) % 10 === d[8],
  HR: mod11x10Valid,
  HU: (_id, d) => (10 - (weighted(d, [9, 7, 3, 1, 9, 7, 3]) % 10)) % 10 === d[7],
  IE: irelandValid,
  IT: (id) => {
    const office = Number(id.slice(7, 10));
    const officeKnown = (office >= 1 && office <= 100) || [120, 121, 888, 999].includes(office);
    return id.slice(0, 7) !== '0000000' && officeKnown && luhnSum(id) === 0;
  },
  LT: lithuaniaValid,
  LU: (id) => Number(id.slice(0, 6)) % 89 === Number(id.slice(6)),
  LV: latviaValid,
  MT: (id, d) => id[0] !== '0' && weighted(d, [3, 4, 6, 7, 8, 9, 10, 1]) % 37 === 0,
  NL: netherlandsValid,
  PL: (_id, d) => weighted(d, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === d[9],
  PT: (_id, d) => mod(11 - weighted(d, [9, 8, 7, 6, 5, 4, 3, 2]), 11) % 10 === d[8],
  RO: (id) => {
    const padded = id.padStart(10, '0');
    return ((weighted(digitsOf(padded), [7, 5, 3, 2, 1, 7, 5, 3, 2]) * 10) % 11) % 10 === Number(padded[9]);
  },
  SE: (id) => luhnSum(id.slice(0, 10)) === 0,
  SI: (id, d) => {
    if (id[0] === '0') return false;
    const check = 11 - (weighted(d, [8, 7, 6, 5, 4, 3, 2]) % 11);
    return check !== 11 && check % 10 === d[7];
  },
  SK: (id) => id[0] !== '0' && '234789'.includes(id[2]!) && bigMod(id, 11) === 0,
};

const EU_VAT_PREFIXES = new Set(Object.values(VAT_ID_FORMATS).map((format) => format.prefix));

/** The number after the country's prefix, when the id has the country's format (prefix optional); else null. */
export function vatNumberOf(country: string, taxId: string): string | null {
  const id = normaliseTaxId(taxId);
  const format = VAT_ID_FORMATS[country];
  if (!format) return null;
  if (id.startsWith(format.prefix) && format.pattern.test(id.slice(format.prefix.length))) return id.slice(format.prefix.length);
  // A French key could in theory begin with another member state's prefix; that case is judged invalid.
  if (EU_VAT_PREFIXES.has(id.slice(0, 2))) return null;
  return format.pattern.test(id) ? id : null;
}

/**
 * Whether a VAT id could have been issued by the address country: its format and its check digits
 * (DE123456789 or 123456789 for Germany; EL for Greece). Outside the EU there is nothing to hold
 * it against: any id is accepted.
 */
export function vatIdValid(country: string, taxId: string): boolean {
  if (!VAT_ID_FORMATS[country]) return normaliseTaxId(taxId).length > 0;
  const number = vatNumberOf(country, taxId);
  if (number === null) return false;
  const check = CHECKS[country];
  return check ? check(number, digitsOf(number.replace(/\D/g, ''))) : true;
}
