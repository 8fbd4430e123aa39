import path from 'node:path';
import { createStyleRenderer, decodeToWorkFile, prepareTrack, type EngineStyle, type FittedStyle, type WorkFile } from '../../sidecar/engine/index.js';
import { measureLoudness } from '../../sidecar/engine/meter/loudness-meter.js';
import { INTENSITIES, styleAtIntensity } from '../../sidecar/engine/steer.js';
import { fitAtIntensity, fitSteered, masterAlbum } from '../../sidecar/engine/steered-master.js';
import { ffmpegLoudness } from '../../sidecar/engine/testing/independent-meters.js';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { writeWavFile } from '../../sidecar/engine/testing/wav-writer.js';

const cpuSecondsSince = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; wallS: number; cpuS: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await work();
  return { result, wallS: (performance.now() - started) / 1000, cpuS: cpuSecondsSince(cpu) };
}

/** The first mastered second of a fitted style, as the chunk stream renders it after a switch. */
function firstChunk(workFile: WorkFile, fitted: FittedStyle): void {
  const renderer = createStyleRenderer(workFile, fitted);
  renderer.render(Math.round(workFile.frames * 0.4), 44100);
  renderer.close();
}

/**
 * What the media process pays: its preparation of every enabled style at Medium (the second one,
 * with the fitting helper thread warm), and a switch of one style to each other intensity while
 * playing: its fit from the kept analysis, then its first mastered second.
 */
async function mediaFigures(workFile: WorkFile, style: EngineStyle, styles: EngineStyle[]): Promise<void> {
  await prepareTrack(workFile, styles);
  const { result: preparation, wallS, cpuS } = await timed(() => prepareTrack(workFile, styles));
  console.log(`  media preparation, ${styles.length} styles: ${wallS.toFixed(2)} s wall, ${cpuS.toFixed(2)} s CPU`);
  const medium = preparation.styles[styles.indexOf(style)]!;
  for (const intensity of ['low', 'high'] as const) {
    const switched = await timed(async () => firstChunk(workFile, fitSteered(workFile, preparation, style, medium, intensity).fitted));
    console.log(`  switch to ${intensity.padEnd(4)} while playing, first mastered second: ${switched.wallS.toFixed(3)} s wall, ${switched.cpuS.toFixed(3)} s CPU`);
  }
}

/**
 * The bench's figures for steered mastering: switching a style's intensity on a prepared track
 * (the one style prepared, analysis pass included, then fitted at the intensity from what that kept),
 * and an album of three generated 3-minute tracks mixed at -18, -14 and -11 LUFS, mastered as one
 * record (decode, anchor, the two others at their distance to it), every level read by ffmpeg.
 */
export async function steeringFigures(dir: string, input: string, style: EngineStyle, styles: EngineStyle[]): Promise<void> {
  const label = `${style.groupName}/${style.name}`;
  console.log('');
  console.log(`steering, ${label}:`);
  const workFile = await decodeToWorkFile(input, path.join(dir, 'steer.f32'));
  await mediaFigures(workFile, style, styles);
  // The media process prepares every style first; the switch comes after, with its threads warm.
  await prepareTrack(workFile, styles);
  for (const intensity of INTENSITIES) {
    const { result, wallS, cpuS } = await timed(() => fitAtIntensity(workFile, style, intensity));
    console.log(
      `  intensity switch to ${intensity.padEnd(6)} on the 4-minute track: ${wallS.toFixed(2)} s wall, ${cpuS.toFixed(2)} s CPU; target ${styleAtIntensity(style, intensity).processing.targetLufs} -> aims at ${result.fitted.effectiveTargetLufs.toFixed(2)} LUFS (heldBackLu ${result.fitted.heldBackLu})`,
    );
  }

  const levels = [-18, -14, -11];
  const tracks = levels.map((lufs, i) => {
    const signal = musicLike({ seconds: 180, seed: 60 + i, peakDb: -1 });
    const measured = measureLoudness(signal.data, signal.sampleRate, signal.channels).integratedLufs;
    const gain = 10 ** ((lufs - measured) / 20);
    const trackInput = path.join(dir, `album-${i}.wav`);
    writeWavFile(trackInput, { ...signal, data: signal.data.map((x) => x * gain) }, { format: 'pcm24' });
    return { input: trackInput, output: path.join(dir, `album-${i}-master.wav`) };
  });
  const { result: album, wallS, cpuS } = await timed(() => masterAlbum(tracks, style, 'medium'));
  const before = await Promise.all(tracks.map((t) => ffmpegLoudness(t.input)));
  const after = await Promise.all(tracks.map((t) => ffmpegLoudness(t.output)));
  console.log(
    `  album of three 3-minute tracks: ${wallS.toFixed(2)} s wall, ${cpuS.toFixed(2)} s CPU (${((3 * 180) / wallS).toFixed(1)}x realtime); ffmpeg: ${before.map((b) => b.integratedLufs.toFixed(1)).join(' / ')} -> ${after.map((a) => a.integratedLufs.toFixed(1)).join(' / ')} LUFS, true peaks ${after.map((a) => a.truePeakDbtp.toFixed(1)).join(' / ')} dBTP; spread ${album.spreadInLu} -> ${album.spreadOutLu} LU (anchor: track ${album.anchor + 1})`,
  );
}
