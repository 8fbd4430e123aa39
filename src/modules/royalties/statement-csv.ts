import { parse } from 'csv-parse/sync';
import { isValidIsrc, isValidProductCode, normaliseIsrc } from '../distribution/index.js';
import { CURRENCY, DECIMAL_AMOUNT, PAYOUT_CURRENCY } from './royalties.schemas.js';

/**
 * A store statement as README "Royalties" describes it: a CSV with a header line naming the
 * columns (any order, any case, spaces or underscores; other columns are ignored, as stores add
 * titles and artists), or a DSR-style flat file; either way one line per ISRC/UPC, territory and
 * usage type. Pure: parsing, checking and converting, no database.
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

/** One record of a statement, whatever its format: its line in the file and its fields by column. */
interface RawLine {
  line: number;
  value(column: Column): string;
}

/**
 * Parses and checks a whole statement, CSV or DSR flat file (a file that starts with a `HEAD`
 * record): either every line is good, or every bad line is named.
 */
export function parseStatement(text: string, rates: Record<string, string>): ParsedStatement {
  const body = text.replace(/^\uFEFF/, '');
  const read = /^HEAD\t/.test(body) ? readDsr(body) : readCsv(body);
  if (!read.ok) return read;
  return checkLines(read.lines, read.problems, rates);
}

type Read = { ok: true; lines: RawLine[]; problems: LineProblem[] } | { ok: false; problems: LineProblem[] };
type ParsedRecord = { record: string[]; info: { lines: number } };

/**
 * RFC 4180 through csv-parse: quoted fields may hold commas, doubled quotes and line breaks. A
 * record that cannot be read is named and the rest still checked, so one import names every bad line.
 */
function readCsv(text: string): Read {
  const problems: LineProblem[] = [];
  let records: ParsedRecord[];
  try {
    records = parse(text, {
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (error) => {
        problems.push({ line: Number(error?.lines ?? 0), problem: 'unbalanced quotes' });
        return undefined;
      },
    }) as unknown as ParsedRecord[];
  } catch (error) {
    return { ok: false, problems: [{ line: (error as { lines?: number }).lines ?? 1, problem: 'unbalanced quotes' }] };
  }
  const [headerRecord, ...rest] = records;
  const header = headerRecord?.record.map(columnOf) ?? [];
  const missing = STATEMENT_COLUMNS.filter((column) => !header.includes(column));
  if (!headerRecord || missing.length > 0) {
    return { ok: false, problems: [{ line: 1, problem: `the header must name the columns ${STATEMENT_COLUMNS.join(', ')} (missing: ${missing.join(', ') || 'unreadable header'})` }] };
  }
  const indexOf = Object.fromEntries(STATEMENT_COLUMNS.map((column) => [column, header.indexOf(column)])) as Record<Column, number>;
  const lines: RawLine[] = [];
  for (const { record, info } of rest) {
    if (record.every((field) => field.trim() === '')) continue;
    if (record.length < header.length) {
      problems.push({ line: info.lines, problem: `expected ${header.length} fields, found ${record.length}` });
      continue;
    }
    lines.push({ line: info.lines, value: (column) => (record[indexOf[column]] ?? '').trim() });
  }
  return { ok: true, lines, problems };
}

/** DDEX use types as the stores write them, in the ledger's words (anything else is kept as written). */
const DSR_USE_TYPES: Record<string, string> = {
  ondemandstream: 'stream',
  noninteractivestream: 'stream',
  stream: 'stream',
  permanentdownload: 'download',
  download: 'download',
  conditionaldownload: 'download',
};

/** The fields of a DSR sales/usage record, in order after its record type. */
export const DSR_USAGE_FIELDS = ['isrc', 'upc', 'territory', 'usage_type', 'quantity', 'net_revenue', 'currency'] as const;

/**
 * A DSR-style flat file (README "Royalties"): tab-separated records, each led by its type. `HEAD`
 * (version, sender, period start, period end) opens the file; every `SU01` is one sales/usage
 * line (ISRC, ICPN/UPC, territory, DDEX use type, usages, net revenue, currency); `FOOT` closes
 * it with the number of SU01 records, so a file cut short is refused. Other record types (the
 * stores' summaries and resource blocks) are skipped.
 */
function readDsr(text: string): Read {
  let records: ParsedRecord[];
  try {
    records = parse(text, { delimiter: '\t', quote: false, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as ParsedRecord[];
  } catch (error) {
    return { ok: false, problems: [{ line: (error as { lines?: number }).lines ?? 1, problem: 'not a tab-separated DSR file' }] };
  }
  const problems: LineProblem[] = [];
  const lines: RawLine[] = [];
  let footer: { line: number; count: string } | null = null;
  for (const { record, info } of records) {
    const [type = '', ...fields] = record.map((field) => field.trim());
    if (type === 'SU01') {
      if (fields.length < DSR_USAGE_FIELDS.length) {
        problems.push({ line: info.lines, problem: `SU01 expects ${DSR_USAGE_FIELDS.length} fields (${DSR_USAGE_FIELDS.join(', ')}), found ${fields.length}` });
        continue;
      }
      const byColumn = Object.fromEntries(DSR_USAGE_FIELDS.map((column, index) => [column, fields[index]!])) as Record<Column, string>;
      byColumn.usage_type = DSR_USE_TYPES[byColumn.usage_type.toLowerCase().replace(/[\s_-]+/g, '')] ?? byColumn.usage_type;
      lines.push({ line: info.lines, value: (column) => byColumn[column] });
    } else if (type === 'FOOT') {
      footer = { line: info.lines, count: fields[0] ?? '' };
    }
  }
  const su01 = lines.length + problems.length;
  if (footer === null) problems.push({ line: records.at(-1)?.info.lines ?? 1, problem: 'no FOOT record: the file is incomplete' });
  else if (footer.count !== String(su01)) problems.push({ line: footer.line, problem: `FOOT counts ${footer.count} SU01 records, the file has ${su01}` });
  return { ok: true, lines, problems };
}

function checkLines(raw: RawLine[], readProblems: LineProblem[], rates: Record<string, string>): ParsedStatement {
  const problems = [...readProblems];
  const lines: StatementLine[] = [];
  for (const { line, value } of raw) {
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
      continue;
    }
    lines.push({ line, isrc, upc, territory, usageType, quantity, netRevenue, currency, amountMinor: convertToMinor(netRevenue, rate) });
  }
  problems.sort((a, b) => a.line - b.line);
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
