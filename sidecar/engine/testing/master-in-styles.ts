import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { bounce, decodeToWorkFile, prepareTrack, type EngineStyle, type MasterReport } from '../index.js';
import type { TestSignal } from './signals.js';
import { writeWavFile, type WavSampleFormat } from './wav-writer.js';

export interface MasteredInStyle {
  style: EngineStyle;
  report: MasterReport;
  file: string;
  /** The true peak the preparation predicted (what the player shows before the bounce), dBTP. */
  predictedTruePeakDb: number;
}

/**
 * Masters a generated mix in each chosen style, as the product does (decode, one preparation, a
 * bounce per style), in a temporary folder of the test file's own. The mix is written as
 * float unless `format` says otherwise, so overs past 0 dBFS reach the engine as they are.
 */
export function useMasteringInStyles(prefix: string) {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  return async function masterAll(
    name: string,
    signal: TestSignal,
    chosen: EngineStyle[],
    format: WavSampleFormat = 'float32',
  ): Promise<{ input: string; masters: MasteredInStyle[] }> {
    const input = path.join(dir, `${name}.wav`);
    writeWavFile(input, signal, { format });
    const workFile = await decodeToWorkFile(input, path.join(dir, `${name}.f32`));
    const preparation = await prepareTrack(workFile, chosen);
    const masters: MasteredInStyle[] = [];
    for (const style of chosen) {
      const fitted = preparation.styles.find((s) => s.styleId === style.id)!;
      const file = path.join(dir, `${name}-${style.styleIndex}.wav`);
      masters.push({ style, report: await bounce(workFile, fitted, file), file, predictedTruePeakDb: fitted.predictedTruePeakDb });
    }
    return { input, masters };
  };
}
