import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { productInBrowser, type Locale } from './server-harness.js';
import { openNewTrackPage, PASSWORD, productApi } from './steps.js';

/**
 * Intensity on the master page, in Chromium against the real web process and media sidecar: the
 * Low / Medium / High control beside the style choice switches the player's mastered stream (its
 * loudness moves with it), is remembered for the track, and a master made at High is one at High
 * (report card, masters list). In English and German at 375 and 1280 px, with screenshots.
 */
const NAMES = { en: { low: 'Low', medium: 'Medium', high: 'High' }, de: { low: 'Niedrig', medium: 'Mittel', high: 'Hoch' } } as const;

const product = productInBrowser({ shots: 'intensity', media: true });
const steps = productApi(product);

/** The mastered stream's loudness as the player holds it (the preview's prediction until bounced). */
const masterLufs = (page: Page) => page.evaluate<number | null>('window.__masterdeckPlayer?.loudness().master?.lufs ?? null');

/** Mantine's SegmentedControl draws each choice as a label over its radio input: click the label, as a user does. */
async function chooseIntensity(page: Page, name: string) {
  await page.getByTestId('intensity-control').locator('label').filter({ hasText: new RegExp(`^${name}$`) }).click();
}
const checkedIntensity = (page: Page) => page.getByTestId('intensity-control').locator('input:checked').getAttribute('value');

const openTrack = (locale: Locale, width: number) =>
  openNewTrackPage(product, locale, width, { email: `intensity-${locale}-${width}-${Date.now()}@example.com`, password: PASSWORD, wav: encodeWav(musicLike({ seconds: 6, seed: 5, peakDb: -6 })), name: 'Low Tide.wav' });

describe('intensity on the master page', () => {
  for (const locale of ['en', 'de'] as const) {
    for (const width of [375, 1280]) {
      it(`when the intensity is switched by clicking (${locale}, ${width} px), then the player's master follows it, louder from Low to High, and the track remembers it`, async () => {
        const names = NAMES[locale];
        const { page } = await openTrack(locale, width);
        const control = page.getByTestId('intensity-control');
        expect(await checkedIntensity(page)).toBe('medium');
        await expect.poll(() => masterLufs(page), { timeout: 30_000 }).not.toBeNull();
        const medium = (await masterLufs(page))!;
        await control.scrollIntoViewIfNeeded();
        await product.shot(page, `control-medium-${locale}-${width}`);

        await chooseIntensity(page, names.high);
        await expect.poll(() => checkedIntensity(page)).toBe('high');
        await expect.poll(() => masterLufs(page), { timeout: 15_000 }).toBeGreaterThan(medium);
        await expect.poll(() => page.getByTestId('new-master').textContent()).toContain(names.high);
        await control.screenshot({ path: path.join(product.shotsDir, `control-high-${locale}-${width}.png`) });

        await chooseIntensity(page, names.low);
        await expect.poll(() => masterLufs(page), { timeout: 15_000 }).toBeLessThan(medium);
        await product.shot(page, `master-page-low-${locale}-${width}`, { fullPage: true });

        // Opened again, the track comes back at the intensity last chosen for it.
        await page.reload();
        await page.getByTestId('intensity-control').waitFor();
        await expect.poll(() => checkedIntensity(page)).toBe('low');
        await page.context().close();
      }, 300_000);
    }
  }

  it('when a master is made at High, then it is stored at High, the report card names it and the masters list shows it', async () => {
    const { page, token } = await openTrack('en', 1280);
    await chooseIntensity(page, 'High');
    await page.getByTestId('buy-option-0').getByRole('button').first().click();
    await page.getByTestId('master-detail').waitFor({ timeout: 120_000 });
    await expect.poll(() => page.getByTestId('report-intensity').textContent().catch(() => null), { timeout: 30_000 }).toBe('Intensity: High');
    await product.shot(page, 'report-high-en-1280', { fullPage: true });
    const masters = await steps.trpcQuery<{ style: { id: number } | null; intensity: string }[]>('masters.masters', token);
    expect(masters.filter((m) => m.style).map((m) => m.intensity)).toEqual(['high']);

    await page.goto('/masters');
    await page.getByTestId('master-table').waitFor();
    await expect.poll(() => page.getByTestId('master-intensity').first().textContent(), { timeout: 10_000 }).toBe('High');
    await product.shot(page, 'masters-list-high-en-1280');
    await page.context().close();
  }, 300_000);
});
