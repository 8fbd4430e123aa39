import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { musicLike } from '../../sidecar/engine/testing/signals.js';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { awaitMailsTo } from '../../src/test/outbox.js';
import { productInBrowser, type Locale } from './server-harness.js';
import { ADDRESS_BERLIN, openSite, PASSWORD, productApi } from './steps.js';

/**
 * The stops a newcomer met on the fixed journeys, walked as a person does (dialogs, buttons, links
 * of the mails), in both languages and at both widths: the invitee who signs up from a share link
 * lands on the shared master; success messages leave by themselves and never lie over the tabs;
 * the masters list shows a track once, with its masters.
 */

const TEXT = {
  en: {
    logIn: 'Log in',
    signUp: 'Sign up',
    createAccount: 'Create account',
    firstName: 'First name',
    lastName: 'Last name',
    password: 'Password',
    email: 'E-mail address',
    confirmed: 'Your e-mail address is confirmed.',
    renameLabel: 'Rename label',
    editLabel: 'Edit label',
    labelName: 'Label name',
    save: 'Save',
    saved: 'Your changes are saved.',
    payments: 'Payments',
    notMastered: 'Not mastered yet',
    checkout: 'Checkout',
    inclVat: 'incl. 19 % VAT',
    standard: '$3.56',
    studio: '$8.32',
    distribution: '$23.79',
  },
  de: {
    logIn: 'Anmelden',
    signUp: 'Registrieren',
    createAccount: 'Konto erstellen',
    firstName: 'Vorname',
    lastName: 'Nachname',
    password: 'Passwort',
    email: 'E-Mail-Adresse',
    confirmed: 'Deine E-Mail-Adresse ist bestätigt.',
    renameLabel: 'Label umbenennen',
    editLabel: 'Label bearbeiten',
    labelName: 'Labelname',
    save: 'Speichern',
    saved: 'Deine Änderungen sind gespeichert.',
    payments: 'Zahlungen',
    notMastered: 'Noch nicht gemastert',
    checkout: 'Kasse',
    inclVat: 'inkl. 19 % MwSt.',
    standard: '3,56\u00a0€',
    studio: '8,32\u00a0€',
    distribution: '23,79\u00a0$',
  },
} as const;

/** Each journey runs in both languages and at both widths, the pairs crossed so every combination is walked. */
const RUNS = [
  { locale: 'en', width: 1280 },
  { locale: 'de', width: 375 },
] as const satisfies readonly { locale: Locale; width: number }[];
const CROSSED = [
  { locale: 'de', width: 1280 },
  { locale: 'en', width: 375 },
] as const satisfies readonly { locale: Locale; width: number }[];

const product = productInBrowser({ shots: 'newcomer-journeys', media: true });
const shot = (page: Page, name: string, element?: Locator) => product.shot(page, name, { element });
const steps = productApi(product);
const outbox = () => path.join(product.server.dataDir, 'outbox');

const newEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;

async function confirmedAccount(prefix: string): Promise<{ email: string; token: string }> {
  const email = newEmail(prefix);
  await steps.createAccount(email, PASSWORD, { firstName: 'Olga', lastName: 'Owner' });
  return { email, token: await steps.logIn(email, PASSWORD) };
}

/** Whether two boxes on the screen overlap. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!boxA || !boxB) return false;
  return boxA.x < boxB.x + boxB.width && boxB.x < boxA.x + boxA.width && boxA.y < boxB.y + boxB.height && boxB.y < boxA.y + boxA.height;
}

const visibleList = (page: Page, width: number) => page.getByTestId(width < 768 ? 'master-cards' : 'master-table');

describe('newcomer journeys', () => {
  it.each(RUNS)('when an invitee signs up from a share link and confirms in another browser ($locale, $width px), then the address is prefilled and logging in lands on the shared master; the owner sees the track once', async ({ locale, width }) => {
    const t = TEXT[locale];
    const owner = await confirmedAccount('owner');
    const masterId = await steps.masteredTrack(owner.token, encodeWav(musicLike({ seconds: 4, seed: 5, peakDb: -6 })), 'Harbour Lights.wav');
    const invitee = newEmail('invitee');
    await steps.trpcMutation('sharing.createShare', owner.token, { email: invitee, masterId });
    const shareMail = (await awaitMailsTo(outbox(), invitee, 1)).map((mail) => mail.text.match(/https?:\/\/\S+\/masters\/song\/\S+/)?.[0]).find(Boolean)!;
    const shareLink = new URL(shareMail);

    // The share link, signed out: the Login dialog asks; the invitee has no account and signs up.
    const page = await openSite(product, locale, width, { at: shareLink.pathname + shareLink.search, answerCookies: false, langCookie: true });
    const login = page.getByRole('dialog', { name: t.logIn });
    await login.getByRole('button', { name: t.signUp }).click();
    const signUp = page.getByRole('dialog', { name: t.createAccount });
    const emailField = signUp.getByLabel(t.email);
    await expect.poll(() => emailField.inputValue()).toBe(invitee);
    await signUp.getByLabel(t.firstName).fill('Ivo');
    await signUp.getByLabel(t.lastName).fill('Invitee');
    await signUp.locator('input[autocomplete="new-password"]').fill(PASSWORD);
    await signUp.getByRole('button', { name: t.createAccount }).click();
    await page.getByTestId('confirm-email').waitFor();

    // The confirmation link is opened in another browser (a fresh context: nothing in memory or storage).
    const confirmMail = (await awaitMailsTo(outbox(), invitee, 2)).map((mail) => mail.text.match(/https?:\/\/\S+\/auth\/verify-email\/\S+/)?.[0]).find(Boolean)!;
    const confirmLink = new URL(confirmMail);
    const other = await openSite(product, locale, width, { at: confirmLink.pathname + confirmLink.search, langCookie: true });
    await other.getByText(t.confirmed).waitFor({ timeout: 15_000 });
    await other.locator('main').getByRole('button', { name: t.logIn, exact: true }).click();
    const secondLogin = other.getByRole('dialog', { name: t.logIn });
    await expect.poll(() => secondLogin.getByLabel(t.email).inputValue()).toBe(invitee);
    await secondLogin.locator('input[autocomplete="current-password"]').fill(PASSWORD);
    await Promise.all([other.waitForURL(`**/masters/song/${masterId}*`, { timeout: 30_000 }), secondLogin.getByRole('button', { name: t.logIn, exact: true }).click()]);
    await other.getByRole('heading', { level: 1, name: 'Harbour Lights' }).waitFor({ timeout: 30_000 });

    // The owner's list: the upload and its master are one track, one row (or card), one master inside.
    const ownerPage = await openSite(product, locale, width, { at: '/masters', signedInAs: { email: owner.email, password: PASSWORD }, langCookie: true });
    const list = visibleList(ownerPage, width);
    const rows = list.getByTestId(width < 768 ? 'master-card' : 'master-row');
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().getByTestId('master-line').count()).toBe(1);
    expect(await rows.first().getByText(t.notMastered).count()).toBe(0);
    await shot(ownerPage, `masters-${locale}-${width}`);
  });

  it.each([...RUNS, ...CROSSED])('when a change is saved in the distribution area ($locale, $width px), then the success message lies over no navigation, and it is gone after 4 s', async ({ locale, width }) => {
    const t = TEXT[locale];
    const user = await confirmedAccount('saver');
    await steps.addAddress(user.token, ADDRESS_BERLIN);
    await steps.subscribeToDistribution(user.token);
    const page = await openSite(product, locale, width, { at: '/distribution/artists', signedInAs: { email: user.email, password: PASSWORD }, langCookie: true });
    await page.getByRole('button', { name: t.renameLabel }).click();
    const dialog = page.getByRole('dialog', { name: t.editLabel });
    await dialog.getByLabel(t.labelName).fill(`Harbour Records ${width}`);
    await dialog.getByRole('button', { name: t.save }).click();
    const banner = page.getByTestId('global-success');
    await banner.getByText(t.saved).waitFor();
    const shownAt = Date.now();
    await shot(page, `saved-${locale}-${width}`);

    // Neither the header nor the distribution tabs lie under it.
    expect(await overlaps(banner, page.locator('header').first())).toBe(false);
    const tabs = page.getByTestId('distribution-nav');
    if (await tabs.isVisible()) {
      expect(await overlaps(banner, tabs)).toBe(false);
      // The tab a user wants next is clickable while the message shows.
      await tabs.getByRole('link', { name: t.payments }).click({ timeout: 2000 });
      await page.waitForURL('**/distribution/payments');
    }
    await banner.waitFor({ state: 'detached', timeout: 15_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(3000);
  });

  it.each(CROSSED)('when a consumer in Germany looks at prices ($locale, $width px), then the price box, the master\'s options, checkout and the distribution landing show the same prices incl. VAT', async ({ locale, width }) => {
    const t = TEXT[locale];
    const buyer = await confirmedAccount('consumer');
    await steps.addAddress(buyer.token, ADDRESS_BERLIN);
    const masterId = await steps.masteredTrack(buyer.token, encodeWav(musicLike({ seconds: 4, seed: 9, peakDb: -6 })), 'Tax Free.wav');
    const page = await openSite(product, locale, width, { at: '/', signedInAs: { email: buyer.email, password: PASSWORD }, langCookie: true });

    await expect.poll(() => page.getByTestId('buying-option-1').textContent(), { timeout: 15_000 }).toContain(t.standard);
    await expect.poll(() => page.getByTestId('quality-master').textContent()).toContain(t.studio);
    await expect.poll(() => page.getByTestId('vat-note').first().textContent()).toBe(t.inclVat);
    await shot(page, `prices-${locale}-${width}`, page.locator('#pricing'));

    await page.goto('/distribution');
    await expect.poll(() => page.getByTestId('distribution-price').textContent(), { timeout: 15_000 }).toBe(t.distribution);

    await page.goto(`/masters/song/${masterId}`);
    const standard = page.getByTestId('buy-option-1');
    await expect.poll(() => standard.textContent(), { timeout: 30_000 }).toContain(t.standard);
    await shot(page, `options-${locale}-${width}`, page.getByTestId('buy-options'));
    await standard.getByRole('button').first().click();
    const checkout = page.getByRole('dialog', { name: t.checkout });
    await expect.poll(() => checkout.getByTestId('summary-total').textContent(), { timeout: 15_000 }).toContain(t.standard);
  });
});
