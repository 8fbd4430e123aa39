import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { productInBrowser } from './server-harness.js';

const STYLE_GROUPS = ['Pop', 'Electronic', 'Hip-Hop', 'Rock', 'Acoustic'];

const product = productInBrowser({ shots: 'foundation' });

async function openPage(options: { width?: number; locale?: 'en' | 'de' } = {}): Promise<Page> {
  const context = await product.newContext(options.locale ?? 'en', options.width ?? 1280);
  return context.newPage();
}

async function dismissCookieBanner(page: Page, label: string) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('region', { name: /Cookie/ }).waitFor({ state: 'detached' });
}

describe('foundation: the SPA shell against the real server', () => {
  it('when the home page opens, then the seeded style groups show in order', async () => {
    const page = await openPage();
    await page.goto('/');
    const overview = page.getByTestId('style-overview');
    await overview.waitFor();
    const headings = await overview.getByRole('heading', { level: 3 }).allTextContents();
    expect(headings).toEqual(STYLE_GROUPS);
  });

  it('when a style is clicked, then StyleDetails shows its group, name and description', async () => {
    const page = await openPage();
    await page.goto('/');
    await page.getByRole('group', { name: 'Styles of Pop' }).getByRole('button', { name: 'Bright' }).click();
    const dialog = page.getByRole('dialog', { name: 'Style details' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('heading', { name: 'Bright' }).isVisible()).toBe(true);
    await expect.poll(() => dialog.textContent()).toContain('More presence and air than your mix had');
    await expect.poll(() => dialog.getByRole('button', { name: 'Select Bright' }).isVisible()).toBe(true);
  });

  it('when a visitor opens /masters, then they land on /', async () => {
    const page = await openPage();
    await page.goto('/masters');
    await page.waitForURL(`${product.server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Mastering styles' }).waitFor();
  });

  it('when the path is unknown, then the 404 text shows', async () => {
    const page = await openPage();
    await page.goto('/this/does/not/exist');
    await page.getByRole('heading', { name: 'This page could not be found' }).waitFor();
  });

  it('when the language is switched to German, then the menu, prices and descriptions are German', async () => {
    const page = await openPage();
    await page.goto('/');
    await page.getByTestId('style-overview').waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');

    const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
    await menu.waitFor();
    expect(await menu.getByRole('button', { name: 'Anmelden' }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Preise' }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');

    // The browser says en-US: a visitor from outside the EU pays no VAT, whatever the interface's language.
    await expect.poll(() => page.getByTestId('buying-option-1').textContent()).toMatch(/2,99\s€/);
    expect(await page.getByTestId('vat-note').count()).toBe(0);
    await expect.poll(() => page.getByTestId('quality-master').textContent()).toMatch(/6,99\s€/);

    // The server localises descriptions from the lang cookie.
    await page.getByText('Glatte, radiotaugliche Master', { exact: false }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('de');
  });

  for (const [locale, prices] of [['en', 'Prices'], ['de', 'Preise']] as const) {
    it(`when the home page opens in ${locale}, then its first painted text is already in that language`, async () => {
      // No catalogue comes with the first load: the page waits for the visitor's, and never paints
      // another language's texts first.
      const page = await openPage({ locale });
      await page.addInitScript(() => {
        const painted: string[] = [];
        (window as unknown as { __painted: string[] }).__painted = painted;
        new MutationObserver(() => {
          const text = document.getElementById('root')?.innerText ?? '';
          if (text && painted.at(-1) !== text) painted.push(text);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.goto('/');
      await page.getByTestId('style-overview').waitFor();
      const painted = await page.evaluate(() => (window as unknown as { __painted: string[] }).__painted);
      expect(painted[0]).toContain(prices);
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
    });
  }

  it('when no language catalogue can be fetched, then the page says so in both languages with a reload link instead of staying blank', async () => {
    const page = await openPage({ locale: 'de' });
    await page.route('**/assets/messages-*.js', (route) => route.abort());
    await page.goto('/');
    const notice = page.getByRole('alert').filter({ hasText: 'Masterdeck konnte nicht geladen werden' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Masterdeck could not be loaded');
    expect(await notice.getByRole('link').count()).toBe(2);
    expect(await page.locator('#root').innerText()).toBe('');
    await product.shot(page, 'boot-failed-de-1280');
  });

  it('when #prices is in the URL, then the Prices dialog opens and closing clears the hash', async () => {
    const page = await openPage();
    await page.goto('/#prices');
    const dialog = page.getByRole('dialog', { name: 'Prices' });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toMatch(/\$2\.99.*\$6\.99/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).hash).toBe('');
  });

  it('when a visitor chooses a WAV file, then the Login dialog opens and the file is held', async () => {
    const page = await openPage();
    await page.goto('/');
    await page.getByTestId('track-file-input').setInputFiles({ name: 'my-song.wav', mimeType: 'audio/wav', buffer: Buffer.alloc(64) });
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('is ready. Log in to upload it.', { exact: false }).waitFor();
  });

  for (const locale of ['en', 'de'] as const) {
    for (const width of [375, 1280]) {
      it(`when screenshots are taken (${locale}, ${width} px), then home and 404 render without overflow`, async () => {
        const page = await openPage({ width, locale });
        await page.goto('/');
        await page.getByTestId('style-overview').waitFor();
        await page.getByTestId('faq-list').waitFor();
        if (width === 375) await page.screenshot({ path: `${product.shotsDir}/home-cookie-banner-${locale}-${width}.png`, animations: 'disabled' });
        await dismissCookieBanner(page, locale === 'de' ? 'Nur notwendige' : 'Necessary only');
        await page.screenshot({ path: `${product.shotsDir}/home-${locale}-${width}.png`, fullPage: true, animations: 'disabled' });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);

        await page.goto('/no-such-page');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.screenshot({ path: `${product.shotsDir}/404-${locale}-${width}.png`, fullPage: true, animations: 'disabled' });
      });
    }
  }
});
