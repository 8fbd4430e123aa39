import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { productInBrowser } from './server-harness.js';

/**
 * The front door: the studio section, the quick guide and the video section on the home
 * page; the video host and the analytics endpoint are reached only after consent, and the
 * Content-Security-Policy lets exactly those origins through (a blocked request never leaves the page).
 */
const VIDEO_ORIGIN = 'https://video.example.test';
const STATS_ORIGIN = 'https://stats.example.test';

const TEXT = {
  en: { signUp: 'Sign up', signUpTitle: 'Create account', necessary: 'Necessary only', all: 'Accept all', play: 'Play video', studio: 'A mastering studio in your browser', guide: 'Quick guide', about: 'About' },
  de: { signUp: 'Registrieren', signUpTitle: 'Konto erstellen', necessary: 'Nur notwendige', all: 'Alle akzeptieren', play: 'Video abspielen', studio: 'Ein Mastering-Studio in deinem Browser', guide: 'Kurzanleitung', about: 'Über uns' },
} as const;

const product = productInBrowser({
  shots: 'marketing',
  env: { PLUGIN_BUNDLE_URL: 'https://plugins.example.test/bundle', HOME_VIDEO_URL: `${VIDEO_ORIGIN}/embed/walkthrough`, ANALYTICS_URL: `${STATS_ORIGIN}/api/event`, ANALYTICS_SITE: 'masterdeck.test' },
});

/** Answers the two third-party hosts inside the browser and records every request made to them. */
async function thirdParties(context: BrowserContext) {
  const video: string[] = [];
  const stats: { url: string; body: Record<string, unknown> }[] = [];
  await context.route(`${VIDEO_ORIGIN}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>video</title><p>the video</p>' }));
  await context.route(`${STATS_ORIGIN}/**`, (route) => route.fulfill({ status: 202, headers: { 'access-control-allow-origin': '*' }, body: 'ok' }));
  context.on('request', (request: Request) => {
    if (request.url().startsWith(VIDEO_ORIGIN)) video.push(request.url());
    if (request.url().startsWith(STATS_ORIGIN)) stats.push({ url: request.url(), body: JSON.parse(request.postData() ?? '{}') as Record<string, unknown> });
  });
  return { video, stats };
}

describe('the front door and its third parties', () => {
  for (const locale of ['en', 'de'] as const) {
    for (const width of [1280, 375]) {
      it(`when the visitor has not consented, then the video host and analytics get no request until play is pressed (${locale}, ${width} px)`, async () => {
        const t = TEXT[locale];
        const context = await product.newContext(locale, width);
        const seen = await thirdParties(context);
        const page = await context.newPage();
        await page.goto('/');
        await page.getByRole('heading', { name: t.studio }).waitFor();
        await page.getByRole('heading', { name: t.guide }).waitFor();
        const poster = page.getByTestId('video-poster');
        await poster.scrollIntoViewIfNeeded();
        expect(await poster.textContent()).toContain('video.example.test');
        await page.screenshot({ path: path.join(product.shotsDir, `home-${locale}-${width}.png`), animations: 'disabled', fullPage: true });

        await page.getByRole('button', { name: t.necessary }).click();
        // Time for anything lazy to fire: still nothing may go to either host.
        await page.waitForTimeout(1500);
        expect(seen.video).toEqual([]);
        expect(seen.stats).toEqual([]);
        expect(await page.getByTestId('video-frame').count()).toBe(0);

        await poster.getByRole('button', { name: t.play }).click();
        const frame = page.getByTestId('video-frame');
        await frame.waitFor();
        await expect.poll(() => seen.video).toEqual([`${VIDEO_ORIGIN}/embed/walkthrough?autoplay=1`]);
        expect(await page.frameLocator('[data-testid="video-frame"]').getByText('the video').count()).toBe(1);
        expect(seen.stats).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await frame.screenshot({ path: path.join(product.shotsDir, `video-${locale}-${width}.png`), animations: 'disabled' });

        // The free-plugin promotion for visitors, and the plugin bundle mentioned with a link only.
        const bundle = page.getByTestId('plugin-bundle');
        expect(await bundle.locator('a').getAttribute('href')).toBe('https://plugins.example.test/bundle');
        const offer = page.getByTestId('welcome-offer');
        await offer.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(product.shotsDir, `prices-${locale}-${width}.png`), animations: 'disabled' });
        await offer.getByRole('button', { name: t.signUp }).click();
        await page.getByRole('dialog', { name: t.signUpTitle }).waitFor();
      }, 60_000);
    }
  }

  it('when the visitor accepts all cookies, then the video loads by itself and page views go to the analytics endpoint', async () => {
    const t = TEXT.en;
    const context = await product.newContext('en', 1280);
    const seen = await thirdParties(context);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: t.studio }).waitFor();
    expect(seen.stats).toEqual([]);
    await page.getByRole('button', { name: t.all }).click();

    await expect.poll(() => seen.stats.map((event) => event.body)).toEqual([
      { name: 'pageview', url: `${product.server.baseUrl}/`, domain: 'masterdeck.test', referrer: null },
    ]);
    expect(seen.stats[0]?.url).toBe(`${STATS_ORIGIN}/api/event`);
    await page.getByTestId('video-frame').scrollIntoViewIfNeeded();
    await expect.poll(() => seen.video).toEqual([`${VIDEO_ORIGIN}/embed/walkthrough`]);

    await page.getByRole('contentinfo').getByRole('link', { name: t.about }).click();
    await page.waitForURL('**/about');
    await expect.poll(() => seen.stats.map((event) => event.body.url)).toEqual([`${product.server.baseUrl}/`, `${product.server.baseUrl}/about`]);

    // A returning visitor with the stored choice is counted on arrival, once.
    const again = await context.newPage();
    await again.goto('/faq');
    await expect.poll(() => seen.stats.filter((event) => event.body.url === `${product.server.baseUrl}/faq`).length).toBe(1);
    await again.waitForTimeout(500);
    expect(seen.stats.filter((event) => event.body.url === `${product.server.baseUrl}/faq`)).toHaveLength(1);
  }, 60_000);

  for (const locale of ['en', 'de'] as const) {
    for (const width of [1280, 375]) {
      it(`when the legal pages open, then they name the seller and fit the screen (${locale}, ${width} px)`, async () => {
        const context = await product.newContext(locale, width);
        const page = await context.newPage();
        for (const [route, id] of [['/privacy-policy', 'privacy-policy'], ['/terms-of-service', 'terms-of-service']] as const) {
          await page.goto(route);
          await page.getByTestId(id).waitFor();
          await expect.poll(() => page.getByTestId('seller-address').first().textContent()).toContain('Masterdeck GmbH');
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await page.screenshot({ path: path.join(product.shotsDir, `${id}-${locale}-${width}.png`), animations: 'disabled', fullPage: true });
        }
      }, 60_000);
    }
  }

  it('when a page is idle, then the code of the on-demand routes its visible links open is fetched, and not when saving data', async () => {
    const chunk = /\/assets\/(privacy-policy-page|terms-of-service-page|blog-pages)-[\w-]+\.js$/;
    const fast = await product.newContext('en', 1280);
    const fetched: string[] = [];
    fast.on('request', (request) => {
      const match = chunk.exec(new URL(request.url()).pathname);
      if (match?.[1]) fetched.push(match[1]);
    });
    const page = await fast.newPage();
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).waitFor();
    // The footer's links are in view on this short page: their routes' code arrives within the idle time-out.
    await expect.poll(() => [...fetched].sort(), { timeout: 5000 }).toEqual(['blog-pages', 'privacy-policy-page', 'terms-of-service-page']);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await page.getByTestId('privacy-policy').waitFor();
    expect(fetched.filter((name) => name === 'privacy-policy-page')).toHaveLength(1);

    const saving = await product.newContext('en', 1280);
    await saving.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' }, configurable: true });
    });
    const saved: string[] = [];
    saving.on('request', (request) => {
      if (chunk.test(new URL(request.url()).pathname)) saved.push(request.url());
    });
    const slow = await saving.newPage();
    await slow.goto('/about');
    await slow.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).waitFor();
    await slow.waitForTimeout(3000);
    expect(saved).toEqual([]);
  }, 60_000);

  for (const locale of ['en', 'de'] as const) {
    for (const width of [1280, 375]) {
      it(`when /learn and /about open, then the guide, the studio, the styles and the seller show and fit (${locale}, ${width} px)`, async () => {
        const context = await product.newContext(locale, width);
        const page = await context.newPage();
        await page.goto('/learn');
        await page.getByTestId('quick-guide').waitFor();
        await page.getByTestId('studio-features').waitFor();
        await page.getByTestId('video-poster').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(product.shotsDir, `learn-${locale}-${width}.png`), animations: 'disabled', fullPage: true });
        await page.goto('/about');
        await expect.poll(() => page.getByTestId('seller-address').textContent()).toContain('Masterdeck GmbH');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(product.shotsDir, `about-${locale}-${width}.png`), animations: 'disabled', fullPage: true });
      }, 60_000);
    }
  }

  // The default (dark) theme; the light theme's contrast is not yet clean across the whole app.
  for (const scheme of ['dark'] as const) {
    it(`when axe-core checks the home page with the video poster and offers (${scheme}), then nothing serious is found`, async () => {
      const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
      // axe is put into the page as an inline script, which the product's CSP rightly refuses.
      const context = await product.newContext('de', 375, { bypassCSP: true });
      await context.addInitScript((value) => window.localStorage.setItem('mantine-color-scheme-value', value), scheme);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: TEXT.de.necessary }).click();
      await page.getByTestId('video-poster').waitFor();
      await page.getByTestId('plugin-bundle').waitFor();
      await page.getByTestId('quick-guide').waitFor();
      await page.addScriptTag({ content: axeSource });
      const violations = (await page.evaluate(() =>
        (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        }),
      )).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }, 60_000);
  }
});
