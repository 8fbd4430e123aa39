import { describe, expect, it } from 'vitest';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { productInBrowser } from './server-harness.js';
import { logInThroughMenu, openSite, PASSWORD, productApi } from './steps.js';

/**
 * A master is there when its render ends: the bounce's bar never reads 100 % while work runs, the
 * overlay closes as soon as the 24-bit master is stored, and the free download (the MP3, made from
 * the master afterwards) is asked for at once and arrives, the card saying what is being made
 * meanwhile instead of a bar stuck at its end.
 */
const product = productInBrowser({ shots: 'ready', media: true });
const steps = productApi(product);

describe('a master ready when it is rendered', () => {
  it('when a user makes a master and downloads it, then no progress reads 100 % while work runs and the download follows the render', async () => {
    const email = `ready-${Date.now()}@example.com`;
    await steps.createAccount(email, PASSWORD);
    const token = await steps.logIn(email, PASSWORD);
    const masterId = await steps.upload(token, encodeWav(musicLike({ seconds: 20, seed: 23, peakDb: -3 })), 'Ready.wav');

    const page = await openSite(product, 'en', 1280, { langCookie: true });
    await logInThroughMenu(page, 'en', { email, password: PASSWORD }, { waitForAccount: true });
    // Everything the overlay and the download cards show is recorded in the page, with the time.
    await page.addInitScript(() => {
      const seen: { at: number; overlay: string | null; percent: string | null; card: string | null }[] = [];
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? null;
      new MutationObserver(() => {
        const entry = { at: Date.now(), overlay: text('[data-testid="analyzing-overlay"] [role="status"]'), percent: text('[data-testid="analyzing-percent"]'), card: text('[data-testid="buy-option-0"]') };
        const last = seen.at(-1);
        if (!last || last.overlay !== entry.overlay || last.percent !== entry.percent || last.card !== entry.card) seen.push(entry);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`/masters/song/${masterId}`);
    await page.getByTestId('new-master').waitFor({ timeout: 30_000 });
    await page.getByTestId('analyzing-overlay').waitFor({ state: 'detached', timeout: 120_000 });

    const id = await page.locator('[data-testid^="style-"]').first().getAttribute('id');
    // The overlay may come only after the page shows (preparation queued a moment later): the
    // click waits until nothing covers the style.
    await page.locator(`label[for="${id}"]`).click({ timeout: 180_000 });
    const download = page.waitForEvent('download', { timeout: 180_000 });
    await page.getByTestId('buy-option-0').getByRole('button').first().click();
    await page.getByTestId('analyzing-overlay').waitFor({ timeout: 30_000 });
    await page.getByTestId('analyzing-overlay').waitFor({ state: 'detached', timeout: 180_000 });
    const renderEnded = Date.now();
    // The master's page is there at once, with its download options.
    await page.getByTestId('master-detail').waitFor({ timeout: 10_000 });
    const saved = await download;
    const downloadedAt = Date.now();
    expect(saved.suggestedFilename()).toMatch(/_192kbps\.mp3$/);

    const seen = await page.evaluate(() => (window as unknown as { __seen: { at: number; overlay: string | null; percent: string | null; card: string | null }[] }).__seen);
    const overlayPercents = seen.filter((entry) => entry.overlay !== null).map((entry) => entry.percent);
    expect(overlayPercents.length).toBeGreaterThan(0);
    expect(overlayPercents.filter((percent) => percent === '100 %'), overlayPercents.join(' | ')).toEqual([]);
    // While the MP3 was made after the render the card said so, never a bar at its end.
    const cards = seen.filter((entry) => entry.at >= renderEnded && entry.card !== null).map((entry) => entry.card!);
    for (const card of cards) expect(card).not.toMatch(/Finaliz/);
    console.info(`render end to download: ${downloadedAt - renderEnded} ms; card states: ${[...new Set(cards.map((card) => /Making this file|made next|made before|Downloading \d+ %/.exec(card)?.[0] ?? 'idle'))].join(', ')}`);
  });
});
