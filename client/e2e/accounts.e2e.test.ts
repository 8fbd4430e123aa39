import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { awaitMailsTo, lastLinkTo } from '../../src/test/outbox.js';
import { productInBrowser } from './server-harness.js';
import { logInThroughMenu, openSite } from './steps.js';

/**
 * The whole account life in Chromium against the real server, in English
 * and German, reading the confirmation link from the outbox mail; plus screenshots of every
 * account dialog and screen at 375 and 1280 px.
 */

const TEXT = {
  en: {
    signUp: 'Sign up',
    logIn: 'Log in',
    logOut: 'Log out',
    createAccountTitle: 'Create account',
    createAccount: 'Create account',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail address',
    password: 'Password',
    confirmTitle: 'Confirm your e-mail address',
    weSent: 'We sent a link to',
    confirmed: 'Your e-mail address is confirmed. Welcome to Masterdeck!',
    gotIt: 'Got it',
    account: 'Account',
    masters: 'Masters',
    support: 'Support',
    saveProfile: 'Save profile',
    saved: 'Your changes are saved.',
    newsletter: 'Send me the newsletter',
    street: 'Street and number',
    zip: 'ZIP code',
    city: 'City',
    state: 'State or region',
    country: 'Country',
    countryQuery: 'Germ',
    germany: 'Germany',
    saveAddress: 'Save address',
    addressSaved: 'Your address is saved.',
    fieldRequired: 'This field is required.',
    invalidEmail: 'Please enter a valid e-mail address.',
    badCredentials: 'The e-mail address or the password is wrong.',
    notConfirmed: 'Please confirm your e-mail address first.',
    resend: 'Resend confirmation e-mail',
    emailSent: 'The e-mail was sent.',
    forgot: 'Forgot your password?',
    deleteMine: 'Delete my account',
    deleteForGood: 'Delete account for good',
    deleteTitle: 'Delete your account?',
  },
  de: {
    signUp: 'Registrieren',
    logIn: 'Anmelden',
    logOut: 'Abmelden',
    createAccountTitle: 'Konto erstellen',
    createAccount: 'Konto erstellen',
    firstName: 'Vorname',
    lastName: 'Nachname',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    confirmTitle: 'Bestätige deine E-Mail-Adresse',
    weSent: 'Wir haben einen Link an',
    confirmed: 'Deine E-Mail-Adresse ist bestätigt. Willkommen bei Masterdeck!',
    gotIt: 'Verstanden',
    account: 'Konto',
    masters: 'Master',
    support: 'Hilfe',
    saveProfile: 'Profil speichern',
    saved: 'Deine Änderungen sind gespeichert.',
    newsletter: 'Schick mir den Newsletter',
    street: 'Straße und Hausnummer',
    zip: 'Postleitzahl',
    city: 'Stadt',
    state: 'Bundesland oder Region',
    country: 'Land',
    countryQuery: 'Deutsch',
    germany: 'Deutschland',
    saveAddress: 'Adresse speichern',
    addressSaved: 'Deine Adresse ist gespeichert.',
    fieldRequired: 'Dieses Feld ist erforderlich.',
    invalidEmail: 'Bitte gib eine gültige E-Mail-Adresse ein.',
    badCredentials: 'E-Mail-Adresse oder Passwort ist falsch.',
    notConfirmed: 'Bitte bestätige zuerst deine E-Mail-Adresse.',
    resend: 'Bestätigungs-E-Mail erneut senden',
    emailSent: 'Die E-Mail wurde gesendet.',
    forgot: 'Passwort vergessen?',
    deleteMine: 'Mein Konto löschen',
    deleteForGood: 'Konto endgültig löschen',
    deleteTitle: 'Konto löschen?',
  },
} as const;
type Locale = keyof typeof TEXT;

const product = productInBrowser({ shots: 'accounts' });
let counter = 0;

function openPage(locale: Locale, width = 1280): Promise<Page> {
  return openSite(product, locale, width);
}

/** Dialogs as the viewport shows them; pages whole, from the top (the sticky menu stays on top). */
async function shot(page: Page, name: string, kind: 'dialog' | 'page' = 'dialog') {
  if (kind === 'page') await page.evaluate(() => window.scrollTo(0, 0));
  await product.shot(page, name, { fullPage: kind === 'page' });
}
const outbox = () => path.join(product.server.dataDir, 'outbox');

describe('accounts in the browser', () => {
  for (const locale of ['en', 'de'] as const) {
    it(`when a music maker signs up, confirms, edits, signs out and in and deletes the account (${locale}), then each step shows its texts`, async () => {
      const t = TEXT[locale];
      const email = `e2e-${locale}-${Date.now()}-${++counter}@example.com`;
      const password = 'a long enough secret';
      const page = await openPage(locale);

      // Sign up: the e-mail is trimmed and lower-cased, 'invalid email' appears after a change.
      await page.locator('nav').first().getByRole('button', { name: t.signUp }).click();
      const signUp = page.getByRole('dialog', { name: t.createAccountTitle });
      await signUp.getByLabel(t.firstName).fill('Ada');
      await signUp.getByLabel(t.lastName).fill('Lovelace');
      await signUp.getByLabel(t.email).fill('not-an-address');
      await signUp.getByText(t.invalidEmail).waitFor();
      await signUp.getByLabel(t.email).fill(email.toUpperCase());
      expect(await signUp.getByLabel(t.email).inputValue()).toBe(email);
      await signUp.locator('input[autocomplete$="password"]').fill(password);
      await signUp.getByRole('button', { name: t.createAccount }).click();
      const confirm = page.getByRole('dialog', { name: t.confirmTitle });
      await confirm.getByText(t.weSent).waitFor();
      expect(await confirm.textContent()).toContain(email);
      await page.keyboard.press('Escape');

      // An unconfirmed sign-in is refused with the resend button.
      await page.locator('nav').first().getByRole('button', { name: t.logIn, exact: true }).click();
      const login = page.getByRole('dialog', { name: t.logIn });
      await login.getByLabel(t.email).fill(email);
      await login.locator('input[autocomplete$="password"]').fill(password);
      await login.getByRole('button', { name: t.logIn, exact: true }).click();
      await login.getByRole('button', { name: t.resend }).waitFor();
      if (t.notConfirmed) await login.getByText(t.notConfirmed).waitFor();
      await page.keyboard.press('Escape');

      // The confirmation link from the outbox .eml.
      const link = await lastLinkTo(outbox(), email, 'verify-email');
      await page.goto(new URL(link.url).pathname);
      await page.getByText(t.confirmed).waitFor();
      // The new account is offered the free-plugin promotion's code once.
      await expect.poll(() => page.getByTestId('welcome-code').textContent()).toBe('FREEMASTER');
      await page.getByRole('button', { name: t.gotIt }).click();

      // Sign in: the dialog closes, the page reloads, the menu grows.
      await page.goto('/');
      await logInThroughMenu(page, locale, { email, password }, { waitForAccount: true });
      const nav = page.locator('nav').first();
      for (const item of [t.masters, t.support, t.account]) expect(await nav.getByRole('link', { name: item, exact: true }).isVisible()).toBe(true);

      // Profile and address.
      await nav.getByRole('link', { name: t.account }).click();
      await page.getByLabel(t.firstName).fill('Grace');
      await page.getByLabel(t.newsletter).check();
      await page.getByRole('button', { name: t.saveProfile }).click();
      await page.getByText(t.saved).waitFor();
      await page.getByRole('button', { name: t.saveAddress }).click();
      // No country yet, so no state is asked for (only where the country needs one).
      expect(await page.getByText(t.fieldRequired).count()).toBe(4);
      await page.getByLabel(t.street).fill('Hauptstraße 1');
      await page.getByLabel(t.zip).fill('10115');
      await page.getByLabel(t.city).fill('Berlin');
      await page.getByLabel(t.state).fill('Berlin');
      const country = page.getByRole("combobox", { name: t.country });
      await country.click();
      await country.fill(t.countryQuery);
      await page.getByRole('option', { name: t.germany }).click();
      await page.getByRole('button', { name: t.saveAddress }).click();
      await page.getByText(t.addressSaved).waitFor();
      await page.reload();
      await page.getByLabel(t.street).waitFor();
      await expect.poll(() => page.getByLabel(t.firstName).inputValue()).toBe('Grace');
      await expect.poll(() => page.getByLabel(t.newsletter).isChecked()).toBe(true);
      await expect.poll(() => page.getByLabel(t.street).inputValue()).toBe('Hauptstraße 1');
      await expect.poll(() => page.getByRole("combobox", { name: t.country }).inputValue()).toBe(t.germany);

      // Sign out, then in again.
      await Promise.all([page.waitForURL((url) => url.pathname === '/'), nav.getByRole('button', { name: t.logOut }).click()]);
      await nav.getByRole('button', { name: t.logIn, exact: true }).waitFor();
      expect(await nav.getByRole('link', { name: t.account }).count()).toBe(0);
      await logInThroughMenu(page, locale, { email, password }, { waitForAccount: true });

      // Delete the account behind its confirmation.
      await nav.getByRole('link', { name: t.account }).click();
      await page.getByRole('button', { name: t.deleteMine }).click();
      const confirmDelete = page.getByRole('dialog', { name: t.deleteTitle });
      await Promise.all([page.waitForURL((url) => url.pathname === '/'), confirmDelete.getByRole('button', { name: t.deleteForGood }).click()]);
      // The home page says the account is gone.
      await page.getByTestId('account-deleted').waitFor();
      await nav.getByRole('button', { name: t.logIn, exact: true }).waitFor();
      await page.locator('nav').first().getByRole('button', { name: t.logIn, exact: true }).click();
      const again = page.getByRole('dialog', { name: t.logIn });
      await again.getByLabel(t.email).fill(email);
      await again.locator('input[autocomplete$="password"]').fill(password);
      await again.getByRole('button', { name: t.logIn, exact: true }).click();
      await again.getByRole('alert').waitFor();
      if (t.badCredentials) expect(await again.getByRole('alert').textContent()).toBe(t.badCredentials);
    });
  }

  for (const locale of ['en', 'de'] as const) {
    for (const width of [375, 1280]) {
      it(`when every account screen opens at ${width} px in ${locale}, then a screenshot is kept`, async () => {
        const t = TEXT[locale];
        const name = (screen: string) => `${screen}-${locale}-${width}`;
        const page = await openPage(locale, width);
        const openFromMenu = async (label: string) => {
          if (width < 640) {
            await page.getByRole('button', { name: locale === 'de' ? 'Menü öffnen' : 'Open menu' }).click();
            await page.getByRole('dialog').getByRole('button', { name: label, exact: true }).click();
          } else {
            await page.locator('nav').first().getByRole('button', { name: label, exact: true }).click();
          }
        };

        await openFromMenu(t.logIn);
        const login = page.getByRole('dialog', { name: t.logIn });
        await login.getByLabel(t.email).fill('someone@example.com');
        await shot(page, name('login'));
        await login.getByRole('button', { name: t.forgot }).click();
        await page.getByRole('dialog', { name: t.forgot }).waitFor();
        await shot(page, name('forgot-password'));
        await page.keyboard.press('Escape');

        await openFromMenu(t.signUp);
        const signUp = page.getByRole('dialog', { name: t.createAccountTitle });
        await signUp.getByLabel(t.email).fill('nope');
        await shot(page, name('sign-up'));
        const email = `shots-${locale}-${width}-${Date.now()}@example.com`;
        await signUp.getByLabel(t.firstName).fill('Ada');
        await signUp.getByLabel(t.lastName).fill('Lovelace');
        await signUp.getByLabel(t.email).fill(email);
        await signUp.locator('input[autocomplete$="password"]').fill('a long enough secret');
        await signUp.getByRole('button', { name: t.createAccount }).click();
        await page.getByRole('dialog', { name: t.confirmTitle }).waitFor();
        await page.getByRole('button', { name: t.resend }).click();
        await page.getByRole('status').first().waitFor();
        await shot(page, name('confirm-email'));
        await page.keyboard.press('Escape');

        // The resent mail's link replaces the first: it is the one that confirms, once it has arrived.
        await awaitMailsTo(outbox(), email, 2);
        const link = await lastLinkTo(outbox(), email, 'verify-email');
        await page.goto(new URL(link.url).pathname);
        await page.getByText(t.confirmed).waitFor();
        await page.getByTestId('welcome-code').waitFor();
        await shot(page, name('free-plugin-offer'));
        await page.getByRole('button', { name: t.gotIt }).click();
        await page.getByTestId('welcome-code').waitFor({ state: 'detached' });
        await shot(page, name('verify-email'), 'page');
        await page.goto('/auth/verify-email/this-token-was-never-issued-at-all');
        await page.getByRole('alert').waitFor();
        await shot(page, name('verify-email-invalid'), 'page');
        await page.goto('/auth/reset-password/this-token-was-never-issued-at-all');
        await page.getByLabel(locale === 'de' ? 'Neues Passwort' : 'New password').waitFor();
        await shot(page, name('reset-password'), 'page');

        await page.goto('/');
        await openFromMenu(t.logIn);
        const dialog = page.getByRole('dialog', { name: t.logIn });
        await dialog.getByLabel(t.email).fill(email);
        await dialog.locator('input[autocomplete$="password"]').fill('a long enough secret');
        await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: t.logIn, exact: true }).click()]);
        await page.goto('/account');
        await page.getByRole('button', { name: t.saveAddress }).click();
        await page.getByText(t.fieldRequired).first().waitFor();
        await shot(page, name('account-profile'), 'page');
        await page.goto('/account/payments');
        await page.waitForTimeout(300);
        await shot(page, name('account-payments'), 'page');
        await page.goto('/account/subscription');
        await page.waitForTimeout(300);
        await shot(page, name('account-subscription'), 'page');
        await page.goto('/account');
        await page.getByRole('button', { name: t.deleteMine }).click();
        await page.getByRole('dialog', { name: t.deleteTitle }).waitFor();
        await shot(page, name('account-delete-confirm'));
      });
    }
  }
});
