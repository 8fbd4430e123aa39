import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { ServiceContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import type { Logger } from '../../platform/log.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { requireAccount } from '../distribution/index.js';
import { renderPayoutMail } from './payout.mails.js';
import { createLocalPayoutProvider } from './provider/local-payout-provider.js';
import { createLocalReportProvider } from './provider/local-report-provider.js';
import type { ReportProvider } from './provider/report-provider.js';
import * as repo from './royalties.repository.js';
import {
  LEDGER_PAGE,
  PAYOUT_CURRENCY,
  ROYALTY_ERRORS,
  type TAnalytics,
  type TFeedbackInput,
  type TImportResult,
  type TImportStatementFileInput,
  type TImportStatementInput,
  type TPayments,
  type TPayoutRunInput,
  type TPayoutRunResult,
} from './royalties.schemas.js';
import { parseStatement, splitByWeights, type StatementLine } from './statement-csv.js';

/** Operator use cases only need the database (README "One source": the CLI calls them with `{ db }`). */
type DbContext = Pick<ServiceContext, 'db'>;
/** Payout runs also need where the local payout provider writes (DATA_DIR) and the mailer for the payout e-mails. */
export type PayoutContext = DbContext & { dataDir: string; mailer: Mailer; log?: Pick<Logger, 'error'> };

const reportProvider: ReportProvider = createLocalReportProvider();

/** A track's participants as the releases module stores them: id and share in percent (two decimals). */
const ZStoredParticipants = z.array(z.object({ id: z.coerce.number().int(), share: z.coerce.number() }).loose());
const hundredths = (share: number) => Math.round(share * 100);

interface TrackRef {
  id: number;
  albumId: number;
  distributionUserId: number;
  participants: { id: number; weight: number }[];
}
const trackRefOf = (row: { id: unknown; album_id: unknown; distribution_user_id: unknown; participants: unknown }): TrackRef => {
  const parsed = ZStoredParticipants.safeParse(row.participants);
  return {
    id: Number(row.id),
    albumId: Number(row.album_id),
    distributionUserId: Number(row.distribution_user_id),
    participants: (parsed.success ? parsed.data : []).map((p) => ({ id: p.id, weight: hundredths(p.share) })),
  };
};

type Match = { kind: 'track'; track: TrackRef } | { kind: 'album'; albumId: number; distributionUserId: number; tracks: TrackRef[] } | null;

/**
 * Which release a line belongs to: the track of its ISRC (when several tracks carry it, one of the
 * release the UPC names, else one handed over for delivery, else the oldest); else the release of
 * its UPC, whose tracks share the line equally; else nothing (the line is kept unmatched).
 */
async function matcherFor(db: Database, lines: StatementLine[]) {
  const isrcs = [...new Set(lines.flatMap((line) => (line.isrc ? [line.isrc] : [])))];
  const tracks = await repo.tracksByIsrc(db, isrcs);
  const byIsrc = new Map<string, typeof tracks>();
  for (const track of tracks) byIsrc.set(track.isrc!, [...(byIsrc.get(track.isrc!) ?? []), track]);
  const upcs = [...new Set(lines.flatMap((line) => (line.upc ? [line.upc] : [])))];
  const albums = await repo.albumsByUpc(db, upcs);
  const albumTracks = await repo.tracksOfAlbums(db, albums.map((album) => Number(album.id)));
  const albumByUpc = new Map(albums.map((album) => [album.product_code!, album]));
  return (line: StatementLine): Match => {
    const candidates = line.isrc ? (byIsrc.get(line.isrc) ?? []) : [];
    if (candidates.length > 0) {
      const chosen =
        candidates.find((track) => line.upc !== null && track.product_code === line.upc) ?? candidates.find((track) => track.state !== 'draft') ?? candidates[0]!;
      return { kind: 'track', track: trackRefOf(chosen) };
    }
    const album = line.upc ? albumByUpc.get(line.upc) : undefined;
    if (!album) return null;
    const ofAlbum = albumTracks.filter((track) => Number(track.album_id) === Number(album.id)).map(trackRefOf);
    if (ofAlbum.length === 0) return null;
    return { kind: 'album', albumId: Number(album.id), distributionUserId: Number(album.distribution_user_id), tracks: ofAlbum };
  };
}

/** A line's amount split over tracks (equally) and each track's part by its participants' shares. */
function ledgerPartsOf(amountMinor: number, tracks: TrackRef[]) {
  const trackParts = splitByWeights(amountMinor, tracks.map(() => 1));
  return tracks.flatMap((track, index) => {
    const parts = splitByWeights(trackParts[index]!, track.participants.map((p) => p.weight));
    return track.participants.flatMap((participant, i) =>
      parts[i] === 0 ? [] : [{ trackId: track.id, participantId: participant.id, distributionUserId: track.distributionUserId, shareHundredths: participant.weight, amountMinor: parts[i]! }],
    );
  });
}

async function importResultOf(db: Database, statement: repo.StatementRow, alreadyImported: boolean): Promise<TImportResult> {
  const statementId = Number(statement.id);
  const unmatched = await repo.unmatchedLines(db, statementId);
  return {
    statementId,
    store: statement.store,
    period: statement.period,
    alreadyImported,
    lines: statement.line_count,
    matched: statement.matched_count,
    currency: statement.currency,
    totalMinor: Number(statement.total_minor),
    creditedMinor: await repo.creditedOf(db, statementId),
    rates: statement.rates,
    unmatched: unmatched.map((line) => ({ line: line.line_no, isrc: line.isrc, upc: line.upc, territory: line.territory, amountMinor: Number(line.amount_minor) })),
  };
}

/**
 * `royalties:import FILE --store NAME --period YYYY-MM` (issue 14): checks every line first (a bad
 * line refuses the whole statement, naming each bad line); converts at the given rates; matches
 * lines to tracks by ISRC (or releases by UPC) and splits each matched line by the track's payout
 * shares into ledger entries that add up to the line exactly. One statement per store and period:
 * the same file again changes nothing and answers the first import; another file is refused.
 */
export async function importStatement(ctx: DbContext, input: TImportStatementInput): Promise<TImportResult> {
  const parsed = parseStatement(input.csv, input.rates);
  if (!parsed.ok) {
    throw new AppError('BAD_REQUEST', ROYALTY_ERRORS.statementMalformed, { detail: parsed.problems.map((p) => `line ${p.line}: ${p.problem}`).join('\n') });
  }
  if (parsed.lines.length === 0) throw new AppError('BAD_REQUEST', ROYALTY_ERRORS.statementEmpty);
  const sha256 = createHash('sha256').update(input.csv).digest('hex');
  try {
    return await importParsed(ctx, input, parsed.lines, sha256);
  } catch (error) {
    // Two imports of one store and period at once: the unique index lets one in; the other answers as a repeat.
    if ((error as { code?: string }).code !== '23505') throw error;
    return importParsed(ctx, input, parsed.lines, sha256);
  }
}

async function importParsed(ctx: DbContext, input: TImportStatementInput, lines: StatementLine[], sha256: string): Promise<TImportResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const store = (await repo.outletName(trx, input.store)) ?? input.store.trim();
    const existing = await repo.findStatement(trx, store, input.period);
    if (existing) {
      if (existing.file_sha256 !== sha256) {
        throw new AppError('CONFLICT', ROYALTY_ERRORS.statementConflict, { detail: `${existing.store} ${existing.period} was imported from another file` });
      }
      return importResultOf(trx, existing, true);
    }
    const match = await matcherFor(trx, lines);
    const matched = lines.map((line) => ({ line, match: match(line) }));
    const statementId = await repo.insertStatement(trx, {
      store,
      period: input.period,
      sha256,
      rates: input.rates,
      currency: PAYOUT_CURRENCY,
      lineCount: lines.length,
      matchedCount: matched.filter((m) => m.match !== null).length,
      totalMinor: lines.reduce((sum, line) => sum + line.amountMinor, 0),
    });
    const lineIds = await repo.insertLines(
      trx,
      statementId,
      matched.map(({ line, match: m }) => ({
        lineNo: line.line,
        isrc: line.isrc,
        upc: line.upc,
        territory: line.territory,
        usageType: line.usageType,
        quantity: line.quantity,
        netRevenue: line.netRevenue,
        netCurrency: line.currency,
        amountMinor: line.amountMinor,
        distributionUserId: m === null ? null : m.kind === 'track' ? m.track.distributionUserId : m.distributionUserId,
        albumId: m === null ? null : m.kind === 'track' ? m.track.albumId : m.albumId,
        trackId: m?.kind === 'track' ? m.track.id : null,
      })),
    );
    await repo.insertLedgerEntries(
      trx,
      matched.flatMap(({ line, match: m }) =>
        m === null ? [] : ledgerPartsOf(line.amountMinor, m.kind === 'track' ? [m.track] : m.tracks).map((part) => ({ ...part, lineId: lineIds.get(line.line)! })),
      ),
    );
    return importResultOf(trx, (await repo.findStatement(trx, store, input.period))!, false);
  });
}

/** The operator command through the running product: the product reads the file (it runs on this machine). */
export async function importStatementFile(ctx: DbContext, input: TImportStatementFileInput): Promise<TImportResult> {
  const { path, ...rest } = input;
  return importStatement(ctx, { ...rest, csv: await readFile(path, 'utf8') });
}

/**
 * `payouts:run --min N` (issue 14): every participant whose unpaid ledger entries add up to at
 * least N (and above zero) is paid their balance to their payout e-mail through the payout provider.
 * The entries are locked, marked with the payout in the same transaction and never paid again, so
 * a second run pays only what arrived since; runs take turns (an advisory lock).
 */
export async function runPayouts(ctx: PayoutContext, input: TPayoutRunInput): Promise<TPayoutRunResult> {
  const minMinor = Math.round(input.min * 100);
  const provider = createLocalPayoutProvider(ctx.dataDir);
  const runId = randomUUID();
  const result = await ctx.db.transaction().execute(async (trx) => {
    await repo.lockPayoutRuns(trx);
    const entries = await repo.unpaidEntries(trx);
    const byParticipant = new Map<number, { ids: number[]; balance: number }>();
    for (const entry of entries) {
      const sum = byParticipant.get(entry.participantId) ?? { ids: [], balance: 0 };
      sum.ids.push(entry.id);
      sum.balance += entry.amountMinor;
      byParticipant.set(entry.participantId, sum);
    }
    const due = [...byParticipant.entries()].filter(([, sum]) => sum.balance > 0 && sum.balance >= minMinor).sort(([a], [b]) => a - b);
    if (due.length === 0) return { runId, currency: PAYOUT_CURRENCY, reference: null, totalMinor: 0, payouts: [] };
    const participants = new Map((await repo.participantsByIds(trx, due.map(([id]) => id))).map((p) => [Number(p.id), p]));
    const payouts: TPayoutRunResult['payouts'] = [];
    for (const [participantId, sum] of due) {
      const participant = participants.get(participantId)!;
      const payoutId = await repo.insertPayout(trx, {
        runId,
        participantId,
        distributionUserId: Number(participant.distribution_user_id),
        email: participant.email,
        amountMinor: sum.balance,
        currency: PAYOUT_CURRENCY,
        provider: provider.kind,
      });
      const marked = await repo.markPaid(trx, sum.ids, payoutId);
      payouts.push({ payoutId, participantId, name: participant.name, email: participant.email, amountMinor: sum.balance, entries: marked });
    }
    const { reference } = await provider.send({ runId, currency: PAYOUT_CURRENCY, items: payouts.map((p) => ({ payoutId: p.payoutId, email: p.email, name: p.name, amountMinor: p.amountMinor })) });
    await repo.setPayoutReference(trx, runId, reference);
    return { runId, currency: PAYOUT_CURRENCY, reference, totalMinor: payouts.reduce((total, p) => total + p.amountMinor, 0), payouts };
  });
  // After the commit: a payout is recorded whether or not its mail gets through (the provider pays either way).
  for (const payout of result.payouts) await sendPayoutMail(ctx, payout);
  return result;
}

/** The payout e-mail: the recipient's share of each ledger line the payout covers, in the naming user's language. */
async function sendPayoutMail(ctx: PayoutContext, payout: TPayoutRunResult['payouts'][number]) {
  try {
    const [lines, participant] = await Promise.all([repo.payoutLines(ctx.db, payout.payoutId), repo.participantsByIds(ctx.db, [payout.participantId])]);
    const owner = participant[0] ? await repo.ownerOfDistributionUser(ctx.db, Number(participant[0].distribution_user_id)) : undefined;
    const locale = owner?.locale === 'de' ? 'de' : 'en';
    const mail = renderPayoutMail(locale, {
      name: payout.name,
      amountMinor: payout.amountMinor,
      currency: PAYOUT_CURRENCY,
      from: owner?.label_name ?? ([owner?.first_name, owner?.last_name].filter(Boolean).join(' ') || 'Masterdeck'),
      lines: lines.map((line) => ({
        period: line.period,
        store: line.store,
        track: line.track_name ?? line.isrc ?? '-',
        territory: line.territory,
        sharePercent: line.share_hundredths / 100,
        amountMinor: Number(line.amount_minor),
      })),
    });
    await ctx.mailer.send({ to: payout.email, kind: 'payout', ...mail });
  } catch (error) {
    ctx.log?.error({ err: error, payoutId: payout.payoutId }, 'payout mail not sent');
  }
}

/** /distribution/analytics: the figures of the caller's own releases only (the provider's reports). */
export async function analytics(ctx: ServiceContext): Promise<TAnalytics> {
  const account = await requireAccount(ctx);
  return reportProvider.reports(ctx.db, account.distributionUserId);
}

/** /distribution/payments: the caller's participants with their balances, the newest ledger lines and the payouts. */
export async function payments(ctx: ServiceContext): Promise<TPayments> {
  const account = await requireAccount(ctx);
  const [participants, entries, payouts] = await Promise.all([
    repo.participantsWithBalances(ctx.db, account.distributionUserId),
    repo.ledgerEntries(ctx.db, account.distributionUserId, LEDGER_PAGE),
    repo.payoutsOf(ctx.db, account.distributionUserId),
  ]);
  return {
    currency: PAYOUT_CURRENCY,
    participants: participants.map((p) => ({
      participantId: Number(p.id),
      name: p.name,
      email: p.email,
      isMain: Number(p.id) === account.participantId,
      earnedMinor: Number(p.earned),
      paidMinor: Number(p.paid),
      balanceMinor: Number(p.earned) - Number(p.paid),
    })),
    entries: entries.map((e) => ({
      id: Number(e.id),
      period: e.period,
      store: e.store,
      trackName: e.track_name,
      isrc: e.isrc,
      territory: e.territory,
      participantId: Number(e.participant_id),
      participantName: e.participant_name,
      sharePercent: e.share_hundredths / 100,
      amountMinor: Number(e.amount_minor),
      paid: e.payout_id !== null,
    })),
    payouts: payouts.map((p) => ({
      id: Number(p.id),
      participantName: p.name,
      email: p.email,
      amountMinor: Number(p.amount_minor),
      currency: p.currency,
      createdAt: new Date(p.created_at).toISOString(),
    })),
  };
}

/**
 * The feedback widget of the distribution screens (spec §2): stars, comment, include-song-data,
 * kept for the operators (`feedback:list`). With song data, the user's releases and tracks as
 * they are now are attached.
 */
export async function sendFeedback(ctx: ServiceContext, input: TFeedbackInput): Promise<{ id: number }> {
  if (!ctx.actor) throw unauthorized();
  const account = await requireAccount(ctx);
  const songData = input.includeSongData ? await repo.songDataOf(ctx.db, account.distributionUserId) : null;
  const id = await repo.insertFeedback(ctx.db, {
    userId: account.userId,
    soundRating: input.soundRating,
    overallRating: input.overallRating,
    comment: input.comment,
    page: input.page,
    includeSongData: input.includeSongData,
    songData,
  });
  return { id };
}

/** `feedback:list`: the newest feedback for the operators. */
export async function listFeedback(ctx: DbContext, input: { limit: number }) {
  const rows = await repo.feedbackList(ctx.db, input.limit);
  return rows.map((row) => ({
    id: Number(row.id),
    email: row.email,
    soundRating: row.sound_rating,
    overallRating: row.overall_rating,
    comment: row.comment,
    page: row.page,
    includeSongData: row.include_song_data,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
