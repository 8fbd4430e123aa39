import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { productInBrowser, type Locale } from './server-harness.js';
import { screenshotWithoutOverflow } from './screens.js';
import { ADDRESS_BERLIN, openSite, productApi } from './steps.js';

/**
 * Buying an album of two masters at once, in Chromium against the real product (web process and
 * media sidecar): on the album page one option for both tracks, the total with German VAT, the
 * checkout with the local gateway's test cards (a decline first, then the accepted card), one
 * payment, both masters raised, "Download all", and the album's one invoice on /account/payments.
 * Also an upgrade of an album bought at option 1, and an album with one track owned already. In
 * English and German at 375 and 1280 px, with screenshots.
 */
const PASSWORD = 'a long enough secret';
const WORDS = {
  en: { buy: 'Buy the album', studio: /Studio/, continue: 'Continue to payment', valid: 'Test card that is accepted', declined: 'Test card that is declined', declineMessage: 'Your bank declined the payment. Try another card or ask your bank.', owned: 'Owned', upgrade: 'Upgrade' },
  de: { buy: 'Album kaufen', studio: /Studio/, continue: 'Weiter zur Zahlung', valid: 'Testkarte, die angenommen wird', declined: 'Testkarte, die abgelehnt wird', declineMessage: 'Deine Bank hat die Zahlung abgelehnt. Versuche es mit einer anderen Karte oder frag bei deiner Bank nach.', owned: 'Gekauft', upgrade: 'Upgrade' },
} as const;

const product = productInBrowser({ shots: 'album-checkout', media: true });
const SHOTS_DIR = product.shotsDir;
const { trpcQuery, trpcMutation, customer, upload } = productApi(product);

interface Album {
  id: string;
  state: string;
  tracks: { masterId: string | null; buyingOption: number | null }[];
}

describe('buying an album at once', () => {
  const email = `album-buyer-${Date.now()}@example.com`;
  let token: string;
  /** One album per test, each of the same two tracks in its own style (so its masters are its own). */
  const albums: Album[] = [];

  beforeAll(async () => {
    token = await customer(email, PASSWORD, ADDRESS_BERLIN);
    const trackIds = [];
    for (const [seed, peakDb, name] of [[41, -9, 'Slow Opener.wav'], [42, -2, 'Loud Closer.wav']] as const) {
      const masterId = await upload(token, encodeWav(musicLike({ seconds: 3, seed, peakDb })), name);
      trackIds.push((await trpcQuery<{ track: { id: string } }>('masters.master', token, { id: masterId })).track.id);
    }
    const groups = await trpcQuery<{ enabled: boolean; styles: { id: number; enabled: boolean }[] }[]>('catalogue.styleGroups', token);
    const styles = groups.filter((group) => group.enabled).flatMap((group) => group.styles.filter((style) => style.enabled));
    // A user masters one album at a time: each is made when the one before is done.
    for (const style of styles.slice(0, 4)) {
      const { id } = await trpcMutation<{ id: string }>('albums.create', token, { trackIds, styleId: style.id });
      const deadline = Date.now() + 240_000;
      for (;;) {
        const album = await trpcQuery<Album>('albums.album', token, { id });
        if (album.state === 'done') {
          albums.push(album);
          break;
        }
        if (album.state === 'failed' || Date.now() > deadline) throw new Error(`album ${id}: ${JSON.stringify(album)}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }, 600_000);

  async function openAlbum(locale: Locale, width: number, album: Album): Promise<Page> {
    const page = await openSite(product, locale, width, { signedInAs: { email, password: PASSWORD }, at: `/masters/album/${album.id}`, langCookie: true, context: { acceptDownloads: true } });
    await page.getByTestId('album-purchase').getByTestId('album-price-line').first().waitFor();
    return page;
  }

  const shot = (page: Page, name: string, fullPage = false) => screenshotWithoutOverflow(page, path.join(SHOTS_DIR, `${name}.png`), { fullPage });
  const lineTexts = (page: Page) => page.getByTestId('album-purchase').getByTestId('album-price-line').allTextContents();
  const optionsOf = async (album: Album) => (await trpcQuery<Album>('albums.album', token, { id: album.id })).tracks.map((track) => track.buyingOption);

  /** From the album page's panel through the checkout to the paid album: the panel's total, then the card chosen and paid. */
  async function buy(page: Page, locale: Locale, total: string, name: string, options: { declineFirst?: boolean } = {}) {
    const words = WORDS[locale];
    const panel = page.getByTestId('album-purchase');
    await expect.poll(() => panel.getByTestId('summary-total').innerText()).toContain(total);
    await shot(page, `${name}-album-page`, true);
    await panel.getByRole('button', { name: words.buy }).click();
    const checkout = page.getByTestId('checkout');
    await checkout.getByTestId('summary-total').waitFor();
    await expect.poll(() => checkout.getByTestId('summary-total').innerText()).toContain(total);
    const next = checkout.getByRole('button', { name: words.continue });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await shot(page, `${name}-checkout-step0`);
    await next.click();
    await checkout.getByTestId('test-card-form').waitFor();
    if (options.declineFirst) {
      await checkout.getByLabel(words.declined, { exact: true }).check();
      await checkout.getByTestId('checkout-pay').click();
      await page.getByTestId('global-error').getByText(words.declineMessage).waitFor();
      await shot(page, `${name}-checkout-declined`);
    }
    await checkout.getByLabel(words.valid, { exact: true }).check();
    await shot(page, `${name}-checkout-step1`);
    await checkout.getByTestId('checkout-pay').click();
    await page.getByTestId('global-success').waitFor();
    await checkout.waitFor({ state: 'detached' });
    await panel.getByTestId('album-owned').waitFor();
    await shot(page, `${name}-bought`, true);
  }

  it('when the album is bought at Standard after a declined card (en, 1280 px), then one payment raises both masters, both WAVs download and one invoice lists both tracks', async () => {
    const album = albums[0]!;
    const page = await openAlbum('en', 1280, album);
    expect(await lineTexts(page)).toEqual([expect.stringMatching(/^1\. Slow Opener\s*\$2\.99$/), expect.stringMatching(/^2\. Loud Closer\s*\$2\.99$/)]);
    // 5.98 plus 19 % German VAT, reckoned once on the sum: 1.14.
    await buy(page, 'en', '$7.12', 'en-1280', { declineFirst: true });
    expect(await optionsOf(album)).toEqual([1, 1]);
    expect(await lineTexts(page)).toEqual([expect.stringContaining(WORDS.en.owned), expect.stringContaining(WORDS.en.owned)]);

    const saved: { name: string; bits: number }[] = [];
    page.on('download', (download) => {
      void (async () => {
        const file = path.join(SHOTS_DIR, `download-${download.suggestedFilename()}`);
        await download.saveAs(file);
        saved.push({ name: download.suggestedFilename(), bits: (await readFile(file)).readUInt16LE(34) });
      })();
    });
    await page.getByTestId('album-download-all').click();
    await expect.poll(() => saved.length, { timeout: 60_000 }).toBe(2);
    expect(saved.map((file) => file.name).sort()).toEqual([expect.stringMatching(/^Loud Closer_.+_16bit\.wav$/), expect.stringMatching(/^Slow Opener_.+_16bit\.wav$/)]);
    expect(saved.map((file) => file.bits)).toEqual([16, 16]);

    await page.goto('/account/payments');
    const row = page.locator('[data-testid^="invoice-row-"]').first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Album "Slow Opener" (2 tracks)');
    expect(await row.getByTestId('invoice-tracks').innerText()).toBe('Slow Opener · Loud Closer');
    expect(await row.innerText()).toContain('$7.12');
    await shot(page, 'en-1280-account-payments', true);
    const [pdf] = await Promise.all([page.waitForEvent('download'), row.locator('[data-testid^="invoice-download-"]').click()]);
    const pdfFile = path.join(SHOTS_DIR, `album-${pdf.suggestedFilename()}`);
    await pdf.saveAs(pdfFile);
    expect((await readFile(pdfFile)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 180_000);

  it('when the album is bought at Studio (de, 375 px), then both masters are Studio and the total is in euros with VAT', async () => {
    const album = albums[1]!;
    const page = await openAlbum('de', 375, album);
    await page.getByTestId('album-purchase').getByRole('radio', { name: WORDS.de.studio }).check();
    // 13.98 + 19 % (2.66).
    await buy(page, 'de', '16,64', 'de-375');
    expect(await optionsOf(album)).toEqual([2, 2]);
    await page.goto('/account/payments');
    const card = page.locator('[data-testid^="invoice-card-"]').first();
    await card.waitFor();
    expect(await card.getByTestId('invoice-tracks').innerText()).toBe('Slow Opener · Loud Closer');
    await shot(page, 'de-375-account-payments', true);
  }, 180_000);

  it('when an album bought at Standard is upgraded to Studio (en, 375 px), then each track costs the difference', async () => {
    const album = albums[2]!;
    await trpcMutation('payments.payAlbum', token, { albumId: album.id, buyingOption: 1, nonce: 'fake-valid-nonce' });
    const page = await openAlbum('en', 375, album);
    // Standard is owned: Studio is the option chosen.
    await expect.poll(() => lineTexts(page)).toEqual([expect.stringMatching(/Upgrade\s*\$4\.00/), expect.stringMatching(/Upgrade\s*\$4\.00/)]);
    // 8.00 + 19 % (1.52).
    await buy(page, 'en', '$9.52', 'en-375');
    expect(await optionsOf(album)).toEqual([2, 2]);
  }, 180_000);

  it('when one track of the album is owned at Studio already (de, 1280 px), then it is listed as owned and only the other is paid', async () => {
    const album = albums[3]!;
    await trpcMutation('payments.pay', token, { masterId: album.tracks[0]!.masterId, buyingOption: 2, nonce: 'fake-valid-nonce' });
    const page = await openAlbum('de', 1280, album);
    await page.getByTestId('album-purchase').getByRole('radio', { name: WORDS.de.studio }).check();
    await expect.poll(() => lineTexts(page)).toEqual([expect.stringContaining(WORDS.de.owned), expect.stringMatching(/6,99/)]);
    // 6.99 + 19 % (1.33).
    await buy(page, 'de', '8,32', 'de-1280');
    expect(await optionsOf(album)).toEqual([2, 2]);
  }, 180_000);
});
