import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { productInBrowser, type Locale } from './server-harness.js';

/**
 * A visitor's first minutes in Chromium against the real product: page titles per route,
 * a quiet console (no refresh call without a session, 404 for unknown paths), the header's ways to
 * Support and Distribution, StyleDetails with loudness, character and the next step, the cookie
 * banner beside the main call to action on a phone, and the address editor's state rule.
 * Screenshots in English and German at 375 and 1280 px.
 */

const TEXT = {
  en: {
    necessary: 'Necessary only',
    choose: 'Choose a WAV file',
    menu: 'Main menu',
    openMenu: 'Open menu',
    support: 'Support',
    details: 'Style details',
    next: 'Choose a WAV file: you will sign in, and we master it in this style.',
    loudness: 'Loudness target',
    faqTitle: 'FAQ – Masterdeck',
    supportTitle: 'Support – Masterdeck',
    notFoundTitle: 'Page not found – Masterdeck',
    notFound: 'This page could not be found',
    group: 'Styles of Electronic',
    style: 'Deep',
  },
  de: {
    necessary: 'Nur notwendige',
    choose: 'WAV-Datei wählen',
    menu: 'Hauptmenü',
    openMenu: 'Menü öffnen',
    support: 'Hilfe',
    details: 'Stil-Details',
    next: 'Wähle eine WAV-Datei: Du meldest dich an, und wir mastern sie in diesem Stil.',
    loudness: 'Lautheitsziel',
    faqTitle: 'FAQ – Masterdeck',
    supportTitle: 'Hilfe – Masterdeck',
    notFoundTitle: 'Seite nicht gefunden – Masterdeck',
    notFound: 'Diese Seite wurde nicht gefunden',
    group: 'Stile von Elektronisch',
    style: 'Tief',
  },
} as const;

const product = productInBrowser({ shots: 'visitor-journeys' });

async function openPage(locale: Locale, width: number, height = 900): Promise<Page> {
  const context = await product.newContext(locale, width, { viewport: { width, height } });
  return context.newPage();
}

async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: path.join(product.shotsDir, `${name}.png`), animations: 'disabled', fullPage });
}

const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('a visitor finds their way', () => {
  for (const locale of ['en', 'de'] as const) {
    it(`when pages open (${locale}), then the browser tab names each page`, async () => {
      const t = TEXT[locale];
      const page = await openPage(locale, 1280);
      await page.goto('/faq');
      await expect.poll(() => page.title()).toBe(t.faqTitle);
      await page.goto('/info');
      await expect.poll(() => page.title()).toBe(t.supportTitle);
      await page.goto('/no/such/page');
      await expect.poll(() => page.title()).toBe(t.notFoundTitle);
    });
  }

  it('when a visitor loads pages signed out, then the console stays quiet and no refresh is asked; an unknown path answers 404 with the not-found page', async () => {
    const page = await openPage('en', 1280);
    const problems: string[] = [];
    const refreshCalls: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/refresh')) refreshCalls.push(request.url());
    });
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    await page.getByTestId('style-overview').waitFor();
    const missing = await page.goto('/this/does/not/exist');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: TEXT.en.notFound }).waitFor();
    await page.goto('/faq');
    await page.getByTestId('faq-list').waitFor();
    await page.waitForLoadState('networkidle');
    expect(refreshCalls).toEqual([]);
    // The 404 of the document itself is what the browser reports for the unknown path; nothing else.
    expect(problems.filter((text) => !/status of 404/.test(text))).toEqual([]);
  });

  for (const locale of ['en', 'de'] as const) {
    for (const width of [375, 1280]) {
      it(`when a visitor looks for help and distribution (${locale}, ${width} px), then the header reaches Support and Distribution's landing`, async () => {
        const t = TEXT[locale];
        const distribution = locale === 'de' ? 'Vertrieb' : 'Distribution';
        const page = await openPage(locale, width);
        await page.goto('/about');
        await page.getByRole('button', { name: t.necessary }).click();
        const menu = page.getByRole('navigation', { name: t.menu });
        if (width < 768) {
          await menu.getByRole('button', { name: t.openMenu }).click();
          const drawer = page.getByRole('dialog');
          await drawer.getByRole('link', { name: distribution }).waitFor();
          await shot(page, `menu-drawer-${locale}-${width}`);
          await drawer.getByRole('link', { name: distribution }).click();
        } else {
          await shot(page, `menu-${locale}-${width}`);
          await menu.getByRole('link', { name: distribution }).click();
        }
        await page.waitForURL(/\/distribution$/);
        if (width < 768) {
          await menu.getByRole('button', { name: t.openMenu }).click();
          await page.getByRole('dialog').getByRole('link', { name: t.support }).click();
        } else {
          await menu.getByRole('link', { name: t.support }).click();
        }
        await page.waitForURL(/\/info$/);
        expect(await overflowOf(page)).toBeLessThanOrEqual(0);
      });

      it(`when a visitor opens a style (${locale}, ${width} px), then its loudness, character and the next step show in the visitor's language`, async () => {
        const t = TEXT[locale];
        const page = await openPage(locale, width);
        await page.goto('/');
        await page.getByRole('button', { name: t.necessary }).click();
        await page.getByRole('group', { name: t.group }).getByRole('button', { name: t.style }).click();
        const dialog = page.getByRole('dialog', { name: t.details });
        await dialog.waitFor();
        await expect.poll(() => dialog.getByTestId('details-loudness').textContent()).toMatch(locale === 'de' ? /−10,5 LUFS/ : /−10\.5 LUFS/);
        await expect.poll(() => dialog.getByTestId('details-character').getByRole('listitem').count()).toBeGreaterThan(0);
        await dialog.getByText(t.next).waitFor();
        await shot(page, `style-details-${locale}-${width}`);
        const fits = await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth);
        expect(fits).toBe(true);
      });
    }

    it(`when a phone opens the home page for the first time (${locale}, 375 × 667), then the cookie banner leaves "${TEXT[locale].choose}" visible and clickable`, async () => {
      const t = TEXT[locale];
      const page = await openPage(locale, 375, 667);
      await page.goto('/');
      const banner = page.getByRole('region', { name: /Cookie/ });
      await banner.waitFor();
      const choose = page.getByRole('button', { name: t.choose }).first();
      await choose.waitFor();
      await shot(page, `home-first-visit-${locale}-375`);
      const bannerBox = (await banner.boundingBox())!;
      const chooseBox = (await choose.boundingBox())!;
      expect(chooseBox.y + chooseBox.height).toBeLessThanOrEqual(bannerBox.y);
      // The button is what a tap in its middle reaches (nothing lies on top of it).
      const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null, { x: chooseBox.x + chooseBox.width / 2, y: chooseBox.y + chooseBox.height / 2 });
      expect(onTop).toBe(t.choose);
    });
  }
});
