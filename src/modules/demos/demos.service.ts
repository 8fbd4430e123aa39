import type { ServiceContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { isMastered } from '../masters/masters.schemas.js';
import { masterStyleOf } from '../masters/index.js';
import * as repo from './demos.repository.js';
import { DEMOS_MAX, type TAddDemoInput, type TDemo, type TDemoAudioInput, type TRemoveDemoInput } from './demos.schemas.js';

/** The home page's demos, in the operators' order; none when no operator chose any. */
export async function listDemos(ctx: ServiceContext): Promise<TDemo[]> {
  const rows = await repo.findDemos(ctx.db, DEMOS_MAX);
  return rows.flatMap((row) => {
    const { style } = masterStyleOf(row, ctx.locale);
    if (!style) return [];
    return {
      id: row.id,
      title: row.track_name,
      artist: row.track_artist,
      styleId: style.id,
      style: `${style.styleGroup.name} - ${style.name}`,
      src: { original: `/api/demos/${row.id}/original`, mastered: `/api/demos/${row.id}/mastered` },
      peaks: Array.isArray(row.waveform) ? (row.waveform as number[]) : [],
      durationS: row.sample_rate && row.number_of_samples !== null ? Number(row.number_of_samples) / row.sample_rate : 0,
    };
  });
}

/** The storage key of a demo's version; anything that is not a demo is "not found" (no other audio leaks). */
export async function demoAudioKey(ctx: ServiceContext, input: TDemoAudioInput): Promise<string> {
  const files = await repo.findDemoFiles(ctx.db, input.masterId);
  const key = input.version === 'original' ? files?.original_path : files?.master_path;
  if (!key) throw notFound('demo');
  return key;
}

/**
 * Operator command demo:add: a mastered master (with its file, not a custom master) becomes a demo
 * on the home page, heard by every visitor. The operator picks masters of their own account.
 */
export async function addDemo(ctx: Pick<ServiceContext, 'db'>, input: TAddDemoInput): Promise<{ masterId: string; title: string }> {
  const master = await repo.findMasterForDemo(ctx.db, input.masterId);
  if (!master) throw new AppError('NOT_FOUND', 'demo.masterNotFound', { detail: input.masterId });
  if (!isMastered(master.status, master.style_id) || !master.path || !master.track_path || master.is_custom_master) {
    throw new AppError('CONFLICT', 'demo.notMastered', { detail: input.masterId });
  }
  await repo.insertDemo(ctx.db, master.id, input.order);
  return { masterId: master.id, title: master.name };
}

/** Operator command demo:remove: the master stops being a demo (the master itself stays). */
export async function removeDemo(ctx: Pick<ServiceContext, 'db'>, input: TRemoveDemoInput): Promise<{ masterId: string }> {
  if (!(await repo.deleteDemo(ctx.db, input.masterId))) throw new AppError('NOT_FOUND', 'demo.masterNotFound', { detail: input.masterId });
  return { masterId: input.masterId };
}
