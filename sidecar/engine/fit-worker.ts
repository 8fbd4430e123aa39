import { parentPort } from 'node:worker_threads';
import type { EngineStyle } from './style.js';
import { fitClaimedStyles, type Excerpt, type FitInputs, type FittedStyle } from './fit.js';

/**
 * The second fitting thread of prepareTrack: claims styles from the shared counter and fits them
 * exactly as the calling thread fits its own (fit.ts), learning from both threads' fits. The
 * calling thread keeps it for its next preparation.
 */
export type FitHelperMessage =
  | { kind: 'start'; excerpt: Excerpt; inputs: FitInputs; styles: EngineStyle[]; claims: Int32Array }
  /** A style the calling thread fitted: history for this thread's first guesses. */
  | { kind: 'fitted'; fitted: FittedStyle };

export type FitReply =
  | { kind: 'iteration'; iteration: number }
  | { kind: 'fitted'; index: number; fitted: FittedStyle }
  | { kind: 'done' }
  | { kind: 'error'; message: string };

const port = parentPort;
if (!port) throw new Error('fit-worker must run in a worker thread');

const history: FittedStyle[] = [];
port.on('message', (message: FitHelperMessage) => {
  if (message.kind === 'fitted') {
    history.push(message.fitted);
    return;
  }
  const reply = (value: FitReply) => port.postMessage(value);
  // A new track: the fits of the one before are no first guesses for it.
  history.length = 0;
  fitClaimedStyles(message.claims, message.styles, message.inputs, message.excerpt, history, (iteration) => reply({ kind: 'iteration', iteration }), (index, fitted) => reply({ kind: 'fitted', index, fitted })).then(
    () => reply({ kind: 'done' }),
    (error: unknown) => reply({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
});
