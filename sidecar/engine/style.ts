import type { TStyleProcessing } from '../../src/audio-core/style-parameters.js';

/**
 * A style as the engine takes it: plain parameters, no catalogue behind them. The type is the
 * audio core's style schema, which the catalogue validates styles with; the engine never imports
 * the catalogue (the arrows run one way, docs/architecture.md).
 */
export type EngineStyleParams = TStyleProcessing;

export interface EngineStyle {
  id: number;
  styleIndex: number;
  groupName: string;
  name: string;
  processing: EngineStyleParams;
}

/** The dynamics budget with every part present. */
export interface StyleBudget {
  limiterDb: number;
  compressionDb: number;
  /** Share of the mix's loudness range the master keeps (0.4..1). */
  lraShare: number;
  /** How far a hit's attack may fall against its body, dB. */
  attackLossDb: number;
}

/** Budget of a style that names none (or the parts it does not name): gentle. */
export const DEFAULT_BUDGET: Readonly<StyleBudget> = { limiterDb: 3, compressionDb: 4, lraShare: 0.8, attackLossDb: 2 };

/** A style's budget with the defaults filled in. */
export const budgetOf = (params: EngineStyleParams): StyleBudget => ({ ...DEFAULT_BUDGET, ...params.budget });
