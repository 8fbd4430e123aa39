import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { productInBrowser } from './server-harness.js';
import { animationsAtRest, requestsOf } from './screens.js';
import { lastLinkTo } from '../../src/test/outbox.js';
import { ADDRESS_BERLIN, PASSWORD, productApi } from './steps.js';
import { textProblems, visibleTextsOf } from './visible-texts.js';

/**
 * axe-core (WCAG 2.0-2.2 A and AA rules) over every screen and the account, share and delete
 * dialogs, in English and German, at 375 and 1280 px, signed out and signed in, with zero serious or
 * critical violations; on the same walk, every visible text is checked for message keys, English
 * words in German and messages that are not sentences (visible-texts.ts). axe's own source is put
 * into the page, as its docs show for any browser driver.
 */
const require = createRequire(import.meta.url);

const product = productInBrowser({ shots: 'accessibility', media: true });
const steps = productApi(product);
let axeSource: string;
/** A subscriber with an address, a mastered track and a release in the making: every signed-in screen has something to show. */
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
  await steps.addAddress(token, ADDRESS_BERLIN);
  await steps.subscribeToDistribution(token);
  const masterId = await steps.masteredTrack(token, encodeWav(musicLike({ seconds: 4, peakDb: -6 })), 'Clear View.wav');
  expect(masterId).toMatch(/^[0-9a-f-]{36}$/);
  masterPath = `/masters/song/${masterId}`;
  await steps.trpcMutation('releases.start', token, {});
}, 240_000);

/**
 * Serious and critical violations of the WCAG A/AA rules on the page as it is now. axe comes with
 * every page of the context (its init script): put in by hand, its half a megabyte was sent and
 * compiled again after each navigation. Only violations are gathered: the passed and incomplete
 * checks, which nothing reads, took a third of each run.
 */
async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: Violation[] }> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    }),
  )) as { violations: Violation[] };
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const describeViolations = (screen: string, violations: Violation[]) =>
  violations.map((v) => `${screen}: ${v.id} (${v.impact}) ${v.help}\n  ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join('')}`).join('\n  ')}`).join('\n');

const SIGNED_OUT = ['/', '/faq', '/info', '/privacy-policy', '/terms-of-service', '/about', '/learn', '/blog', '/distribution', '/auth/reset-password', '/no-such-page'];
const SIGNED_IN = [
  '/masters',
  '/masters/shared',
  '/account',
  '/account/payments',
  '/account/subscription',
  'MASTER',
  '/distribution/releases',
  '/distribution/analytics',
  '/distribution/artists',
  '/distribution/payments',
  ...['track', 'artwork', 'track-details', 'participants', 'outlet-details', 'distribute'].map((step) => `/distribution/new-release/${step}`),
];

/** What the walk clicks, in the interface's words. */
const UI = {
  en: { cookies: 'Necessary only', openMenu: 'Open menu', logIn: 'Log in', signUp: 'Sign up', createAccount: 'Create account', freeMaster: 'Your first master is on us', share: 'Share', shareTitle: 'Share master', deleteMine: 'Delete my account', deleteTitle: 'Delete your account?' },
  de: { cookies: 'Nur notwendige', openMenu: 'Menü öffnen', logIn: 'Anmelden', signUp: 'Registrieren', createAccount: 'Konto erstellen', freeMaster: 'Dein erster Master geht auf uns', share: 'Teilen', shareTitle: 'Master teilen', deleteMine: 'Mein Konto löschen', deleteTitle: 'Konto löschen?' },
} as const;

/** Brand and format words and user content the text check leaves alone. */
const ALLOWED_TEXTS = ['Clear View', 'Ala Axe', 'Lovelace', 'example.com', 'Amazon Music Free'];

describe('accessibility and wording of every screen', () => {
  it.each([
    { locale: 'en', width: 1280 },
    { locale: 'en', width: 375 },
    { locale: 'de', width: 1280 },
    { locale: 'de', width: 375 },
  ] as const)('when every screen and dialog is checked in $locale at $width px, then axe-core finds no serious or critical violation and no text is a message key, English in German or a lower-case message', async ({ locale, width }) => {
    const ui = UI[locale];
    const context = await product.newContext(locale, width, { bypassCSP: true });
    await context.addCookies([{ name: 'lang', value: locale, url: product.server.baseUrl }]);
    await context.addInitScript({ content: axeSource });
    const page = await context.newPage();
    const requests = requestsOf(page);
    const found: string[] = [];
    const wording: string[] = [];
    /** The screen as it is once its data has come (a dialog's too) and nothing moves any more. */
    const checkHere = async (screen: string) => {
      await requests.quiet();
      await animationsAtRest(page);
      const violations = await seriousViolations(page);
      if (violations.length > 0) found.push(describeViolations(screen, violations));
      wording.push(...textProblems(screen, locale, await visibleTextsOf(page), ALLOWED_TEXTS));
    };
    const check = async (screen: string) => {
      await page.goto(screen === 'MASTER' ? masterPath : screen);
      await page.locator('main, [role="main"]').first().waitFor();
      if (screen === 'MASTER') await page.getByTestId('master-player').waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await checkHere(screen);
      if (screen === '/' || screen === 'MASTER') await product.shot(page, `${screen === '/' ? 'home' : 'master'}-${locale}-${width}`, { fullPage: true });
    };
    /** Opens the menu's Log in (behind the burger on phones). */
    const openLogin = async () => {
      const nav = page.locator('nav').first();
      const burger = nav.getByRole('button', { name: ui.openMenu });
      if (await burger.isVisible()) {
        await burger.click();
        await page.getByRole('dialog').getByRole('button', { name: ui.logIn, exact: true }).click();
      } else {
        await nav.getByRole('button', { name: ui.logIn, exact: true }).click();
      }
      return page.getByRole('dialog', { name: ui.logIn });
    };

    await page.goto('/');
    for (const screen of SIGNED_OUT) await check(screen);

    // The account dialogs: Login, Sign up (empty, then sent), Confirm e-mail.
    await page.goto('/');
    const login = await openLogin();
    await login.waitFor();
    await checkHere('Login dialog');
    await login.getByRole('button', { name: ui.signUp }).click();
    const signUp = page.getByRole('dialog', { name: ui.createAccount });
    await signUp.waitFor();
    await signUp.getByRole('button', { name: ui.createAccount }).click();
    await signUp.locator('.mantine-InputWrapper-error').first().waitFor();
    await checkHere('Sign up dialog, sent empty');
    const newcomer = `axe-new-${locale}-${width}-${Date.now()}@example.com`;
    await signUp.locator('input[autocomplete="given-name"]').fill('Nia');
    await signUp.locator('input[autocomplete="family-name"]').fill('New');
    await signUp.locator('input[type="email"]').fill(newcomer);
    await signUp.locator('input[autocomplete="new-password"]').fill(PASSWORD);
    await signUp.getByRole('button', { name: ui.createAccount }).click();
    await page.getByTestId('confirm-email').waitFor();
    await checkHere('Confirm e-mail dialog');

    // The confirmation link opens the free-master offer.
    const link = await lastLinkTo(path.join(product.server.dataDir, 'outbox'), newcomer, 'verify-email');
    await page.goto(new URL(link.url).pathname);
    await page.getByRole('dialog', { name: ui.freeMaster }).waitFor({ timeout: 15_000 });
    await checkHere('Free master dialog');

    await page.goto('/');
    await page.getByRole('button', { name: ui.cookies }).click();
    const signedIn = await context.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(signedIn.ok()).toBe(true);
    for (const screen of SIGNED_IN) await check(screen);

    await page.goto(masterPath);
    await page.getByRole('button', { name: ui.share, exact: true }).click();
    await page.getByRole('dialog', { name: ui.shareTitle }).waitFor();
    await checkHere('Share dialog');

    await page.goto('/account');
    await page.getByRole('button', { name: ui.deleteMine }).click();
    await page.getByRole('dialog', { name: ui.deleteTitle }).waitFor();
    await checkHere('Delete account dialog');

    if (found.length > 0) console.error(found.join('\n'));
    if (wording.length > 0) console.error(wording.join('\n'));
    expect(found.join('\n')).toBe('');
    expect([...new Set(wording)].join('\n')).toBe('');
  }, 600_000);
});
