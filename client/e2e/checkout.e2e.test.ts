import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { productInBrowser } from './server-harness.js';
import { screenshotWithoutOverflow } from './screens.js';
import { ADDRESS_NEW_YORK, logInThroughMenu, openSite, productApi } from './steps.js';

/**
 * In Chromium against the real product (web process with its supervised
 * media sidecar): a signed-in user with an address buys option 1 with the local gateway's valid
 * test nonce after a declined one, downloads the 16-bit WAV and the invoice PDF, upgrades to
 * option 2 paying the difference, and completes a free-coupon purchase with no card. Screenshots
 * of the checkout steps and /account/payments in English and German at 375 and 1280 px.
 */
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

const TEXT = {
  en: { checkout: 'Checkout', continue: 'Continue to payment', declined: 'Test card that is declined', valid: 'Test card that is accepted', declineMessage: 'Your bank declined the payment. Try another card or ask your bank.' },
  de: { checkout: 'Kasse', continue: 'Weiter zur Zahlung', declined: 'Testkarte, die abgelehnt wird', valid: 'Testkarte, die angenommen wird', declineMessage: 'Deine Bank hat die Zahlung abgelehnt. Versuche es mit einer anderen Karte oder frag bei deiner Bank nach.' },
} as const;
type Locale = keyof typeof TEXT;

const product = productInBrowser({ shots: 'checkout', media: true });
const { trpcQuery, customer, upload } = productApi(product);

/* ---------- the product's own calls, from node ---------- */

/** A confirmed user with an invoice address in the US (no VAT: the totals are the prices). */
const createBuyer = (email: string, password: string) => customer(email, password, ADDRESS_NEW_YORK);

/** Uploads a generated WAV (POST /api/upload) and answers its track id. */
async function uploadTrack(token: string): Promise<string> {
  const wav = encodeWav(musicLike({ seconds: 12, seed: 11, peakDb: -6 }), { format: 'pcm24' });
  const id = await upload(token, wav, 'E2E Song.wav');
  const master = await trpcQuery<{ track: { id: string } }>('masters.master', token, { id });
  return master.track.id;
}

interface SocketMessage {
  event: string;
  payload: Record<string, unknown>;
}

/** Prepares the track over the media socket and bounces each style; answers the masters' ids. */
async function bounce(token: string, trackId: string, styleIds: number[]): Promise<string[]> {
  const socket = new WebSocket(`ws://127.0.0.1:${product.mediaPort}/ws`);
  const messages: SocketMessage[] = [];
  socket.on('message', (data, isBinary) => {
    if (!isBinary) messages.push(JSON.parse(data.toString()) as SocketMessage);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const send = (event: string, payload: unknown) => socket.send(JSON.stringify({ event, token, payload }));
  const until = async (find: () => SocketMessage | undefined, what: string) => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const error = messages.find((message) => message.event === 'error-message');
      if (error) throw new Error(`${what}: ${JSON.stringify(error.payload)}`);
      const found = find();
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`${what} timed out`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  try {
    send('request-mastering', { trackId });
    await until(() => messages.find((m) => m.event === 'prepare-mastering' && m.payload.processed === true), 'prepare-mastering');
    const ids: string[] = [];
    for (const styleId of styleIds) {
      send('end-mastering', { styleId, trackId });
      const done = await until(
        () => messages.find((m) => m.event === 'bounce-progress' && m.payload.processed === true && m.payload.styleId === styleId),
        'bounce-progress',
      );
      ids.push(String(done.payload.masterId));
    }
    return ids;
  } finally {
    socket.close();
  }
}

/* ---------- the browser ---------- */

function openPage(locale: Locale, width: number): Promise<Page> {
  return openSite(product, locale, width, { context: { acceptDownloads: true } });
}

function logIn(page: Page, locale: Locale, email: string, password: string) {
  return logInThroughMenu(page, locale, { email, password });
}

async function shot(page: Page, name: string, fullPage = false) {
  await screenshotWithoutOverflow(page, path.join(product.shotsDir, `${name}.png`), { fullPage });
}

/** The checkout opens from the master page's buy buttons (the BuyOptions contract). */
async function openCheckout(page: Page, masterId: string, option: 1 | 2) {
  await page.goto(`/masters/song/${masterId}`);
  const card = page.getByTestId(`buy-option-${option}`);
  await card.getByRole('button').click();
  const dialog = page.getByTestId('checkout');
  await dialog.getByTestId('summary-total').waitFor();
  return dialog;
}

async function download(page: Page, start: () => Promise<void>) {
  const [event] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), start()]);
  const file = path.join(product.shotsDir, `download-${event.suggestedFilename()}`);
  await event.saveAs(file);
  return { name: event.suggestedFilename(), bytes: await readFile(file) };
}

describe('checkout in the browser', () => {
  const password = 'a long enough secret';
  const email = `buyer-${Date.now()}@example.com`;
  let token: string;
  let masters: string[];

  beforeAll(async () => {
    token = await createBuyer(email, password);
    const trackId = await uploadTrack(token);
    const groups = await trpcQuery<{ styles: { id: number; enabled: boolean }[]; enabled: boolean }[]>('catalogue.styleGroups', token);
    const styles = groups.filter((group) => group.enabled).flatMap((group) => group.styles.filter((style) => style.enabled));
    masters = await bounce(token, trackId, [styles[0]!.id, styles[1]!.id]);
  });

  it('when the buyer pays option 1 (after a declined card), downloads the WAV and the invoice, then upgrades to option 2, then each step charges and delivers exactly that', async () => {
    const page = await openPage('en', 1280);
    await logIn(page, 'en', email, password);
    const masterId = masters[0]!;

    // Option 1: 2.99 for a US buyer (no VAT).
    let dialog = await openCheckout(page, masterId, 1);
    await expect.poll(() => dialog.getByTestId('summary-total').textContent()).toContain('$2.99');
    await dialog.getByTestId('checkout-continue').click();
    await dialog.getByTestId('test-card-form').waitFor();

    // A declined nonce shows a translated message that says what to do (never the gateway's words) and changes nothing.
    await dialog.getByLabel(TEXT.en.declined, { exact: true }).check();
    await dialog.getByTestId('checkout-pay').click();
    await page.getByTestId('global-error').getByText('Your bank declined the payment. Try another card or ask your bank.').waitFor();
    expect(await page.getByTestId('global-error').textContent()).not.toContain('Do Not Honor');
    expect(await trpcQuery<{ buyingOption: number }>('masters.master', token, { id: masterId })).toMatchObject({ buyingOption: 0 });

    // The valid nonce pays; the 16-bit WAV download starts by itself.
    await dialog.getByLabel(TEXT.en.valid, { exact: true }).check();
    const wav16 = await download(page, () => dialog.getByTestId('checkout-pay').click());
    expect(wav16.name).toMatch(/^E2E Song_.+_16bit\.wav$/);
    expect(wav16.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(wav16.bytes.readUInt16LE(34)).toBe(16);
    await page.getByTestId('global-success').waitFor();
    expect(await trpcQuery<{ buyingOption: number; status: string }>('masters.master', token, { id: masterId })).toMatchObject({ buyingOption: 1, status: 'PAYMENT_DONE' });

    // The invoice: a row on /account/payments, its PDF downloads.
    await page.goto('/account/payments');
    const row = page.locator('[data-testid^="invoice-row-"]').first();
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('$2.99');
    await expect.poll(() => row.textContent()).toContain('Credit card');
    const pdf = await download(page, () => row.locator('[data-testid^="invoice-download-"]').click());
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Option 1 is owned now: it downloads; option 2 costs the difference, 4.00.
    await page.goto(`/masters/song/${masterId}`);
    // The price shows once the buyer's VAT rule has loaded.
    await page.getByTestId('buy-option-2').filter({ hasText: '$4.00' }).waitFor();
    dialog = await openCheckout(page, masterId, 2);
    await dialog.getByTestId('upgrade-note').waitFor();
    await expect.poll(() => dialog.getByTestId('summary-price').textContent()).toContain('$4.00');
    await expect.poll(() => dialog.getByTestId('summary-total').textContent()).toContain('$4.00');
    await dialog.getByTestId('checkout-continue').click();
    await dialog.getByLabel(TEXT.en.valid, { exact: true }).check();
    const wav24 = await download(page, () => dialog.getByTestId('checkout-pay').click());
    expect(wav24.name).toMatch(/_24bit\.wav$/);
    expect(wav24.bytes.readUInt16LE(34)).toBe(24);

    const invoices = await trpcQuery<{ total: number; buyingOption: number }[]>('invoices.list', token);
    expect(invoices.map((invoice) => [invoice.buyingOption, invoice.total])).toEqual([
      [2, 4],
      [1, 2.99],
    ]);
  });

  for (const locale of ['en', 'de'] as const) {
    for (const width of [375, 1280]) {
      it(`when the checkout and the payments tab are shown (${locale}, ${width} px), then they fit and are translated`, async () => {
        // The menu's Log in button is in the burger menu on phones: sign in wide, then narrow the window.
        const page = await openPage(locale, 1280);
        await logIn(page, locale, email, password);
        await page.setViewportSize({ width, height: 900 });
        const dialog = await openCheckout(page, masters[1]!, 1);
        await dialog.getByLabel(locale === 'de' ? 'Gutscheincode' : 'Coupon code').fill('nope');
        await dialog.getByText(locale === 'de' ? 'Dieser Gutscheincode ist nicht gültig.' : 'This coupon code is not valid.').waitFor();
        await shot(page, `checkout-step0-${locale}-${width}`);
        await dialog.getByLabel(locale === 'de' ? 'Gutscheincode' : 'Coupon code').fill('');
        await dialog.getByRole('button', { name: TEXT[locale].continue }).click();
        await dialog.getByTestId('test-card-form').waitFor();
        await shot(page, `checkout-step1-${locale}-${width}`);
        // A decline reads as what to do, in the buyer's language, and fits the phone.
        await dialog.getByLabel(TEXT[locale].declined, { exact: true }).check();
        await dialog.getByTestId('checkout-pay').click();
        await page.getByTestId('global-error').getByText(TEXT[locale].declineMessage).waitFor();
        await shot(page, `checkout-declined-${locale}-${width}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        await page.goto('/account/payments');
        await page.locator(width < 768 ? '[data-testid^="invoice-card-"]' : '[data-testid^="invoice-row-"]').first().waitFor();
        await shot(page, `account-payments-${locale}-${width}`, true);
        await page.goto(`/masters/song/${masters[0]!}`);
        await page.getByTestId('buy-options').waitFor();
        await shot(page, `buy-options-${locale}-${width}`, true);
        // "Owned"/"Gekauft" fits its card: the whole label shows, inside the card's box.
        const badges = page.getByTestId('owned-badge');
        await expect.poll(() => badges.count()).toBeGreaterThan(0);
        for (const badge of await badges.all()) {
          expect(await badge.textContent()).toBe(locale === 'de' ? 'Gekauft' : 'Owned');
          const fit = await badge.evaluate((element) => {
            const label = element.querySelector('.mantine-Badge-label') ?? element;
            const card = element.closest('[data-testid^="buy-option-"]')!.getBoundingClientRect();
            const box = element.getBoundingClientRect();
            return { clipped: label.scrollWidth - label.clientWidth, outside: Math.max(card.left - box.left, box.right - card.right) };
          });
          expect(fit.clipped).toBeLessThanOrEqual(0);
          expect(fit.outside).toBeLessThanOrEqual(0);
        }
      });
    }
  }

  it('when a coupon brings the cost to zero, then the purchase completes with no card', async () => {
    const { stdout } = await run('npx', ['tsx', 'scripts/admin.ts', 'coupon:add', 'E2EFREE', '--type', 'free'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: product.server.dataDir, INTERNAL_PORT: String(product.server.internalPort), LOG_LEVEL: 'warn' },
    });
    expect(stdout).toContain('E2EFREE');
    const page = await openPage('en', 1280);
    await logIn(page, 'en', email, password);
    const masterId = masters[1]!;
    const dialog = await openCheckout(page, masterId, 2);
    await dialog.getByLabel('Coupon code').fill('  e2efree ');
    await dialog.getByTestId('summary-coupon').waitFor();
    await expect.poll(() => dialog.getByTestId('summary-total').textContent()).toContain('$0.00');
    await shot(page, 'checkout-free-coupon-en-1280');
    const wav24 = await download(page, () => dialog.getByTestId('checkout-complete').click());
    expect(wav24.name).toMatch(/_24bit\.wav$/);
    expect(await page.getByTestId('test-card-form').count()).toBe(0);
    const master = await trpcQuery<{ buyingOption: number; status: string; invoice: { couponKey: string } | null }>('masters.master', token, { id: masterId });
    expect(master).toMatchObject({ buyingOption: 2, status: 'PAYMENT_DONE', invoice: { couponKey: 'E2EFREE' } });
  });
});
