import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { productInBrowser } from './server-harness.js';
import { ADDRESS_BERLIN, logInThroughMenu, openSite, productApi } from './steps.js';

/**
 * In Chromium against the real product: a new user subscribes to the
 * distribution add-on with a Braintree test nonce on the local gateway, sees and downloads the
 * invoice, completes the setup, adds a second artist and a participant, renames the label and finds
 * Distribution in the top menu; at 375 px the menu shows its sub-items. Run in English and German at
 * 375 and 1280 px, with screenshots of every screen and dialog.
 */

const TEXT = {
  en: {
    distribution: 'Distribution',
    openMenu: 'Open menu',
    subItems: ['Releases', 'New release', 'Artists'],
    resume: 'Resume subscription',
    resumed: 'Your subscription renews again. You are charged at the end of the paid period.',
    addCard: 'Add a card',
    otherCard: 'Another test card that is accepted',
    saveCard: 'Save card',
    useCard: 'Use for subscription',
    cardChanged: 'Your subscription now pays with this card.',
    remove: 'Remove',
  },
  de: {
    distribution: 'Vertrieb',
    openMenu: 'Menü öffnen',
    subItems: ['Veröffentlichungen', 'Neue Veröffentlichung', 'Künstler'],
    resume: 'Abo fortsetzen',
    resumed: 'Dein Abo verlängert sich wieder. Abgebucht wird erst am Ende des bezahlten Zeitraums.',
    addCard: 'Karte hinzufügen',
    otherCard: 'Weitere Testkarte, die angenommen wird',
    saveCard: 'Karte speichern',
    useCard: 'Für das Abo verwenden',
    cardChanged: 'Dein Abo wird jetzt mit dieser Karte bezahlt.',
    remove: 'Entfernen',
  },
} as const;

/** A saved payment method's card on /account/payments, by what it says. */
const savedCard = (page: Page, description: string) => page.getByTestId('payment-method').and(page.locator(`[data-description="${description}"]`));

const product = productInBrowser({ shots: 'distribution' });
const { api, trpcQuery, customer } = productApi(product);

/** A confirmed user with an invoice address in Germany (19 % VAT on the subscription). */
const createUser = (email: string, password: string) => customer(email, password, ADDRESS_BERLIN);

async function shot(page: Page, name: string) {
  await product.shot(page, name, { fullPage: true });
}

describe('distribution in the browser', () => {
  for (const [locale, width] of [
    ['en', 1280],
    ['de', 375],
    ['en', 375],
    ['de', 1280],
  ] as const) {
    it(`when a new user subscribes and sets up distribution (${locale}, ${width} px), then the invoice, the artists, participants and label, and the menu entry are there`, async () => {
      const name = `${locale}-${width}`;
      const email = `dist-${name}-${Date.now()}@example.com`;
      const password = 'a long enough password';
      const token = await createUser(email, password);

      const page = await openSite(product, locale, width, { at: '/distribution', context: { acceptDownloads: true } });
      // A German-speaking visitor from Germany sees the consumer price with VAT; an English one from the US the net.
      await expect.poll(() => page.getByTestId('distribution-price').textContent()).toMatch(locale === 'de' ? /23,79/ : /19\.99/);
      await shot(page, `${name}-01-landing-visitor`);
      await logInThroughMenu(page, locale, { email, password });

      // Not subscribed: Distribution stays in the top menu and leads to the landing.
      await page.goto('/distribution');
      await page.getByTestId('distribute-button').waitFor();
      if (width >= 640) expect(await page.locator('nav').first().getByRole('link', { name: TEXT[locale].distribution, exact: true }).getAttribute('href')).toBe('/distribution');
      await page.getByTestId('distribute-button').click();
      const checkout = page.getByTestId('subscription-checkout');
      await expect.poll(() => checkout.getAttribute('data-step')).toBe('0');
      await expect.poll(() => page.getByTestId('summary-total').textContent()).toMatch(/23[.,]79/);
      await shot(page, `${name}-02-subscribe-step0`);
      await page.getByTestId('subscription-continue').click();
      await expect.poll(() => checkout.getAttribute('data-step')).toBe('1');
      await page.getByTestId('test-card-form').waitFor();
      await shot(page, `${name}-03-subscribe-step1`);
      await page.getByTestId('subscription-subscribe').click();

      // Subscribed: the invoice shows and downloads; stage 1 of the initial screen opens.
      const invoice = page.getByTestId('subscription-invoice');
      await invoice.waitFor();
      const { lastInvoiceNumber } = await api<{ lastInvoiceNumber: number }>('GET', '/api/payment/distribution_subscription', { token });
      await expect.poll(() => invoice.textContent()).toContain(String(lastInvoiceNumber));
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('subscription-invoice-download').click()]);
      expect(download.suggestedFilename()).toBe(`invoice-${lastInvoiceNumber}.pdf`);
      await expect.poll(() => page.getByTestId('distribution-initial').getAttribute('data-stage')).toBe('1');
      await expect.poll(() => page.getByTestId('setup-participant-name').inputValue()).toBe('Ada Lovelace');
      await expect.poll(() => page.getByTestId('setup-submit').isDisabled()).toBe(true);
      await page.getByTestId('setup-payout-email').fill('payout@example.com');
      await page.getByTestId('setup-label-name').fill('Lovelace Records');
      await shot(page, `${name}-04-setup`);
      await page.getByTestId('setup-submit').click();

      // The artists page: add a second artist and a participant, rename the label.
      await page.waitForURL('**/distribution/artists');
      await expect.poll(() => page.getByTestId('artist-card').count()).toBe(1);
      await page.getByTestId('add-artist').click();
      await page.getByTestId('artist-name').fill('Ada Lovelace');
      await expect.poll(() => page.getByTestId('dialog-save').isDisabled()).toBe(true); // the name is taken
      await shot(page, `${name}-05-artist-dialog-taken`);
      await page.getByTestId('artist-name').fill('The Engines');
      await page.getByTestId('dialog-save').click();
      await expect.poll(() => page.getByTestId('artist-card').count()).toBe(2);

      await page.getByTestId('add-participant').click();
      await page.getByTestId('participant-name').fill('Charles Babbage');
      await page.getByTestId('participant-email').fill('charles@example');
      await shot(page, `${name}-06-participant-dialog-invalid`);
      await expect.poll(() => page.getByTestId('dialog-save').isDisabled()).toBe(true);
      await page.getByTestId('participant-email').fill('charles@example.com');
      await page.getByTestId('dialog-save').click();
      await expect.poll(() => page.getByTestId('participant-card').count()).toBe(2);

      await page.getByTestId('edit-label').click();
      const labelInput = page.getByRole('dialog').getByRole('textbox');
      await labelInput.fill('Analytical Records');
      await shot(page, `${name}-07-label-dialog`);
      await page.getByTestId('dialog-save').click();
      await expect.poll(() => page.getByTestId('label-name').textContent()).toBe('Analytical Records');
      await shot(page, `${name}-08-artists-page`);

      const meta = await api<{ label: { label_name: string }; featuredArtists: { name: string }[]; participants: { name: string }[] }>('GET', '/api/distribution/meta-info', { token });
      expect(meta.label.label_name).toBe('Analytical Records');
      expect(meta.featuredArtists.map((artist) => artist.name)).toEqual(['The Engines']);
      expect(meta.participants.map((participant) => participant.name)).toEqual(['Ada Lovelace', 'Charles Babbage']);

      // The top menu: Distribution for a subscriber; at 375 px it expands into its areas.
      const nav = page.locator('nav').first();
      if (width >= 640) {
        await expect.poll(() => nav.getByRole('link', { name: TEXT[locale].distribution, exact: true }).isVisible()).toBe(true);
      } else {
        await nav.getByRole('button', { name: TEXT[locale].openMenu }).click();
        const drawer = page.getByRole('dialog');
        for (const item of TEXT[locale].subItems) {
          await expect.poll(() => drawer.getByRole('link', { name: item, exact: true }).isVisible()).toBe(true);
        }
        await shot(page, `${name}-09-mobile-menu`);
        await page.keyboard.press('Escape');
      }

      // /account/subscription: status, next charge, cancel.
      await page.goto('/account/subscription');
      await expect.poll(() => page.getByTestId('subscription-status').getAttribute('data-status')).toBe('active');
      await shot(page, `${name}-10-account-subscription`);
      await page.getByTestId('subscription-cancel').click();
      await page.getByTestId('subscription-cancel-confirm').click();
      await expect.poll(() => page.getByTestId('subscription-status').getAttribute('data-status')).toBe('canceled');
      await shot(page, `${name}-11-account-subscription-canceled`);

      // Resumed while the paid year runs: renewal is on again, and nothing more is charged.
      const invoicesBefore = (await trpcQuery<unknown[]>('invoices.list', token)).length;
      await page.getByRole('button', { name: TEXT[locale].resume }).click();
      await expect.poll(() => page.getByTestId('subscription-status').getAttribute('data-status')).toBe('active');
      await page.getByText(TEXT[locale].resumed).waitFor();
      expect((await api<{ status: string; nextChargeAt: string | null }>('GET', '/api/payment/distribution_subscription', { token })).nextChargeAt).not.toBeNull();
      expect((await trpcQuery<unknown[]>('invoices.list', token)).length).toBe(invoicesBefore);
      await shot(page, `${name}-12-account-subscription-resumed`);

      // The payments screen: a new card, made the subscription's; the old one can then be removed.
      await page.getByTestId('subscription-change-card').click();
      await page.waitForURL('**/account/payments');
      const oldCard = savedCard(page, 'Test card •••• 1111');
      await expect.poll(() => oldCard.getByRole('button', { name: TEXT[locale].remove }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: TEXT[locale].addCard }).click();
      await page.getByTestId('payment-method-form').getByTestId('test-card-form').waitFor();
      await page.getByRole('radio', { name: TEXT[locale].otherCard }).check();
      await shot(page, `${name}-13-payments-add-card`);
      await page.getByRole('button', { name: TEXT[locale].saveCard }).click();
      const newCard = savedCard(page, 'Test Mastercard •••• 4444');
      await newCard.waitFor();
      await newCard.getByRole('button', { name: TEXT[locale].useCard }).click();
      await expect.poll(() => newCard.getAttribute('data-subscription')).toBe('true');
      await page.getByText(TEXT[locale].cardChanged).waitFor();
      await expect.poll(() => oldCard.getByRole('button', { name: TEXT[locale].remove }).isDisabled()).toBe(false);
      await shot(page, `${name}-14-payments-card-replaced`);
      await oldCard.getByRole('button', { name: TEXT[locale].remove }).click();
      await expect.poll(() => page.getByTestId('payment-method').count()).toBe(1);
      await expect.poll(() => newCard.getByRole('button', { name: TEXT[locale].remove }).isDisabled()).toBe(true);
      const status = await api<{ paymentMethodToken: string; status: string }>('GET', '/api/payment/distribution_subscription', { token });
      expect(status.status).toBe('active');
      await shot(page, `${name}-15-payments-old-card-removed`);
    }, 240_000);
  }
});
