import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { productInBrowser } from './server-harness.js';
import { screenshotWithoutOverflow } from './screens.js';
import { ADDRESS_BERLIN, logInThroughMenu, openSite, productApi } from './steps.js';

/**
 * Album mode in Chromium against the real web process and media sidecar: from the masters list,
 * two generated tracks are chosen in order and mastered as an album; the album page shows each
 * track's loudness before and after, and plays them in order with the second starting on the audio
 * clock exactly where the first ends. In English and German at 375 and 1280 px, with screenshots.
 */
const PASSWORD = 'correct horse battery staple';
const WORDS = {
  en: { asAlbum: 'Master as album', style: 'Style', master: /^Master 2 tracks as album$/, play: 'Play the album' },
  de: { asAlbum: 'Als Album mastern', style: 'Stil', master: /^2 Tracks als Album mastern$/, play: 'Album abspielen' },
} as const;

const product = productInBrowser({ shots: 'album', media: true });
const steps = productApi(product);

describe('album mode', () => {
  for (const locale of ['en', 'de'] as const) {
    for (const width of [375, 1280]) {
      it(`when two tracks are mastered as an album (${locale}, ${width} px), then their loudness is shown and they play in order without a gap`, async () => {
        const words = WORDS[locale];
        const email = `album-${locale}-${width}-${Date.now()}@example.com`;
        await steps.createAccount(email, PASSWORD);
        const token = await steps.logIn(email, PASSWORD);
        await steps.upload(token, encodeWav(musicLike({ seconds: 3, seed: 21, peakDb: -8 })), 'Quiet Intro.wav');
        await steps.upload(token, encodeWav(musicLike({ seconds: 3, seed: 22, peakDb: -1 })), 'Loud Single.wav');
        const page = await openSite(product, locale, 1280, { langCookie: true });
        await logInThroughMenu(page, locale, { email, password: PASSWORD }, { waitForAccount: true });
        await page.setViewportSize({ width, height: 900 });

        await page.goto('/masters');
        await page.getByRole('link', { name: words.asAlbum }).click();
        // Chosen in album order: the quiet intro first.
        await page.getByRole('checkbox', { name: 'Quiet Intro' }).check();
        await page.getByRole('checkbox', { name: 'Loud Single' }).check();
        await expect.poll(() => page.getByTestId('album-order-name').allInnerTexts()).toEqual(['1. Quiet Intro', '2. Loud Single']);
        await page.getByLabel(words.style, { exact: true }).first().click();
        await page.getByRole('listbox').getByRole('option').first().click();
        await screenshotWithoutOverflow(page, path.join(product.shotsDir, `new-album-${locale}-${width}.png`), { fullPage: true });
        await page.getByRole('button', { name: words.master }).click();

        await page.getByTestId('album-spread').waitFor({ timeout: 240_000 });
        const rows = page.getByTestId('album-track');
        await expect.poll(() => rows.count()).toBe(2);
        const figures = async (testId: string) => (await page.getByTestId(testId).allInnerTexts()).map((text) => Number(text.replace('\u2212', '-').replace(',', '.')));
        const mixes = await figures('mix-lufs');
        const masters = await figures('master-lufs');
        for (const value of [...mixes, ...masters]) expect(value).toBeLessThan(0);
        // The album keeps the quiet intro quieter than the single, as mixed.
        expect(mixes[0]!).toBeLessThan(mixes[1]!);
        expect(masters[0]!).toBeLessThan(masters[1]!);
        await screenshotWithoutOverflow(page, path.join(product.shotsDir, `album-${locale}-${width}.png`), { fullPage: true });

        await page.getByRole('button', { name: words.play }).click();
        const scheduled = page.getByTestId('album-schedule').locator('li');
        await scheduled.first().waitFor({ timeout: 60_000 });
        await expect.poll(() => scheduled.count()).toBe(2);
        const times = await scheduled.evaluateAll((items) => items.map((item) => ({ start: Number(item.getAttribute('data-start')), end: Number(item.getAttribute('data-end')) })));
        expect(times).toHaveLength(2);
        expect(times[1]!.start).toBe(times[0]!.end);
        expect(times[0]!.end - times[0]!.start).toBeGreaterThan(2.5);

        // The masters list leads back to the album.
        await page.goto('/masters');
        await page.getByTestId('album-links').getByRole('link').first().click();
        await page.getByTestId('album-spread').waitFor();
      }, 420_000);
    }
  }

  it('when a subscriber releases a mastered album, then the release draft gets its masters in album order', async () => {
    const email = `album-release-${Date.now()}@example.com`;
    await steps.createAccount(email, PASSWORD);
    const token = await steps.logIn(email, PASSWORD);
    await steps.addAddress(token, ADDRESS_BERLIN);
    await steps.subscribeToDistribution(token);
    const first = await steps.upload(token, encodeWav(musicLike({ seconds: 3, seed: 31, peakDb: -2 })), 'Opener.wav');
    const second = await steps.upload(token, encodeWav(musicLike({ seconds: 3, seed: 32, peakDb: -9 })), 'Closer.wav');
    const trackOf = async (masterId: string) => (await steps.trpcQuery<{ track: { id: string } }>('masters.master', token, { id: masterId })).track.id;
    const groups = await steps.trpcQuery<{ styles: { id: number }[] }[]>('catalogue.styleGroups', token);
    const album = await steps.trpcMutation<{ id: string }>('albums.create', token, { trackIds: [await trackOf(first), await trackOf(second)], styleId: groups[0]!.styles[0]!.id });
    const page = await openSite(product, 'en', 1280, { signedInAs: { email, password: PASSWORD }, at: `/masters/album/${album.id}` });
    await page.getByTestId('album-spread').waitFor({ timeout: 240_000 });
    const masters = await steps.trpcQuery<{ tracks: { masterId: string }[] }>('albums.album', token, { id: album.id });
    await page.getByRole('button', { name: 'Release this album' }).click();
    await page.waitForURL('**/distribution/new-release/track', { timeout: 60_000 });
    const draft = await steps.trpcQuery<{ trackList: { id: string; position: number }[] }>('releases.draft', token);
    expect([...draft.trackList].sort((a, b) => a.position - b.position).map((t) => t.id)).toEqual(masters.tracks.map((t) => t.masterId));
  }, 420_000);
});
