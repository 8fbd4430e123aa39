import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { ServiceContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import type { Logger } from '../../platform/log.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { requireAccount } from '../distribution/index.js';
import { renderConfirmAddressMail, renderPayoutMail } from './payout.mails.js';
import { payoutRulesOf } from './provider/payout-provider-of.js';
import type { PayoutBatch, PayoutProvider } from './provider/payout-provider.js';
import { createLocalReportProvider } from './provider/local-report-provider.js';
import type { ReportProvider } from './provider/report-provider.js';
import * as repo from './royalties.repository.js';
import {
  LEDGER_PAGE,
  PAYOUT_CURRENCY,
  ROYALTY_ERRORS,
  type TAdjustInput,
  type TConfirmPayoutAddressInput,
  type TConfirmPayoutAddressResult,
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
/** Payout runs also need the payouts provider, the default threshold (PAYOUT_MIN) and the mailer for the payout e-mails. */
export type PayoutContext = DbContext & { provider: PayoutProvider; payoutMin: number; mailer: Mailer; publicUrl: string; log?: Pick<Logger, 'error'> };

/** A participant asked to confirm their payout address is asked again after a week at the earliest. */
const CONFIRMATION_RESEND_MS = 7 * 24 * 3_600_000;

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
 * `royalties:import FILE --store NAME --period YYYY-MM`: checks every line first (a bad
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
        ...line,
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
 * `payouts:run [--min N] [--dry-run]`: every participant whose unpaid ledger entries add up to at
 * least N (default PAYOUT_MIN, always above the provider's fee) is paid that balance, less the
 * provider's fee, to their payout e-mail. First, in one transaction (runs take turns through an
 * advisory lock), a payout is recorded per participant and their entries are marked with it, so
 * no entry is paid twice; then the batch goes to the provider under the run id as its idempotency
 * key, and what the provider answers settles each payout (see `settlePayoutRun`). A balance below
 * zero (a fine) is not paid; later earnings make up for it.
 */
export async function runPayouts(ctx: PayoutContext, input: TPayoutRunInput): Promise<TPayoutRunResult> {
  const minMinor = Math.round((input.min ?? ctx.payoutMin) * 100);
  const dryRun = input.dryRun ?? false;
  const provider = ctx.provider;
  const runId = randomUUID();
  const planned = await ctx.db.transaction().execute(async (trx) => {
    await repo.lockPayoutRuns(trx);
    const entries = await repo.unpaidEntries(trx);
    const byParticipant = new Map<number, { ids: number[]; balance: number }>();
    for (const entry of entries) {
      const sum = byParticipant.get(entry.participantId) ?? { ids: [], balance: 0 };
      sum.ids.push(entry.id);
      sum.balance += entry.amountMinor;
      byParticipant.set(entry.participantId, sum);
    }
    const due = [...byParticipant.entries()]
      .filter(([, sum]) => sum.balance > 0 && sum.balance >= minMinor && sum.balance > provider.feeOf(sum.balance))
      .sort(([a], [b]) => a - b);
    const participants = new Map((await repo.participantsByIds(trx, due.map(([id]) => id))).map((p) => [Number(p.id), p]));
    // Money moves only to an address its owner confirmed (the local provider moves none).
    const confirmed = provider.kind === 'local' ? new Set(participants.keys()) : await repo.confirmedParticipants(trx, [...participants.keys()]);
    const payouts: TPayoutRunResult['payouts'] = [];
    const unconfirmed: { participantId: number; name: string; email: string; distributionUserId: number }[] = [];
    for (const [participantId, sum] of due) {
      const participant = participants.get(participantId)!;
      if (!confirmed.has(participantId)) {
        unconfirmed.push({ participantId, name: participant.name, email: participant.email, distributionUserId: Number(participant.distribution_user_id) });
        continue;
      }
      const feeMinor = provider.feeOf(sum.balance);
      const base = { participantId, name: participant.name, email: participant.email, amountMinor: sum.balance, feeMinor, entries: sum.ids.length, failureReason: null };
      if (dryRun) {
        payouts.push({ ...base, payoutId: 0, status: 'pending' });
        continue;
      }
      const payoutId = await repo.insertPayout(trx, {
        runId,
        participantId,
        distributionUserId: Number(participant.distribution_user_id),
        email: participant.email,
        amountMinor: sum.balance,
        feeMinor,
        currency: PAYOUT_CURRENCY,
        provider: provider.kind,
      });
      const marked = await repo.markPaid(trx, sum.ids, payoutId);
      payouts.push({ ...base, payoutId, entries: marked, status: 'pending' });
    }
    return { payouts, unconfirmed };
  });
  const awaitingConfirmation = [];
  for (const participant of planned.unconfirmed) {
    const mailed = dryRun ? false : await askToConfirm(ctx, participant);
    awaitingConfirmation.push({ participantId: participant.participantId, name: participant.name, email: participant.email, mailed });
  }
  const summary = { runId, currency: PAYOUT_CURRENCY, provider: provider.kind, dryRun, totalMinor: planned.payouts.reduce((total, p) => total + p.amountMinor, 0), awaitingConfirmation };
  if (dryRun || planned.payouts.length === 0) return { ...summary, reference: null, error: null, payouts: planned.payouts };
  const settled = await settlePayoutRun(ctx, runId);
  const rows = new Map(settled.rows.map((row) => [Number(row.id), row]));
  return {
    ...summary,
    reference: settled.reference,
    error: settled.error,
    payouts: planned.payouts.map((p) => ({ ...p, status: rows.get(p.payoutId)?.status ?? p.status, failureReason: rows.get(p.payoutId)?.failure_reason ?? null })),
  };
}

/**
 * Sends a run's batch if it was not sent yet (again under the same run id, so a batch whose answer
 * was lost is paid once) and settles each payout by the provider's answer: paid ones are confirmed
 * and only then announced to their recipient; failed or unclaimed ones are returned to the
 * participant's balance with the reason; the others stay submitted for the next poll. A provider
 * that cannot be reached leaves the run as it is (answered as `error`) for `payouts:poll`.
 */
export async function settlePayoutRun(ctx: PayoutContext, runId: string) {
  let rows = await repo.payoutsOfRun(ctx.db, runId);
  const batch = await batchOf(ctx, runId, rows);
  let reference = rows.find((row) => row.provider_reference)?.provider_reference ?? null;
  try {
    if (rows.some((row) => row.status === 'pending')) {
      reference = (await ctx.provider.submit(batch)).reference;
      await repo.markSubmitted(ctx.db, runId, reference);
    }
    if (reference === null) return { reference, rows, error: null };
    for (const outcome of await ctx.provider.poll(reference, batch)) {
      const row = rows.find((r) => Number(r.id) === outcome.payoutId);
      if (!row || row.status !== 'submitted' && row.status !== 'pending') continue;
      if (outcome.state === 'pending') {
        await repo.notePending(ctx.db, outcome.payoutId, outcome.providerStatus, outcome.providerItemId);
      } else if (outcome.state === 'paid') {
        const settled = await repo.settlePayout(ctx.db, outcome.payoutId, { status: 'confirmed', providerStatus: outcome.providerStatus, providerItemId: outcome.providerItemId, failureReason: null });
        if (settled) await sendPayoutMail(ctx, outcome.payoutId);
      } else {
        await ctx.db.transaction().execute(async (trx) => {
          const settled = await repo.settlePayout(trx, outcome.payoutId, { status: 'returned', providerStatus: outcome.providerStatus, providerItemId: outcome.providerItemId, failureReason: outcome.reason });
          if (!settled || row.participant_id === null || row.distribution_user_id === null) return;
          await repo.insertReturnedEntry(trx, {
            payoutId: outcome.payoutId,
            participantId: Number(row.participant_id),
            distributionUserId: Number(row.distribution_user_id),
            amountMinor: Number(row.amount_minor),
            reason: outcome.reason,
          });
        });
      }
    }
    rows = await repo.payoutsOfRun(ctx.db, runId);
    return { reference, rows, error: null };
  } catch (error) {
    ctx.log?.error({ err: error, runId }, 'payout run not settled');
    return { reference, rows: await repo.payoutsOfRun(ctx.db, runId), error: (error as Error).message };
  }
}

/** `payouts:poll`: settles every run the provider has not finished yet (and sends any that never reached it). */
export async function pollPayouts(ctx: PayoutContext) {
  const results = [];
  for (const runId of await repo.openRuns(ctx.db)) {
    const settled = await settlePayoutRun(ctx, runId);
    results.push({ runId, error: settled.error, statuses: settled.rows.map((row) => ({ payoutId: Number(row.id), email: row.email, amountMinor: Number(row.amount_minor), status: row.status, failureReason: row.failure_reason })) });
  }
  return results;
}

/** The batch exactly as first planned: a repeat must be the same request. */
async function batchOf(ctx: PayoutContext, runId: string, rows: Awaited<ReturnType<typeof repo.payoutsOfRun>>): Promise<PayoutBatch> {
  const items = [];
  for (const row of rows) {
    const owner = row.distribution_user_id === null ? undefined : await repo.ownerOfDistributionUser(ctx.db, Number(row.distribution_user_id));
    items.push({ payoutId: Number(row.id), email: row.email, name: row.name ?? row.email, from: senderNameOf(owner), amountMinor: Number(row.amount_minor) - Number(row.fee_minor) });
  }
  return { runId, currency: rows[0]?.currency ?? PAYOUT_CURRENCY, items };
}

const senderNameOf = (owner: { label_name: string | null; first_name: string | null; last_name: string | null } | undefined) =>
  owner?.label_name ?? ([owner?.first_name, owner?.last_name].filter(Boolean).join(' ') || 'Masterdeck');

/**
 * The payout e-mail, sent once the provider confirmed the payment: who sent it and why, the
 * amount received after the fee, and the recipient's share of each ledger line, in the naming
 * user's language. A mail that fails is logged; the payout stays confirmed.
 */
async function sendPayoutMail(ctx: PayoutContext, payoutId: number) {
  try {
    const payout = await repo.payoutById(ctx.db, payoutId);
    if (!payout || payout.notified_at !== null) return;
    const lines = await repo.payoutLines(ctx.db, payoutId);
    const owner = payout.distribution_user_id === null ? undefined : await repo.ownerOfDistributionUser(ctx.db, Number(payout.distribution_user_id));
    const locale = owner?.locale === 'de' ? 'de' : 'en';
    const mail = renderPayoutMail(locale, {
      name: payout.name ?? payout.email,
      amountMinor: Number(payout.amount_minor),
      feeMinor: Number(payout.fee_minor),
      currency: payout.currency,
      from: senderNameOf(owner),
      provider: payout.provider === 'paypal' ? 'paypal' : 'local',
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
    await repo.setNotified(ctx.db, payoutId);
  } catch (error) {
    ctx.log?.error({ err: error, payoutId }, 'payout mail not sent');
  }
}

/** Mails the participant a link to confirm their payout address (once a week at most); answers whether it did. */
async function askToConfirm(ctx: PayoutContext, participant: { participantId: number; name: string; email: string; distributionUserId: number }) {
  try {
    const token = randomBytes(32).toString('base64url');
    const fresh = await repo.requestConfirmation(ctx.db, participant.participantId, participant.email, createHash('sha256').update(token).digest('hex'), CONFIRMATION_RESEND_MS);
    if (!fresh) return false;
    const owner = await repo.ownerOfDistributionUser(ctx.db, participant.distributionUserId);
    const mail = renderConfirmAddressMail(owner?.locale === 'de' ? 'de' : 'en', {
      name: participant.name,
      from: senderNameOf(owner),
      link: `${ctx.publicUrl.replace(/\/+$/, '')}/payout-address/confirm/${token}`,
    });
    await ctx.mailer.send({ to: participant.email, kind: 'payout-address', ...mail });
    return true;
  } catch (error) {
    ctx.log?.error({ err: error, participantId: participant.participantId }, 'payout address confirmation not sent');
    return false;
  }
}

/**
 * The link of the confirmation mail (no sign-in: the token is the permission): the participant
 * confirms that payouts may go to this address. Confirming twice is fine; a token for an address
 * the participant no longer has, or an unknown one, is refused.
 */
export async function confirmPayoutAddress(ctx: DbContext, input: TConfirmPayoutAddressInput): Promise<TConfirmPayoutAddressResult> {
  const row = await repo.confirmAddress(ctx.db, createHash('sha256').update(input.token).digest('hex'));
  if (!row) throw new AppError('NOT_FOUND', ROYALTY_ERRORS.confirmationInvalid);
  const owner = await repo.ownerOfDistributionUser(ctx.db, Number(row.distribution_user_id));
  return { email: row.email, from: senderNameOf(owner) };
}

/**
 * `royalties:adjust` and `royalties:hold`: an operator's entry on one participant's balance with
 * the reason the user sees (a store's fine for artificial streams is a negative adjustment). The
 * balance may go below zero; later earnings make up for it before anything is paid.
 */
export async function adjustBalance(ctx: DbContext, input: TAdjustInput): Promise<{ entryId: number; balanceMinor: number }> {
  const [participant] = await repo.participantsByIds(ctx.db, [input.participantId]);
  if (!participant) throw new AppError('NOT_FOUND', ROYALTY_ERRORS.participantNotFound);
  const cents = Math.round(Number(input.amount) * 100);
  const amountMinor = input.kind === 'hold' ? -Math.abs(cents) : cents;
  return ctx.db.transaction().execute(async (trx) => {
    const entryId = await repo.insertAdjustment(trx, { kind: input.kind, participantId: input.participantId, distributionUserId: Number(participant.distribution_user_id), amountMinor, reason: input.reason });
    return { entryId, balanceMinor: await repo.balanceOf(trx, input.participantId) };
  });
}

/** `royalties:release HOLD`: the held amount is on the balance again (once). */
export async function releaseHold(ctx: DbContext, input: { holdId: number }): Promise<{ balanceMinor: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const hold = await repo.holdById(trx, input.holdId);
    if (!hold || hold.released) throw new AppError('NOT_FOUND', ROYALTY_ERRORS.holdNotFound);
    await repo.insertRelease(trx, { id: Number(hold.id), participantId: Number(hold.participant_id), distributionUserId: Number(hold.distribution_user_id), amountMinor: -Number(hold.amount_minor), reason: hold.reason ?? 'released' });
    return { balanceMinor: await repo.balanceOf(trx, Number(hold.participant_id)) };
  });
}

/** /distribution/analytics: the figures of the caller's own releases only (the provider's reports). */
export async function analytics(ctx: ServiceContext): Promise<TAnalytics> {
  const account = await requireAccount(ctx);
  return reportProvider.reports(ctx.db, account.distributionUserId);
}

/** /distribution/payments: the caller's participants with their balances, the newest ledger lines and the payouts. */
export async function payments(ctx: ServiceContext): Promise<TPayments> {
  const account = await requireAccount(ctx);
  const [participants, entries, others, payouts] = await Promise.all([
    repo.participantsWithBalances(ctx.db, account.distributionUserId),
    repo.ledgerEntries(ctx.db, account.distributionUserId, LEDGER_PAGE),
    repo.otherEntries(ctx.db, account.distributionUserId, LEDGER_PAGE),
    repo.payoutsOf(ctx.db, account.distributionUserId),
  ]);
  return {
    currency: PAYOUT_CURRENCY,
    rules: payoutRulesOf(ctx.platform.env),
    participants: participants.map((p) => ({
      participantId: Number(p.id),
      name: p.name,
      email: p.email,
      isMain: Number(p.id) === account.participantId,
      earnedMinor: Number(p.earned),
      adjustedMinor: Number(p.adjusted),
      heldMinor: -Number(p.held),
      paidMinor: Number(p.paid),
      inTransitMinor: Number(p.in_transit),
      balanceMinor: Number(p.balance),
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
    others: others.map((e) => ({
      id: Number(e.id),
      kind: e.kind as TPayments['others'][number]['kind'],
      reason: e.reason,
      participantId: Number(e.participant_id),
      participantName: e.participant_name,
      amountMinor: Number(e.amount_minor),
      paid: e.payout_id !== null,
      createdAt: new Date(e.created_at).toISOString(),
    })),
    payouts: payouts.map((p) => ({
      id: Number(p.id),
      participantName: p.name,
      email: p.email,
      amountMinor: Number(p.amount_minor),
      feeMinor: Number(p.fee_minor),
      currency: p.currency,
      status: p.status,
      failureReason: p.failure_reason,
      createdAt: new Date(p.created_at).toISOString(),
    })),
  };
}

/**
 * The feedback widget of the distribution screens: stars, comment, include-song-data,
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
