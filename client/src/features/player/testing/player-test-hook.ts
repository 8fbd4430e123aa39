import type { PlayerController } from '../audio/player-controller.js';

/**
 * TEST HOOK, in test builds only (`npm run build:test`, Vite mode `e2e`): the player that
 * played last on the page publishes `window.__masterdeckPlayer`, which the browser tests read to
 * check the audio graph: `positionFrames()`, `version()`, `status()`, `contextTime()`, `sample()`
 * (position and audio-clock time read together), `scheduled()` (the AudioBuffers in the graph),
 * `switches()` (each switch with the frame of both streams at the switch time), `buffered()`,
 * `bufferedStyle(styleIndex)`, `masteredState()`, `reference()` (the reference track's state,
 * measured loudness and gain), and for the platform preview `loudness()`,
 * `laneGainsDb()`, `limiterReductionDb()`, `output(size)` (the last frames heard) and
 * `pcm(version, start, count)` (a version's held frames). A production build has no trace of it: the
 * module is loaded behind a condition on the build mode that the minifier removes.
 */
declare global {
  interface Window {
    __masterdeckPlayer?: ReturnType<PlayerController['inspect']>;
  }
}

/** `first`: only when no player has published yet (the page's first player, before any play). */
export function publishPlayer(controller: PlayerController, first: boolean): void {
  if (first && window.__masterdeckPlayer) return;
  window.__masterdeckPlayer = controller.inspect();
}
