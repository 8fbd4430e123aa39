import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { productInBrowser, type Locale } from './server-harness.js';
import { openSite, productApi } from './steps.js';

/**
 * In Chromium against the real product: a subscriber's release (one custom
 * master, the user at 70 % and a partner at 30 %) is named by a store statement that the operator
 * imports with `npm run admin -- royalties:import`; the analytics screen then shows the release's
 * streams per store and the payments screen the user's balance, in English and German at 1280 and
 * 375 px, with no sideways scrolling. Before the import, both screens say honestly that nothing has
 * arrived. The feedback widget's message reaches the operators (`feedback:list`).
 */
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
const password = 'a long enough password';

const TEXT = {
  en: { openMenu: 'Open menu', analytics: 'Analytics', payments: 'Payments' },
  de: { openMenu: 'Menü öffnen', analytics: 'Analyse', payments: 'Zahlungen' },
} as const;

const product = productInBrowser({ shots: 'royalties' });
const { api, trpcQuery, trpcMutation, subscriber } = productApi(product);

const trpc = async <T,>(procedure: string, token: string, input?: unknown) => trpcMutation<T>(procedure, token, input ?? {});

async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run('npx', ['tsx', 'scripts/admin.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: product.server.dataDir, INTERNAL_PORT: String(product.server.internalPort), LOG_LEVEL: 'warn' },
  });
  return stdout;
}

/** A release of one custom master (made here) with the user at 70 % and Charles at 30 %: its ISRC and UPC. */
async function releaseWithPartner(token: string): Promise<{ isrc: string; upc: string }> {
  const form = new FormData();
  form.append('isCustomMaster', 'true');
  form.append('track', new Blob([new Uint8Array(encodeWav(musicLike({ seconds: 6, seed: 5, peakDb: -6, sampleRate: 44100 })))], { type: 'audio/wav' }), 'Analytical Engine.wav');
  const { id: masterId } = await api<{ id: string }>('POST', '/api/upload', { token, form });
  const { albumId } = await trpc<{ albumId: number }>('releases.start', token);
  await trpc('releases.updateAlbum', token, { albumId, name: 'Engines' });
  const track = await trpc<{ track_id: number; stereo_isrc: string }>('releases.addTrack', token, { masterId, albumId });
  const meta = await trpcQuery<{ participant: { participant_id: number } }>('distribution.metaInfo', token);
  const partner = await trpc<{ participant_id: number | string }>('distribution.createParticipant', token, { name: 'Charles Babbage', email: 'charles@example.com' });
  await trpc('releases.updateTrack', token, {
    trackId: track.track_id,
    participants: [
      { id: meta.participant.participant_id, role_id: [6], payout_share_percentage: 70 },
      { id: Number(partner.participant_id), role_id: [6], payout_share_percentage: 30 },
    ],
  });
  const release = await trpcQuery<{ album: { product_code: string | null } }>('releases.release', token, { albumId });
  // A release gets its code at delivery; this one is not delivered, so its statement lines name the ISRC alone.
  return { isrc: track.stereo_isrc, upc: release.album.product_code ?? '' };
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(product.shotsDir, `${name}.png`), animations: 'disabled', fullPage: true });

function openAs(email: string, locale: Locale, width: number, at: string): Promise<Page> {
  return openSite(product, locale, width, { at, signedInAs: { email, password }, logPageErrors: true });
}

const noSidewaysScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
const tag = (locale: Locale) => (locale === 'de' ? 'de-DE' : 'en-US');
const money = (cents: number, locale: Locale) =>
  new Intl.NumberFormat(tag(locale), { style: 'currency', currency: 'USD', minimumFractionDigits: 2, useGrouping: false }).format(cents / 100);

describe('royalties in the browser', () => {
  const email = `royalties-${Date.now()}@example.com`;
  let codes: { isrc: string; upc: string };

  beforeAll(async () => {
    const token = await subscriber(email, password);
    codes = await releaseWithPartner(token);
  }, 120_000);

  it('when no statement has arrived, then analytics and payments say so instead of showing numbers', async () => {
    const page = await openAs(email, 'en', 1280, '/distribution/analytics');
    await page.getByTestId('analytics-empty').waitFor();
    await shot(page, 'en-1280-01-analytics-empty');
    await page.goto('/distribution/payments');
    await page.getByTestId('payments-empty').waitFor();
    await expect.poll(() => page.getByTestId('balance').first().textContent()).toBe(money(0, 'en'));
    await shot(page, 'en-1280-02-payments-empty');
  });

  it('when the operator imports a statement, then analytics shows the streams per store and payments the balance, in English and German at 1280 and 375 px', async () => {
    const statement = path.join(product.server.dataDir, 'spotify-2031-03.csv');
    await writeFile(
      statement,
      [
        'ISRC,UPC,Territory,Usage Type,Quantity,Net Revenue,Currency,Title',
        `${codes.isrc},${codes.upc},DE,Stream,1234,10.00,USD,Analytical Engine`,
        `${codes.isrc},${codes.upc},AT,Stream,100,2.00,EUR,Analytical Engine`,
        'GBAAA9900001,,FR,Stream,9,0.05,USD,Not ours',
      ].join('\n'),
    );
    const imported = await admin('royalties:import', statement, '--store', 'spotify', '--period', '2031-03', '--rate', 'EUR=1.10');
    expect(imported).toContain('imported: Spotify 2031-03, 3 lines, 2 matched, total 12.25 USD, credited 12.20 USD');
    expect(imported).toContain('line 4: ISRC GBAAA9900001');
    const apple = path.join(product.server.dataDir, 'apple-2031-04.csv');
    await writeFile(apple, `isrc,upc,territory,usage_type,quantity,net_revenue,currency\n${codes.isrc},,US,stream,500,3.00,USD\n`);
    expect(await admin('royalties:import', apple, '--store', 'Apple Music', '--period', '2031-04')).toContain('imported: Apple Music 2031-04, 1 lines, 1 matched');
    // Again: nothing changes.
    expect(await admin('royalties:import', apple, '--store', 'Apple Music', '--period', '2031-04')).toContain('already imported (nothing changed)');

    // 10.00 + 2.20 + 3.00 = 15.20 USD; the user's 70 % is 10.64, Charles's 30 % is 4.56.
    for (const [locale, width] of [
      ['en', 1280],
      ['de', 1280],
      ['en', 375],
      ['de', 375],
    ] as const) {
      const name = `${locale}-${width}`;
      const page = await openAs(email, locale, width, '/distribution/analytics');
      const count = (value: number) => new Intl.NumberFormat(tag(locale)).format(value);
      await page.getByTestId('store-row').first().waitFor();
      const stores = await page.getByTestId('store-row').evaluateAll((rows) =>
        rows.map((row) => [row.querySelector('[data-testid="store-row-name"]')?.textContent, row.querySelector('[data-testid="store-row-value"]')?.textContent]),
      );
      expect(stores).toEqual([
        ['Spotify', count(1334)],
        ['Apple Music', count(500)],
      ]);
      await expect.poll(() => page.getByTestId('total-streams').textContent()).toBe(count(1834));
      await expect.poll(() => page.getByTestId('total-revenue').textContent()).toBe(money(1520, locale));
      await expect.poll(() => page.getByTestId('release-row-name').allTextContents()).toEqual(['Engines']);
      await page.getByTestId('streams-chart').locator('.recharts-bar-rectangle').first().waitFor();
      await noSidewaysScroll(page, width);
      await shot(page, `${name}-03-analytics`);

      if (width < 640) {
        await page.getByRole('button', { name: TEXT[locale].openMenu }).click();
        await page.getByRole('dialog').getByRole('link', { name: TEXT[locale].payments, exact: true }).click();
      } else {
        await page.getByTestId('distribution-nav').getByRole('link', { name: TEXT[locale].payments, exact: true }).click();
      }
      await page.waitForURL('**/distribution/payments');
      await page.getByTestId('participant-balance').first().waitFor();
      const balances = await page.getByTestId('participant-balance').evaluateAll((cards) =>
        cards.map((card) => [card.querySelector('[data-testid="participant-name"]')?.textContent, card.querySelector('[data-testid="balance"]')?.textContent]),
      );
      expect(balances).toEqual([
        ['Ada Lovelace', money(1064, locale)],
        ['Charles Babbage', money(456, locale)],
      ]);
      await expect.poll(() => page.getByTestId(width < 640 ? 'ledger-item' : 'ledger-row').filter({ visible: true }).count()).toBe(6);
      await noSidewaysScroll(page, width);
      await shot(page, `${name}-04-payments`);
    }
  });

  it('when payouts run, then the payments screen shows them paid, and feedback sent from a distribution screen reaches the operators', async () => {
    expect(await admin('payouts:run', '--min', '10')).toContain('confirmed: 10.64 USD (fee 0.00 USD, receives 10.64 USD) to Ada Lovelace <ada@example.com>');
    const page = await openAs(email, 'de', 375, '/distribution/payments');
    await page.getByTestId('payout-row').first().waitFor();
    await expect.poll(() => page.getByTestId('balance').allTextContents()).toEqual([money(0, 'de'), money(456, 'de')]);
    await noSidewaysScroll(page, 375);
    await shot(page, 'de-375-05-payments-paid');

    const widget = page.getByTestId('feedback-widget');
    await widget.getByTestId('feedback-send').click();
    await widget.getByText('Bitte vergib ein bis fünf Sterne.').first().waitFor();
    await widget.getByTestId('feedback-sound').locator('label').nth(4).click();
    await widget.getByTestId('feedback-overall').locator('label').nth(5).click();
    await widget.getByTestId('feedback-comment').fill('Die Auszahlungen sind klar.');
    await widget.getByTestId('feedback-include-song-data').check();
    await widget.getByTestId('feedback-send').click();
    await widget.getByTestId('feedback-sent').waitFor();
    await noSidewaysScroll(page, 375);
    await shot(page, 'de-375-06-feedback-sent');
    expect(await admin('feedback:list')).toMatch(new RegExp(`${email.replace(/[.]/g, '\\.')} /distribution/payments sound 4/5 overall 5/5 \\+song data: Die Auszahlungen sind klar\\.`));
  });
});
