import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from '../src/platform/env.js';
import { createStyleRenderer, decodeToWorkFile, masterFile, prepareTrack, type EngineStyle } from '../sidecar/engine/index.js';
import { ffmpegLoudness, ffmpegMomentary, gainRiding } from '../sidecar/engine/testing/independent-meters.js';
import { balancedMix, clipped, musicLike, normalizePeak, toMono, type TestSignal } from '../sidecar/engine/testing/signals.js';
import { writeWavFile } from '../sidecar/engine/testing/wav-writer.js';
import { loadCatalogueStyles, styleLabel } from './lib/catalogue-source.js';
import { steeringFigures } from './lib/bench-steering.js';

/**
 * `npm run bench:mastering`: a generated 4-minute stereo 44.1 kHz 16-bit music-like track mastered
 * in one style of every style group, each run in a child process of its own so its peak RSS is
 * its own, and once as the whole `npm run master` command measured from outside (the
 * 60x target is for that); then preparation with every enabled style fitted, the time until the first mastered
 * second of a style can be streamed, and the peak RSS of a 10-minute master.
 * Targets: master <= 4 s (>= 60x realtime), preparation <= 2 s, first second <= 0.3 s,
 * peak RSS < 300 MB. Then the dynamics table: a loud, a dynamic, a quiet and a mono
 * generated track, original ("before") against master ("after"): loudness range, gain riding and
 * heldBackLu, every figure read by ffmpeg's ebur128, not by the engine's meter. Between them, the
 * whole command and preparation again on two 4-minute mixes generated to sound like real ones: a
 * clipped, loud electronic mix and a dynamic acoustic one.
 */
const SELF = fileURLToPath(import.meta.url);
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
/**
 * Peak RSS of this process in MB: VmHWM (the high-water mark of this process image), not
 * getrusage's maxRSS, which Linux carries across fork+exec from the parent that generated the track.
 */
function maxRssMb(): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return round(Number(match[1]) / 1024, 1);
  } catch {
    // not Linux: fall back below
  }
  return round(process.resourceUsage().maxRSS / 1024, 1);
}

type ChildResult = Record<string, unknown>;

/** CPU seconds (user + system, every thread of this process) since `since`. */
const cpuSecondsSince = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

function runChild(mode: string, args: string[]): ChildResult {
  const result = spawnSync(process.execPath, [...process.execArgv, SELF, '--child', mode, ...args], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (result.status !== 0) throw new Error(`bench child ${mode} failed: ${result.stderr}`);
  const lines = result.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as ChildResult;
}

/**
 * The whole command as a user runs it, measured from outside by /usr/bin/time: wall, CPU (user +
 * system) and peak RSS of npm, node and every thread, start-up and catalogue included.
 */
function wholeCommand(input: string, style: EngineStyle, out: string): { wallS: number; cpuS: number; maxRssMb: number } {
  const result = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', 'npm', 'run', '-s', 'master', '--', input, '--style', styleLabel(style), '--out', out, '--json'], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const match = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(result.stderr);
  if (result.status !== 0 || !match) throw new Error(`npm run master failed: ${result.stderr}`);
  return { wallS: Number(match[1]), cpuS: Number(match[2]) + Number(match[3]), maxRssMb: round(Number(match[4]) / 1024, 1) };
}

async function child(mode: string, args: string[]): Promise<void> {
  const [input, stylesFile, out] = args as [string, string, string];
  const styles = JSON.parse(readFileSync(stylesFile, 'utf8')) as EngineStyle[];
  if (mode === 'master') {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const report = await masterFile(input, styles[0]!, out);
    const wallS = (performance.now() - started) / 1000;
    const cpuS = cpuSecondsSince(cpu);
    console.log(JSON.stringify({ wallS, cpuS, lufs: report.lufs, heldBackLu: report.heldBackLu, truePeak: report.truePeak, passes: report.passes, durationS: report.durationS, maxRssMb: maxRssMb() }));
    return;
  }
  // mode 'prepare': decode, fit every style, then time the first mastered second of a few styles
  const dir = path.dirname(out);
  let started = performance.now();
  const workFile = await decodeToWorkFile(input, path.join(dir, 'bench.f32'));
  const decodeS = (performance.now() - started) / 1000;
  // The first preparation of a thread starts its fitting helper thread; the media process's job
  // threads keep theirs, so every later preparation finds it warm. Both are timed.
  started = performance.now();
  let cpu = process.cpuUsage();
  await prepareTrack(workFile, styles);
  const coldS = (performance.now() - started) / 1000;
  const coldCpuS = cpuSecondsSince(cpu);
  started = performance.now();
  cpu = process.cpuUsage();
  const preparation = await prepareTrack(workFile, styles);
  const prepareS = (performance.now() - started) / 1000;
  const prepareCpuS = cpuSecondsSince(cpu);
  const firstSecond: number[] = [];
  const firstSecondCpu: number[] = [];
  for (const [i, fitted] of preparation.styles.entries()) {
    if (i % 3 !== 0) continue;
    const t = performance.now();
    const c = process.cpuUsage();
    const renderer = createStyleRenderer(workFile, fitted);
    renderer.render(Math.round(workFile.frames * (0.2 + i / 40)), 44100);
    renderer.close();
    firstSecond.push((performance.now() - t) / 1000);
    firstSecondCpu.push(cpuSecondsSince(c));
  }
  const iterations = preparation.styles.map((style) => style.iterations);
  console.log(
    JSON.stringify({ decodeS, coldS, coldCpuS, prepareS, prepareCpuS, styles: styles.length, iterations, firstSecondS: Math.max(...firstSecond), firstSecondCpuS: Math.max(...firstSecondCpu), maxRssMb: maxRssMb() }),
  );
}

/** Mixes generated to behave like real uploads, for the whole command and preparation. */
const REAL_MIXES: { name: string; style: string; make: () => TestSignal; format: 'pcm24' | 'float32' }[] = [
  // Bass at a real mix's share, driven into a clipper at 0 dBFS: about -8 LUFS, +2 dBTP, flat tops.
  { name: 'clipped loud electronic mix', style: 'Electronic/Club', make: () => clipped(normalizePeak(balancedMix(musicLike({ seconds: 240, seed: 48, hiHatDb: 4 })), 7), 0), format: 'float32' },
  // Quiet verses and loud choruses, peaks at -3 dBFS, no limiting: about -17 LUFS.
  { name: 'dynamic acoustic mix', style: 'Acoustic/Natural', make: () => balancedMix(musicLike({ seconds: 240, seed: 49, peakDb: -3, tempoBpm: 92 })), format: 'pcm24' },
];

async function realMixes(dir: string, styles: EngineStyle[]): Promise<void> {
  for (const mix of REAL_MIXES) {
    const style = styles.find((s) => styleLabel(s) === mix.style) ?? styles[0]!;
    const input = path.join(dir, 'real-mix.wav');
    writeWavFile(input, mix.make(), { format: mix.format });
    const before = await ffmpegLoudness(input);
    const whole = wholeCommand(input, style, path.join(dir, 'real-out.wav'));
    const after = await ffmpegLoudness(path.join(dir, 'real-out.wav'));
    const allFile = path.join(dir, 'styles.json');
    writeFileSync(allFile, JSON.stringify(styles));
    const p = runChild('prepare', [input, allFile, path.join(dir, 'unused.wav')]) as { prepareS: number; prepareCpuS: number; coldS: number; coldCpuS: number; firstSecondS: number; firstSecondCpuS: number; maxRssMb: number };
    console.log('');
    console.log(`${mix.name} (4:00, ${before.integratedLufs.toFixed(1)} LUFS, ${before.truePeakDbtp.toFixed(1)} dBTP, LRA ${before.lra.toFixed(1)}):`);
    console.log(
      `  whole \`npm run master\`, ${styleLabel(style)}: ${whole.wallS.toFixed(2)} s wall (${(240 / whole.wallS).toFixed(1)}x realtime), ${whole.cpuS.toFixed(2)} s CPU, peak RSS ${whole.maxRssMb} MB; master ${after.integratedLufs.toFixed(1)} LUFS, ${after.truePeakDbtp.toFixed(1)} dBTP, LRA ${after.lra.toFixed(1)}`,
    );
    console.log(
      `  preparation of every style: ${p.prepareS.toFixed(2)} s wall, ${p.prepareCpuS.toFixed(2)} s CPU warm (cold ${p.coldS.toFixed(2)} s wall, ${p.coldCpuS.toFixed(2)} s CPU); first mastered second ${(p.firstSecondS * 1000).toFixed(0)} ms wall, ${(p.firstSecondCpuS * 1000).toFixed(0)} ms CPU; peak RSS ${p.maxRssMb} MB`,
    );
  }
}

/** The tracks of the dynamics table: 30 s each, so the fit works on an excerpt as for real music. */
const DYNAMICS_TRACKS: { name: string; make: () => TestSignal; format: 'pcm16' | 'float32' }[] = [
  { name: 'loud (clipped, above every target)', make: () => clipped(normalizePeak(musicLike({ seconds: 30, seed: 44 }), 6), -0.3), format: 'float32' },
  { name: 'dynamic (peaks at -1 dBFS)', make: () => musicLike({ seconds: 30, seed: 45, peakDb: -1 }), format: 'pcm16' },
  { name: 'quiet (peaks at -14 dBFS)', make: () => musicLike({ seconds: 30, seed: 46, peakDb: -14 }), format: 'pcm16' },
  { name: 'mono recording', make: () => toMono(musicLike({ seconds: 30, seed: 47, peakDb: -3 })), format: 'pcm16' },
];

/** Before (the original) and after (the master) for three styles of different budgets. */
async function dynamicsTable(dir: string, styles: EngineStyle[]): Promise<void> {
  const chosen = ['Acoustic/Natural', 'Pop/Bright', 'Electronic/Club'].map((label) => styles.find((s) => styleLabel(s) === label)).filter((s): s is EngineStyle => !!s);
  console.log('');
  console.log('dynamics, measured by ffmpeg ebur128 (before = original, after = master)');
  console.log('track                                style               LUFS before -> after (target)   LRA before -> after   gain riding dB   heldBackLu   passes');
  for (const track of DYNAMICS_TRACKS) {
    const input = path.join(dir, 'dynamics-in.wav');
    writeWavFile(input, track.make(), { format: track.format });
    const before = await ffmpegLoudness(input);
    const beforeMomentary = await ffmpegMomentary(input);
    for (const style of chosen) {
      const out = path.join(dir, 'dynamics-out.wav');
      const report = await masterFile(input, style, out);
      const after = await ffmpegLoudness(out);
      const riding = gainRiding(beforeMomentary, await ffmpegMomentary(out));
      console.log(
        `${track.name.padEnd(36)} ${styleLabel(style).padEnd(19)} ${before.integratedLufs.toFixed(1).padStart(6)} -> ${after.integratedLufs.toFixed(1).padStart(6)} (${style.processing.targetLufs})`.padEnd(88) +
          `${before.lra.toFixed(1).padStart(5)} -> ${after.lra.toFixed(1).padStart(5)}   ${riding.toFixed(2).padStart(14)}   ${report.heldBackLu.toFixed(2).padStart(10)}   ${report.passes}`,
      );
    }
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-mastering-'));
  try {
    const { styles, source } = await loadCatalogueStyles(parseEnv());
    const input = path.join(dir, 'track-4min.wav');
    writeWavFile(input, musicLike({ seconds: 240, seed: 42, peakDb: -1 }), { format: 'pcm16' });
    console.log(`catalogue: ${styles.length} enabled styles (from the ${source}); track: 4:00 stereo 44.1 kHz 16-bit, generated`);
    console.log('');
    console.log(`load average at start: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} (${os.cpus().length} cores); CPU s = user + system of every thread`);
    // `-- --steering`: only the intensity switch and the album (scripts/lib/bench-steering.ts).
    if (process.argv.includes('--steering')) return await steeringFigures(dir, input, styles[0]!, styles);
    console.log('');
    console.log('style                      wall s    CPU s   x realtime   peak RSS MB   LUFS (target)   true peak   passes   heldBackLu');
    const groups = [...new Set(styles.map((style) => style.groupName))];
    for (const group of groups) {
      const style = styles.find((s) => s.groupName === group)!;
      const stylesFile = path.join(dir, 'style.json');
      writeFileSync(stylesFile, JSON.stringify([style]));
      const r = runChild('master', [input, stylesFile, path.join(dir, 'out.wav')]) as { wallS: number; cpuS: number; lufs: number; heldBackLu: number; truePeak: number; passes: number; durationS: number; maxRssMb: number };
      console.log(
        `${styleLabel(style).padEnd(26)} ${r.wallS.toFixed(2).padStart(6)}   ${r.cpuS.toFixed(2).padStart(6)}   ${(r.durationS / r.wallS).toFixed(1).padStart(10)}   ${String(r.maxRssMb).padStart(11)}   ${String(r.lufs).padStart(6)} (${style.processing.targetLufs})`.padEnd(95) +
          `${String(r.truePeak).padStart(9)}   ${r.passes}        ${r.heldBackLu}`,
      );
    }
    const whole = wholeCommand(input, styles[0]!, path.join(dir, 'out-command.wav'));
    console.log('');
    console.log(
      `whole \`npm run master\` process (start-up, catalogue, engine), ${styleLabel(styles[0]!)}: ${whole.wallS.toFixed(2)} s wall (${(240 / whole.wallS).toFixed(1)}x realtime), ${whole.cpuS.toFixed(2)} s CPU, peak RSS ${whole.maxRssMb} MB`,
    );
    const allFile = path.join(dir, 'styles.json');
    writeFileSync(allFile, JSON.stringify(styles));
    const p = runChild('prepare', [input, allFile, path.join(dir, 'unused.wav')]) as {
      decodeS: number;
      coldS: number;
      coldCpuS: number;
      prepareS: number;
      prepareCpuS: number;
      styles: number;
      iterations: number[];
      firstSecondS: number;
      firstSecondCpuS: number;
      maxRssMb: number;
    };
    console.log('');
    console.log(`decode to work file: ${p.decodeS.toFixed(2)} s wall (ffmpeg child)`);
    console.log(
      `preparation, ${p.styles} styles fitted: ${p.prepareS.toFixed(2)} s wall, ${p.prepareCpuS.toFixed(2)} s CPU with the fitting helper thread warm, as the media process's job threads keep it (the first preparation of a thread, which starts it: ${p.coldS.toFixed(2)} s wall, ${p.coldCpuS.toFixed(2)} s CPU); loudness evaluations per style: ${p.iterations.join(' ')}, ${p.iterations.reduce((a, b) => a + b, 0)} in all; peak RSS ${p.maxRssMb} MB`,
    );
    console.log(
      `first mastered second of a style, after preparation: ${(p.firstSecondS * 1000).toFixed(0)} ms wall, ${(p.firstSecondCpuS * 1000).toFixed(0)} ms CPU (worst of ${Math.ceil(p.styles / 3)} styles)`,
    );

    const long = path.join(dir, 'track-10min.wav');
    writeWavFile(long, musicLike({ seconds: 600, seed: 43, peakDb: -1 }), { format: 'pcm16' });
    const longStyle = path.join(dir, 'style.json');
    writeFileSync(longStyle, JSON.stringify([styles[0]!]));
    const l = runChild('master', [long, longStyle, path.join(dir, 'out-10min.wav')]) as { wallS: number; cpuS: number; maxRssMb: number; durationS: number };
    console.log(
      `10-minute track, ${styleLabel(styles[0]!)}: ${l.wallS.toFixed(2)} s wall, ${l.cpuS.toFixed(2)} s CPU (${(l.durationS / l.wallS).toFixed(1)}x realtime), peak RSS ${l.maxRssMb} MB`,
    );
    await realMixes(dir, styles);
    await dynamicsTable(dir, styles);
    await steeringFigures(dir, input, styles[0]!, styles);
    console.log(`load average at end: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const childAt = process.argv.indexOf('--child');
try {
  if (childAt >= 0) await child(process.argv[childAt + 1]!, process.argv.slice(childAt + 2));
  else await main();
} catch (error) {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exitCode = 1;
}
