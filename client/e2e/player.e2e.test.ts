import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { productInBrowser, type Locale } from './server-harness.js';
import { screenshotWithoutOverflow } from './screens.js';
import { openSite, productApi } from './steps.js';

/**
 * In Chromium against the real product (web process supervising the media
 * sidecar), play the original, toggle to the mastered version mid-play and back, and check from the
 * page's audio graph (the player's test hook, window.__masterdeckPlayer, in the build of `npm run build:test`) that playback continued at
 * the same sample. Screenshots of the player in English and German at 375 and 1280 px.
 */
const SR = 44100;
/** "A few ms": the audio clock advances in render quanta of 128 frames (2.9 ms); allow 5 ms. */
const TOLERANCE_FRAMES = Math.round(0.005 * SR);

interface Hook {
  positionFrames(): number;
  version(): string;
  status(): string;
  sample(): { frames: number; contextTime: number; version: string };
  switches(): { time: number; from: string; to: string; frameOut: number; frameIn: number }[];
  scheduled(): { version: string; time: number; frame: number; frames: number }[];
  buffered(): { original: number[]; mastered: number[] };
  masteredState(): string;
}

const product = productInBrowser({ shots: 'player', media: true, browserArgs: ['--autoplay-policy=no-user-gesture-required'] });
let masterId: string;
let email: string;
const password = 'correct horse battery staple';
const steps = productApi(product);

beforeAll(async () => {
  // A confirmed user through REST and the outbox mail.
  email = `player-${Date.now()}@example.test`;
  await steps.createAccount(email, password);
  const accessToken = await steps.logIn(email, password);

  // A 24 s music-like stereo WAV, uploaded as the public API's clients do.
  masterId = await steps.upload(accessToken, encodeWav(musicLike({ seconds: 24, peakDb: -6 })), 'Night Drive.wav');
}, 180_000);

async function openMasterPage(locale: Locale, width: number): Promise<{ context: BrowserContext; page: Page }> {
  // bypassCSP: Playwright's polling waitForFunction evaluates its predicate, which script-src 'self' forbids.
  const page = await openSite(product, locale, width, { at: `/masters/song/${masterId}`, signedInAs: { email, password }, logPageErrors: true, context: { bypassCSP: true } });
  await page.getByTestId('master-player').waitFor();
  return { context: page.context(), page };
}

/** Reads the player's test hook in the page (published by hooks/use-player-controller.ts). */
const hook = <K extends keyof Hook>(page: Page, name: K) => page.evaluate(`window.__masterdeckPlayer.${name}()`) as Promise<ReturnType<Hook[K]>>;

async function waitUntil(page: Page, predicate: string, timeout = 30_000) {
  await page.waitForFunction(predicate, undefined, { timeout, polling: 50 });
}

/** Frames minus audio-clock frames: constant while playback runs on without a jump. */
const drift = (s: { frames: number; contextTime: number }) => s.frames - s.contextTime * SR;

describe('the A/B player in Chromium', () => {
  it('when the original plays and is toggled to mastered and back mid-play, then playback continues at the same sample', async () => {
    const { context, page } = await openMasterPage('en', 1280);
    try {
      // Choosing another style prepares the track (the analyzing overlay), then its master is audible.
      const chooser = page.locator('section[aria-labelledby="style-chooser-title"]');
      await chooser.getByRole('radio').nth(1).evaluate((input) => (input as HTMLInputElement).click());
      await page.getByTestId('analyzing-overlay').waitFor({ state: 'detached', timeout: 100_000 });
      await waitUntil(page, `window.__masterdeckPlayer && window.__masterdeckPlayer.masteredState() === 'ready'`);
      // Loudness-matched A/B: with the analysis done, the louder master is turned down to the original.
      await page.getByText(/Mastered is turned down by \d+\.\d dB/).waitFor();

      await page.getByRole('button', { name: 'Play' }).click();
      await waitUntil(page, `window.__masterdeckPlayer.status() === 'playing' && window.__masterdeckPlayer.version() === 'original'`);
      // Mid-play, with the mastered chunks around the playhead already loaded.
      await waitUntil(page, `window.__masterdeckPlayer.positionFrames() > ${2 * SR}`);
      await waitUntil(page, `(() => { const b = window.__masterdeckPlayer.buffered(); const c = Math.floor(window.__masterdeckPlayer.positionFrames() / ${SR}); return b.mastered.includes(c) && b.mastered.includes(c + 1); })()`);

      const before = await hook(page, 'sample');
      await page.getByText('Mastered', { exact: true }).first().click();
      await waitUntil(page, `window.__masterdeckPlayer.version() === 'mastered'`);
      await page.waitForTimeout(400);
      const afterToMastered = await hook(page, 'sample');
      expect(afterToMastered.version).toBe('mastered');
      expect(await hook(page, 'status')).toBe('playing');
      expect(Math.abs(drift(afterToMastered) - drift(before))).toBeLessThanOrEqual(TOLERANCE_FRAMES);
      expect(afterToMastered.frames).toBeGreaterThan(before.frames);

      // The graph itself: the mastered buffer starts at the switch time on the very frame the original was at.
      const [toMastered] = await hook(page, 'switches');
      expect(toMastered).toMatchObject({ from: 'original', to: 'mastered' });
      expect(toMastered!.frameIn).toBe(toMastered!.frameOut);
      expect(Math.abs(toMastered!.frameIn - (before.frames + (toMastered!.time - before.contextTime) * SR))).toBeLessThanOrEqual(TOLERANCE_FRAMES);
      // Every buffer source now scheduled, of either version, maps the audio clock to track frames
      // the same way: the mastered buffers continue the original's timeline without a jump.
      const graph = await hook(page, 'scheduled');
      expect(graph.some((piece) => piece.version === 'mastered')).toBe(true);
      expect(new Set(graph.map((piece) => piece.frame - Math.round(piece.time * SR))).size).toBe(1);

      await screenshotWithoutOverflow(page, path.join(product.shotsDir, 'player-en-1280-mastered.png'), { element: page.getByTestId('master-player') });

      // And back, with the keyboard (A toggles), right after the toggle was clicked.
      const beforeBack = await hook(page, 'sample');
      await page.keyboard.press('a');
      await waitUntil(page, `window.__masterdeckPlayer.version() === 'original'`);
      await page.waitForTimeout(400);
      const afterBack = await hook(page, 'sample');
      expect(await hook(page, 'status')).toBe('playing');
      expect(Math.abs(drift(afterBack) - drift(beforeBack))).toBeLessThanOrEqual(TOLERANCE_FRAMES);
      expect(Math.abs(drift(afterBack) - drift(before))).toBeLessThanOrEqual(TOLERANCE_FRAMES);
      const switches = await hook(page, 'switches');
      expect(switches.map((s) => `${s.from}->${s.to}`)).toEqual(['original->mastered', 'mastered->original']);
      expect(switches[1]!.frameIn).toBe(switches[1]!.frameOut);

      await page.getByRole('button', { name: 'Pause' }).click();
      await waitUntil(page, `window.__masterdeckPlayer.status() === 'paused'`);
    } finally {
      await context.close();
    }
  });

  for (const locale of ['en', 'de'] as const) {
    for (const width of [375, 1280]) {
      it(`when shown in ${locale} at ${width} px, then a screenshot of the player is taken`, async () => {
        const { context, page } = await openMasterPage(locale, width);
        try {
          await page.locator('[data-testid="master-player"] [role="slider"][tabindex="0"]').first().waitFor();
          await page.getByRole('button', { name: locale === 'de' ? 'Abspielen' : 'Play' }).click();
          await page.waitForTimeout(1500);
          const player = page.getByTestId('master-player');
          await screenshotWithoutOverflow(page, path.join(product.shotsDir, `player-${locale}-${width}.png`), { element: player });
          await screenshotWithoutOverflow(page, path.join(product.shotsDir, `page-${locale}-${width}.png`));
        } finally {
          await context.close();
        }
      });
    }
  }
});
