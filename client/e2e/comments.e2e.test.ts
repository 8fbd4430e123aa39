import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { productInBrowser, type Locale } from './server-harness.js';
import { openSite, productApi } from './steps.js';

/**
 * The owner comments at 0:42; the person the master is shared with sees the
 * pin, clicks it (the player seeks to 0:42), answers and rates the track; the owner sees the answer
 * arrive without a reload and deletes it after confirming; markup in a comment stays text.
 * Screenshots of the master page's comments in English and German at 375 and 1280 px.
 */
const SR = 44100;
const XSS = '<img src=x onerror=alert(1)>';

const TEXT = {
  en: { cookies: 'Necessary only', comment: 'Your comment', position: 'Position in the track (m:ss)', add: 'Add', rate: 'Rate', delete: 'Delete' },
  de: { cookies: 'Nur notwendige', comment: 'Dein Kommentar', position: 'Position im Track (m:ss)', add: 'Hinzufügen', rate: 'Bewerten', delete: 'Löschen' },
} as const;

const product = productInBrowser({ shots: 'comments', media: true, browserArgs: ['--autoplay-policy=no-user-gesture-required'] });
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
const password = 'a long enough secret';
const { trpcMutation, customer, masteredTrack: masteredTrackOf } = productApi(product);

const createUser = (email: string) => customer(email, password);

/** A 50 s track, mastered over the media socket in the first style: the master's id. */
const masteredTrack = (token: string) => masteredTrackOf(token, encodeWav(musicLike({ seconds: 50, seed: 7, peakDb: -6 })), 'Comment Song.wav');

async function openMaster(email: string, masterId: string, locale: Locale, width: number): Promise<Page> {
  const page = await openSite(product, locale, width, {
    at: `/masters/song/${masterId}`,
    signedInAs: { email, password },
    // bypassCSP: Playwright's polling waitForFunction evaluates its predicate, which script-src 'self' forbids.
    context: { bypassCSP: true },
    logPageErrors: true,
    // Markup that ran would open an alert: fail loudly if it ever does.
    beforeLoad: (opened) =>
      opened.on('dialog', (dialog) => {
        throw new Error(`a script ran in the page: ${dialog.message()}`);
      }),
  });
  await page.getByTestId('comments').waitFor();
  return page;
}

async function addComment(page: Page, locale: Locale, text: string, at?: string) {
  const comments = page.getByTestId('comments');
  await comments.getByLabel(TEXT[locale].comment).fill(text);
  if (at) await comments.getByLabel(TEXT[locale].position).fill(at);
  await comments.getByRole('button', { name: TEXT[locale].add }).click();
  await comments.getByTestId('comment-text').filter({ hasText: text }).first().waitFor();
}

const shot = (page: Page, name: string) => product.shot(page, name, { fullPage: true });

describe('comments and ratings on a shared master', () => {
  const ownerEmail = `owner-${Date.now()}@example.com`;
  const listenerEmail = `listener-${Date.now()}@example.com`;
  let masterId: string;

  beforeAll(async () => {
    const ownerToken = await createUser(ownerEmail);
    await createUser(listenerEmail);
    masterId = await masteredTrack(ownerToken);
    await trpcMutation('sharing.createShare', ownerToken, { email: listenerEmail, masterId });
  }, 240_000);

  it('when the owner comments at 0:42, then the listener seeks by its pin, answers and rates, and the owner deletes the answer after confirming', async () => {
    const owner = await openMaster(ownerEmail, masterId, 'en', 1280);
    await addComment(owner, 'en', 'Listen to the drop here', '0:42');
    await expect.poll(() => owner.getByTestId('comment-time').first().textContent()).toBe('0:42');

    const listener = await openMaster(listenerEmail, masterId, 'en', 1280);
    const pin = listener.getByTestId('comment-pin');
    await pin.waitFor({ timeout: 60_000 });
    await expect.poll(() => pin.getAttribute('data-seconds')).toBe('42');
    await pin.click();
    await listener.waitForFunction(`window.__masterdeckPlayer && Math.abs(window.__masterdeckPlayer.positionFrames() / ${SR} - 42) < 0.05`, undefined, { polling: 50, timeout: 10_000 });
    // The list shows the pin's comment.
    await listener.locator('[data-testid="comment"][data-highlighted]').filter({ hasText: 'Listen to the drop here' }).waitFor();

    await addComment(listener, 'en', 'Agreed, the low end is huge');
    await addComment(listener, 'en', XSS);
    // Markup is text: the characters are shown, no element was made of them.
    const xss = listener.getByTestId('comment-text').filter({ hasText: XSS });
    expect(await xss.textContent()).toBe(XSS);
    expect(await listener.getByTestId('comments').locator('img').count()).toBe(0);

    const ratings = listener.getByTestId('ratings');
    // Mantine's stars are labelled radios; the visible label of the fourth one takes the click.
    const fourth = await ratings.getByLabel('4 of 5 stars').getAttribute('id');
    await ratings.locator(`label[for="${fourth}"]`).click();
    await ratings.getByRole('button', { name: TEXT.en.rate, exact: true }).click();
    await ratings.getByTestId('average-stars').getByText('4.0 (1)').waitFor();
    await shot(listener, 'comments-listener-en-1280');

    // The owner's open page shows the answer without a reload (polling), then deletes it after confirming.
    const answer = owner.getByTestId('comment').filter({ hasText: 'Agreed, the low end is huge' });
    await answer.waitFor({ timeout: 20_000 });
    await owner.getByTestId('comment').filter({ hasText: XSS }).waitFor({ timeout: 20_000 });
    await answer.getByRole('button', { name: TEXT.en.delete }).click();
    const confirm = owner.getByRole('dialog');
    await confirm.getByText('Do you really want to delete this comment?').waitFor();
    await shot(owner, 'comments-delete-confirm-en-1280');
    await confirm.getByRole('button', { name: TEXT.en.delete }).click();
    await answer.waitFor({ state: 'detached' });
    await expect.poll(() => owner.getByTestId('comment').count()).toBe(2);
    await owner.getByTestId('ratings').getByTestId('average-stars').getByText('4.0 (1)').waitFor({ timeout: 20_000 });

    // The owner's list shows the average too.
    await owner.goto('/masters');
    await owner.getByTestId('master-table').getByTestId('average-stars').first().waitFor();
  }, 180_000);

  for (const locale of ['en', 'de'] as const) {
    for (const width of [375, 1280]) {
      it(`when the shared master page is shown (${locale}, ${width} px), then its comments and rating fit and are translated`, async () => {
        const page = await openMaster(listenerEmail, masterId, locale, width);
        await page.getByTestId('comment-pin').first().waitFor({ timeout: 60_000 });
        await page.getByTestId('comment').first().waitFor();
        await page.getByTestId('comments').getByLabel(TEXT[locale].comment).waitFor();
        // Nothing wider than the viewport.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shot(page, `comments-${locale}-${width}`);
      }, 90_000);
    }
  }

  it('when an operator adds the master as a demo, then a visitor plays it on the home page and switches original against mastered at the same moment', async () => {
    const { stdout } = await run('npx', ['tsx', 'scripts/admin.ts', 'demo:add', masterId], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: product.server.dataDir, INTERNAL_PORT: String(product.server.internalPort), LOG_LEVEL: 'warn' },
    });
    expect(stdout).toContain(`demo added: Comment Song (${masterId})`);

    const context = await product.newContext('en', 1280, { bypassCSP: true });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: TEXT.en.cookies }).click();
    const demo = page.getByTestId('demo').filter({ hasText: 'Comment Song' });
    await demo.scrollIntoViewIfNeeded();
    await expect.poll(() => demo.locator('svg rect').count()).toBe(512);
    await demo.getByRole('button', { name: 'Play Comment Song' }).click();
    const state = (version: 'original' | 'mastered') =>
      demo.locator(`audio[data-version="${version}"]`).evaluate((audio: HTMLAudioElement) => ({ paused: audio.paused, time: audio.currentTime }));
    await expect.poll(async () => (await state('mastered')).time, { timeout: 20_000 }).toBeGreaterThan(1);
    await product.shot(page, 'demo-home-en-1280');

    await demo.getByText('Original', { exact: true }).click();
    await expect.poll(async () => (await state('original')).paused === false && (await state('mastered')).paused, { timeout: 10_000 }).toBe(true);
    const [original, mastered] = [await state('original'), await state('mastered')];
    // The original takes over where the master was (within the time it took to switch and start).
    expect(Math.abs(original.time - mastered.time)).toBeLessThan(1);
    expect(await demo.getAttribute('data-version')).toBe('original');
  }, 90_000);
});
