import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TDistributionSubscription } from '../../../../../src/modules/distribution/distribution.schemas.js';
import { AccountPaymentsPage } from '../../checkout/routes/payments-page.js';
import { renderWithProviders } from '../../../test/render.js';
import { fakeServerFetch } from '../../../test/fake-server.js';
import { SubscriptionPage } from './subscription-page.js';

const periodEnd = '2027-03-15T10:00:00.000Z';
const subscription = (overrides: Partial<TDistributionSubscription>): TDistributionSubscription => ({
  active: true,
  status: 'active',
  planId: 'distribution-yearly',
  billingFrequency: 12,
  price: 19.99,
  currency: 'USD',
  currentPeriodEnd: periodEnd,
  nextChargeAt: periodEnd,
  graceUntil: null,
  paymentMethodToken: 'old-card',
  lastInvoiceNumber: 7,
  chargedTotal: 23.79,
  chargedVat: 3.8,
  chargedCurrency: 'USD',
  ...overrides,
});
const card = (token: string, description: string, usedInSubscription: boolean) => ({ token, type: 'credit_card', description, isDefault: false, usedInSubscription });

/**
 * A server holding one subscription and the saved cards: the queries read them, the mutations
 * change them as the real services do, and every mutation call is kept with its input.
 */
function subscriptionServer(initial: TDistributionSubscription) {
  const state = { subscription: initial, methods: [card('old-card', 'Test card •••• 1111', initial.status !== 'canceled')], calls: [] as Array<{ name: string; input: unknown }> };
  const reads = fakeServerFetch({});
  const fetch: typeof globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if (!url.pathname.startsWith('/trpc/')) return reads(input, init);
    const names = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      const answers = names.map((name, index) => {
        const payload = body[String(index)];
        state.calls.push({ name, input: payload });
        if (name === 'distribution.resume') {
          state.subscription = { ...state.subscription, status: 'active', nextChargeAt: periodEnd };
          state.methods = state.methods.map((method) => ({ ...method, usedInSubscription: method.token === state.subscription.paymentMethodToken }));
          return state.subscription;
        }
        if (name === 'payments.addMethod') {
          state.methods = [...state.methods, card('new-card', 'Test Mastercard •••• 4444', false)];
          return state.methods;
        }
        if (name === 'distribution.setCard') {
          const token = (payload as { token: string }).token;
          state.subscription = { ...state.subscription, paymentMethodToken: token };
          state.methods = state.methods.map((method) => ({ ...method, usedInSubscription: method.token === token }));
          return state.subscription;
        }
        if (name === 'payments.removeMethod') {
          state.methods = state.methods.filter((method) => method.token !== (payload as { token: string }).token);
          return { removed: true };
        }
        return null;
      });
      return Response.json(answers.map((data) => ({ result: { data } })));
    }
    const data: Record<string, unknown> = { 'distribution.subscription': state.subscription, 'payments.methods': state.methods, 'invoices.list': [] };
    return Response.json(names.map((name) => ({ result: { data: data[name] ?? null } })));
  };
  return { state, fetch };
}

describe('the subscription tab and the payments screen', () => {
  it.each([
    ['en', 'Resume subscription', 'Active', 'Change card'],
    ['de', 'Abo fortsetzen', 'Aktiv', 'Karte ändern'],
  ] as const)('when a canceled subscription still runs (%s), then Resume turns renewal back on and the tab shows it active', async (locale, resume, active, changeCard) => {
    const server = subscriptionServer(subscription({ status: 'canceled', nextChargeAt: null }));
    renderWithProviders(<SubscriptionPage />, { fetch: server.fetch, locale });
    const button = await screen.findByRole('button', { name: resume });
    expect(await screen.findByText('Test card •••• 1111')).toBeTruthy();
    expect(screen.getByRole('link', { name: changeCard }).getAttribute('href')).toBe('/account/payments');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('subscription-state').textContent).toBe(active));
    expect(server.state.calls.map((call) => call.name)).toEqual(['distribution.resume']);
    expect(screen.queryByRole('button', { name: resume })).toBeNull();
    expect(screen.getByTestId('subscription-cancel')).toBeTruthy();
  });

  it('when the subscription is still on the way, then the tab shows a loader announced as a status named Loading', async () => {
    const reads = fakeServerFetch({});
    const onTheWay: typeof fetch = (input, init) => (String(input).includes('/trpc/') ? new Promise<Response>(() => undefined) : reads(input, init));
    renderWithProviders(<SubscriptionPage />, { fetch: onTheWay });
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByTestId('subscription-cancel')).toBeNull();
  });

  it('when the subscription renews, then there is no Resume button', async () => {
    const server = subscriptionServer(subscription({}));
    renderWithProviders(<SubscriptionPage />, { fetch: server.fetch });
    await screen.findByTestId('subscription-cancel');
    expect(screen.queryByTestId('subscription-resume')).toBeNull();
  });

  it.each([
    ['en', 'Add a card', 'Save card', 'Use for subscription', 'Remove'],
    ['de', 'Karte hinzufügen', 'Karte speichern', 'Für das Abo verwenden', 'Entfernen'],
  ] as const)("when a card is added and made the subscription's (%s), then the old card is freed and can be removed", async (locale, add, save, use, remove) => {
    const server = subscriptionServer(subscription({}));
    renderWithProviders(<AccountPaymentsPage />, { fetch: server.fetch, locale });
    const cardOf = async (description: string) => (await screen.findAllByTestId('payment-method')).find((element) => element.dataset.description === description)!;
    const old = await cardOf('Test card •••• 1111');
    expect(within(old).getByRole('button', { name: remove }).hasAttribute('disabled')).toBe(true);
    expect(within(old).queryByRole('button', { name: use })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: add }));
    fireEvent.click(await screen.findByRole('radio', { name: /Another test card|Weitere Testkarte/ }));
    fireEvent.click(screen.getByRole('button', { name: save }));
    await waitFor(() => expect(screen.queryByTestId('payment-method-form')).toBeNull());
    expect(server.state.calls[0]).toEqual({ name: 'payments.addMethod', input: { nonce: 'fake-valid-mastercard-nonce' } });

    fireEvent.click(within(await cardOf('Test Mastercard •••• 4444')).getByRole('button', { name: use }));
    await waitFor(async () => expect((await cardOf('Test Mastercard •••• 4444')).dataset.subscription).toBe('true'));
    expect(server.state.calls[1]).toEqual({ name: 'distribution.setCard', input: { token: 'new-card' } });
    const freed = await cardOf('Test card •••• 1111');
    await waitFor(() => expect(within(freed).getByRole('button', { name: remove }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(freed).getByRole('button', { name: remove }));
    await waitFor(() => expect(screen.getAllByTestId('payment-method').map((element) => element.dataset.description)).toEqual(['Test Mastercard •••• 4444']));
    expect(server.state.calls[2]).toEqual({ name: 'payments.removeMethod', input: { token: 'old-card' } });
  });
});
