import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { productInBrowser, type Locale } from './server-harness.js';
import { logInThroughMenu, openSite, PASSWORD, productApi } from './steps.js';

/**
 * Two stalls of a first-timer: a file that is not a WAV gets one notice that says what
 * to do (never the parser's words, no pointless "Try again"), and the analyzing overlay's bar and
 * pass counter only move forward. Clicked as a person clicks; screenshots in en and de at 375 and 1280 px.
 */

const TEXT = {
  en: {
    choose: 'Choose a WAV file',
    notWav: 'This file is not a WAV. Export your mix as WAV and try again.',
    another: 'Choose another file',
    tryAgain: 'Try again',
  },
  de: {
    choose: 'WAV-Datei wählen',
    notWav: 'Diese Datei ist keine WAV-Datei. Exportiere deinen Mix als WAV und versuche es noch einmal.',
    another: 'Andere Datei wählen',
    tryAgain: 'Erneut versuchen',
  },
} as const;

const product = productInBrowser({ shots: 'upload-and-progress', media: true });
const steps = productApi(product);

async function createAccount(prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  await steps.createAccount(email, PASSWORD, { firstName: 'Nora', lastName: 'Neu' });
  return email;
}

/** A signed-in page on / in the locale and width, cookie banner answered. */
async function signedInHome(locale: Locale, width: number): Promise<Page> {
  const email = await createAccount(`upload-${locale}-${width}`);
  // bypassCSP: Playwright's polling helpers evaluate code, which script-src 'self' forbids.
  const page = await openSite(product, locale, 1280, { langCookie: true, context: { bypassCSP: true } });
  // The menu's login button is behind the burger on phones: sign in wide, then narrow the window.
  await logInThroughMenu(page, locale, { email, password: PASSWORD }, { waitForAccount: true });
  await page.setViewportSize({ width, height: 900 });
  return page;
}

async function chooseFile(page: Page, locale: Locale, file: { name: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: TEXT[locale].choose }).first().click()]);
  await chooser.setFiles({ name: file.name, mimeType: 'audio/wav', buffer: file.buffer });
}

const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('upload problems and analysis progress in the browser', () => {
  for (const locale of ['en', 'de'] as const) {
    for (const width of [375, 1280]) {
      it(`when a file named .wav is no WAV (${locale}, ${width} px), then one notice says what to do, without the parser's words or "Try again"`, async () => {
        const page = await signedInHome(locale, width);
        // A PDF saved as .wav: the browser's check passes (type audio/wav), the server reads the content.
        await chooseFile(page, locale, { name: 'mix.wav', buffer: Buffer.from('%PDF-1.4 this is no audio at all, only text to fill some bytes') });
        const notice = page.getByTestId('upload-problem');
        await notice.waitFor();
        await expect.poll(() => page.getByTestId('upload-problem-message').textContent()).toBe(TEXT[locale].notWav);
        const text = (await notice.textContent()) ?? '';
        expect(text).not.toMatch(/RIFF|WAVE header/);
        expect(await notice.getByRole('button', { name: TEXT[locale].tryAgain }).count()).toBe(0);
        await notice.getByRole('button', { name: TEXT[locale].another }).waitFor();
        await page.screenshot({ path: `${product.shotsDir}/upload-not-wav-${locale}-${width}.png`, animations: 'disabled' });
        expect(await overflowOf(page)).toBeLessThanOrEqual(0);
        const box = await notice.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      });
    }
  }

  for (const locale of ['en', 'de'] as const) {
    it(`when a track is analysed (${locale}), then the overlay's percent and pass only move forward and each stage is named`, async () => {
      const page = await signedInHome(locale, locale === 'en' ? 1280 : 375);
      // Every percent and step the overlay shows is recorded in the page, from before the upload on.
      await page.evaluate(() => {
        const seen: { percent: number; step: string }[] = [];
        (window as unknown as { __overlay: typeof seen }).__overlay = seen;
        new MutationObserver(() => {
          const overlay = document.querySelector('[data-testid="analyzing-overlay"]');
          const percent = Number.parseInt(overlay?.querySelector('[data-testid="analyzing-percent"]')?.textContent ?? '', 10);
          const step = overlay?.querySelector('[role="status"] p')?.textContent?.trim() ?? '';
          const last = seen.at(-1);
          if (overlay && Number.isFinite(percent) && (!last || last.percent !== percent || last.step !== step)) seen.push({ percent, step });
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await chooseFile(page, locale, { name: 'Forward.wav', buffer: encodeWav(musicLike({ seconds: 8, seed: 5, peakDb: -6 })) });
      await page.waitForURL(/\/masters\/song\//, { timeout: 30_000 });
      const overlay = page.getByTestId('analyzing-overlay');
      await overlay.waitFor({ timeout: 20_000 });
      await page.screenshot({ path: `${product.shotsDir}/analyzing-${locale}-${locale === 'en' ? 1280 : 375}.png`, animations: 'disabled' });
      await overlay.waitFor({ state: 'detached', timeout: 90_000 });
      const seen = await page.evaluate(() => (window as unknown as { __overlay: { percent: number; step: string }[] }).__overlay);
      const log = seen.map((entry) => `${entry.percent} ${entry.step}`).join(' | ');
      expect(seen.length, log).toBeGreaterThan(1);
      for (let i = 1; i < seen.length; i++) expect(seen[i]!.percent, log).toBeGreaterThanOrEqual(seen[i - 1]!.percent);
      const passes = seen.map((entry) => Number(/\((?:pass|Durchgang) (\d+)\)/.exec(entry.step)?.[1] ?? 0)).filter((pass) => pass > 0);
      for (let i = 1; i < passes.length; i++) expect(passes[i]!, log).toBeGreaterThanOrEqual(passes[i - 1]!);
    });
  }
});
