import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { productInBrowser, type Locale } from './server-harness.js';
import { screenshotWithoutOverflow } from './screens.js';
import { productApi } from './steps.js';

/**
 * Accessibility: axe-core (WCAG 2.0-2.2 A and AA rules) over every main screen, in English
 * and German, signed out and signed in, with zero serious or critical violations. axe's own source
 * is put into the page, as its docs show for any browser driver.
 */
const SHOTS_DIR = '/tmp/shots/accessibility';
const PASSWORD = 'correct horse battery staple';
const require = createRequire(import.meta.url);

const product = productInBrowser({ shotsDir: SHOTS_DIR, media: true });
const steps = productApi(product);
let axeSource: string;
let email: string;
let masterPath: string;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

beforeAll(async () => {
  axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  email = `axe-${Date.now()}@example.com`;
  await steps.createAccount(email, PASSWORD, { firstName: 'Ala', lastName: 'Axe' });
  const token = await steps.logIn(email, PASSWORD);
  const masterId = await steps.upload(token, encodeWav(musicLike({ seconds: 6, peakDb: -6 })), 'Clear View.wav');
  expect(masterId).toMatch(/^[0-9a-f-]{36}$/);
  masterPath = `/masters/song/${masterId}`;
}, 120_000);

/** Serious and critical violations of the WCAG A/AA rules on the page as it is now. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: Violation[] }> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    }),
  )) as { violations: Violation[] };
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const describeViolations = (screen: string, violations: Violation[]) =>
  violations.map((v) => `${screen}: ${v.id} (${v.impact}) ${v.help}\n  ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join('')}`).join('\n  ')}`).join('\n');

const SIGNED_OUT = ['/', '/faq', '/info', '/privacy-policy', '/terms-of-service', '/about', '/learn', '/distribution', '/no-such-page'];
const SIGNED_IN = ['/masters', '/masters/shared', '/account', '/account/payments', '/account/subscription', 'MASTER'];

describe('accessibility of the main screens', () => {
  for (const locale of ['en', 'de'] as Locale[]) {
    it(`when every main screen is checked by axe-core in ${locale}, then none has a serious or critical violation`, async () => {
      const context = await product.newContext(locale, 1280, { bypassCSP: true });
      await context.addCookies([{ name: 'lang', value: locale, url: product.server.baseUrl }]);
      const page = await context.newPage();
      const found: string[] = [];
      const check = async (screen: string) => {
        await page.goto(screen === 'MASTER' ? masterPath : screen);
        await page.locator('main, [role="main"]').first().waitFor();
        if (screen === 'MASTER') {
          await page.getByTestId('master-player').waitFor().catch(async (error: unknown) => {
            // A picture of the failure for whoever reads it, not a screen under test: no overflow check.
            await page.screenshot({ path: path.join(SHOTS_DIR, `master-${locale}.png`) });
            throw error;
          });
          // The analysis starts by itself on the first visit (the overlay shows it): check the page once it is done.
          const overlay = page.getByTestId('analyzing-overlay');
          if (locale === 'en') await overlay.waitFor({ timeout: 20_000 });
          await overlay.waitFor({ state: 'detached', timeout: 90_000 });
        }
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        const violations = await seriousViolations(page);
        if (screen === '/' || screen === 'MASTER') await screenshotWithoutOverflow(page, path.join(SHOTS_DIR, `${screen === '/' ? 'home' : 'master'}-${locale}.png`), { fullPage: true });
        if (violations.length > 0) found.push(describeViolations(screen, violations));
      };
      await page.goto('/');
      for (const screen of SIGNED_OUT) await check(screen);
      // The cookie banner is part of the first screen; answered, it goes for the signed-in screens.
      await page.getByRole('button', { name: locale === 'de' ? 'Nur notwendige' : 'Necessary only' }).click();
      const login = await context.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
      expect(login.ok()).toBe(true);
      for (const screen of SIGNED_IN) await check(screen);
      if (found.length > 0) console.error(found.join('\n'));
      expect(found.join('\n')).toBe('');
    }, 300_000);
  }
});
