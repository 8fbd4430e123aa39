import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { DB, MasterIntensity, MasterStatus } from '../../platform/db/schema.js';
import type { TMasterStatus, TMastersInput, TTrackAccess } from './masters.schemas.js';
import { DEFAULT_AMOUNTS, type Amounts } from './masters.constants.js';

/** Kysely only: tracks, masters and what hangs on them. Reads list their columns. */

// The table's status column and the API's status union must name the same values: this fails the typecheck otherwise.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _statusesAgree: Same<MasterStatus, TMasterStatus> = true;

const TRACK_COLUMNS = [
  'tracks.id',
  'tracks.user_id',
  'tracks.name',
  'tracks.artist',
  'tracks.genre',
  'tracks.album',
  'tracks.bpm',
  'tracks.is_custom_master',
  'tracks.path',
  'tracks.file_name',
  'tracks.sample_rate',
  'tracks.channels',
  'tracks.bits_per_sample',
  'tracks.sample_format',
  'tracks.number_of_samples',
  'tracks.byte_length',
  'tracks.data_offset',
  'tracks.data_bytes',
  'tracks.created_at',
  'tracks.updated_at',
] as const;

export function findTracks(db: Database, filter: { userId: string; trackId?: string }) {
  let query = db
    .selectFrom('tracks')
    .innerJoin('users', 'users.id', 'tracks.user_id')
    .select([...TRACK_COLUMNS, 'users.email as user_email'])
    .where('tracks.user_id', '=', filter.userId)
    .orderBy('tracks.created_at', 'desc')
    .orderBy('tracks.id');
  if (filter.trackId) query = query.where('tracks.id', '=', filter.trackId);
  return query.execute();
}
export type TrackRow = Awaited<ReturnType<typeof findTracks>>[number];

/** The track with a row lock, for changes that must not race (upload into it, removal). */
export function lockTrack(db: Database, trackId: string, userId: string) {
  return db
    .selectFrom('tracks')
    .select(['id', 'user_id', 'path'])
    .where('id', '=', trackId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export function insertTrack(
  db: Database,
  values: { id?: string; userId: string; name: string; isCustomMaster: boolean },
) {
  return db
    .insertInto('tracks')
    .values({ ...(values.id ? { id: values.id } : {}), user_id: values.userId, name: values.name, is_custom_master: values.isCustomMaster })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export interface TrackAudioColumns {
  path: string;
  fileName: string;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  sampleFormat: 'int' | 'float';
  frames: number;
  byteLength: number;
  dataOffset: number;
  dataBytes: number;
}

/** Fills the audio of a track that has none; answers undefined when it already has some. */
export function setTrackAudio(db: Database, trackId: string, audio: TrackAudioColumns, extra: { isCustomMaster?: boolean } = {}) {
  return db
    .updateTable('tracks')
    .set({
      path: audio.path,
      file_name: audio.fileName,
      sample_rate: audio.sampleRate,
      channels: audio.channels,
      bits_per_sample: audio.bitsPerSample,
      sample_format: audio.sampleFormat,
      number_of_samples: audio.frames,
      byte_length: audio.byteLength,
      data_offset: audio.dataOffset,
      data_bytes: audio.dataBytes,
      ...(extra.isCustomMaster ? { is_custom_master: true } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', trackId)
    .where('path', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

export function updateTrack(
  db: Database,
  trackId: string,
  userId: string,
  changes: { name?: string; artist?: string | null; genre?: string | null; album?: string | null; bpm?: number | null },
) {
  return db
    .updateTable('tracks')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', trackId)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
}

export function deleteTrack(db: Database, trackId: string, userId: string) {
  return db.deleteFrom('tracks').where('id', '=', trackId).where('user_id', '=', userId).returning(['id', 'path']).executeTakeFirst();
}

export function insertUnmasteredMaster(db: Database, trackId: string, userId: string) {
  return db.insertInto('masters').values({ track_id: trackId, user_id: userId, style_id: null }).returning('id').executeTakeFirstOrThrow();
}

/** The list orders (masters and shared-with-me lists alike), ties broken by date. */
export const MASTER_ORDER_COLUMNS = {
  date: [sql`masters.created_at`],
  title: [sql`lower(tracks.name)`, sql`masters.created_at`],
  style: [sql`style_groups.name`, sql`styles.name`, sql`masters.created_at`],
} as const;

/**
 * A master with its track, and its style and style group where it has one (an unmastered master or a
 * custom master has none): the join every read of a master with its names starts from.
 */
export function selectMastersWithStyle(db: Database) {
  return db
    .selectFrom('masters')
    .innerJoin('tracks', 'tracks.id', 'masters.track_id')
    .leftJoin('styles', 'styles.id', 'masters.style_id')
    .leftJoin('style_groups', 'style_groups.id', 'styles.style_group_id');
}

/** The style and group columns every view of a master with its style reads: one list, so the views name the style alike. */
export const MASTER_STYLE_COLUMNS = [
  'styles.name as style_name',
  'styles.name_de as style_name_de',
  'styles.style_index as style_index',
  'style_groups.id as style_group_id',
  'style_groups.name as style_group_name',
  'style_groups.name_de as style_group_name_de',
] as const;

/** Masters with their track, style, group and owner, in one query. */
export function findMasters(
  db: Database,
  filter: { userId: string; masterId?: string; trackId?: string; unmasteredOnly?: boolean; order?: TMastersInput },
) {
  let query = selectMastersWithStyle(db)
    .innerJoin('users', 'users.id', 'masters.user_id')
    .select([
      'masters.id',
      'masters.track_id',
      'masters.user_id',
      'masters.style_id',
      'masters.intensity',
      'masters.reference_id',
      'masters.tone_amount',
      'masters.width_amount',
      'masters.dynamics_amount',
      'masters.buying_option',
      'masters.status',
      'masters.failed_mastering_attempts',
      'masters.share_count',
      'masters.path',
      'masters.measurements',
      'masters.created_at',
      'masters.updated_at',
      'users.email as user_email',
      'tracks.name as track_name',
      'tracks.artist as track_artist',
      'tracks.genre as track_genre',
      'tracks.album as track_album',
      'tracks.bpm as track_bpm',
      'tracks.is_custom_master as track_is_custom_master',
      'tracks.file_name as track_file_name',
      'tracks.path as track_path',
      'tracks.sample_rate as track_sample_rate',
      'tracks.channels as track_channels',
      'tracks.bits_per_sample as track_bits_per_sample',
      'tracks.sample_format as track_sample_format',
      'tracks.number_of_samples as track_number_of_samples',
      'tracks.created_at as track_created_at',
      'tracks.updated_at as track_updated_at',
      ...MASTER_STYLE_COLUMNS,
    ])
    .where('masters.user_id', '=', filter.userId);
  if (filter.masterId) query = query.where('masters.id', '=', filter.masterId);
  if (filter.trackId) query = query.where('masters.track_id', '=', filter.trackId);
  if (filter.unmasteredOnly) query = query.where('masters.style_id', 'is', null);
  const order = filter.order ?? { orderEntity: 'date', orderDirection: 'DESC' };
  const direction = order.orderDirection === 'ASC' ? sql`asc` : sql`desc`;
  for (const column of MASTER_ORDER_COLUMNS[order.orderEntity]) query = query.orderBy(sql`${column} ${direction}`);
  return query.orderBy('masters.id').execute();
}
export type MasterRow = Awaited<ReturnType<typeof findMasters>>[number];

/**
 * The invoices of each master, newest first (an upgrade from option 1 to 2 makes a second one): its
 * own, and those of albums it was bought with (a line of the album's invoice names it).
 */
export function findLatestInvoices(db: Database, masterIds: string[]) {
  if (masterIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('invoices')
    .leftJoin('invoice_lines', 'invoice_lines.invoice_number', 'invoices.invoice_number')
    .select((eb) => [
      eb.fn.coalesce('invoice_lines.master_id', 'invoices.master_id').as('master_id'),
      'invoices.invoice_number',
      'invoices.coupon_key',
      'invoices.price_cents',
      'invoices.coupon_value_cents',
      'invoices.currency',
      'invoices.transaction_id',
    ])
    .where((eb) => eb.or([eb('invoices.master_id', 'in', masterIds), eb('invoice_lines.master_id', 'in', masterIds)]))
    .orderBy('invoices.invoice_number', 'desc')
    .execute();
}

/** Storage keys of a track's files that the rows know of. */
export function findMasterPathsOfTrack(db: Database, trackId: string) {
  return db.selectFrom('masters').select(['id', 'path']).where('track_id', '=', trackId).execute();
}

/**
 * Whether any master of these has a payment in flight. Called with the masters locked (FOR UPDATE):
 * a pay claims its pending row under the same lock, so no claim slips in between check and delete.
 */
export async function hasPendingPayment(db: Database, where: { masterId: string } | { trackId: string }): Promise<boolean> {
  const masters = db.selectFrom('masters').select('id').forUpdate();
  const locked = await ('masterId' in where ? masters.where('id', '=', where.masterId) : masters.where('track_id', '=', where.trackId)).execute();
  if (locked.length === 0) return false;
  const ids = locked.map((row) => row.id);
  // An album's payment names its masters in its quote's lines (sql/0285).
  const pending = await db
    .selectFrom('payments')
    .select('id')
    .where((eb) => eb.or([eb('master_id', 'in', ids), ...ids.map((masterId) => sql<boolean>`quote->'lines' @> ${JSON.stringify([{ masterId }])}::jsonb`)]))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return pending !== undefined;
}

export function deleteMaster(db: Database, masterId: string, userId: string) {
  return db
    .deleteFrom('masters')
    .where('id', '=', masterId)
    .where('user_id', '=', userId)
    .where('style_id', 'is not', null)
    .returning(['id', 'track_id', 'path'])
    .executeTakeFirst();
}

/**
 * The track's master of the style at the intensity and amounts, made toward the reference (null:
 * toward none): the settings that make a master one of its own, for reads, updates and counts alike.
 */
export function isMasterWithSettings(trackId: string, styleId: number, intensity: MasterIntensity, amounts: Amounts = DEFAULT_AMOUNTS, referenceId: string | null = null) {
  return (eb: ExpressionBuilder<DB, 'masters'>) =>
    eb.and([
      eb('track_id', '=', trackId),
      eb('style_id', '=', styleId),
      eb('intensity', '=', intensity),
      eb('tone_amount', '=', amounts.tone),
      eb('width_amount', '=', amounts.width),
      eb('dynamics_amount', '=', amounts.dynamics),
      referenceId === null ? eb('reference_id', 'is', null) : eb('reference_id', '=', referenceId),
    ]);
}

/** How many styles users can master with: the style and its group are both enabled. */
function countEnabledStyles(eb: ExpressionBuilder<DB, never>) {
  return eb
    .selectFrom('styles')
    .innerJoin('style_groups', 'style_groups.id', 'styles.style_group_id')
    .select(eb.fn.countAll<number>().as('n'))
    .where('styles.enabled', '=', true)
    .where('style_groups.enabled', '=', true);
}

/** Counts for the new-master rule. */
export async function newMasterFacts(db: Database, trackId: string, styleId: number, intensity: MasterIntensity, amounts: Amounts = DEFAULT_AMOUNTS, referenceId: string | null = null) {
  const row = await db
    .selectNoFrom((eb) => [
      countEnabledStyles(eb).as('enabled_styles'),
      eb
        .selectFrom('masters')
        .select(eb.fn.countAll<number>().as('n'))
        .where('track_id', '=', trackId)
        .where('style_id', 'is not', null)
        .where('reference_id', 'is', null)
        .as('styled_masters'),
      eb
        .selectFrom('masters')
        .select(eb.fn.countAll<number>().as('n'))
        .where(isMasterWithSettings(trackId, styleId, intensity, amounts, referenceId))
        .as('masters_of_style'),
      countEnabledStyles(eb).where('styles.id', '=', styleId).as('style_available'),
    ])
    .executeTakeFirstOrThrow();
  return {
    enabledStyles: Number(row.enabled_styles),
    styledMasters: Number(row.styled_masters),
    mastersOfStyle: Number(row.masters_of_style),
    styleAvailable: Number(row.style_available) > 0,
  };
}

/**
 * The owner, or the styles of the track's masters shared with the user's e-mail (a share of a
 * master opens that master and the original, not the owner's other masters), or null.
 */
/** Of the given tracks, those the user may hear (findTrackAccess's rule, one query for the whole list). */
export async function findAccessibleTrackIds(db: Database, userId: string, trackIds: readonly string[]): Promise<string[]> {
  if (trackIds.length === 0) return [];
  const rows = await db
    .selectFrom('tracks')
    .select('tracks.id')
    .where('tracks.id', 'in', trackIds)
    .where((eb) =>
      eb.or([
        eb('tracks.user_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('shares')
            .innerJoin('masters', 'masters.id', 'shares.master_id')
            .innerJoin('users', 'users.email', 'shares.email')
            .select('shares.id')
            .whereRef('masters.track_id', '=', 'tracks.id')
            .where('users.id', '=', userId),
        ),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}

export async function findTrackAccess(db: Database, userId: string, trackId: string): Promise<TTrackAccess> {
  const track = await db.selectFrom('tracks').select('user_id').where('id', '=', trackId).executeTakeFirst();
  if (!track) return null;
  if (track.user_id === userId) return { role: 'owner' };
  const shared = await db
    .selectFrom('shares')
    .innerJoin('masters', 'masters.id', 'shares.master_id')
    .innerJoin('users', 'users.email', 'shares.email')
    .select(['masters.style_id', 'masters.intensity', 'masters.tone_amount', 'masters.width_amount', 'masters.dynamics_amount', 'masters.reference_id'])
    .where('masters.track_id', '=', trackId)
    .where('users.id', '=', userId)
    .execute();
  if (shared.length === 0) return null;
  const styleIds = [...new Set(shared.flatMap((row) => (row.style_id === null ? [] : [row.style_id])))].sort((a, b) => a - b);
  const masters = shared.flatMap((row) =>
    row.style_id === null ? [] : [{ styleId: row.style_id, intensity: row.intensity, amounts: { tone: row.tone_amount, width: row.width_amount, dynamics: row.dynamics_amount }, referenceId: row.reference_id }],
  );
  return { role: 'shared', styleIds, masters };
}
