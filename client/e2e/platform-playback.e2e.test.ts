import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { PLATFORM_RULES, platformGain } from '../../src/modules/platforms/platforms.schemas.js';
import { productInBrowser, type Locale } from './server-harness.js';
import { screenshotWithoutOverflow } from './screens.js';
import { openSite, productApi } from './steps.js';

/**
 * "Played on": in Chromium against the real product, the master is heard at the gain Spotify Normal
 * would apply to it. The page's audio graph (the player's test hook of `npm run build:test`) gives
 * the frames that reached the speakers and the buffers scheduled; the gain heard is the one that
 * maps the master's own samples onto the output, found where the two line up.
 */
const SR = 44100;
const TAP_FRAMES = 8192;
/** How far, in frames, the tap's last frame may sit from the playhead the audio clock gives. */
const SEARCH_FRAMES = 2048;

interface Loudness {
  lufs: number;
  truePeak: number;
}

const product = productInBrowser({ shots: 'platform-playback', media: true, browserArgs: ['--autoplay-policy=no-user-gesture-required'] });
const steps = productApi(product);
const password = 'correct horse battery staple';
let email: string;
let masterId: string;
let bouncedId: string;

beforeAll(async () => {
  email = `played-on-${Date.now()}@example.test`;
  await steps.createAccount(email, password);
  const token = await steps.logIn(email, password);
  // A quiet mix with headroom, which Spotify Normal lifts, against its master at the style's loudness.
  masterId = await steps.upload(token, encodeWav(musicLike({ seconds: 24, peakDb: -12, seed: 4 })), 'Harbour Lights.wav');
  bouncedId = await steps.masteredTrack(token, encodeWav(musicLike({ seconds: 12, peakDb: -3, seed: 8 })), 'Tide Tables.wav');
}, 180_000);

async function waitUntil(page: Page, predicate: string, timeout = 30_000) {
  await page.waitForFunction(predicate, undefined, { timeout, polling: 50 });
}

async function openPreparedMaster(locale: Locale, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const page = await openSite(product, locale, width, { at: `/masters/song/${masterId}`, signedInAs: { email, password }, logPageErrors: true, context: { bypassCSP: true } });
  await page.getByTestId('master-player').waitFor();
  const chooser = page.locator('section[aria-labelledby="style-chooser-title"]');
  await chooser.getByRole('radio').nth(1).evaluate((input) => (input as HTMLInputElement).click());
  await page.getByTestId('analyzing-overlay').waitFor({ state: 'detached', timeout: 100_000 });
  await waitUntil(page, `window.__masterdeckPlayer && window.__masterdeckPlayer.masteredState() === 'ready'`);
  // The master's measured loudness rides on a meta asked for again once preparation ends.
  await waitUntil(page, `window.__masterdeckPlayer.loudness().master !== null && window.__masterdeckPlayer.loudness().original !== null`);
  return { context: page.context(), page };
}

/**
 * The gain that maps `source` onto `heard` at the best of the lags tried: least squares per lag,
 * the lag whose fit explains most of the heard signal (correlation) wins.
 */
function heardGain(heard: number[], source: number[]): { gainDb: number; correlation: number } {
  let best = { gainDb: NaN, correlation: -1 };
  const heardPower = heard.reduce((sum, x) => sum + x * x, 0);
  for (let lag = 0; lag + heard.length <= source.length; lag++) {
    let cross = 0;
    let power = 0;
    for (let i = 0; i < heard.length; i++) {
      const s = source[lag + i]!;
      cross += heard[i]! * s;
      power += s * s;
    }
    const correlation = cross / Math.sqrt(power * heardPower);
    if (correlation > best.correlation) best = { gainDb: 20 * Math.log10(cross / power), correlation };
  }
  return best;
}

/** The graph's lane gain and, by the samples, the gain the version is heard at. */
async function expectHeardAt(page: Page, version: 'original' | 'mastered', expectedDb: number) {
  const lanes = (await page.evaluate('window.__masterdeckPlayer.laneGainsDb()')) as Record<'originalDb' | 'masteredDb', number>;
  expect(lanes[`${version}Db`]).toBeCloseTo(expectedDb, 1);
  // The tap is made on first use: it hears only what plays after that.
  await page.evaluate(`window.__masterdeckPlayer.output(${TAP_FRAMES})`);
  await page.waitForTimeout(400);
  const output = (await page.evaluate(`window.__masterdeckPlayer.output(${TAP_FRAMES})`)) as { frames: number; samples: number[] };
  const start = output.frames - TAP_FRAMES - SEARCH_FRAMES;
  const source = (await page.evaluate(`window.__masterdeckPlayer.pcm('${version}', ${start}, ${TAP_FRAMES + 2 * SEARCH_FRAMES})`)) as number[] | null;
  expect(source).not.toBeNull();
  const heard = heardGain(output.samples, source!);
  expect(heard.correlation).toBeGreaterThan(0.999);
  expect(Math.abs(heard.gainDb - expectedDb)).toBeLessThanOrEqual(0.1);
}

describe('played on a streaming platform, in Chromium', () => {
  it('when "Spotify Normal" is chosen, then the original and the master are each heard at the gain Spotify Normal applies to it', async () => {
    const { context, page } = await openPreparedMaster('en', 1280);
    try {
      await page.getByLabel('Played on').selectOption('spotifyNormal');
      await page.getByText(/Each version plays at the gain Spotify Normal would apply/).waitFor();
      // Both measurements as the player holds them once the platform is chosen (a meta may still be on its way).
      await waitUntil(page, `(() => { const l = window.__masterdeckPlayer.loudness(); return l.platform === 'spotifyNormal' && l.original !== null && l.master !== null; })()`);
      const loudness = (await page.evaluate('window.__masterdeckPlayer.loudness()')) as { original: Loudness | null; master: Loudness | null; platform: string | null };
      expect(loudness.platform).toBe('spotifyNormal');
      const expected = {
        original: platformGain(PLATFORM_RULES.spotifyNormal, loudness.original)!.gainDb,
        mastered: platformGain(PLATFORM_RULES.spotifyNormal, loudness.master)!.gainDb,
      };
      console.info(`original ${JSON.stringify(loudness.original)}, master ${JSON.stringify(loudness.master)}: Spotify Normal gains ${JSON.stringify(expected)}`);
      // The quiet mix is lifted (as far as its peak allows); the master is not: the two gains differ.
      expect(expected.original).toBeGreaterThan(3);
      expect(expected.original - expected.mastered).toBeGreaterThan(1);

      await page.getByRole('button', { name: 'Play' }).click();
      await waitUntil(page, `window.__masterdeckPlayer.status() === 'playing' && window.__masterdeckPlayer.version() === 'original'`);
      await waitUntil(page, `window.__masterdeckPlayer.positionFrames() > ${2 * SR}`);
      await page.waitForTimeout(300);
      await expectHeardAt(page, 'original', expected.original);

      await page.getByText('Mastered', { exact: true }).first().click();
      await waitUntil(page, `window.__masterdeckPlayer.version() === 'mastered'`);
      // Past the 5 ms crossfade and the gain's 15 ms glide, with the chunks around the playhead held.
      await page.waitForTimeout(500);
      await expectHeardAt(page, 'mastered', expected.mastered);

      await screenshotWithoutOverflow(page, path.join(product.shotsDir, 'played-on-en-1280.png'), { element: page.getByTestId('master-player') });
      await page.getByRole('button', { name: 'Pause' }).click();
    } finally {
      await context.close();
    }
  });

  it('when "Spotify Loud" is chosen and the quiet original plays, then it is lifted to -11 LUFS whatever its peak and the limiter squeezes the peaks', async () => {
    const { context, page } = await openPreparedMaster('en', 1280);
    try {
      await page.getByLabel('Played on').selectOption('spotifyLoud');
      const loudness = (await page.evaluate('window.__masterdeckPlayer.loudness()')) as { original: Loudness | null };
      const expected = platformGain(PLATFORM_RULES.spotifyLoud, loudness.original)!;
      expect(expected.limiterEngaged).toBe(true);
      expect(expected.playedLufs).toBeCloseTo(-11, 1);
      await page.getByRole('button', { name: 'Play' }).click();
      await waitUntil(page, `window.__masterdeckPlayer.status() === 'playing' && window.__masterdeckPlayer.positionFrames() > ${SR}`);
      const lanes = (await page.evaluate('window.__masterdeckPlayer.laneGainsDb()')) as { originalDb: number };
      expect(lanes.originalDb).toBeCloseTo(expected.gainDb, 1);
      // The reduction moves with the music: the deepest one read over two seconds of playing.
      let deepest = 0;
      for (let i = 0; i < 40; i++) {
        deepest = Math.min(deepest, ((await page.evaluate('window.__masterdeckPlayer.limiterReductionDb()')) as number | null) ?? 0);
        await page.waitForTimeout(50);
      }
      expect(deepest).toBeLessThan(-1);

      // Another platform takes the limiter out of the path again.
      await page.getByLabel('Played on').selectOption('spotifyNormal');
      expect(await page.evaluate('window.__masterdeckPlayer.limiterReductionDb()')).toBeNull();
      await page.getByRole('button', { name: 'Pause' }).click();
    } finally {
      await context.close();
    }
  });

  for (const locale of ['en', 'de'] as const) {
    for (const width of [375, 1280]) {
      it(`when a platform is chosen in ${locale} at ${width} px, then the player names the gains and a screenshot is taken`, async () => {
        const { context, page } = await openPreparedMaster(locale, width);
        try {
          await page.getByLabel(locale === 'de' ? 'Abgespielt auf' : 'Played on').selectOption('appleMusic');
          await page.getByText(locale === 'de' ? /Apple Music anwenden würde/ : /Apple Music would apply/).waitFor();
          await screenshotWithoutOverflow(page, path.join(product.shotsDir, `played-on-${locale}-${width}.png`), { element: page.getByTestId('master-player') });
          await screenshotWithoutOverflow(page, path.join(product.shotsDir, `page-${locale}-${width}.png`));
        } finally {
          await context.close();
        }
      });

      it(`when a bounced master's report card is shown in ${locale} at ${width} px, then it lists the gain of each of the seven platforms and the codec check's figures`, async () => {
        const page = await openSite(product, locale, width, { at: `/masters/song/${bouncedId}`, signedInAs: { email, password }, logPageErrors: true });
        try {
          const report = page.getByRole('region', { name: locale === 'de' ? 'Messbericht' : 'Report card' });
          await page.getByTestId('platform-spotifyNormal').waitFor({ timeout: 30_000 });
          for (const id of ['spotifyLoud', 'spotifyNormal', 'spotifyQuiet', 'appleMusic', 'youtube', 'tidal', 'amazonMusic']) {
            await expect.poll(async () => (await page.getByTestId(`platform-${id}`).textContent())?.match(/dB/g)?.length ?? 0, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
          }
          // The first of these tests asks for the check; it is stored with the master, so the others find it done.
          const codecs = report.getByTestId('codec-check');
          await codecs.getByRole('heading', { name: locale === 'de' ? 'Durch die Codecs der Stores' : "Through the stores' codecs" }).waitFor();
          if (locale === 'en' && width === 375) {
            await codecs.getByRole('button', { name: 'Check the codec round trip' }).click();
            await codecs.getByTestId('codec-check-busy').or(codecs.getByTestId('codec-table')).first().waitFor();
          }
          await codecs.getByTestId('codec-table').waitFor({ timeout: 120_000 });
          expect(await codecs.getByTestId('codec-aac').textContent()).toMatch(/^AAC 256\skb\/s.*\d dBTP.*\d dB.*\d LUFS$/);
          expect(await codecs.getByTestId('codec-opus').textContent()).toMatch(/^Opus 160\skb\/s.*\d dBTP.*\d dB.*\d LUFS$/);
          expect(await codecs.getByRole('button').count()).toBe(0);
          await page.getByTestId('platform-spotifyNormal').scrollIntoViewIfNeeded();
          await screenshotWithoutOverflow(page, path.join(product.shotsDir, `report-${locale}-${width}.png`), { element: report });
        } finally {
          await page.context().close();
        }
      });
    }
  }
});
