import type { FfmpegLoudness } from './independent-meters.js';
import { ffmpegLoudness } from './independent-meters.js';
import type { MasteredInStyle } from './master-in-styles.js';

/** What one master shows: a row for the log and named checks, each of which must hold. */
export interface MasterVerdict {
  row: Record<string, unknown>;
  checks: Record<string, boolean>;
}

/** The master's integrated loudness (ffmpeg's) within 0.5 LU of its style's target less what the engine held back. */
export const onItsLoudness = ({ style, report }: MasteredInStyle, theirs: FfmpegLoudness) =>
  Math.abs(theirs.integratedLufs - (style.processing.targetLufs - report.heldBackLu)) <= 0.5;

/**
 * Measures every master with ffmpeg and judges it. The checks come back beside what they should
 * be (all true) under the style's name, so one `toEqual` names every style that fails and which
 * check; the rows are logged for the figures behind them.
 */
export async function judgeEachMaster(
  masters: MasteredInStyle[],
  judge: (master: MasteredInStyle, theirs: FfmpegLoudness) => MasterVerdict,
): Promise<{ rows: Record<string, unknown>[]; checks: object[]; expected: object[] }> {
  const rows: Record<string, unknown>[] = [];
  const checks: object[] = [];
  const expected: object[] = [];
  for (const master of masters) {
    const verdict = judge(master, await ffmpegLoudness(master.file));
    const style = master.style.name;
    rows.push({ style, ...verdict.row });
    checks.push({ style, ...verdict.checks });
    expected.push({ style, ...Object.fromEntries(Object.keys(verdict.checks).map((name) => [name, true])) });
  }
  return { rows, checks, expected };
}
