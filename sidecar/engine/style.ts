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

/** Budget of a style that names none: gentle. */
export const DEFAULT_BUDGET = { limiterDb: 3, compressionDb: 4 } as const;
