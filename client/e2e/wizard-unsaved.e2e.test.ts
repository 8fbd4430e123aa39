import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { productInBrowser, type Locale } from './server-harness.js';
import { openSite, productApi } from './steps.js';

/**
 * The release wizard keeps what was typed: leaving a step with unsaved shares asks (stay, or leave
 * and drop them), after a reload a visited step shows its messages, and a release date is typed as
 * YYYY-MM-DD in both languages (text that is no day is refused and not saved). In Chromium against the
 * real product, en and de at 1280 and 375 px.
 */
const password = 'a long enough password';
const product = productInBrowser({ shots: 'wizard-unsaved', media: true });
const { logIn, subscriber, trpcQuery } = productApi(product);
const shot = (page: Page, name: string) => product.shot(page, name, { fullPage: true });

const TEXT = {
  en: { genreRequired: 'Please choose at least one genre.', dayFormat: 'Enter the date as YYYY-MM-DD, for example 2026-12-01.', placeholder: 'YYYY-MM-DD', saved: 'All changes are saved.' },
  de: { genreRequired: 'Bitte wähle mindestens ein Genre.', dayFormat: 'Gib das Datum als JJJJ-MM-TT ein, zum Beispiel 2026-12-01.', placeholder: 'JJJJ-MM-TT', saved: 'Alle Änderungen sind gespeichert.' },
} as const;

async function goToStep(page: Page, step: string) {
  await page.getByTestId(`step-${step}`).click();
}

describe('the release wizard keeps what was typed', () => {
  const runs: [Locale, number][] = [
    ['en', 1280],
    ['de', 375],
  ];
  const emails = new Map<string, string>();

  beforeAll(async () => {
    for (const [locale, width] of runs) {
      const email = `wizard-${locale}-${width}-${Date.now()}@example.com`;
      await subscriber(email, password);
      emails.set(`${locale}-${width}`, email);
    }
  }, 300_000);

  for (const [locale, width] of runs) {
    it(`when shares are changed and not saved (${locale}, ${width} px), then leaving the step asks first: staying keeps them, leaving drops them; after a reload a visited step shows its messages; a release date is typed and saved as YYYY-MM-DD`, async () => {
      const page = await openSite(product, locale, width, { at: '/distribution/new-release', signedInAs: { email: emails.get(`${locale}-${width}`)!, password }, logPageErrors: true });
      await page.getByTestId('start-release').click();
      await page.waitForURL('**/distribution/new-release/track');
      await page.getByTestId('custom-master-input').setInputFiles({ name: 'Undertow.wav', mimeType: 'audio/wav', buffer: encodeWav(musicLike({ seconds: 12, seed: 5, peakDb: -6, sampleRate: 44100 })) });
      const row = page.getByTestId('song-row').filter({ hasText: 'Undertow' });
      await row.waitFor({ timeout: 60_000 });
      await row.getByRole('checkbox').check();
      await expect.poll(() => page.getByTestId('upload-counter').count(), { timeout: 60_000 }).toBe(0);
      await page.getByTestId('track-order-row').filter({ hasText: 'Undertow' }).waitFor();

      // The track details are seen (and left unfilled), then the shares are changed to 60 % and not saved.
      await goToStep(page, 'track-details');
      await page.waitForURL('**/new-release/track-details');
      await goToStep(page, 'participants');
      await page.waitForURL('**/new-release/participants');
      const percent = page.getByTestId('share-percent').first();
      await percent.fill('60');
      await percent.blur();
      await goToStep(page, 'outlet-details');
      await page.getByTestId('stay-unsaved').waitFor();
      await shot(page, `${locale}-${width}-01-unsaved-shares`);
      await page.getByTestId('stay-unsaved').click();
      await expect.poll(() => page.url()).toMatch(/\/participants$/);
      await expect.poll(() => percent.inputValue()).toBe('60');

      await goToStep(page, 'outlet-details');
      await page.getByTestId('leave-unsaved').click();
      await page.waitForURL('**/new-release/outlet-details');
      await goToStep(page, 'participants');
      await page.waitForURL('**/new-release/participants');
      await expect.poll(() => page.getByTestId('share-percent').first().inputValue()).toBe('100');

      // A reload of a step marked as visited shows its messages without touching a field.
      await page.goto('/distribution/new-release/track-details');
      const details = page.getByTestId('track-details').first();
      const control = details.getByRole('button').first();
      await control.waitFor();
      if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
      await details.getByText(TEXT[locale].genreRequired).waitFor();
      await shot(page, `${locale}-${width}-02-track-details-after-reload`);

      // The release date is typed as YYYY-MM-DD in both languages: text that is no day is refused
      // with a message and not saved; a day shows and is saved as typed; eight digits get their dashes.
      await goToStep(page, 'outlet-details');
      await page.waitForURL('**/new-release/outlet-details');
      const date = page.getByTestId('global-release-date');
      expect(await date.getAttribute('type')).toBe('text');
      expect(await date.getAttribute('placeholder')).toBe(TEXT[locale].placeholder);
      await date.click();
      await date.pressSequentially('01.12.2030');
      await page.getByText(TEXT[locale].dayFormat).waitFor();
      await shot(page, `${locale}-${width}-03-release-date-invalid`);
      const token = await logIn(emails.get(`${locale}-${width}`)!, password);
      const draftDate = async () => (await trpcQuery<{ globalReleaseDate: string | null }>('releases.draft', token)).globalReleaseDate;
      expect(await draftDate()).toBeNull();

      await date.fill('');
      await date.pressSequentially('20301201');
      await date.blur();
      await expect.poll(() => date.inputValue()).toBe('2030-12-01');
      expect(await page.getByText(TEXT[locale].dayFormat).count()).toBe(0);
      const long = new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date('2030-12-01T00:00:00Z'));
      await expect.poll(() => page.getByTestId('global-release-date-long').textContent()).toBe(long);
      await page.getByText(TEXT[locale].saved).waitFor();
      await expect.poll(draftDate).toBe('2030-12-01');
      // The field at both widths.
      for (const shown of [375, 1280]) {
        await page.setViewportSize({ width: shown, height: 900 });
        await shot(page, `${locale}-${width}-04-release-date-at-${shown}`);
      }
    }, 300_000);
  }
});
