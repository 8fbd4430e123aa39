import { isValidIsrc, isValidProductCode, normaliseIsrc } from '../distribution/index.js';
import { CURRENCY, DECIMAL_AMOUNT, PAYOUT_CURRENCY } from './royalties.schemas.js';

/**
 * A store statement in the CSV shape of README "Royalties": a header line naming the columns (any
 * order, any case, spaces or underscores; other columns are ignored, as stores add titles and
 * artists), then one line per ISRC/UPC, territory and usage type. Pure: parsing, checking and
 * converting, no database.
 */

export const STATEMENT_COLUMNS = ['isrc', 'upc', 'territory', 'usage_type', 'quantity', 'net_revenue', 'currency'] as const;
type Column = (typeof STATEMENT_COLUMNS)[number];

export interface StatementLine {
  /** The line's number in the file (the header is line 1). */
  line: number;
  isrc: string | null;
  /** EAN-13 (a 12-digit UPC-A gains its leading 0, as releases keep it). */
  upc: string | null;
  territory: string;
  usageType: string;
  quantity: number;
  netRevenue: string;
  currency: string;
  /** Converted to the payout currency and rounded to cents. */
  amountMinor: number;
}

export interface LineProblem {
  line: number;
  problem: string;
}

export type ParsedStatement = { ok: true; lines: StatementLine[] } | { ok: false; problems: LineProblem[] };

/** RFC 4180 fields of one record: commas, double quotes around fields, "" inside them. */
export function splitCsvRecord(text: string): string[] | null {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  let atFieldStart = true;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') {
        quoted = false;
        i += 1;
        if (i < text.length && text[i] !== ',') return null;
        continue;
      }
      field += ch;
    } else if (ch === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      atFieldStart = true;
      i += 1;
      continue;
    } else {
      field += ch;
      atFieldStart = false;
    }
    i += 1;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}

const columnOf = (header: string): string => header.trim().toLowerCase().replace(/[\s-]+/g, '_');

/** Scales a decimal string to an integer of `scale` decimals (exact; the caller checked its shape). */
function scaled(decimal: string, scale: number): bigint {
  const negative = decimal.startsWith('-');
  const [whole, fraction = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  const value = BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
  return negative ? -value : value;
}

/**
 * `amount` x `rate` in cents, rounded half away from zero, computed exactly in integers: the
 * amount has up to 10 decimals and the rate up to 6 (so the product has 16, of which cents keep 2).
 */
export function convertToMinor(amount: string, rate: string): number {
  const product = scaled(amount, 10) * scaled(rate, 6);
  const unit = 10n ** 14n;
  const magnitude = product < 0n ? -product : product;
  let cents = magnitude / unit;
  if ((magnitude % unit) * 2n >= unit) cents += 1n;
  return Number(product < 0n ? -cents : cents);
}

/** Parses and checks a whole statement: either every line is good, or every bad line is named. */
export function parseStatement(csv: string, rates: Record<string, string>): ParsedStatement {
  const records = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const problems: LineProblem[] = [];
  const headerFields = splitCsvRecord(records[0] ?? '');
  const header = headerFields?.map(columnOf) ?? [];
  const missing = STATEMENT_COLUMNS.filter((column) => !header.includes(column));
  if (!headerFields || missing.length > 0) {
    return { ok: false, problems: [{ line: 1, problem: `the header must name the columns ${STATEMENT_COLUMNS.join(', ')} (missing: ${missing.join(', ') || 'unreadable header'})` }] };
  }
  const indexOf = Object.fromEntries(STATEMENT_COLUMNS.map((column) => [column, header.indexOf(column)])) as Record<Column, number>;
  const lines: StatementLine[] = [];
  records.slice(1).forEach((record, index) => {
    const line = index + 2;
    if (record.trim() === '') return;
    const fields = splitCsvRecord(record);
    if (!fields) {
      problems.push({ line, problem: 'unbalanced quotes' });
      return;
    }
    if (fields.length < header.length) {
      problems.push({ line, problem: `expected ${header.length} fields, found ${fields.length}` });
      return;
    }
    const value = (column: Column) => (fields[indexOf[column]] ?? '').trim();
    const lineProblems: string[] = [];
    const isrcText = value('isrc');
    const upcText = value('upc');
    const isrc = isrcText === '' ? null : normaliseIsrc(isrcText);
    if (isrc !== null && !isValidIsrc(isrc)) lineProblems.push(`ISRC "${isrcText}" is not an ISRC`);
    const upc = upcText === '' ? null : /^\d{12}$/.test(upcText) ? `0${upcText}` : upcText;
    if (upc !== null && !isValidProductCode(upc)) lineProblems.push(`UPC "${upcText}" is not a UPC/EAN with a valid check digit`);
    if (isrc === null && upc === null) lineProblems.push('neither ISRC nor UPC');
    const territory = value('territory').toUpperCase();
    if (!/^[A-Z]{2}$/.test(territory)) lineProblems.push(`territory "${value('territory')}" is not a two-letter country code`);
    const usageType = value('usage_type').toLowerCase().replace(/\s+/g, '_');
    if (!/^[a-z][a-z_-]{0,39}$/.test(usageType)) lineProblems.push(`usage type "${value('usage_type')}" is not a word (stream, download, ...)`);
    const quantityText = value('quantity');
    const quantity = /^\d{1,15}$/.test(quantityText) ? Number(quantityText) : NaN;
    if (!Number.isSafeInteger(quantity)) lineProblems.push(`quantity "${quantityText}" is not a whole number`);
    const netRevenue = value('net_revenue');
    if (!DECIMAL_AMOUNT.test(netRevenue)) lineProblems.push(`net revenue "${netRevenue}" is not a decimal amount (like 12.345)`);
    const currency = value('currency').toUpperCase();
    let rate: string | undefined;
    if (!CURRENCY.test(currency)) lineProblems.push(`currency "${value('currency')}" is not a three-letter code`);
    else {
      rate = currency === PAYOUT_CURRENCY ? '1' : rates[currency];
      if (rate === undefined) lineProblems.push(`no rate for ${currency} (give --rate ${currency}=N, one ${currency} in ${PAYOUT_CURRENCY})`);
    }
    if (lineProblems.length > 0 || rate === undefined) {
      problems.push({ line, problem: lineProblems.join('; ') });
      return;
    }
    lines.push({ line, isrc, upc, territory, usageType, quantity, netRevenue, currency, amountMinor: convertToMinor(netRevenue, rate) });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, lines };
}

/**
 * Largest-remainder split (Hamilton): each part gets floor(amount x weight / total), and the cents
 * left over go one each to the parts with the largest remainders (ties: the earlier part), so the
 * parts always add up to the amount exactly. A negative amount (a store's correction) is split as
 * its magnitude and negated.
 */
export function splitByWeights(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (weights.length === 0 || total <= 0) return weights.map(() => 0);
  const sign = amount < 0 ? -1n : 1n;
  const magnitude = BigInt(Math.abs(amount));
  const bigTotal = BigInt(total);
  const parts = weights.map((weight) => (magnitude * BigInt(weight)) / bigTotal);
  const remainders = weights.map((weight, index) => ({ index, remainder: (magnitude * BigInt(weight)) % bigTotal }));
  let left = magnitude - parts.reduce((sum, part) => sum + part, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    parts[index] = parts[index]! + 1n;
    left -= 1n;
  }
  return parts.map((part) => Number(part * sign));
}
