import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { masterFile, type MasterProgress, type MasterReport } from '../sidecar/engine/index.js';
import { AppError } from '../src/platform/errors.js';
import { appErrorOf } from '../sidecar/media/engine-errors.js';
import { parseEnv } from '../src/platform/env.js';
import { findStyle, loadCatalogueStyles, styleLabel } from './lib/catalogue-source.js';

const USAGE = 'usage: npm run master -- IN.wav --style "Group/Style" [--out OUT.wav] [--json]';

/**
 * `npm run master`: masters one WAV with a style of the product's catalogue, the same engine the
 * media sidecar runs. --json prints one JSON object (lufs, targetLufs, heldBackLu, truePeak,
 * durationS, wallS, lra, samplePeak, style, ...); otherwise progress and a summary go to the terminal.
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { style: { type: 'string' }, out: { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const input = positionals[0];
  if (!input || !values.style) throw new UsageError(USAGE);
  try {
    await access(input, constants.R_OK);
  } catch {
    throw new UsageError(`cannot read input file: ${input}`);
  }
  const { styles, source } = await loadCatalogueStyles(parseEnv());
  const style = findStyle(styles, values.style);
  if (!style) throw new UsageError(`unknown style "${values.style}"; styles: ${styles.map(styleLabel).join(', ')}`);
  const parsed = path.parse(input);
  const out = values.out ?? path.join(parsed.dir, `${parsed.name}_${style.groupName}_${style.name}.wav`);

  const started = performance.now();
  let lastStage = '';
  const onProgress = (progress: MasterProgress) => {
    if (values.json || progress.stage === lastStage) return;
    lastStage = progress.stage;
    process.stderr.write(`${progress.stage}...\n`);
  };
  const report = await masterFile(input, style, out, onProgress);
  const wallS = Math.round((performance.now() - started)) / 1000;
  const summary = {
    input,
    output: out,
    style: styleLabel(style),
    catalogue: source,
    targetLufs: style.processing.targetLufs,
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
  };
  if (values.json) {
    console.log(JSON.stringify(summary));
  } else {
    console.log(`${summary.style}: ${summary.lufs} LUFS (target ${summary.targetLufs}), true peak ${summary.truePeak} dBTP, LRA ${summary.lra} LU`);
    console.log(summary.loudness);
    console.log(`${summary.durationS} s of audio in ${wallS} s (${summary.xRealtime}x realtime) -> ${out}`);
  }
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
