import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPriceInfo } from '../../../../../src/modules/payments/payments.schemas.js';
import type { TShownPrices } from '../../../../../src/modules/pricing/pricing.schemas.js';
import { createDialogRegistry, DIALOG_NAMES } from '../../../lib/dialogs.js';
import { fakeServerFetch } from '../../../test/fake-server.js';
import { renderWithProviders } from '../../../test/render.js';
import { BuyOptions } from './buy-options.js';
import { CheckoutTrackDialog } from './checkout-track-dialog.js';
import { PriceSummary } from './price-summary.js';

const MASTER_ID = '11111111-1111-4111-8111-111111111111';

interface Call {
  procedure: string;
  input: unknown;
}

/**
 * The checkout's server in tRPC's batch wire format: each test states its user, address and
 * price answers, and reads back the calls the dialog made.
 */
function checkoutServer(options: { firstName?: string; lastName?: string; address?: boolean; price?: (input: { couponKey?: string }) => Partial<TPriceInfo> }) {
  const calls: Call[] = [];
  const priceOf = (input: { couponKey?: string }): TPriceInfo => ({
    price: 2.99,
    vat: 0.57,
    vatRate: 19,
    taxIdValid: true,
    reverseCharge: false,
    couponValid: true,
    couponValue: 0,
    remainingCost: 2.99,
    total: 3.56,
    currency: 'USD',
    upgradeFrom: null,
    ...options.price?.(input),
  });
  const answer = (procedure: string, input: Record<string, unknown>): unknown => {
    switch (procedure) {
      case 'accounts.me':
        return { id: 'u1', email: 'ada@example.com', firstName: options.firstName ?? 'Ada', lastName: options.lastName ?? 'Lovelace', subscribedToNewsletter: false, informAboutUpdates: false, betaTesting: false };
      case 'addresses.list':
        return options.address === false
          ? []
          : [{ id: 'a1', company: null, streetAndNumber: 'Hauptstraße 1', additional: null, city: 'Berlin', zip: '10115', country: 'DE', state: 'Berlin', taxId: null, createdAt: '', updatedAt: '' }];
      case 'masters.master':
        return { id: MASTER_ID, buyingOption: 0, status: 'MASTERED', track_name: 'Song', track_artist: 'Ada', style: { id: 3, name: 'Bright', styleIndex: 1, styleGroup: { id: 1, name: 'Pop' } } };
      case 'payments.priceInfo':
        return priceOf(input as { couponKey?: string });
      case 'coupons.validate':
        return { isValid: input.key === 'SUMMER10' || input.key === 'FREE', remainingCost: 0 };
      default:
        return null;
    }
  };
  const fetch: typeof globalThis.fetch = async (request, init) => {
    const url = new URL(typeof request === 'string' ? request : request instanceof URL ? request.href : request.url, 'http://localhost');
    if (url.pathname === '/api/config') {
      return Response.json({ mediaUrl: 'ws://x/ws', paymentMode: 'local', features: { distribution: true, blog: true }, noticeBanner: null });
    }
    const names = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
    const inputs = JSON.parse((init?.method === 'POST' ? (init.body as string) : url.searchParams.get('input')) ?? '{}') as Record<string, Record<string, unknown>>;
    return Response.json(
      names.map((procedure, index) => {
        const input = inputs[String(index)] ?? {};
        calls.push({ procedure, input });
        return { result: { data: answer(procedure, input) } };
      }),
    );
  };
  return { fetch, calls };
}

function openCheckout(server: ReturnType<typeof checkoutServer>, buyingOption: 0 | 1 | 2 = 1) {
  const dialogs = createDialogRegistry(DIALOG_NAMES);
  dialogs.open('CheckoutTrack', { masterId: MASTER_ID, buyingOption });
  return renderWithProviders(<CheckoutTrackDialog opened onClose={() => dialogs.close('CheckoutTrack')} />, { fetch: server.fetch, dialogs });
}

describe('CheckoutTrack dialog', () => {
  afterEach(() => vi.useRealTimers());

  it('when a coupon is typed, then it is checked once, trimmed and upper-cased, 500 ms after typing stops', async () => {
    const server = checkoutServer({ price: ({ couponKey }) => (couponKey === 'SUMMER10' ? { couponValue: 0.3, remainingCost: 2.69, vat: 0.51, total: 3.2 } : {}) });
    openCheckout(server);
    const input = await screen.findByLabelText('Coupon code', {});
    await screen.findByTestId('summary-total', {});

    // Exact timing is proven on the hook (coupon.test.ts); here: nothing is asked while typing, one check after.
    fireEvent.change(input, { target: { value: ' sum' } });
    fireEvent.change(input, { target: { value: ' summer10 ' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.calls.filter((call) => call.procedure === 'coupons.validate')).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('summary-coupon').textContent).toContain('-$0.30'));
    expect(server.calls.filter((call) => call.procedure === 'coupons.validate').map((call) => call.input)).toEqual([{ key: 'SUMMER10', buyingOption: 1 }]);
    expect(server.calls.some((call) => call.procedure === 'payments.priceInfo' && (call.input as { couponKey?: string }).couponKey === 'SUMMER10')).toBe(true);
    expect(screen.getByTestId('summary-total').textContent).toContain('$3.20');
  });

  it('when the coupon is unknown, then invalidCouponMessage shows and Continue stays disabled', async () => {
    const server = checkoutServer({ price: ({ couponKey }) => (couponKey ? { couponValid: false } : {}) });
    openCheckout(server);
    fireEvent.change(await screen.findByLabelText('Coupon code'), { target: { value: 'nope' } });
    await screen.findByText('This coupon code is not valid.', {});
    expect((screen.getByTestId('checkout-continue') as HTMLButtonElement).disabled).toBe(true);
  });

  it('when a name is missing, then the name editor is open and saving needs both names', async () => {
    const server = checkoutServer({ lastName: '' });
    openCheckout(server);
    const last = await screen.findByLabelText(/Last name/);
    const save = screen.getByRole('button', { name: 'Save name' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(last, { target: { value: 'Lovelace' } });
    expect(save.disabled).toBe(false);
    await screen.findByTestId('summary-total');
    expect((screen.getByTestId('checkout-continue') as HTMLButtonElement).disabled).toBe(true);
  });

  it('when there is no address, then the address editor shows and checkout cannot continue', async () => {
    openCheckout(checkoutServer({ address: false }));
    await screen.findByRole('button', { name: 'Save address' });
    await screen.findByTestId('summary-total');
    expect((screen.getByTestId('checkout-continue') as HTMLButtonElement).disabled).toBe(true);
  });

  it('when the coupon makes it free, then the step-0 button completes the purchase directly', async () => {
    const server = checkoutServer({ price: ({ couponKey }) => (couponKey === 'FREE' ? { couponValue: 2.99, remainingCost: 0, vat: 0, total: 0 } : {}) });
    openCheckout(server);
    await screen.findByTestId('checkout-continue');
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'free' } });
    const complete = await screen.findByTestId('checkout-complete', {});
    await waitFor(() => expect((complete as HTMLButtonElement).disabled).toBe(false));
  });

  it('when the tax id is not valid, then the invalidTaxId notice shows', async () => {
    const server = checkoutServer({ price: () => ({ taxIdValid: false }) });
    const original = server.fetch;
    // The address carries a tax id of the wrong format.
    const fetch: typeof globalThis.fetch = async (request, init) => {
      const response = await original(request, init);
      const url = typeof request === 'string' ? request : '';
      if (!url.includes('addresses.list')) return response;
      const body = (await response.json()) as { result: { data: unknown } }[];
      return Response.json(body.map((entry) => (Array.isArray(entry.result.data) ? { result: { data: entry.result.data.map((a: object) => ({ ...a, taxId: 'DE12' })) } } : entry)));
    };
    openCheckout({ ...server, fetch });
    await screen.findByTestId('tax-id-notice');
  });
});

describe('price summary', () => {
  const base = { price: 2.99, couponValue: 0, vat: 0.57, vatRate: 19, reverseCharge: false, total: 3.56, upgradeFrom: null };

  it('when shown in English, then price, VAT with its rate and total read in USD', () => {
    renderWithProviders(<PriceSummary info={base} couponKey={null} />);
    expect(screen.getByTestId('summary-price').textContent).toBe('Price$2.99');
    expect(screen.getByTestId('summary-vat').textContent).toBe('VAT (19 %)$0.57');
    expect(screen.getByTestId('summary-total').textContent).toBe('Total$3.56');
    expect(screen.queryByTestId('summary-coupon')).toBeNull();
  });

  it('when shown in German with a coupon, then amounts are EUR with a decimal comma and the coupon is subtracted', () => {
    renderWithProviders(<PriceSummary info={{ ...base, couponValue: 1, vat: 0.38, total: 2.37, vatRate: 19 }} couponKey="SAVE1" />, { locale: 'de' });
    expect(screen.getByTestId('summary-price').textContent).toMatch(/2,99\s€$/);
    expect(screen.getByTestId('summary-coupon').textContent).toMatch(/SAVE1.*-1,00\s€$/);
    expect(screen.getByTestId('summary-total').textContent).toMatch(/2,37\s€$/);
  });

  it('when the buyer is a business in another EU country, then VAT is 0 with the reverse-charge note', () => {
    renderWithProviders(<PriceSummary info={{ ...base, vat: 0, vatRate: 0, reverseCharge: true, total: 2.99 }} couponKey={null} />);
    expect(screen.getByTestId('summary-reverse-charge').textContent).toMatch(/Reverse charge/);
    expect(screen.getByTestId('summary-total').textContent).toBe('Total$2.99');
  });

  it('when upgrading, then the price line says it is the difference', () => {
    renderWithProviders(<PriceSummary info={{ ...base, price: 4, vat: 0.76, total: 4.76, upgradeFrom: 1 }} couponKey={null} />);
    expect(screen.getByTestId('summary-price').textContent).toBe('Upgrade (difference to your option)$4.00');
  });
});

describe('BuyOptions', () => {
  // A visitor outside the EU: net and shown amounts are equal, so the options show the list prices.
  const amount = (net: number) => ({ net, vat: 0, gross: net, shown: net });
  const noVatPrices: TShownPrices = {
    country: 'US',
    basis: 'noVat',
    inclVat: false,
    vatRate: 0,
    reverseCharge: false,
    currency: 'USD',
    options: [0, 1, 2].map((buyingOption) => ({ ...amount([0, 2.99, 6.99][buyingOption]!), buyingOption })),
    priceBox: { price: amount(6.99), listPrice: amount(17.99) },
    distribution: { ...amount(19.99), currency: 'USD', billingFrequency: 12 },
  };
  const fetch = fakeServerFetch({ procedures: { 'pricing.shownPrices': noVatPrices } });

  it('when option 1 is owned, then 0 and 1 download, 2 offers the upgrade for the difference and opens checkout', async () => {
    const dialogs = createDialogRegistry(DIALOG_NAMES);
    const ensureMaster = vi.fn();
    renderWithProviders(
      <BuyOptions trackId="t1" styleId={3} master={{ id: MASTER_ID, buyingOption: 1, status: 'PAYMENT_DONE' }} disabled={false} ensureMaster={ensureMaster} />,
      { dialogs, fetch },
    );
    const option2 = screen.getByTestId('buy-option-2');
    await waitFor(() => expect(option2.textContent).toContain('$4.00'));
    expect(option2.textContent).toContain("WAV 24-bit, your mix's sample rate (up to 96 kHz)");
    expect(screen.getByTestId('buy-option-1').textContent).toContain('Owned');
    expect(screen.getByTestId('buy-option-1').textContent).toContain('Download');
    fireEvent.click(screen.getByRole('button', { name: /Upgrade/ }));
    expect(dialogs.getState().data.CheckoutTrack).toEqual({ masterId: MASTER_ID, buyingOption: 2 });
    expect(ensureMaster).not.toHaveBeenCalled();
  });

  it('when the style has no master yet, then it is made first and then checkout opens for it', async () => {
    const dialogs = createDialogRegistry(DIALOG_NAMES);
    let resolve: (id: string) => void = () => undefined;
    const ensureMaster = vi.fn(() => new Promise<string>((done) => (resolve = done)));
    renderWithProviders(<BuyOptions trackId="t1" styleId={3} master={null} disabled={false} ensureMaster={ensureMaster} />, { dialogs, fetch });
    await waitFor(() => expect(screen.getByTestId('buy-option-1').textContent).toContain('$2.99'));
    fireEvent.click(screen.getAllByRole('button', { name: /Buy/ })[0]!);
    await screen.findByText(/Making your master in this style/);
    expect(dialogs.getState().open).toEqual([]);
    await act(async () => resolve(MASTER_ID));
    expect(dialogs.getState().data.CheckoutTrack).toEqual({ masterId: MASTER_ID, buyingOption: 1 });
  });

  it('when disabled or without a style, then no option can be chosen', () => {
    renderWithProviders(<BuyOptions trackId="t1" styleId={null} master={null} disabled={false} ensureMaster={vi.fn()} />);
    for (const button of screen.getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
