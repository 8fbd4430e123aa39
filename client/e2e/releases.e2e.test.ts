import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { musicLike, sine } from '../../sidecar/engine/testing/signals.js';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { productInBrowser, type Locale } from './server-harness.js';
import { openSite, productApi } from './steps.js';

/**
 * In Chromium against the real product (web process and media sidecar): a
 * subscriber builds a two-track release from one master and one custom-master upload, adds a
 * featured artist and a second participant at 30 %, uploads artwork, picks stores, passes the check,
 * distributes and watches every store reach 1202. A release with a 1000 px cover and a track whose
 * true peak is above -1 dBTP is refused by the check with both reasons. Every screen is
 * photographed in English and German at 375 and 1280 px. All audio and images are made here.
 */
const password = 'a long enough password';

const TEXT = {
  en: { openMenu: 'Open menu', subItems: ['Releases', 'New release', 'Artists'] },
  de: { openMenu: 'Menü öffnen', subItems: ['Veröffentlichungen', 'Neue Veröffentlichung', 'Künstler'] },
} as const;

const product = productInBrowser({ shots: 'releases', media: true });
const { trpcQuery, subscriber, masteredTrack: masteredTrackOf } = productApi(product);

/** A 30 s track, mastered over the media socket in the first style: the master's id. */
const masteredTrack = (token: string, name: string) =>
  masteredTrackOf(token, encodeWav(musicLike({ seconds: 30, seed: 3, peakDb: -6 })), `${name}.wav`);

/** A custom master that stores accept: 16-bit, 44.1 kHz, stereo, peaks well below -1 dBTP. */
const cleanCustomMaster = () => encodeWav(musicLike({ seconds: 20, seed: 11, peakDb: -6, sampleRate: 44100 }));
/**
 * A custom master whose true peak is above -1 dBTP while no sample is: a sine at a quarter of the
 * sample rate, sampled 45 degrees off its crests, so every sample is 3 dB below the waveform's peak
 * (-0.2 dBTP; samples at -3.2 dBFS).
 */
const hotCustomMaster = () => encodeWav(sine({ frequency: 11025, amplitudeDb: -0.2, seconds: 10, sampleRate: 44100, phase: Math.PI / 4 }));

/** A noisy image (noise keeps it above the 1 MB minimum); `size` px square. */
async function coverImage(size: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const raw = Buffer.alloc(size * size * 3);
  let seed = 7;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const base = (((i / 3) % size) / size) * 200;
    raw[i] = Math.min(255, base + ((seed >>> 16) % (format === 'png' ? 256 : 40)));
  }
  const image = sharp(raw, { raw: { width: size, height: size, channels: 3 } });
  return format === 'jpeg' ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer();
}

const shot = (page: Page, name: string) => product.shot(page, name, { fullPage: true });

function openAs(email: string, locale: Locale, width: number, at: string): Promise<Page> {
  return openSite(product, locale, width, { at, signedInAs: { email, password }, logPageErrors: true });
}

async function startRelease(page: Page) {
  await page.goto('/distribution/new-release');
  await page.getByTestId('start-release').click();
  await page.waitForURL('**/distribution/new-release/track');
  await page.getByTestId('song-picker').or(page.getByTestId('song-picker-empty')).waitFor();
}

/** Uploads a WAV on the track step (a custom master) and waits until the picker lists it. */
async function uploadCustomMaster(page: Page, name: string, wav: Buffer) {
  await page.getByTestId('custom-master-input').setInputFiles({ name: `${name}.wav`, mimeType: 'audio/wav', buffer: wav });
  await page.getByTestId('song-row').filter({ hasText: name }).waitFor({ timeout: 60_000 });
}

async function selectSong(page: Page, name: string) {
  const row = page.getByTestId('song-row').filter({ hasText: name });
  await row.getByRole('checkbox').check();
  await expect.poll(() => row.getAttribute('data-selected')).toBe('true');
  await expect.poll(() => page.getByTestId('upload-counter').count()).toBe(0);
  await page.getByTestId('track-order-row').filter({ hasText: name }).waitFor();
}

async function goToStep(page: Page, step: string) {
  await page.getByTestId(`step-${step}`).click();
  await page.waitForURL(`**/distribution/new-release/${step}`);
}

async function uploadCover(page: Page, image: Buffer, name: string) {
  await page.getByTestId('cover-input').setInputFiles({ name, mimeType: name.endsWith('.png') ? 'image/png' : 'image/jpeg', buffer: image });
  await page.getByTestId('cover-preview').waitFor({ timeout: 60_000 });
}

/** Fills one track's details: title kept, a genre, the language; saves. */
async function fillTrackDetails(page: Page, index: number, options: { featured?: string } = {}) {
  const item = page.getByTestId('track-details').nth(index);
  // The control's state, not the panel's visibility: the first panel is still unfolding when the step opens.
  const control = item.getByRole('button').first();
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  await item.getByTestId('track-genres').waitFor();
  await item.getByTestId('track-genres').click();
  await page.getByRole('option', { name: 'Electronic', exact: true }).filter({ visible: true }).click();
  await page.keyboard.press('Escape');
  await item.getByTestId('track-language').click();
  await page.getByRole('option', { name: 'English', exact: true }).filter({ visible: true }).click();
  if (options.featured) {
    await item.getByTestId('add-featured-artist').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('artist-name').fill(options.featured);
    await dialog.getByTestId('dialog-save').click();
    await item.getByTestId('featured-artists').filter({ hasText: options.featured }).waitFor();
  }
  await item.getByTestId('save-track-details').click();
  await item.getByRole('status').waitFor();
}

describe('a release from masters to the stores', () => {
  const email = `release-${Date.now()}@example.com`;
  let token: string;

  beforeAll(async () => {
    token = await subscriber(email, password);
    await masteredTrack(token, 'Night Drive');
  }, 300_000);

  it('when a subscriber builds and distributes a two-track release (en, 1280 px), then every store reaches 1202', async () => {
    const page = await openAs(email, 'en', 1280, '/distribution/releases');
    await page.getByTestId('releases-empty').waitFor();
    await shot(page, 'en-1280-01-releases-empty');
    await startRelease(page);

    // Track step: the master from the picker, and a custom master uploaded here.
    await selectSong(page, 'Night Drive');
    await uploadCustomMaster(page, 'Morning Light', cleanCustomMaster());
    await expect.poll(() => page.getByTestId('song-row').filter({ hasText: 'Morning Light' }).textContent()).toMatch(/\d{4}-\d{2}-\d{2} · custom master/);
    await selectSong(page, 'Morning Light');
    await expect.poll(() => page.getByTestId('track-order-row').allTextContents()).toEqual([expect.stringContaining('Night Drive'), expect.stringContaining('Morning Light')]);
    // Reordering reorders the track list; back again.
    await page.getByRole('button', { name: 'Move Morning Light up' }).click();
    await expect.poll(async () => (await page.getByTestId('track-order-row').first().textContent()) ?? '').toContain('Morning Light');
    await page.getByRole('button', { name: 'Move Morning Light down' }).click();
    await expect.poll(async () => (await page.getByTestId('track-order-row').first().textContent()) ?? '').toContain('Night Drive');
    await shot(page, 'en-1280-02-track');

    // Artwork: title and a 3000 px cover.
    await goToStep(page, 'artwork');
    await page.getByTestId('album-name').fill('Analytical Engines');
    await page.getByTestId('album-name').blur();
    await uploadCover(page, await coverImage(3000, 'jpeg'), 'cover.jpg');
    await expect.poll(() => page.getByTestId('cover-facts').textContent()).toContain('3000 × 3000');
    await shot(page, 'en-1280-03-artwork');

    // Track details: genre and language for both, a featured artist on the first.
    await goToStep(page, 'track-details');
    await fillTrackDetails(page, 0, { featured: 'The Engines' });
    await fillTrackDetails(page, 1);
    await shot(page, 'en-1280-04-track-details');

    // Participants: a second participant at 30 % on the first track, the user keeps 70 %.
    await goToStep(page, 'participants');
    const first = page.getByTestId('track-shares').first();
    await first.getByTestId('add-track-participant').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('participant-name').fill('Charles Babbage');
    await dialog.getByTestId('participant-email').fill('charles@example.com');
    await dialog.getByTestId('dialog-save').click();
    await expect.poll(() => first.getByTestId('share-row').count()).toBe(2);
    await first.getByTestId('share-percent').nth(0).fill('70');
    await first.getByTestId('share-percent').nth(1).fill('30');
    // The pill field's own box takes the pointer while it shows the missing-role error; a person clicks that box.
    await first.getByTestId('share-roles').nth(1).locator('xpath=ancestor::div[contains(@class,"mantine-MultiSelect-input")][1]').click();
    await page.getByRole('option', { name: 'Producer', exact: true }).filter({ visible: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => first.getByTestId('share-total').textContent()).toContain('100');
    await first.getByTestId('save-shares').click();
    await first.getByRole('status').waitFor();
    await shot(page, 'en-1280-05-participants');

    // Stores and dates: every store, a release date a week ahead (long month in English).
    await goToStep(page, 'outlet-details');
    await page.getByTestId('select-all-stores').click();
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await page.getByTestId('global-release-date').fill(day);
    const long = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
    await expect.poll(() => page.getByTestId('global-release-date-long').textContent()).toBe(long);
    await page.getByText('All changes are saved.').waitFor();
    await shot(page, 'en-1280-06-outlet-details');

    // The check passes; distribute.
    await goToStep(page, 'distribute');
    await expect.poll(() => page.getByTestId('check-report').getAttribute('data-passed'), { timeout: 30_000 }).toBe('true');
    await expect.poll(() => page.getByTestId('distribute-release').isEnabled()).toBe(true);
    await shot(page, 'en-1280-07-distribute');
    await page.getByTestId('distribute-release').click();

    // The release list: expand and watch every store reach 1202.
    await page.waitForURL('**/distribution/releases');
    const item = page.getByTestId('release-item').first();
    await expect.poll(() => item.getByTestId('release-name').textContent()).toBe('Analytical Engines');
    await item.getByRole('button').first().click();
    const all = item.getByTestId('outlets-all').getByTestId('outlet-row');
    await expect.poll(() => all.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const stores = await all.count();
    await expect.poll(() => item.getByTestId('outlets-distributed').getByTestId('outlet-row').count(), { timeout: 120_000 }).toBe(stores);
    expect(new Set(await all.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status-code'))))).toEqual(new Set(['1202']));
    await expect.poll(() => item.getByTestId('release-status').textContent(), { timeout: 60_000 }).toBe('Delivered');
    await shot(page, 'en-1280-08-releases');
  }, 400_000);

  it('when a release has a 1000 px cover and a track above -1 dBTP (de, 375 px), then the check refuses it with both reasons and distribute stays off', async () => {
    const page = await openAs(email, 'de', 375, '/distribution/releases');
    await page.getByTestId('release-item').first().waitFor();
    await shot(page, 'de-375-01-releases');
    await startRelease(page);
    await uploadCustomMaster(page, 'Too Hot', hotCustomMaster());
    await selectSong(page, 'Too Hot');
    await shot(page, 'de-375-02-track');
    await goToStep(page, 'artwork');
    await page.getByTestId('album-name').fill('Zu heiß');
    await page.getByTestId('album-name').blur();
    await uploadCover(page, await coverImage(1000, 'png'), 'small.png');
    await page.getByTestId('cover-problems').waitFor();
    await shot(page, 'de-375-03-artwork');
    await goToStep(page, 'track-details');
    await fillTrackDetails(page, 0);
    await shot(page, 'de-375-04-track-details');
    await goToStep(page, 'participants');
    await shot(page, 'de-375-05-participants');
    await goToStep(page, 'outlet-details');
    await page.getByTestId('store-checkbox').first().check();
    await page.getByText('Alle Änderungen sind gespeichert.').waitFor();
    await shot(page, 'de-375-06-outlet-details');
    await goToStep(page, 'distribute');
    await expect.poll(() => page.getByTestId('check-report').getAttribute('data-passed'), { timeout: 30_000 }).toBe('false');
    const failed = page.getByTestId('check-failed');
    const truePeak = failed.locator('[data-check="truePeak"]');
    const coverSize = failed.locator('[data-check="coverMinSize"]');
    await expect.poll(() => truePeak.textContent()).toMatch(/Too Hot.*-1,0 dBTP.*-0,\d dBTP/);
    expect(await truePeak.getByTestId('check-fix').textContent()).not.toBe('');
    await expect.poll(() => coverSize.textContent()).toContain('1000 × 1000');
    await expect.poll(() => page.getByTestId('distribute-release').isDisabled()).toBe(true);
    await shot(page, 'de-375-07-distribute-refused');
  }, 300_000);

  for (const [locale, width] of [
    ['en', 375],
    ['de', 1280],
  ] as const) {
    it(`when the refused release is open (${locale}, ${width} px), then every step and the release list read well, and cancelling asks first`, async () => {
      const page = await openAs(email, locale, width, '/distribution/new-release/track');
      await page.getByTestId('release-wizard').waitFor();
      const name = `${locale}-${width}`;
      for (const [index, step] of ['track', 'artwork', 'track-details', 'participants', 'outlet-details', 'distribute'].entries()) {
        if (index > 0) await goToStep(page, step);
        if (step === 'distribute') await page.getByTestId('check-report').waitFor({ timeout: 30_000 });
        await shot(page, `${name}-0${index + 1}-${step}`);
      }
      if (width < 640) {
        await page.locator('nav').first().getByRole('button', { name: TEXT[locale].openMenu }).click();
        const drawer = page.getByRole('dialog');
        for (const entry of TEXT[locale].subItems) await expect.poll(() => drawer.getByRole('link', { name: entry, exact: true }).isVisible()).toBe(true);
        await shot(page, `${name}-07-mobile-menu`);
        await page.keyboard.press('Escape');
      }
      await page.goto('/distribution/releases');
      await page.getByTestId('release-item').first().getByRole('button').first().click();
      await page.getByTestId('release-outlets').waitFor();
      await shot(page, `${name}-08-releases`);
      if (locale === 'de') {
        // Cancel asks for confirmation, then the draft is gone and the wizard starts over.
        await page.goto('/distribution/new-release/track');
        await page.getByTestId('cancel-release').click();
        await shot(page, `${name}-09-cancel-dialog`);
        await page.getByTestId('cancel-release-confirm').click();
        await page.getByTestId('start-release').waitFor();
        expect(await trpcQuery<unknown>('releases.draft', token)).toBeNull();
        await shot(page, `${name}-10-new-release`);
      }
    }, 180_000);
  }
});
