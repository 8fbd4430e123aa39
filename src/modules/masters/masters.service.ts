import type { ServiceContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import * as repo from './masters.repository.js';
import type { MasterRow } from './masters.repository.js';
import {
  ZMasterMeasurements,
  type TMasterMeasurements,
  type TCanCreateMaster,
  type TCanCreateMasterInput,
  type TIdInput,
  type TMaster,
  type TMasterListFields,
  type TMasterStyle,
  type TMastersInput,
  type TStyleHearing,
  type TTrackAccess,
  type TTrackIdInput,
} from './masters.schemas.js';
import { amountsKeyOf, DEFAULT_AMOUNTS, DEFAULT_INTENSITY, fullAmounts, INTENSITIES, type Amounts, type Intensity } from './masters.constants.js';
import { removeStoredFiles, removeTrackOfUser, toTrack, userIdOf } from './tracks.service.js';

const iso = (value: Date | string) => new Date(value).toISOString();

/** A master's stored measurements JSON as its shape, or null (none yet, or not what the engine writes). */
export function measurementsOf(value: unknown): TMasterMeasurements | null {
  const parsed = ZMasterMeasurements.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A style's or group's name in the caller's language: German where one is set (sql/0078). */
export function localName(locale: string, name: string, nameDe: string | null | undefined): string {
  return locale === 'de' && nameDe ? nameDe : name;
}

/** The style and track columns a master list reads (MASTER_STYLE_COLUMNS and the track's). */
interface MasterStyleRow {
  style_id: number | null;
  style_name: string | null;
  style_name_de: string | null;
  style_index: number | null;
  style_group_id: number | null;
  style_group_name: string | null;
  style_group_name_de: string | null;
  track_name: string;
  track_artist: string | null;
  track_is_custom_master: boolean;
}

/**
 * A master's style (null for an unmastered or custom master) and the list's flat fields, named in
 * the caller's language: the owner's list and a sharee's name a master alike.
 */
export function masterStyleOf(row: MasterStyleRow, locale: string): { style: TMasterStyle | null; listFields: TMasterListFields } {
  const { style_id: id, style_index: styleIndex, style_group_id: groupId } = row;
  const styleName = row.style_name === null ? null : localName(locale, row.style_name, row.style_name_de);
  const groupName = row.style_group_name === null ? null : localName(locale, row.style_group_name, row.style_group_name_de);
  const styled = id !== null && styleName !== null && styleIndex !== null && groupId !== null && groupName !== null;
  return {
    style: styled ? { id, name: styleName, styleIndex, styleGroup: { id: groupId, name: groupName } } : null,
    listFields: { track_name: row.track_name, custom_master: row.track_is_custom_master, track_artist: row.track_artist, style_name: styleName, styleGroup_name: groupName },
  };
}

async function toMasters(db: Database, rows: MasterRow[], locale: string): Promise<TMaster[]> {
  const invoices = await repo.findLatestInvoices(db, rows.map((row) => row.id));
  const latestInvoice = new Map<string, (typeof invoices)[number]>();
  for (const invoice of invoices) if (invoice.master_id && !latestInvoice.has(invoice.master_id)) latestInvoice.set(invoice.master_id, invoice);

  return rows.map((row) => {
    const invoice = latestInvoice.get(row.id);
    const { style, listFields } = masterStyleOf(row, locale);
    return {
      id: row.id,
      // The same Track as myTracks answers: the track's owner is the master's.
      track: toTrack({
        id: row.track_id,
        user_id: row.user_id,
        user_email: row.user_email,
        name: row.track_name,
        artist: row.track_artist,
        genre: row.track_genre,
        album: row.track_album,
        bpm: row.track_bpm,
        is_custom_master: row.track_is_custom_master,
        file_name: row.track_file_name,
        path: row.track_path,
        sample_rate: row.track_sample_rate,
        channels: row.track_channels,
        bits_per_sample: row.track_bits_per_sample,
        sample_format: row.track_sample_format,
        number_of_samples: row.track_number_of_samples,
        created_at: row.track_created_at,
        updated_at: row.track_updated_at,
      }),
      buyingOption: row.buying_option,
      style,
      intensity: row.intensity,
      referenceId: row.reference_id,
      toneAmount: row.tone_amount,
      widthAmount: row.width_amount,
      dynamicsAmount: row.dynamics_amount,
      user: { id: row.user_id, email: row.user_email },
      invoice: invoice
        ? {
            invoiceNumber: Number(invoice.invoice_number),
            couponKey: invoice.coupon_key,
            price: invoice.price_cents / 100,
            couponValue: invoice.coupon_value_cents / 100,
            currency: invoice.currency,
            transactionId: invoice.transaction_id,
          }
        : null,
      status: row.status,
      failedMasteringAttempts: row.failed_mastering_attempts,
      shareCount: row.share_count,
      measurements: measurementsOf(row.measurements),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      ...listFields,
    };
  });
}

/** The caller's masters, unmastered ones included, sorted as asked. */
export async function listMasters(ctx: ServiceContext, input: TMastersInput): Promise<TMaster[]> {
  const rows = await repo.findMasters(ctx.db, { userId: userIdOf(ctx), order: input });
  return toMasters(ctx.db, rows, ctx.locale);
}

/** Every master of one of the caller's tracks; another user's track is not found. */
export async function listTrackMasters(ctx: ServiceContext, input: TTrackIdInput): Promise<TMaster[]> {
  const userId = userIdOf(ctx);
  const rows = await repo.findMasters(ctx.db, { userId, trackId: input.trackId, order: { orderEntity: 'date', orderDirection: 'ASC' } });
  if (rows.length === 0 && (await repo.findTracks(ctx.db, { userId, trackId: input.trackId })).length === 0) throw notFound('track');
  return toMasters(ctx.db, rows, ctx.locale);
}

export async function getUnmasteredMaster(ctx: ServiceContext, input: TTrackIdInput): Promise<TMaster> {
  const rows = await repo.findMasters(ctx.db, { userId: userIdOf(ctx), trackId: input.trackId, unmasteredOnly: true });
  const [master] = await toMasters(ctx.db, rows, ctx.locale);
  if (!master) throw notFound('master');
  return master;
}

export async function getMaster(ctx: ServiceContext, input: TIdInput): Promise<TMaster> {
  const rows = await repo.findMasters(ctx.db, { userId: userIdOf(ctx), masterId: input.id });
  const [master] = await toMasters(ctx.db, rows, ctx.locale);
  if (!master) throw notFound('master');
  return master;
}

/**
 * Removes one of the caller's masters and its files. The unmastered master stands for the upload
 * itself, so removing it removes the whole track (deleting the 'unmastered' row).
 */
export async function removeMaster(ctx: ServiceContext, input: TIdInput): Promise<true> {
  const userId = userIdOf(ctx);
  const [row] = await repo.findMasters(ctx.db, { userId, masterId: input.id });
  if (!row) throw notFound('master');
  if (row.style_id === null) {
    await removeTrackOfUser(ctx, { id: row.track_id });
    return true;
  }
  // A master whose payment is in flight stays until the payment ends: removing it would leave a
  // charge with nothing to book it to (no invoice).
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    if (await repo.hasPendingPayment(trx, { masterId: row.id })) throw new AppError('CONFLICT', PAYMENT_IN_PROGRESS);
    return repo.deleteMaster(trx, row.id, userId);
  });
  if (!deleted) throw notFound('master');
  await removeStoredFiles(ctx, [deleted.path, masterFilesPrefix(deleted.track_id, deleted.id)]);
  return true;
}

export const PAYMENT_IN_PROGRESS = 'master.paymentInProgress';

/** Where derived files of a master (renders, waveform) belong, so removal finds them without rows. */
export const masterFilesPrefix = (trackId: string, masterId: string) => `tracks/${trackId}/masters/${masterId}`;

/**
 * The new-master rule, decided in one place: a style gets a master only while it is
 * enabled (with its group), the track has none of that style yet, and the track's styled masters
 * are fewer than the enabled styles. Ownership is the caller's business (see assertCanCreateMaster).
 */
export async function canCreateMaster(ctx: Pick<ServiceContext, 'db'>, input: TCanCreateMasterInput & { referenceId?: string | null | undefined }): Promise<TCanCreateMaster> {
  // A master toward a reference is one more of its style (once per reference and amounts), outside the styles' count.
  const facts = await repo.newMasterFacts(ctx.db, input.trackId, input.styleId, input.intensity ?? DEFAULT_INTENSITY, fullAmounts(input.amounts), input.referenceId ?? null);
  if (!facts.styleAvailable) return { allowed: false, reason: 'styleNotAvailable' };
  if (facts.mastersOfStyle > 0) return { allowed: false, reason: 'styleAlreadyMastered' };
  // Each enabled style may be mastered once at every intensity.
  if (!input.referenceId && facts.styledMasters >= facts.enabledStyles * INTENSITIES.length) return { allowed: false, reason: 'noStylesLeft' };
  return { allowed: true };
}

/** canCreateMaster for the caller's own track, throwing the reason as a translation key. */
export async function assertCanCreateMaster(ctx: ServiceContext, input: TCanCreateMasterInput): Promise<void> {
  const userId = userIdOf(ctx);
  if ((await repo.findTracks(ctx.db, { userId, trackId: input.trackId })).length === 0) throw notFound('track');
  const verdict = await canCreateMaster(ctx, input);
  if (verdict.allowed) return;
  if (verdict.reason === 'styleNotAvailable') throw new AppError('NOT_FOUND', 'error.styleNotFound', { detail: String(input.styleId) });
  throw new AppError('CONFLICT', `mastering.${verdict.reason}`);
}

/** The style-hearing rule (ZStyleHearing), decided here only: the sidecar asks through styleHearing. */
export function styleHearingOf(access: TTrackAccess, styleId: number, intensity: Intensity = DEFAULT_INTENSITY, amounts: Amounts = DEFAULT_AMOUNTS, referenceId: string | null = null): TStyleHearing {
  if (!access) return 'none';
  if (access.role === 'owner') return 'live';
  // A share opens the shared master only: its style at its intensity and amounts, toward its reference (or none).
  const shared = access.masters
    ? access.masters.some((m) => m.styleId === styleId && m.intensity === intensity && amountsKeyOf(fullAmounts(m.amounts)) === amountsKeyOf(amounts) && (m.referenceId ?? null) === referenceId)
    : access.styleIds.includes(styleId) && referenceId === null;
  return shared ? 'stored' : 'none';
}

/** How the user may hear the track's style at an intensity (styleHearingOf over trackAccessFor). */
export async function styleHearing(
  ctx: Pick<ServiceContext, 'db'>,
  input: { userId: string; trackId: string; styleId: number; intensity?: Intensity | undefined; amounts?: Amounts | undefined; referenceId?: string | null | undefined },
): Promise<TStyleHearing> {
  return styleHearingOf(await trackAccessFor(ctx, input), input.styleId, input.intensity, fullAmounts(input.amounts), input.referenceId ?? null);
}

/** Of a list of tracks, the ids the user may hear (as trackAccessFor decides for one), in one query. */
export async function accessibleTrackIds(ctx: Pick<ServiceContext, 'db'>, input: { userId: string; trackIds: readonly string[] }): Promise<string[]> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuid.test(input.userId)) return [];
  return repo.findAccessibleTrackIds(ctx.db, input.userId, input.trackIds.filter((id) => uuid.test(id)));
}

/** Who may hear a track (media sidecar): its owner; a user some of its masters are shared with, those masters; or nobody. */
export async function trackAccessFor(ctx: Pick<ServiceContext, 'db'>, input: { userId: string; trackId: string }): Promise<TTrackAccess> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuid.test(input.userId) || !uuid.test(input.trackId)) return null;
  return repo.findTrackAccess(ctx.db, input.userId, input.trackId);
}
