import type { ServiceContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
// The new-master rule and track access live in the masters module: one decision point each.
import { assertStorageForMaster, canCreateMaster, measurementsOf, styleHearing as styleHearingFor, trackAccessFor } from '../masters/index.js';
import * as repo from './streaming.repository.js';
import {
  DEFAULT_AMOUNTS,
  fullAmounts,
  MAX_FAILED_MASTERING_ATTEMPTS,
  type Amounts,
  type Intensity,
  type TMasterStreamInfo,
  type TRecordMasteredInput,
  type TStyleHearing,
  type TTrackAccess,
  type TTrackAudioInfo,
} from './streaming.schemas.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who may hear a track: its owner, or a user one of its masters is shared with
 * (masters' trackAccessFor). Answers null for an unknown track as well, so a caller cannot probe for ids.
 */
export function trackAccess(ctx: Pick<ServiceContext, 'db'>, input: { userId: string; trackId: string }): Promise<TTrackAccess> {
  return trackAccessFor(ctx, input);
}

/** How the user may hear one style of the track (masters' styleHearingOf); 'none' for unknown ids. */
export function styleHearing(
  ctx: Pick<ServiceContext, 'db'>,
  input: { userId: string; trackId: string; styleId: number; intensity?: Intensity | undefined; amounts?: Amounts | undefined; referenceId?: string | null | undefined },
): Promise<TStyleHearing> {
  return styleHearingFor(ctx, input);
}

/**
 * Whether the id names the track's unmastered master: the id an upload answers,
 * whose audio is the original, so a client asking for its stream hears the original.
 */
export async function isUnmasteredMaster(ctx: Pick<ServiceContext, 'db'>, input: { trackId: string; masterId: string }): Promise<boolean> {
  if (!UUID.test(input.trackId) || !UUID.test(input.masterId)) return false;
  const row = await repo.findMasterById(ctx.db, input.masterId);
  return row !== undefined && row.track_id === input.trackId && row.style_id === null;
}

/** Where the track's original lives and what it is; null when the track is unknown or holds no audio yet. */
export async function trackAudioInfo(ctx: Pick<ServiceContext, 'db'>, input: { trackId: string }): Promise<TTrackAudioInfo | null> {
  if (!UUID.test(input.trackId)) return null;
  const track = await repo.findTrackOwnerAndAudio(ctx.db, input.trackId);
  if (!track?.path || track.sample_rate === null || track.channels === null) return null;
  return {
    trackId: track.id,
    ownerId: track.user_id,
    path: track.path,
    sampleRate: track.sample_rate,
    channels: track.channels,
    isCustomMaster: track.is_custom_master,
  };
}

const amountsOfRow = (row: { tone_amount: number; width_amount: number; dynamics_amount: number }): Amounts => ({ tone: row.tone_amount, width: row.width_amount, dynamics: row.dynamics_amount });
/** Same style, intensity, amounts and reference (null: none): the same master. */
export const sameSteering = (
  row: { intensity: Intensity; tone_amount: number; width_amount: number; dynamics_amount: number; reference_id: string | null },
  intensity: Intensity,
  amounts: Amounts = DEFAULT_AMOUNTS,
  referenceId: string | null = null,
): boolean => row.intensity === intensity && row.tone_amount === amounts.tone && row.width_amount === amounts.width && row.dynamics_amount === amounts.dynamics && row.reference_id === referenceId;

function toStreamInfo(row: NonNullable<Awaited<ReturnType<typeof repo.findMasterOfStyle>>>): TMasterStreamInfo | null {
  if (row.style_id === null) return null;
  const measurements = row.measurements;
  return {
    masterId: row.id,
    styleId: row.style_id,
    intensity: row.intensity,
    amounts: amountsOfRow(row),
    referenceId: row.reference_id,
    status: row.status,
    path: row.path,
    checksum: row.checksum,
    measurements: measurementsOf(measurements),
    waveform: Array.isArray(row.waveform) ? row.waveform.filter((peak): peak is number => typeof peak === 'number') : null,
    failedMasteringAttempts: row.failed_mastering_attempts,
  };
}

/** The track's master of a style, as the sidecar streams it; null when none exists. */
export async function masterStreamInfo(
  ctx: Pick<ServiceContext, 'db'>,
  input: { trackId: string; styleId?: number | null | undefined; intensity?: Intensity | undefined; amounts?: Amounts | undefined; referenceId?: string | null | undefined; masterId?: string | null | undefined },
): Promise<TMasterStreamInfo | null> {
  if (!UUID.test(input.trackId)) return null;
  if (input.masterId) {
    if (!UUID.test(input.masterId)) return null;
    const row = await repo.findMasterById(ctx.db, input.masterId);
    if (!row || row.track_id !== input.trackId) return null;
    return toStreamInfo(row);
  }
  if (input.styleId == null) return null;
  const row = await repo.findMasterOfStyle(ctx.db, input.trackId, input.styleId, input.intensity ?? 'medium', input.amounts, input.referenceId ?? null);
  return row ? toStreamInfo(row) : null;
}

/** Every styled master of the track (the sidecar checks their stored files before streaming them). */
export async function mastersOfTrack(ctx: Pick<ServiceContext, 'db'>, input: { trackId: string }): Promise<TMasterStreamInfo[]> {
  if (!UUID.test(input.trackId)) return [];
  const rows = await repo.findMastersOfTrack(ctx.db, input.trackId);
  return rows.map(toStreamInfo).filter((info): info is TMasterStreamInfo => info !== null);
}

/**
 * Whether a bounce of the style may start: refused once the attempts reached the limit
 * (mastering.maxFailedAttemptsReached), or when the style would be a new master the new-master
 * rule forbids. A style that already has a master may always be rebuilt (fixing).
 */
export async function assertCanBounce(
  ctx: Pick<ServiceContext, 'db' | 'platform'>,
  input: { trackId: string; styleId: number; intensity?: Intensity | undefined; amounts?: Amounts | undefined; referenceId?: string | null | undefined },
): Promise<{ existingMasterId: string | null }> {
  const masters = await repo.findMastersOfTrack(ctx.db, input.trackId);
  const styled = masters.find((m) => m.style_id === input.styleId && sameSteering(m, input.intensity ?? 'medium', input.amounts, input.referenceId ?? null));
  const attempts = styled?.failed_mastering_attempts ?? masters.find((m) => m.style_id === null)?.failed_mastering_attempts ?? 0;
  if (attempts >= MAX_FAILED_MASTERING_ATTEMPTS) throw new AppError('CONFLICT', 'mastering.maxFailedAttemptsReached');
  if (styled) return { existingMasterId: styled.id };
  const verdict = await canCreateMaster(ctx, input);
  if (!verdict.allowed) {
    if (verdict.reason === 'styleNotAvailable') throw new AppError('NOT_FOUND', 'error.styleNotFound', { detail: String(input.styleId) });
    throw new AppError('CONFLICT', `mastering.${verdict.reason}`);
  }
  // A new master's files count toward the owner's storage quota (a rebuilt one replaces its own).
  await assertStorageForMaster(ctx, input.trackId);
  return { existingMasterId: null };
}

/**
 * Records a finished bounce: the style's master gets the stored file, its checksum and
 * measurements and status MASTERED (a paid one stays PAYMENT_DONE); a style without a master gets
 * one, owned by the track's owner, if the new-master rule allows it.
 */
export async function recordMastered(ctx: Pick<ServiceContext, 'db'>, input: TRecordMasteredInput): Promise<{ masterId: string }> {
  // Inside a caller's transaction (a media job's completion) it joins that one.
  const inTransaction = <T>(work: (trx: Database) => Promise<T>) => (ctx.db.isTransaction ? work(ctx.db) : ctx.db.transaction().execute(work));
  return inTransaction(async (trx) => {
    const track = await repo.findTrackOwner(trx, input.trackId);
    if (!track) throw new AppError('NOT_FOUND', 'global.error.notFound', { detail: 'track' });
    const file = {
      path: input.path,
      checksum: input.checksum,
      measurements: JSON.stringify(input.measurements),
      waveform: input.waveform ? JSON.stringify(input.waveform) : null,
      fileBytes: input.fileBytes,
    };
    const intensity = input.intensity ?? 'medium';
    const amounts = fullAmounts(input.amounts);
    const referenceId = input.referenceId ?? null;
    const existing = await repo.findMasterOfStyle(trx, input.trackId, input.styleId, intensity, amounts, referenceId);
    if (existing) return { masterId: (await repo.updateMasterFile(trx, existing.id, file)).id };
    const verdict = await canCreateMaster({ db: trx }, { trackId: input.trackId, styleId: input.styleId, intensity, amounts, referenceId });
    if (!verdict.allowed) throw new AppError('CONFLICT', `mastering.${verdict.reason}`);
    const row = await repo.insertMasteredMaster(trx, { trackId: input.trackId, userId: track.user_id, styleId: input.styleId, intensity, amounts, referenceId, ...file });
    return { masterId: row.id };
  });
}

/** A failed bounce: one more attempt counted; at the limit the caller answers mastering.maxFailedAttemptsReached. */
export async function recordMasteringFailure(
  ctx: Pick<ServiceContext, 'db'>,
  input: { trackId: string; styleId: number; intensity?: Intensity | undefined; amounts?: Amounts | undefined; referenceId?: string | null | undefined },
): Promise<{ failedMasteringAttempts: number; limitReached: boolean }> {
  const failedMasteringAttempts = await repo.incrementFailedAttempts(ctx.db, input.trackId, input.styleId, input.intensity ?? 'medium', input.amounts, input.referenceId ?? null);
  return { failedMasteringAttempts, limitReached: failedMasteringAttempts >= MAX_FAILED_MASTERING_ATTEMPTS };
}
