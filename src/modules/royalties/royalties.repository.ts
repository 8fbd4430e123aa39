import { sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { StatementLine } from './statement-csv.js';

/**
 * Kysely only: statements, lines, ledger, payouts (sql/0067) and the feedback.
 * Every read for a user is scoped by the provider's user id; sums are cast to bigint and read
 * through Number() (pg and PGlite answer them differently).
 */

const num = (value: unknown): number => Number(value ?? 0);

export function findStatement(db: Database, store: string, period: string) {
  return db
    .selectFrom('royalty_statements')
    .select(['id', 'store', 'period', 'file_sha256', 'rates', 'currency', 'line_count', 'matched_count', 'total_minor'])
    .where(sql<SqlBool>`lower(store) = lower(${store})`)
    .where('period', '=', period)
    .executeTakeFirst();
}
export type StatementRow = NonNullable<Awaited<ReturnType<typeof findStatement>>>;

/** The outlet's own spelling of a store's name, when the name is one of the outlets (sql/0023). */
export async function outletName(db: Database, store: string): Promise<string | null> {
  const row = await db
    .selectFrom('distribution_outlets')
    .select('store_name')
    .where(sql<SqlBool>`lower(store_name) = lower(${store})`)
    .executeTakeFirst();
  return row?.store_name ?? null;
}

export function tracksByIsrc(db: Database, isrcs: string[]) {
  if (isrcs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('distribution_tracks as t')
    .innerJoin('distribution_albums as a', 'a.id', 't.album_id')
    .select(['t.id', 't.album_id', 't.distribution_user_id', 't.isrc', 't.participants', 't.position', 'a.product_code', 'a.state'])
    .where('t.isrc', 'in', isrcs)
    .orderBy('t.id')
    .execute();
}

export function albumsByUpc(db: Database, upcs: string[]) {
  if (upcs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('distribution_albums')
    .select(['id', 'distribution_user_id', 'product_code'])
    .where('product_code', 'in', upcs)
    .execute();
}

export function tracksOfAlbums(db: Database, albumIds: number[]) {
  if (albumIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('distribution_tracks')
    .select(['id', 'album_id', 'distribution_user_id', 'isrc', 'participants', 'position'])
    .where('album_id', 'in', albumIds)
    .orderBy('album_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function insertStatement(
  db: Database,
  values: { store: string; period: string; sha256: string; rates: Record<string, string>; currency: string; lineCount: number; matchedCount: number; totalMinor: number },
): Promise<number> {
  const row = await db
    .insertInto('royalty_statements')
    .values({
      store: values.store,
      period: values.period,
      file_sha256: values.sha256,
      rates: JSON.stringify(values.rates),
      currency: values.currency,
      line_count: values.lineCount,
      matched_count: values.matchedCount,
      total_minor: values.totalMinor,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return num(row.id);
}

/** A parsed statement line with the release it matched (all null when it matched none). */
export interface NewLine extends StatementLine {
  distributionUserId: number | null;
  albumId: number | null;
  trackId: number | null;
}

const CHUNK = 500;

/** Inserts the lines in chunks; answers each line number's row id. */
export async function insertLines(db: Database, statementId: number, lines: NewLine[]): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (let start = 0; start < lines.length; start += CHUNK) {
    const rows = await db
      .insertInto('royalty_lines')
      .values(
        lines.slice(start, start + CHUNK).map((line) => ({
          statement_id: statementId,
          line_no: line.line,
          isrc: line.isrc,
          upc: line.upc,
          territory: line.territory,
          usage_type: line.usageType,
          quantity: line.quantity,
          net_revenue: line.netRevenue,
          net_currency: line.currency,
          amount_minor: line.amountMinor,
          distribution_user_id: line.distributionUserId,
          album_id: line.albumId,
          track_id: line.trackId,
        })),
      )
      .returning(['id', 'line_no'])
      .execute();
    for (const row of rows) ids.set(row.line_no, num(row.id));
  }
  return ids;
}

export interface NewLedgerEntry {
  lineId: number;
  trackId: number;
  participantId: number;
  distributionUserId: number;
  shareHundredths: number;
  amountMinor: number;
}

export async function insertLedgerEntries(db: Database, entries: NewLedgerEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += CHUNK) {
    await db
      .insertInto('royalty_ledger')
      .values(
        entries.slice(start, start + CHUNK).map((entry) => ({
          line_id: entry.lineId,
          track_id: entry.trackId,
          participant_id: entry.participantId,
          distribution_user_id: entry.distributionUserId,
          share_hundredths: entry.shareHundredths,
          amount_minor: entry.amountMinor,
        })),
      )
      .execute();
  }
}

export function unmatchedLines(db: Database, statementId: number) {
  return db
    .selectFrom('royalty_lines')
    .select(['line_no', 'isrc', 'upc', 'territory', 'amount_minor'])
    .where('statement_id', '=', statementId)
    .where('distribution_user_id', 'is', null)
    .orderBy('line_no')
    .execute();
}

export async function creditedOf(db: Database, statementId: number): Promise<number> {
  const row = await db
    .selectFrom('royalty_ledger')
    .innerJoin('royalty_lines', 'royalty_lines.id', 'royalty_ledger.line_id')
    .select(sql<string>`coalesce(sum(royalty_ledger.amount_minor), 0)::bigint`.as('credited'))
    .where('royalty_lines.statement_id', '=', statementId)
    .executeTakeFirstOrThrow();
  return num(row.credited);
}

/** Payout runs one at a time (held to the end of the caller's transaction). */
export async function lockPayoutRuns(db: Database): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('royalty-payout-run'))`.execute(db);
}

/** Every unpaid ledger entry, locked until the payout run's transaction ends. */
export async function unpaidEntries(db: Database) {
  const rows = await db
    .selectFrom('royalty_ledger')
    .select(['id', 'participant_id', 'amount_minor'])
    .where('payout_id', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => ({ id: num(row.id), participantId: num(row.participant_id), amountMinor: num(row.amount_minor) }));
}

export function participantsByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('distribution_participants').select(['id', 'name', 'email', 'distribution_user_id']).where('id', 'in', ids).execute();
}

export async function insertPayout(
  db: Database,
  values: { runId: string; participantId: number; distributionUserId: number; email: string; amountMinor: number; feeMinor: number; currency: string; provider: string },
): Promise<number> {
  const row = await db
    .insertInto('royalty_payouts')
    .values({
      run_id: values.runId,
      participant_id: values.participantId,
      distribution_user_id: values.distributionUserId,
      email: values.email,
      amount_minor: values.amountMinor,
      fee_minor: values.feeMinor,
      currency: values.currency,
      provider: values.provider,
      status: 'pending',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return num(row.id);
}

/** Marks these entries as paid by the payout, each only while still unpaid; answers how many. */
export async function markPaid(db: Database, entryIds: number[], payoutId: number): Promise<number> {
  let marked = 0;
  for (let start = 0; start < entryIds.length; start += CHUNK) {
    const result = await db
      .updateTable('royalty_ledger')
      .set({ payout_id: payoutId })
      .where('id', 'in', entryIds.slice(start, start + CHUNK))
      .where('payout_id', 'is', null)
      .executeTakeFirst();
    marked += num(result.numUpdatedRows);
  }
  return marked;
}

/** Payouts with the participant each pays (its name; none once the participant is gone). */
const selectPayouts = (db: Database) => db.selectFrom('royalty_payouts as o').leftJoin('distribution_participants as p', 'p.id', 'o.participant_id');

/** The run's payouts as the provider is sent them (the same items on every attempt), with who made the releases. */
export function payoutsOfRun(db: Database, runId: string) {
  return selectPayouts(db)
    .select(['o.id', 'o.run_id', 'o.participant_id', 'o.distribution_user_id', 'o.email', 'o.amount_minor', 'o.fee_minor', 'o.currency', 'o.provider', 'o.provider_reference', 'o.status', 'o.failure_reason', 'p.name'])
    .where('o.run_id', '=', runId)
    .orderBy('o.id')
    .execute();
}

/** Runs with a payout the provider has not settled yet, oldest first. */
export async function openRuns(db: Database): Promise<string[]> {
  const rows = await db.selectFrom('royalty_payouts').select('run_id').where('status', 'in', ['pending', 'submitted']).groupBy('run_id').orderBy(sql`min(id)`).execute();
  return rows.map((row) => row.run_id);
}

export async function markSubmitted(db: Database, runId: string, reference: string): Promise<void> {
  await db.updateTable('royalty_payouts').set({ provider_reference: reference, status: 'submitted' }).where('run_id', '=', runId).where('status', '=', 'pending').execute();
}

export async function notePending(db: Database, payoutId: number, providerStatus: string, providerItemId: string | null): Promise<void> {
  await db.updateTable('royalty_payouts').set({ provider_status: providerStatus, provider_item_id: providerItemId }).where('id', '=', payoutId).where('status', '=', 'submitted').execute();
}

/** Settles a submitted payout once: answers whether this call did (a concurrent poll finds it settled). */
export async function settlePayout(
  db: Database,
  payoutId: number,
  values: { status: 'confirmed' | 'returned'; providerStatus: string; providerItemId: string | null; failureReason: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('royalty_payouts')
    .set({ status: values.status, provider_status: values.providerStatus, provider_item_id: values.providerItemId, failure_reason: values.failureReason, settled_at: new Date() })
    .where('id', '=', payoutId)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  return num(result.numUpdatedRows) === 1;
}

export function payoutById(db: Database, payoutId: number) {
  return selectPayouts(db)
    .select(['o.id', 'o.distribution_user_id', 'o.email', 'o.amount_minor', 'o.fee_minor', 'o.currency', 'o.provider', 'o.notified_at', 'p.name'])
    .where('o.id', '=', payoutId)
    .executeTakeFirst();
}

/** A participant's balance: the sum of their unpaid entries (below zero after a fine). */
export async function balanceOf(db: Database, participantId: number): Promise<number> {
  const row = await db
    .selectFrom('royalty_ledger')
    .select(sql<string>`coalesce(sum(amount_minor), 0)::bigint`.as('balance'))
    .where('participant_id', '=', participantId)
    .where('payout_id', 'is', null)
    .executeTakeFirstOrThrow();
  return num(row.balance);
}

/** Of these participants, the ones whose current payout e-mail is confirmed. */
export async function confirmedParticipants(db: Database, participantIds: number[]): Promise<Set<number>> {
  if (participantIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('payout_address_confirmations as c')
    .innerJoin('distribution_participants as p', 'p.id', 'c.participant_id')
    .select('c.participant_id')
    .where('c.participant_id', 'in', participantIds)
    .where('c.confirmed_at', 'is not', null)
    .where(sql<SqlBool>`lower(c.email) = lower(p.email)`)
    .execute();
  return new Set(rows.map((row) => num(row.participant_id)));
}

/**
 * A new confirmation token for the participant's current address, unless one was asked for within
 * `resendAfterMs` (a run a day must not mail every day); answers whether to mail it.
 */
export async function requestConfirmation(db: Database, participantId: number, email: string, tokenSha256: string, resendAfterMs: number): Promise<boolean> {
  const row = await db
    .insertInto('payout_address_confirmations')
    .values({ participant_id: participantId, email, token_sha256: tokenSha256 })
    .onConflict((oc) =>
      oc
        .expression(sql`participant_id, lower(email)`)
        .doUpdateSet({ token_sha256: tokenSha256, requested_at: sql`now()` })
        .where(sql<SqlBool>`payout_address_confirmations.confirmed_at is null and payout_address_confirmations.requested_at < now() - make_interval(secs => ${resendAfterMs / 1000})`),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Confirms the address the token was sent to, while it is still the participant's payout e-mail. */
export async function confirmAddress(db: Database, tokenSha256: string) {
  return db
    .updateTable('payout_address_confirmations as c')
    .from('distribution_participants as p')
    .set({ confirmed_at: sql`coalesce(c.confirmed_at, now())` })
    .whereRef('p.id', '=', 'c.participant_id')
    .where('c.token_sha256', '=', tokenSha256)
    .where(sql<SqlBool>`lower(c.email) = lower(p.email)`)
    .returning(['c.email', 'p.distribution_user_id'])
    .executeTakeFirst();
}

export async function setNotified(db: Database, payoutId: number): Promise<void> {
  await db.updateTable('royalty_payouts').set({ notified_at: new Date() }).where('id', '=', payoutId).execute();
}

/** Money of a payout that came back, on the participant's balance again with the reason. */
export async function insertReturnedEntry(
  db: Database,
  values: { payoutId: number; participantId: number; distributionUserId: number; amountMinor: number; reason: string },
): Promise<void> {
  await db
    .insertInto('royalty_ledger')
    .values({
      kind: 'returned',
      participant_id: values.participantId,
      distribution_user_id: values.distributionUserId,
      share_hundredths: 10000,
      amount_minor: values.amountMinor,
      reason: values.reason.slice(0, 500),
      returned_payout_id: values.payoutId,
    })
    .execute();
}

/** An operator's adjustment (a store's fine is negative) or hold (negative) on a participant's balance. */
export async function insertAdjustment(
  db: Database,
  values: { kind: 'adjustment' | 'hold'; participantId: number; distributionUserId: number; amountMinor: number; reason: string },
): Promise<number> {
  const row = await db
    .insertInto('royalty_ledger')
    .values({ kind: values.kind, participant_id: values.participantId, distribution_user_id: values.distributionUserId, share_hundredths: 10000, amount_minor: values.amountMinor, reason: values.reason })
    .returning('id')
    .executeTakeFirstOrThrow();
  return num(row.id);
}

export function holdById(db: Database, holdId: number) {
  return db
    .selectFrom('royalty_ledger as h')
    .select(['h.id', 'h.participant_id', 'h.distribution_user_id', 'h.amount_minor', 'h.reason'])
    .select((eb) => eb.exists(eb.selectFrom('royalty_ledger as r').select('r.id').whereRef('r.released_hold_id', '=', 'h.id')).as('released'))
    .where('h.id', '=', holdId)
    .where('h.kind', '=', 'hold')
    .executeTakeFirst();
}

export async function insertRelease(db: Database, hold: { id: number; participantId: number; distributionUserId: number; amountMinor: number; reason: string }): Promise<void> {
  await db
    .insertInto('royalty_ledger')
    .values({ kind: 'release', participant_id: hold.participantId, distribution_user_id: hold.distributionUserId, share_hundredths: 10000, amount_minor: hold.amountMinor, reason: hold.reason, released_hold_id: hold.id })
    .execute();
}

/** Ledger entries earned by a statement line, with the line, its statement and the track it matched (if any). */
function selectStatementEntries(db: Database) {
  return db
    .selectFrom('royalty_ledger as e')
    .innerJoin('royalty_lines as l', 'l.id', 'e.line_id')
    .innerJoin('royalty_statements as s', 's.id', 'l.statement_id')
    .leftJoin('distribution_tracks as t', 't.id', 'e.track_id');
}

/** What the payout e-mail lists: the payout's ledger lines, and the language and label of the user who named the participant. */
export function payoutLines(db: Database, payoutId: number) {
  return selectStatementEntries(db)
    .select(['s.period', 's.store', 't.name as track_name', 'l.isrc', 'l.territory', 'e.share_hundredths', 'e.amount_minor'])
    .where('e.payout_id', '=', payoutId)
    .orderBy('s.period')
    .orderBy('e.id')
    .execute();
}

export function ownerOfDistributionUser(db: Database, distributionUserId: number) {
  return db
    .selectFrom('distribution_users as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .leftJoin('distribution_labels as lb', (join) => join.on(sql<SqlBool>`lb.id::text = u.distribution_label_id`))
    .select(['u.locale', 'u.first_name', 'u.last_name', 'lb.name as label_name'])
    .where('d.id', '=', distributionUserId)
    .executeTakeFirst();
}

// --- reads for the user's screens -------------------------------------------------------------

const streamsOf = sql<string>`coalesce(sum(case when l.usage_type = 'stream' then l.quantity else 0 end), 0)::bigint`;
const downloadsOf = sql<string>`coalesce(sum(case when l.usage_type = 'download' then l.quantity else 0 end), 0)::bigint`;
const revenueOf = sql<string>`coalesce(sum(l.amount_minor), 0)::bigint`;

function userLines(db: Database, distributionUserId: string) {
  return db
    .selectFrom('royalty_lines as l')
    .innerJoin('royalty_statements as s', 's.id', 'l.statement_id')
    .where('l.distribution_user_id', '=', distributionUserId);
}

export const figuresOf = (row: { streams: unknown; downloads: unknown; revenue: unknown }) => ({
  streams: num(row.streams),
  downloads: num(row.downloads),
  revenueMinor: num(row.revenue),
});

export async function analyticsOf(db: Database, distributionUserId: string) {
  const figures = [streamsOf.as('streams'), downloadsOf.as('downloads'), revenueOf.as('revenue')] as const;
  const [totals, periods, storePeriods, releases, tracks, stores, countries] = await Promise.all([
    userLines(db, distributionUserId).select([...figures, sql<string>`count(*)::bigint`.as('lines')]).executeTakeFirstOrThrow(),
    userLines(db, distributionUserId).select(['s.period', ...figures]).groupBy('s.period').orderBy('s.period').execute(),
    userLines(db, distributionUserId)
      .select(['s.period', 's.store', 'l.album_id', streamsOf.as('streams'), revenueOf.as('revenue')])
      .groupBy(['s.period', 's.store', 'l.album_id'])
      .orderBy('s.period')
      .orderBy('s.store')
      .orderBy('l.album_id')
      .execute(),
    userLines(db, distributionUserId)
      .innerJoin('distribution_albums as a', 'a.id', 'l.album_id')
      .select(['a.id', 'a.name', 'a.product_code', ...figures])
      .groupBy(['a.id', 'a.name', 'a.product_code'])
      .orderBy(revenueOf, 'desc')
      .orderBy('a.id')
      .execute(),
    userLines(db, distributionUserId)
      .innerJoin('distribution_tracks as t', 't.id', 'l.track_id')
      .innerJoin('distribution_albums as a', 'a.id', 't.album_id')
      .select(['t.id', 't.name', 't.isrc', 'a.id as album_id', 'a.name as album_name', ...figures])
      .groupBy(['t.id', 't.name', 't.isrc', 'a.id', 'a.name'])
      .orderBy(revenueOf, 'desc')
      .orderBy('t.id')
      .execute(),
    userLines(db, distributionUserId).select(['s.store', ...figures]).groupBy('s.store').orderBy(streamsOf, 'desc').orderBy('s.store').execute(),
    userLines(db, distributionUserId).select(['l.territory', ...figures]).groupBy('l.territory').orderBy(streamsOf, 'desc').orderBy('l.territory').execute(),
  ]);
  return { totals, periods, storePeriods, releases, tracks, stores, countries };
}

export function participantsWithBalances(db: Database, distributionUserId: string) {
  const sumWhere = (condition: Expression<SqlBool>) =>
    sql<string>`coalesce((select sum(e.amount_minor) from royalty_ledger e where e.participant_id = p.id and ${condition}), 0)::bigint`;
  const payoutsWhere = (condition: Expression<SqlBool>) =>
    sql<string>`coalesce((select sum(o.amount_minor) from royalty_payouts o where o.participant_id = p.id and ${condition}), 0)::bigint`;
  return db
    .selectFrom('distribution_participants as p')
    .select([
      'p.id',
      'p.name',
      'p.email',
      sumWhere(sql<SqlBool>`e.kind = 'earning'`).as('earned'),
      sumWhere(sql<SqlBool>`e.kind = 'adjustment'`).as('adjusted'),
      sumWhere(sql<SqlBool>`e.kind = 'hold' and not exists (select 1 from royalty_ledger r where r.released_hold_id = e.id)`).as('held'),
      sumWhere(sql<SqlBool>`e.payout_id is null`).as('balance'),
      payoutsWhere(sql<SqlBool>`o.status = 'confirmed'`).as('paid'),
      payoutsWhere(sql<SqlBool>`o.status in ('pending', 'submitted')`).as('in_transit'),
    ])
    .where('p.distribution_user_id', '=', distributionUserId)
    .orderBy('p.id')
    .execute();
}

/** Entries that are not statement lines: adjustments, holds and their releases, money that came back. */
export function otherEntries(db: Database, distributionUserId: string, limit: number) {
  return db
    .selectFrom('royalty_ledger as e')
    .innerJoin('distribution_participants as p', 'p.id', 'e.participant_id')
    .select(['e.id', 'e.kind', 'e.reason', 'e.participant_id', 'p.name as participant_name', 'e.amount_minor', 'e.payout_id', 'e.created_at'])
    .where('e.distribution_user_id', '=', distributionUserId)
    .where('e.kind', '<>', 'earning')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
}

export function ledgerEntries(db: Database, distributionUserId: string, limit: number) {
  return selectStatementEntries(db)
    .innerJoin('distribution_participants as p', 'p.id', 'e.participant_id')
    .select(['e.id', 's.period', 's.store', 't.name as track_name', 't.isrc', 'l.territory', 'e.participant_id', 'p.name as participant_name', 'e.share_hundredths', 'e.amount_minor', 'e.payout_id'])
    .where('e.distribution_user_id', '=', distributionUserId)
    .orderBy('s.period', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
}

export function payoutsOf(db: Database, distributionUserId: string) {
  return selectPayouts(db)
    .select(['o.id', 'p.name', 'o.email', 'o.amount_minor', 'o.fee_minor', 'o.currency', 'o.status', 'o.failure_reason', 'o.created_at'])
    .where('o.distribution_user_id', '=', distributionUserId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
}

// --- feedback -----------------------------------------------------------------------------------

export async function insertFeedback(
  db: Database,
  values: { userId: string; soundRating: number; overallRating: number; comment: string; page: string; includeSongData: boolean; songData: unknown },
): Promise<number> {
  const row = await db
    .insertInto('distribution_feedback')
    .values({
      user_id: values.userId,
      sound_rating: values.soundRating,
      overall_rating: values.overallRating,
      comment: values.comment,
      page: values.page,
      include_song_data: values.includeSongData,
      song_data: values.songData === null ? null : JSON.stringify(values.songData),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return num(row.id);
}

/** What "include song data" attaches: the user's releases with their tracks (ids, names, ISRC, UPC, state). */
export function songDataOf(db: Database, distributionUserId: string) {
  return db
    .selectFrom('distribution_albums as a')
    .leftJoin('distribution_tracks as t', 't.album_id', 'a.id')
    .select(['a.id as album_id', 'a.name as album_name', 'a.product_code', 'a.state', 't.id as track_id', 't.name as track_name', 't.isrc'])
    .where('a.distribution_user_id', '=', distributionUserId)
    .orderBy('a.id')
    .orderBy('t.position')
    .execute();
}

export function feedbackList(db: Database, limit: number) {
  return db
    .selectFrom('distribution_feedback as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.id', 'u.email', 'f.sound_rating', 'f.overall_rating', 'f.comment', 'f.page', 'f.include_song_data', 'f.song_data', 'f.created_at'])
    .orderBy('f.id', 'desc')
    .limit(limit)
    .execute();
}
