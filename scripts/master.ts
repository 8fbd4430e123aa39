import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { masterFile, type MasterProgress } from '../sidecar/engine/index.js';
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
    const heldBack = summary.heldBackLu > 0 ? `, held back ${summary.heldBackLu} LU to keep the dynamics` : '';
    console.log(`${summary.style}: ${summary.lufs} LUFS (target ${summary.targetLufs}${heldBack}), true peak ${summary.truePeak} dBTP, LRA ${summary.lra} LU`);
    console.log(`${summary.durationS} s of audio in ${wallS} s (${summary.xRealtime}x realtime) -> ${out}`);
  }
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
