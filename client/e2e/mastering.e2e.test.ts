import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { productInBrowser, type Locale } from './server-harness.js';
import { animationsAtRest } from './screens.js';
import { logInThroughMenu, openSite, PASSWORD, productApi } from './steps.js';

/**
 * In Chromium against the real web process and media sidecar, a signed-in
 * user drops a generated WAV on /, sees the upload progress, lands on /masters/song/{id}, sees the
 * analysis run by itself through its stages, picks a style, makes the master and finds it in /masters. Then screenshots of
 * every upload and masters screen in English and German at 375 and 1280 px.
 */

const product = productInBrowser({ shots: 'masters', media: true });
const steps = productApi(product);

/** A confirmed account made through the REST API and the confirmation link in the outbox mail. */
function createAccount(email: string) {
  return steps.createAccount(email, PASSWORD, { firstName: 'Mia', lastName: 'Master' });
}

function openPage(locale: Locale, width: number): Promise<Page> {
  return openSite(product, locale, width, { langCookie: true });
}

function logIn(page: Page, email: string, locale: Locale) {
  return logInThroughMenu(page, locale, { email, password: PASSWORD }, { waitForAccount: true });
}

/** Generated music-like stereo audio as WAV bytes, base64 for the page. */
function wavBase64(seconds: number): string {
  return encodeWav(musicLike({ seconds, seed: 11, peakDb: -6 })).toString('base64');
}

/** Drags a file over the window (shows the drop overlay) and, unless told otherwise, drops it. */
async function dropFile(page: Page, base64: string, name: string, drop = true) {
  await page.evaluate(
    ({ base64, name, drop }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: 'audio/wav' }));
      const fire = (type: string) => document.body.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      fire('dragenter');
      fire('dragover');
      if (drop) fire('drop');
    },
    { base64, name, drop },
  );
}

/** Slow uploads, so the progress overlay is on screen long enough to see (Chromium DevTools protocol). */
async function throttleUpload(page: Page, bytesPerSecond: number | null) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

/** Style chips are radio inputs drawn by their label: click the label, as a user does. */
async function pickStyle(page: Page, index: number) {
  const id = await page.locator('[data-testid^="style-"]').nth(index).getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

async function shot(page: Page, name: string) {
  await product.shot(page, name, { fullPage: true });
}

describe('mastering in the browser', () => {
  it('when a signed-in user drops a WAV on /, then it uploads with progress, opens the master page, analyses the track by itself and lists the master', async () => {
    const email = `mia-${Date.now()}@example.com`;
    await createAccount(email);
    const page = await openPage('en', 1280);
    await logIn(page, email, 'en');

    // Every step the analyzing overlay shows is recorded in the page from before the upload on, so
    // stages that pass quickly are not missed (the analysis starts by itself when the page opens).
    await page.evaluate(() => {
      const steps: string[] = [];
      (window as unknown as { __overlaySteps: string[] }).__overlaySteps = steps;
      new MutationObserver(() => {
        const step = document.querySelector('[data-testid="analyzing-overlay"] [role="status"]')?.textContent?.trim();
        if (step && steps.at(-1) !== step) steps.push(step);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const overlaySteps = () => page.evaluate(() => (window as unknown as { __overlaySteps: string[] }).__overlaySteps);

    await throttleUpload(page, 400_000);
    await dropFile(page, wavBase64(6), 'Night Drive.wav');
    await page.getByTestId('upload-percent').waitFor({ timeout: 10_000 });
    await expect.poll(async () => page.getByTestId('upload-percent').textContent().catch(() => '100 %'), { timeout: 20_000 }).toMatch(/\d+ %/);
    await throttleUpload(page, null);

    await page.waitForURL(/\/masters\/song\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Night Drive' }).waitFor();
    await page.getByTestId('new-master').waitFor();

    // Nothing is clicked: the page prepares the track and the overlay shows the stages.
    await expect.poll(async () => (await overlaySteps()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByTestId('analyzing-overlay').waitFor({ state: 'detached', timeout: 60_000 });
    const steps = await overlaySteps();
    const stageOf = (step: string) => (/^Preparing|^Waiting in line|^You are next/.test(step) ? 0 : /^Shaping/.test(step) ? 1 : /^Balancing/.test(step) ? 2 : /^Finishing/.test(step) ? 3 : -1);
    const stages = steps.map(stageOf).filter((stage, i, all) => i === 0 || stage !== all[i - 1]);
    // The order: preparing, dynamics (with its passes), EQ, finalizing; progress only moves
    // forward. The EQ stage takes milliseconds and may pass between two paints.
    expect(stages.slice(0, 2), steps.join(' | ')).toEqual([0, 1]);
    expect(stages.every((stage, i) => stage >= 0 && (i === 0 || stage > stages[i - 1]!)), steps.join(' | ')).toBe(true);
    const passes = steps.flatMap((step) => /pass (\d+)/.exec(step)?.[1] ?? []).map(Number);
    expect(passes.every((pass, i) => i === 0 || pass >= passes[i - 1]!), steps.join(' | ')).toBe(true);

    // Pick a style (the second one): the prepared track needs no second analysis.
    await pickStyle(page, 1);

    // Make the master with the free option; the detail panel replaces the new-master screen.
    await page.getByTestId('buy-option-0').getByRole('button').first().click();
    await page.getByTestId('master-detail').waitFor({ timeout: 90_000 });

    await page.goto('/masters');
    // One row for the track, its master inside it (the upload is not a second row).
    const row = page.getByTestId('master-row').filter({ hasText: 'Night Drive' });
    await expect.poll(() => row.getByTestId('master-line').filter({ hasNotText: 'Not mastered yet' }).count(), { timeout: 10_000 }).toBe(1);
    expect(await row.count()).toBe(1);
  });

  it('when every screen is opened in English and German at 375 and 1280 px, then screenshots are written', async () => {
    for (const locale of ['en', 'de'] as const) {
      for (const width of [375, 1280]) {
        const name = (screen: string) => `${screen}-${locale}-${width}`;
        const email = `shots-${locale}-${width}-${Date.now()}@example.com`;
        await createAccount(email);
        // The menu's login button is behind the burger on phones: sign in wide, then narrow the window.
        const page = await openPage(locale, 1280);
        await logIn(page, email, locale);
        await page.setViewportSize({ width, height: 900 });

        await page.goto('/masters');
        await page.locator('.mantine-EmptyState-root, [data-testid="master-table"]').first().waitFor();
        await shot(page, name('masters-empty'));

        await page.goto('/');
        await dropFile(page, wavBase64(4), 'Sunrise.wav', false);
        await page.getByTestId('drop-overlay').waitFor();
        await product.shot(page, name('drop-overlay'));
        await page.evaluate(() => document.body.dispatchEvent(new DragEvent('dragleave', { dataTransfer: new DataTransfer(), bubbles: true })));
        await page.reload();

        await throttleUpload(page, 150_000);
        await dropFile(page, wavBase64(4), 'Sunrise.wav');
        // Under way: the picture shows a share of the file sent, not the overlay's first frame.
        await expect.poll(async () => page.getByTestId('upload-percent').textContent().catch(() => ''), { timeout: 20_000 }).toMatch(/^[1-9]\d* %$/);
        await product.shot(page, name('upload-progress'));
        await throttleUpload(page, null);
        await page.waitForURL(/\/masters\/song\//, { timeout: 30_000 });
        await page.getByTestId('new-master').waitFor();
        // The new page analyses the track by itself: its overlay, then the page ready to choose. (Picking a
        // style afterwards shows no overlay: the track is prepared by then.)
        const overlay = page.getByTestId('analyzing-overlay');
        await overlay.waitFor({ timeout: 20_000 });
        await product.shot(page, name('analyzing'));
        await overlay.waitFor({ state: 'detached', timeout: 60_000 });
        await animationsAtRest(page);
        await shot(page, name('new-master'));

        await pickStyle(page, 0);
        await page.getByTestId('buy-option-0').getByRole('button').first().click();
        await page.getByTestId('master-detail').waitFor({ timeout: 90_000 });
        // The player's figures arrive with the stream meta: both versions measured, beside the player.
        const measured = page.getByRole('table', { name: /Measured loudness|Gemessene Lautheit/ });
        await expect.poll(async () => (await measured.textContent())?.match(/LUFS/g)?.length ?? 0, { timeout: 30_000 }).toBe(2);
        await animationsAtRest(page);
        await shot(page, name('master-page'));

        await page.goto('/masters');
        await page.getByTestId(width < 992 ? 'master-cards' : 'master-table').waitFor();
        await shot(page, name('masters-list'));

        await page.getByRole('button', { name: locale === 'de' ? / teilen$/ : /^Share / }).filter({ visible: true }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.locator('input[type="email"]').fill(`friend-${locale}-${width}@example.com`);
        await dialog.getByRole('button', { name: locale === 'de' ? 'Einladung senden' : 'Send invitation' }).click();
        await expect.poll(async () => (await page.getByTestId('share-counter').textContent()) ?? '').toBe('1/5');
        await product.shot(page, name('share-dialog'));
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: new RegExp(`^${locale === 'de' ? 'Track-Details von' : 'Edit track details of'} `) }).filter({ visible: true }).first().click();
        await page.getByRole('dialog').locator('input').first().waitFor();
        await animationsAtRest(page);
        await product.shot(page, name('edit-track'));
        await page.keyboard.press('Escape');

        await page.goto('/masters/shared');
        await page.locator('.mantine-EmptyState-root').first().waitFor();
        await shot(page, name('shared-empty'));
        await page.context().close();
      }
    }
  }, 600_000);
});
