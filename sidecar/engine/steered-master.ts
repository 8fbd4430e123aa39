import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MasterReport } from './bounce.js';
import { analyseWorkFile, bounce, decodeToWorkFile, prepareTrack, type MasterProgress, type TrackAnalysis, type WorkFile } from './index.js';
import { styleWithTarget } from './steer.js';
import type { EngineStyle } from './style.js';

/**
 * Album mode: several tracks mastered as one record, the way album normalisation (Spotify's album
 * context, AES TD1008) will play them. The loudest mix is the anchor: it is mastered with the style
 * as it is (its target, less what the dynamics budget holds back). Every other track aims at the
 * anchor's master less its distance to the anchor in the mixes, so a quiet interlude stays as much
 * quieter as it was mixed.
 */
export interface AlbumTrackResult {
  input: string;
  output: string;
  /** The target this track was mastered to, LUFS. */
  targetLufs: number;
  report: MasterReport & { analysis: TrackAnalysis };
}

export interface AlbumResult {
  tracks: AlbumTrackResult[];
  /** Index of the anchor (the loudest mix). */
  anchor: number;
  /** Loudness spread of the mixes and of the masters (loudest minus quietest), LU. */
  spreadInLu: number;
  spreadOutLu: number;
}

export interface AlbumTrackInput {
  input: string;
  output: string;
}

/** A mono mix is heard, and mastered, as stereo: its distance to the others counts it so. */
const heardLufs = (analysis: TrackAnalysis) => (analysis.lufs ?? -Infinity) + (analysis.channels === 1 ? 10 * Math.log10(2) : 0);
const round = (x: number) => Math.round(x * 100) / 100;

/** The targets of an album's tracks: the anchor's master level less each mix's distance to the anchor's mix. */
export function albumTargets(mixLufs: readonly number[], anchorMasterLufs: number): { anchor: number; targets: number[] } {
  const anchor = mixLufs.reduce((best, lufs, i) => (lufs > (mixLufs[best] ?? -Infinity) ? i : best), 0);
  const anchorMix = mixLufs[anchor]!;
  return { anchor, targets: mixLufs.map((lufs, i) => (i === anchor ? anchorMasterLufs : Number.isFinite(lufs) ? anchorMasterLufs - (anchorMix - lufs) : anchorMasterLufs)) };
}

function spread(values: readonly number[]): number {
  const finite = values.filter(Number.isFinite);
  return finite.length === 0 ? 0 : round(Math.max(...finite) - Math.min(...finite));
}

/** Decodes every track, masters the loudest first, then the others at their distance to it. */
export async function masterAlbum(
  tracks: readonly AlbumTrackInput[],
  style: EngineStyle,
  onProgress: (track: number, progress: MasterProgress) => void = () => {},
  signal?: AbortSignal,
): Promise<AlbumResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'masterdeck-album-'));
  try {
    const workFiles: WorkFile[] = [];
    const mixes: TrackAnalysis[] = [];
    for (const [i, track] of tracks.entries()) {
      const workFile = await decodeToWorkFile(track.input, path.join(dir, `work-${i}.f32`), signal);
      workFiles.push(workFile);
      mixes.push(await analyseWorkFile(workFile));
    }
    const mixLufs = mixes.map(heardLufs);
    const { anchor } = albumTargets(mixLufs, style.processing.targetLufs);

    const results: AlbumTrackResult[] = new Array(tracks.length);
    const masterOne = async (i: number, trackStyle: EngineStyle) => {
      const preparation = await prepareTrack(workFiles[i]!, [trackStyle], (progress) => onProgress(i, progress));
      const report = await bounce(workFiles[i]!, preparation.styles[0]!, tracks[i]!.output, (progress) => onProgress(i, progress), signal);
      results[i] = { input: tracks[i]!.input, output: tracks[i]!.output, targetLufs: trackStyle.processing.targetLufs, report: { ...report, analysis: preparation.analysis } };
      return report;
    };
    const anchorReport = await masterOne(anchor, style);
    // What the anchor reached (its target less what its budget held back) sets the album's level.
    const anchorLevel = anchorReport.lufs ?? style.processing.targetLufs - anchorReport.heldBackLu;
    const { targets } = albumTargets(mixLufs, anchorLevel);
    for (let i = 0; i < tracks.length; i++) {
      if (i !== anchor) await masterOne(i, styleWithTarget(style, targets[i]!));
    }
    return {
      tracks: results,
      anchor,
      spreadInLu: spread(mixLufs),
      spreadOutLu: spread(results.map((r) => r.report.lufs ?? -Infinity)),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
