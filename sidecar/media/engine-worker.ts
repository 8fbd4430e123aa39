import { parentPort } from 'node:worker_threads';
import { analyseWorkFile, bounce, createStyleRenderer, prepareTrack, writeCdRendition, type FittedStyle, type KeptAnalysis, type RangeRenderer, type WorkFile } from '../engine/index.js';
import { fitSteered } from '../engine/steered-master.js';
import type { Amounts, Intensity } from '../engine/steer.js';
import type { TEngineStyle } from '../../src/modules/catalogue/index.js';
import { floatToS16le } from './pcm.js';
import { analyseReference } from '../engine/referenced-master.js';
import { bounceToReference, type ReferenceBounceJob } from './reference-bounce.js';

/**
 * The engine, off the uWS event loop. Messages: `render` (a preview range of a prepared
 * style, answered as 16-bit PCM), `refit` (a style fitted at another intensity or amounts from a preparation's
 * kept analysis: short, so it runs beside the renders), `prepare`, `bounce`, `dither16` (a master's 16-bit download),
 * `analyseReference` and `bounceToReference` (a bounce toward a reference track), `measure` (a decoded file's
 * loudness and true peak, the codec check's) (long jobs, one worker each, stopped by terminating the worker). Progress and results are posted back with the request's id.
 */
export type EngineRequest =
  | { op: 'render'; id: number; key: string; workFile: WorkFile; fitted: FittedStyle; startFrame: number; frameCount: number }
  | { op: 'refit'; id: number; workFile: WorkFile; kept: KeptAnalysis; style: TEngineStyle; medium: FittedStyle; intensity: Intensity; amounts: Amounts }
  | { op: 'prepare'; id: number; workFile: WorkFile; styles: TEngineStyle[] }
  | { op: 'bounce'; id: number; workFile: WorkFile; fitted: FittedStyle; outPath: string }
  | { op: 'dither16'; id: number; masterPath: string; outPath: string }
  | { op: 'analyseReference'; id: number; referencePath: string; workPath: string }
  | { op: 'measure'; id: number; workFile: WorkFile }
  | ({ op: 'bounceToReference'; id: number } & ReferenceBounceJob);

export type EngineReply =
  | { id: number; kind: 'progress'; progress: unknown }
  | { id: number; kind: 'result'; result: unknown }
  | { id: number; kind: 'error'; message: string };

const port = parentPort;
if (!port) throw new Error('engine-worker must run in a worker thread');

/** Renderers keep their filter state, so a listener's consecutive chunks render without pre-roll. */
const RENDERERS_KEPT = 8;
const renderers = new Map<string, RangeRenderer>();

function rendererFor(key: string, workFile: WorkFile, fitted: FittedStyle): RangeRenderer {
  let renderer = renderers.get(key);
  if (renderer) {
    renderers.delete(key);
  } else {
    renderer = createStyleRenderer(workFile, fitted);
  }
  renderers.set(key, renderer);
  for (const [oldKey, old] of renderers) {
    if (renderers.size <= RENDERERS_KEPT) break;
    renderers.delete(oldKey);
    old.close();
  }
  return renderer;
}

port.on('message', (request: EngineRequest) => {
  void handle(request);
});

async function handle(request: EngineRequest): Promise<void> {
  try {
    switch (request.op) {
      case 'render': {
        const samples = rendererFor(request.key, request.workFile, request.fitted).render(request.startFrame, request.frameCount);
        const pcm = new Uint8Array(samples.length * 2);
        floatToS16le(samples, pcm);
        port!.postMessage({ id: request.id, kind: 'result', result: pcm } satisfies EngineReply, [pcm.buffer]);
        return;
      }
      case 'refit': {
        const result = fitSteered(request.workFile, request.kept, request.style, request.medium, request.intensity, request.amounts).fitted;
        port!.postMessage({ id: request.id, kind: 'result', result } satisfies EngineReply);
        return;
      }
      case 'prepare': {
        // Medium only: the other intensities are fitted when first asked for (refit).
        const result = await prepareTrack(request.workFile, request.styles, (progress) =>
          port!.postMessage({ id: request.id, kind: 'progress', progress } satisfies EngineReply),
        );
        port!.postMessage({ id: request.id, kind: 'result', result } satisfies EngineReply);
        return;
      }
      case 'bounce': {
        const result = await bounce(request.workFile, request.fitted, request.outPath, (progress) =>
          port!.postMessage({ id: request.id, kind: 'progress', progress } satisfies EngineReply),
        );
        port!.postMessage({ id: request.id, kind: 'result', result } satisfies EngineReply);
        return;
      }
      case 'analyseReference': {
        const result = await analyseReference(request.referencePath, request.workPath);
        port!.postMessage({ id: request.id, kind: 'result', result } satisfies EngineReply);
        return;
      }
      case 'bounceToReference': {
        const { id, op: _op, ...job } = request;
        const result = await bounceToReference(job, (progress) => port!.postMessage({ id, kind: 'progress', progress } satisfies EngineReply));
        port!.postMessage({ id, kind: 'result', result } satisfies EngineReply);
        return;
      }
      case 'measure': {
        const { lufs, truePeak } = await analyseWorkFile(request.workFile);
        port!.postMessage({ id: request.id, kind: 'result', result: { lufs, truePeak } } satisfies EngineReply);
        return;
      }
      case 'dither16': {
        const result = await writeCdRendition(request.masterPath, request.outPath);
        port!.postMessage({ id: request.id, kind: 'result', result } satisfies EngineReply);
        return;
      }
    }
  } catch (error) {
    port!.postMessage({ id: request.id, kind: 'error', message: error instanceof Error ? error.message : String(error) } satisfies EngineReply);
  }
}
