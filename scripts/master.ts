import { access, constants, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { MasterProgress, MasterReport, TrackAnalysis } from '../sidecar/engine/index.js';
import { masterAlbum, masterAtIntensity } from '../sidecar/engine/steered-master.js';
import { masterWithReference } from '../sidecar/engine/referenced-master.js';
import { INTENSITIES, styleAtIntensity, type Intensity } from '../sidecar/engine/steer.js';
import { AppError } from '../src/platform/errors.js';
import { appErrorOf } from '../sidecar/media/engine-errors.js';
import { parseEnv } from '../src/platform/env.js';
import { platformGains } from '../src/modules/platforms/index.js';
import { codecRoundTrip } from '../sidecar/media/codec-round-trip.js';
import { findStyle, loadCatalogueStyles, styleLabel } from './lib/catalogue-source.js';

const USAGE = [
  'usage: npm run master -- IN.wav --style "Group/Style" [--intensity low|medium|high] [--tone 0-150] [--width 0-150] [--dynamics 0-150] [--out OUT.wav] [--json] [--codecs]',
  '       npm run master -- IN.wav --reference REF.wav [--style "Group/Style"] [--intensity low|medium|high] [--tone 0-150] [--width 0-150] [--dynamics 0-150] [--out OUT.wav] [--json] [--codecs]',
  '       npm run master -- --album A.wav B.wav ... --style "Group/Style" [--intensity low|medium|high] --out-dir DIR [--json]',
].join('\n');

/** The style a --reference master takes when none is named. */
const DEFAULT_REFERENCE_STYLE = 'Acoustic/Natural';

/**
 * `npm run master`: masters one WAV with a style of the product's catalogue, the same engine the
 * media sidecar runs, at an intensity (medium: the style as it is). --json prints one JSON object
 * (lufs, targetLufs, heldBackLu, truePeak, durationS, wallS, lra, samplePeak, style, intensity,
 * platforms: the gain each streaming platform would apply to the master and the loudness it would be
 * played at, ...); otherwise progress and a summary go to the terminal. With --album, every file is
 * mastered into --out-dir as one record (sidecar/engine/steered-master.ts) and --json prints
 * `{ tracks: [one object per track, in order], album: { anchor, spreadInLu, spreadOutLu } }`.
 * With --reference, the style (at the intensity) is steered toward a reference track
 * (sidecar/engine/reference.ts) and --json adds `reference: { distanceBeforeDb, distanceAfterDb,
 * lufs, lra, truePeak, plr }` (the tonal distances of the mix and of the master to the reference).
 * With --codecs, the master is encoded as the stores stream it (AAC 256 kb/s, Opus 160 kb/s) and
 * decoded again (sidecar/media/codec-round-trip.ts), and --json adds `codecs: [{ codec,
 * bitrateKbps, truePeakDb, lufs }]`: the decoded true peak can pass the master's, and over 0 dBTP
 * it clips on playback.
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      style: { type: 'string' },
      intensity: { type: 'string', default: 'medium' },
      tone: { type: 'string', default: '100' },
      width: { type: 'string', default: '100' },
      dynamics: { type: 'string', default: '100' },
      out: { type: 'string' },
      reference: { type: 'string' },
      'out-dir': { type: 'string' },
      album: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      codecs: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const intensity = INTENSITIES.find((i) => i === values.intensity);
  if (!intensity) throw new UsageError(`unknown intensity "${values.intensity}"; intensities: ${INTENSITIES.join(', ')}`);
  const amounts = { tone: amountOf('tone', values.tone), width: amountOf('width', values.width), dynamics: amountOf('dynamics', values.dynamics) };
  // A reference sets the tone, so without a style the most neutral one carries its dynamics.
  const styleName = values.style ?? (values.reference ? DEFAULT_REFERENCE_STYLE : undefined);
  if (positionals.length === 0 || !styleName) throw new UsageError(USAGE);
  if (!values.album && positionals.length > 1) throw new UsageError(`one input file, or --album for several\n${USAGE}`);
  if (values.album && (amounts.tone !== 100 || amounts.width !== 100 || amounts.dynamics !== 100)) throw new UsageError('--tone, --width and --dynamics master one file, not an album');
  if (values.album && !values['out-dir']) throw new UsageError(`--album needs --out-dir\n${USAGE}`);
  if (values.album && values.reference) throw new UsageError(`--reference masters one file, not an --album\n${USAGE}`);
  if (values.album && values.codecs) throw new UsageError(`--codecs checks one master, not an --album\n${USAGE}`);
  const files = [...positionals.map((file) => ({ file, role: 'input' })), ...(values.reference ? [{ file: values.reference, role: 'reference' }] : [])];
  for (const { file, role } of files) {
    try {
      await access(file, constants.R_OK);
    } catch {
      throw new UsageError(`cannot read ${role} file: ${file}`);
    }
  }
  const { styles, source } = await loadCatalogueStyles(parseEnv());
  const catalogueStyle = findStyle(styles, styleName);
  if (!catalogueStyle) throw new UsageError(`unknown style "${styleName}"; styles: ${styles.map(styleLabel).join(', ')}`);

  const started = performance.now();
  let lastStage = '';
  const onProgress = (progress: MasterProgress) => {
    if (values.json || progress.stage === lastStage) return;
    lastStage = progress.stage;
    process.stderr.write(`${progress.stage}...\n`);
  };
  const seconds = () => Math.round(performance.now() - started) / 1000;
  const context = { style: styleLabel(catalogueStyle), intensity, amounts, catalogue: source };

  if (values.album) {
    const outDir = values['out-dir']!;
    await mkdir(outDir, { recursive: true });
    const album = await masterAlbum(
      positionals.map((input) => ({ input, output: path.join(outDir, `${path.parse(input).name}_${catalogueStyle.groupName}_${catalogueStyle.name}.wav`) })),
      catalogueStyle,
      intensity,
      (_, progress) => onProgress(progress),
    );
    const wallS = seconds();
    const tracks = album.tracks.map((track) => summaryOf(track.input, track.output, context, track.targetLufs, track.report, wallS));
    const summary = { tracks, album: { anchor: album.tracks[album.anchor]!.input, anchorIndex: album.anchor, spreadInLu: album.spreadInLu, spreadOutLu: album.spreadOutLu }, wallS };
    if (values.json) {
      console.log(JSON.stringify(summary));
    } else {
      for (const track of tracks) console.log(`${track.input}: ${track.original.lufs} -> ${track.lufs} LUFS (target ${track.targetLufs}), true peak ${track.truePeak} dBTP -> ${track.output}`);
      console.log(`album: anchored on ${summary.album.anchor}; spread ${album.spreadInLu} LU in the mixes, ${album.spreadOutLu} LU in the masters; ${wallS} s`);
    }
    return;
  }

  const input = positionals[0]!;
  const parsed = path.parse(input);
  const out = values.out ?? path.join(parsed.dir, `${parsed.name}_${catalogueStyle.groupName}_${catalogueStyle.name}.wav`);
  const referenced = values.reference ? await masterWithReference(input, values.reference, styleAtIntensity(catalogueStyle, intensity), out, { onProgress, amounts }) : null;
  const report = referenced ?? (await masterAtIntensity(input, catalogueStyle, intensity, out, { onProgress, amounts }));
  const wallS = seconds();
  const codecs = values.codecs ? await codecFiguresOf(out) : null;
  const summary = { ...summaryOf(input, out, context, report.targetLufs, report, wallS), ...(referenced ? { reference: referenced.reference } : {}), ...(codecs ? { codecs } : {}) };
  if (values.json) {
    console.log(JSON.stringify(summary));
  } else {
    if (referenced) console.log(`reference ${values.reference}: ${referenced.reference.lufs} LUFS, tonal distance ${referenced.reference.distanceBeforeDb} dB -> ${referenced.reference.distanceAfterDb} dB`);
    const heldBack = summary.heldBackLu > 0 ? `, held back ${summary.heldBackLu} LU to keep the dynamics` : '';
    console.log(`${summary.style} (${intensity}): ${summary.lufs} LUFS (target ${summary.targetLufs}${heldBack}), true peak ${summary.truePeak} dBTP, LRA ${summary.lra} LU`);
    console.log(summary.loudness);
    console.log(`${summary.durationS} s of audio in ${summary.wallS} s (${summary.xRealtime}x realtime) -> ${out}`);
    for (const codec of codecs ?? []) {
      const clips = codec.truePeakDb !== null && codec.truePeakDb > 0 ? ' (over 0 dBTP: clips on playback)' : '';
      console.log(`${codec.codec} ${codec.bitrateKbps} kb/s, decoded: true peak ${codec.truePeakDb ?? '-inf'} dBTP${clips}, ${codec.lufs ?? '-inf'} LUFS`);
    }
  }
}

/** The master through the stores' codecs and back, its temporary files in a folder of their own, removed afterwards. */
async function codecFiguresOf(master: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'masterdeck-codecs-'));
  try {
    return await codecRoundTrip(master, path.join(dir, 'master'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** An amount as the product takes it: percent of the style's move, 0 to 150 in steps of 10. */
function amountOf(name: string, value: string): number {
  const percent = Number(value);
  if (!Number.isInteger(percent) || percent < 0 || percent > 150 || percent % 10 !== 0) throw new UsageError(`--${name} takes 0 to 150 in steps of 10 (percent of the style's move), not "${value}"`);
  return percent;
}

function summaryOf(
  input: string,
  output: string,
  context: { style: string; intensity: Intensity; amounts: { tone: number; width: number; dynamics: number }; catalogue: 'product' | 'database' | 'snapshot' },
  targetLufs: number,
  report: MasterReport & { analysis: TrackAnalysis },
  wallS: number,
) {
  return {
    input,
    output,
    ...context,
    targetLufs,
    heldBackLu: report.heldBackLu,
    keptMixLoudness: report.keptMixLoudness,
    oversRemovedDb: report.oversRemovedDb,
    loudness: loudnessStory(report),
    lufs: report.lufs,
    lra: report.lra,
    truePeak: report.truePeak,
    samplePeak: report.samplePeak,
    crest: report.crest,
    durationS: report.durationS,
    frames: report.frames,
    wallS,
    xRealtime: Math.round((report.durationS / wallS) * 10) / 10,
    passes: report.passes,
    limiterP95Db: report.limiterP95Db,
    compressionDb: report.compressionDb,
    sha256: report.sha256,
    original: { lufs: report.analysis.lufs, lra: report.analysis.lra, truePeak: report.analysis.truePeak, samplePeak: report.analysis.samplePeak, crest: report.analysis.crest },
    platforms: platformGains(report.lufs === null ? null : { lufs: report.lufs, truePeak: report.truePeak }).map(({ name, gainDb, playedLufs }) => ({ name, gainDb, playedLufs })),
  };
}

/** What the loudness rule did, in plain words (the report card says the same, translated). */
function loudnessStory(report: MasterReport): string {
  const overs = report.oversRemovedDb !== null && report.oversRemovedDb >= 0.1 ? report.oversRemovedDb : null;
  if (report.mixAboveTarget) {
    return overs !== null
      ? `Your mix was louder than the style's target and clipped; we brought it to ${report.targetLufs} LUFS and removed ${overs} dB of overs.`
      : `Your mix was louder than the style's target; we brought it to ${report.targetLufs} LUFS.`;
  }
  if (report.keptMixLoudness) {
    const kept = overs !== null ? `Your mix was already loud and clipped; we kept its loudness and removed ${overs} dB of overs.` : 'Your mix was already loud; we kept its loudness.';
    return `${kept} Going on to the style's ${report.targetLufs} LUFS would have taken more limiting than it allows.`;
  }
  if (report.heldBackLu > 0) return `Held back ${report.heldBackLu} LU to keep the dynamics: reaching ${report.targetLufs} LUFS would have taken more limiting than the style allows.`;
  return `Reached the style's target of ${report.targetLufs} LUFS within its dynamics budget.`;
}

class UsageError extends Error {}

try {
  await main();
} catch (caught) {
  const error = appErrorOf(caught);
  const message =
    error instanceof AppError ? `${error.message}${error.detail ? `: ${error.detail}` : ''}` : error instanceof Error ? error.message : String(error);
  console.error(`error: ${message}`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
