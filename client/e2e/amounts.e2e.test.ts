import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { productInBrowser, type Locale } from './server-harness.js';
import { openNewTrackPage, PASSWORD, productApi } from './steps.js';

/**
 * Amounts on the master page, in Chromium against the real web process and media sidecar: the
 * folded "Amounts" under the intensity opens to three sliders; Tone moved to 120 % by keyboard
 * switches the player's mastered stream to a new render, and the master bought then is made at
 * 120 % (report card, masters list). In English and German at 375 and 1280 px, with screenshots.
 */
const NAMES = { en: { amounts: 'Amounts', tone: 'Tone', toned: 'Tone 120 %' }, de: { amounts: 'Feinabstimmung', tone: 'Klang', toned: 'Klang 120 %' } } as const;

const product = productInBrowser({ shots: 'amounts', media: true });
const steps = productApi(product);

/** The first frames of the mastered stream the player holds now (null until they have arrived). */
const masteredStart = (page: Page) => page.evaluate<number[] | null>('window.__masterdeckPlayer?.pcm("mastered", 0, 2048) ?? null');

const openTrack = (locale: Locale, width: number) =>
  openNewTrackPage(product, locale, width, { email: `amounts-${locale}-${width}-${Date.now()}@example.com`, password: PASSWORD, wav: encodeWav(musicLike({ seconds: 6, seed: 7, peakDb: -6 })), name: 'Salt Flats.wav' });

describe('amounts on the master page', () => {
  for (const locale of ['en', 'de'] as const) {
    for (const width of [375, 1280]) {
      it(`when Tone is set to 120 % by keyboard (${locale}, ${width} px), then the preview is a new render and the master made then names Tone 120 %`, async () => {
        const names = NAMES[locale];
        const { page, token } = await openTrack(locale, width);
        const control = page.getByTestId('amounts-control');
        await expect.poll(() => masteredStart(page), { timeout: 30_000 }).not.toBeNull();
        const before = (await masteredStart(page))!;
        const disclosure = control.getByRole('button', { name: names.amounts });
        expect(await disclosure.getAttribute('aria-expanded')).toBe('false');
        await control.scrollIntoViewIfNeeded();
        await product.shot(page, `folded-${locale}-${width}`);

        await disclosure.click();
        const tone = control.getByRole('slider', { name: names.tone });
        await tone.focus();
        await tone.press('ArrowRight');
        await tone.press('ArrowRight');
        await expect.poll(() => tone.getAttribute('aria-valuenow')).toBe('120');
        // The mastered stream is now the render at 120 %: its first frames differ from those at 100 %.
        await expect
          .poll(async () => {
            const after = await masteredStart(page);
            return after !== null && after.some((sample, i) => Math.abs(sample - before[i]!) > 1e-4);
          }, { timeout: 30_000 })
          .toBe(true);
        await expect.poll(() => page.getByTestId('new-master').textContent()).toContain(names.toned);
        await control.screenshot({ path: path.join(product.shotsDir, `control-open-${locale}-${width}.png`) });
        await product.shot(page, `open-${locale}-${width}`, { fullPage: true });

        await page.getByTestId('buy-option-0').getByRole('button').first().click();
        await page.getByTestId('master-detail').waitFor({ timeout: 120_000 });
        await expect.poll(() => page.getByTestId('report-amounts').textContent().catch(() => null), { timeout: 30_000 }).toBe(names.toned);
        await product.shot(page, `report-${locale}-${width}`, { fullPage: true });
        const masters = await steps.trpcQuery<{ style: { id: number } | null; toneAmount: number; widthAmount: number; dynamicsAmount: number }[]>('masters.masters', token);
        expect(masters.filter((m) => m.style).map(({ toneAmount, widthAmount, dynamicsAmount }) => ({ toneAmount, widthAmount, dynamicsAmount }))).toEqual([
          { toneAmount: 120, widthAmount: 100, dynamicsAmount: 100 },
        ]);

        await page.goto('/masters');
        await expect.poll(() => page.getByTestId('master-amounts').first().textContent().catch(() => null), { timeout: 10_000 }).toBe(names.toned);
        await product.shot(page, `masters-list-${locale}-${width}`, { fullPage: true });
        await page.context().close();
      }, 300_000);
    }
  }
});
