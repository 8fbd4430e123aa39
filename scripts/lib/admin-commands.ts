import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { z } from 'zod';
import { ZAddCategoryInput, ZPublishPostInput, type TPostStatus } from '../../src/modules/blog/index.js';
import { ZAddCouponInput, type TCoupon } from '../../src/modules/coupons/index.js';
import { ZAddDemoInput, ZRemoveDemoInput } from '../../src/modules/demos/index.js';
import { ZAddFaqInput, ZListFaqsInput, ZRemoveFaqInput } from '../../src/modules/faq/index.js';
import { ZAdjustInput, ZImportStatementFileInput, ZPayoutRunInput, ZReleaseHoldInput, type TImportResult } from '../../src/modules/royalties/index.js';
import type { ProductAccess } from './product-access.js';

/**
 * The operator commands. Each one says what it changed. They call the internal API: the running
 * product's, or the same router in this process on the database when the product is not running
 * (product-access.ts), so each command is written once.
 */
export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

interface Command {
  usage: string;
  summary: string;
  run(args: string[], access: ProductAccess, io: AdminIo): Promise<void>;
}

class UsageError extends Error {}

function setEnabledCommand(target: 'style' | 'group', enabled: boolean): Command['run'] {
  return async (args, access, io) => {
    const name = args[0];
    if (!name || args.length > 1) throw new UsageError(`expected one ${target === 'style' ? '"Group/Style"' : 'group name'}`);
    const input = { target, name, enabled };
    const result = await access.client.catalogue.setEnabled.mutate(input);
    io.out(`${enabled ? 'enabled' : 'disabled'} ${target} ${result.name}`);
  };
}

const describePost = (post: TPostStatus) =>
  `${post.slug} [${post.locales.join(', ')}] ${post.published ? 'published' : 'unpublished'}${post.featured ? ', featured' : ''}`;

/** Cents as a decimal amount with its currency: 1234 -> "12.34 USD". */
const money = (minor: number, currency: string) =>
  `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')} ${currency}`;

function describeImport(result: TImportResult, io: AdminIo) {
  const rates = Object.entries(result.rates).map(([currency, rate]) => `${currency}=${rate}`).join(', ');
  io.out(
    `${result.alreadyImported ? 'already imported (nothing changed)' : 'imported'}: ${result.store} ${result.period}, ${result.lines} lines, ` +
      `${result.matched} matched, total ${money(result.totalMinor, result.currency)}, credited ${money(result.creditedMinor, result.currency)}${rates ? ` (rates ${rates})` : ''}`,
  );
  if (result.unmatched.length > 0) io.out(`${result.unmatched.length} lines matched no release (kept):`);
  for (const line of result.unmatched) {
    io.out(`  line ${line.line}: ISRC ${line.isrc ?? '-'} UPC ${line.upc ?? '-'} ${line.territory} ${money(line.amountMinor, result.currency)}`);
  }
}

async function adjustCommand(kind: 'adjustment' | 'hold', args: string[], access: Parameters<Command['run']>[1], io: AdminIo) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { reason: { type: 'string' } }, strict: true });
  if (positionals.length !== 2) throw new UsageError('expected PARTICIPANT_ID and AMOUNT');
  const input = inputOf(ZAdjustInput, { participantId: Number(positionals[0]), kind, amount: positionals[1], reason: values.reason });
  const result = await access.client.royalties.adjust.mutate(input);
  io.out(`${kind === 'hold' ? 'hold' : 'adjustment'} ${result.entryId} for participant ${input.participantId}; balance ${money(result.balanceMinor, 'USD')}`);
}

/** A command that prints a line for each entry it reads, or `none` when there is none. */
function listing<T>(read: (args: string[], access: ProductAccess) => Promise<T[]>, line: (entry: T) => string, none: string): Command['run'] {
  return async (args, access, io) => {
    const entries = await read(args, access);
    for (const entry of entries) io.out(line(entry));
    if (entries.length === 0) io.out(none);
  };
}

/** An option's text as a number; an option not given stays undefined (the schema's default applies). */
const numberOf = (text: string | undefined) => (text === undefined ? undefined : Number(text));

const issuesOf = (issues: readonly { path: PropertyKey[]; message: string }[]) => issues.map((i) => `${i.path.map(String).join('.') || 'input'}: ${i.message}`).join('; ');

/** `raw` as `schema` reads it, or a usage error naming every issue. */
function inputOf<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new UsageError(issuesOf(parsed.error.issues));
  return parsed.data;
}

/** A command's options and its one argument (`what`, named in the usage error when there is not exactly one). */
function oneArgument<const O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O, what: string) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options, strict: true });
  if (positionals.length !== 1) throw new UsageError(`expected one ${what}`);
  return { values, argument: positionals[0]! };
}

export const COMMANDS: Record<string, Command> = {
  'style:list': {
    usage: 'style:list',
    summary: 'every style as Group/Style with its own and its group\'s switch',
    async run(_args, access, io) {
      const styles = await access.client.catalogue.operatorList.query();
      for (const s of styles) {
        const state = !s.groupEnabled ? 'disabled (group disabled)' : s.styleEnabled ? 'enabled' : 'disabled';
        io.out(`${`${s.group}/${s.style}`.padEnd(28)} #${String(s.styleIndex).padEnd(4)} ${state}`);
      }
    },
  },
  'style:enable': { usage: 'style:enable "Group/Style"', summary: 'enable one style', run: setEnabledCommand('style', true) },
  'style:disable': { usage: 'style:disable "Group/Style"', summary: 'disable one style', run: setEnabledCommand('style', false) },
  'group:enable': { usage: 'group:enable Group', summary: 'enable a style group', run: setEnabledCommand('group', true) },
  'group:disable': { usage: 'group:disable Group', summary: 'disable a style group and so all its styles', run: setEnabledCommand('group', false) },
  'faq:list': {
    usage: 'faq:list [--locale en|de]',
    summary: 'FAQ entries with their ids and order',
    run: listing(
      (args, access) => {
        const { values } = parseArgs({ args, options: { locale: { type: 'string' } }, strict: true });
        return access.client.faq.list.query(ZListFaqsInput.parse({ locale: values.locale }));
      },
      (faq) => `#${faq.id} [${faq.locale}] order ${faq.order}: ${faq.question}`,
      'no FAQ entries',
    ),
  },
  'faq:add': {
    usage: 'faq:add --locale en|de --question TEXT --answer TEXT [--order N]',
    summary: 'add an FAQ entry (at the end unless --order is given)',
    async run(args, access, io) {
      const { values } = parseArgs({
        args,
        options: { locale: { type: 'string' }, question: { type: 'string' }, answer: { type: 'string' }, order: { type: 'string' } },
        strict: true,
      });
      const parsed = ZAddFaqInput.safeParse({ ...values, order: numberOf(values.order) });
      if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; '));
      const faq = await access.client.faq.add.mutate(parsed.data);
      io.out(`added FAQ #${faq.id} [${faq.locale}] order ${faq.order}: ${faq.question}`);
    },
  },
  'faq:remove': {
    usage: 'faq:remove ID',
    summary: 'remove an FAQ entry',
    async run(args, access, io) {
      const parsed = ZRemoveFaqInput.safeParse({ id: Number(args[0]) });
      if (!parsed.success || args.length !== 1) throw new UsageError('expected one numeric FAQ id');
      const faq = await access.client.faq.remove.mutate(parsed.data);
      io.out(`removed FAQ #${faq.id} [${faq.locale}]: ${faq.question}`);
    },
  },
  'coupon:add': {
    usage: 'coupon:add KEY --type percent|amount|free --value N [--max-uses N] [--per-user N] [--expires YYYY-MM-DD]',
    summary: 'add a coupon (percent off, amount off in currency units, or a free master)',
    async run(args, access, io) {
      const { values, argument } = oneArgument(
        args,
        { type: { type: 'string' }, value: { type: 'string' }, 'max-uses': { type: 'string' }, 'per-user': { type: 'string' }, expires: { type: 'string' } },
        'coupon KEY',
      );
      const input = inputOf(ZAddCouponInput, {
        key: argument,
        type: values.type,
        value: numberOf(values.value) ?? (values.type === 'free' ? 0 : undefined),
        maxUses: numberOf(values['max-uses']),
        perUserLimit: numberOf(values['per-user']),
        expires: values.expires,
      });
      const coupon = await access.client.coupons.add.mutate(input);
      io.out(`added coupon ${describeCoupon(coupon)}`);
    },
  },
  'blog:category': {
    usage: 'blog:category SLUG --en NAME --de NAME [--order N]',
    summary: 'add or rename a blog category',
    async run(args, access, io) {
      const { values, argument } = oneArgument(args, { en: { type: 'string' }, de: { type: 'string' }, order: { type: 'string' } }, 'SLUG');
      const input = inputOf(ZAddCategoryInput, { slug: argument, nameEn: values.en, nameDe: values.de, order: numberOf(values.order) });
      const category = await access.client.blog.addCategory.mutate(input);
      io.out(`category ${category.slug}: ${category.name} / ${category.nameDe}`);
    },
  },
  'blog:image': {
    usage: 'blog:image FILE',
    summary: 'upload an image (JPEG, PNG, WebP): stored in four sizes, prints its id',
    async run(args, access, io) {
      if (args.length !== 1) throw new UsageError('expected one image FILE');
      // The product runs on this machine (its internal API listens on loopback): it reads the file itself.
      const input = { path: path.resolve(args[0]!) };
      const image = await access.client.blog.addImage.mutate(input);
      io.out(`added image ${image.id} (${image.sizes.map((s) => `${s.size} ${s.width}x${s.height}`).join(', ')})`);
      for (const size of image.sizes) io.out(`  ${size.size}: ${size.url}`);
    },
  },
  'blog:publish': {
    usage: 'blog:publish SLUG --title TEXT --abstract TEXT --file POST.md [--locale en|de] [--author NAME] [--category SLUG] [--cover IMAGE_ID] [--featured]',
    summary: 'publish a post in one language, or update it (Markdown, rendered and sanitised)',
    async run(args, access, io) {
      const { values, argument } = oneArgument(
        args,
        {
          title: { type: 'string' },
          abstract: { type: 'string' },
          file: { type: 'string' },
          locale: { type: 'string' },
          author: { type: 'string' },
          category: { type: 'string' },
          cover: { type: 'string' },
          featured: { type: 'boolean' },
        },
        'post SLUG',
      );
      if (!values.file) throw new UsageError('--file POST.md is required');
      const markdown = await readFile(values.file, 'utf8');
      const input = inputOf(ZPublishPostInput, {
        slug: argument,
        locale: values.locale,
        title: values.title,
        abstract: values.abstract,
        markdown,
        author: values.author,
        category: values.category,
        coverImageId: values.cover,
        featured: values.featured,
      });
      const post = await access.client.blog.publish.mutate(input);
      io.out(`published ${describePost(post)}: /blog/${post.slug}`);
    },
  },
  'blog:unpublish': {
    usage: 'blog:unpublish SLUG',
    summary: 'take a post off the blog (its texts are kept)',
    async run(args, access, io) {
      if (args.length !== 1) throw new UsageError('expected one post SLUG');
      const input = { slug: args[0]! };
      const post = await access.client.blog.unpublish.mutate(input);
      io.out(`unpublished ${describePost(post)}`);
    },
  },
  'blog:list': {
    usage: 'blog:list',
    summary: 'every post with its languages and state',
    run: listing((_args, access) => access.client.blog.list.query(), describePost, 'no posts'),
  },
  'demo:add': {
    usage: 'demo:add MASTER_ID [--order N]',
    summary: 'show a mastered master (its original and master) in the home page demos',
    async run(args, access, io) {
      const what = 'MASTER_ID (a UUID from the master page address)';
      const { values, argument } = oneArgument(args, { order: { type: 'string' } }, what);
      const parsed = ZAddDemoInput.safeParse({ masterId: argument, order: numberOf(values.order) });
      if (!parsed.success) throw new UsageError(`expected one ${what}`);
      const input = parsed.data;
      const demo = await access.client.demos.add.mutate(input);
      io.out(`demo added: ${demo.title} (${demo.masterId})`);
    },
  },
  'demo:remove': {
    usage: 'demo:remove MASTER_ID',
    summary: 'take a master out of the home page demos',
    async run(args, access, io) {
      const parsed = ZRemoveDemoInput.safeParse({ masterId: args[0] });
      if (!parsed.success || args.length !== 1) throw new UsageError('expected one MASTER_ID');
      const input = parsed.data;
      const demo = await access.client.demos.remove.mutate(input);
      io.out(`demo removed: ${demo.masterId}`);
    },
  },
  'royalties:import': {
    usage: 'royalties:import FILE --store NAME --period YYYY-MM [--rate CUR=N ...]',
    summary: 'import a store statement (CSV, see README "Royalties"): split by payout shares into the ledger; once per store and period',
    async run(args, access, io) {
      const { values, argument } = oneArgument(args, { store: { type: 'string' }, period: { type: 'string' }, rate: { type: 'string', multiple: true } }, 'statement FILE');
      const rates: Record<string, string> = {};
      for (const pair of (values.rate ?? []).flatMap((rate) => rate.split(','))) {
        const [currency, rate] = pair.split('=');
        if (!currency || !rate) throw new UsageError(`--rate expects CUR=N (one CUR in USD), got "${pair}"`);
        rates[currency.trim().toUpperCase()] = rate.trim();
      }
      const input = inputOf(ZImportStatementFileInput, { path: path.resolve(argument), store: values.store, period: values.period, rates });
      const result = await access.client.royalties.importFile.mutate(input);
      describeImport(result, io);
    },
  },
  'payouts:run': {
    usage: 'payouts:run [--min AMOUNT] [--dry-run]',
    summary: 'pay every participant whose balance is at least AMOUNT (USD, default PAYOUT_MIN) less the provider\'s fee; --dry-run shows it without paying',
    async run(args, access, io) {
      const { values } = parseArgs({ args, options: { min: { type: 'string' }, 'dry-run': { type: 'boolean' } }, strict: true });
      const parsed = ZPayoutRunInput.safeParse({ min: numberOf(values.min), dryRun: values['dry-run'] ?? false });
      if (!parsed.success) throw new UsageError('--min expects an amount of 0 or more');
      const input = parsed.data;
      const result = await access.client.royalties.runPayouts.mutate(input);
      for (const payout of result.payouts) {
        const what = `${money(payout.amountMinor, result.currency)} (fee ${money(payout.feeMinor, result.currency)}, receives ${money(payout.amountMinor - payout.feeMinor, result.currency)}) to ${payout.name} <${payout.email}>, ${payout.entries} ledger lines`;
        io.out(`${result.dryRun ? 'would pay' : payout.status}: ${what}${payout.failureReason ? `: ${payout.failureReason}` : ''}`);
      }
      if (result.payouts.length === 0) io.out('nothing to pay');
      else io.out(`${result.dryRun ? 'dry run' : `payout run ${result.runId}`} through ${result.provider}: ${money(result.totalMinor, result.currency)}${result.reference ? `, reference ${result.reference}` : ''}`);
      if (result.error) io.out(`not settled yet (${result.error}); run payouts:poll later, the batch is sent again under the same id`);
    },
  },
  'payouts:poll': {
    usage: 'payouts:poll',
    summary: 'ask the payout provider about every unsettled payout: confirmed ones are announced, failed or unclaimed ones go back to the balance',
    async run(args, access, io) {
      parseArgs({ args, options: {}, strict: true });
      const runs = await access.client.royalties.pollPayouts.mutate();
      for (const run of runs) {
        io.out(`run ${run.runId}${run.error ? ` (not reached: ${run.error})` : ''}`);
        for (const item of run.statuses) io.out(`  ${item.status}: ${money(item.amountMinor, 'USD')} to ${item.email}${item.failureReason ? `: ${item.failureReason}` : ''}`);
      }
      if (runs.length === 0) io.out('no open payouts');
    },
  },
  'royalties:adjust': {
    usage: 'royalties:adjust PARTICIPANT_ID AMOUNT --reason TEXT',
    summary: 'add an amount to a participant\'s balance (negative for a store\'s fine); the reason is shown to the user',
    async run(args, access, io) {
      await adjustCommand('adjustment', args, access, io);
    },
  },
  'royalties:hold': {
    usage: 'royalties:hold PARTICIPANT_ID AMOUNT --reason TEXT',
    summary: 'hold back an amount of a participant\'s balance until royalties:release',
    async run(args, access, io) {
      await adjustCommand('hold', args, access, io);
    },
  },
  'royalties:release': {
    usage: 'royalties:release HOLD_ID',
    summary: 'put a held amount back on the balance',
    async run(args, access, io) {
      const { argument } = oneArgument(args, {}, 'HOLD_ID');
      const parsed = ZReleaseHoldInput.safeParse({ holdId: Number(argument) });
      if (!parsed.success) throw new UsageError('expected one HOLD_ID');
      const input = parsed.data;
      const result = await access.client.royalties.releaseHold.mutate(input);
      io.out(`released hold ${input.holdId}; balance ${money(result.balanceMinor, 'USD')}`);
    },
  },
  'feedback:list': {
    usage: 'feedback:list [--limit N]',
    summary: 'the newest feedback from the distribution screens',
    run: listing(
      (args, access) => {
        const { values } = parseArgs({ args, options: { limit: { type: 'string' } }, strict: true });
        return access.client.royalties.feedback.query({ limit: Math.max(1, Math.min(500, Number(values.limit ?? 50) || 50)) });
      },
      (row) =>
        `#${row.id} ${row.createdAt} ${row.email} ${row.page} sound ${row.soundRating}/5 overall ${row.overallRating}/5${row.includeSongData ? ' +song data' : ''}${row.comment ? `: ${row.comment}` : ''}`,
      'no feedback',
    ),
  },
  'coupon:list': {
    usage: 'coupon:list',
    summary: 'every coupon with its value, uses and expiry',
    run: listing((_args, access) => access.client.coupons.list.query(), describeCoupon, 'no coupons'),
  },
};

function describeCoupon(coupon: TCoupon): string {
  const value = coupon.type === 'percent' ? `${coupon.value}% off` : coupon.type === 'amount' ? `${coupon.value.toFixed(2)} off` : 'free master';
  const uses = `used ${coupon.usedCount}${coupon.maxUses === null ? '' : `/${coupon.maxUses}`}`;
  const perUser = coupon.perUserLimit === null ? '' : `, ${coupon.perUserLimit} per user`;
  return `${coupon.key}: ${value}, ${uses}${perUser}, ${coupon.expires ? `expires after ${coupon.expires}` : 'no expiry'}`;
}

export function helpText(): string {
  // Long usages (coupon:add) get their summary on the next line instead of widening every row.
  const width = Math.min(40, Math.max(...Object.values(COMMANDS).map((c) => c.usage.length)));
  const line = (usage: string, summary: string) =>
    usage.length > width ? `  ${usage}\n  ${''.padEnd(width)}  ${summary}` : `  ${usage.padEnd(width)}  ${summary}`;
  return [
    'usage: npm run admin -- <command> [arguments]',
    '',
    'Acts on the running product through its internal API, or on the database when it is not running.',
    '',
    ...Object.values(COMMANDS).map((c) => line(c.usage, c.summary)),
    line('help', 'this list'),
  ].join('\n');
}

/** Whether argv names a command that needs the product or database (help does not). */
export function needsAccess(argv: string[]): boolean {
  const name = argv[0];
  return name !== undefined && name in COMMANDS;
}

/** Runs one command; answers the process exit code. */
export async function runAdmin(argv: string[], access: ProductAccess | null, io: AdminIo): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.out(helpText());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command || !access) {
    io.err(`unknown command: ${name}`);
    io.err(helpText());
    return 2;
  }
  try {
    await command.run(args, access, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`${name}: ${(error as Error).message}`);
      io.err(`usage: npm run admin -- ${command.usage}`);
      return 2;
    }
    const detail = (error as { detail?: string; data?: { detail?: string } }).detail ?? (error as { data?: { detail?: string } }).data?.detail;
    io.err(`${name} failed: ${(error as Error).message}${detail ? (detail.includes('\n') ? `\n${detail}` : ` (${detail})`) : ''}`);
    return 1;
  }
}
