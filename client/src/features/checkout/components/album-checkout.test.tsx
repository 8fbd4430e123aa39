import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TAlbum } from '../../../../../src/modules/albums/albums.schemas.js';
import type { TAlbumPriceInfo } from '../../../../../src/modules/payments/payments.schemas.js';
import { fakeServerFetch } from '../../../test/fake-server.js';
import { renderWithProviders } from '../../../test/render.js';
import { AlbumPurchase } from './album-checkout.js';

const ALBUM_ID = '22222222-2222-4222-8222-222222222222';

function anAlbum(owned: [number, number]): TAlbum {
  const track = (position: number, name: string) => ({
    position,
    trackId: `t${position}`,
    name,
    masterId: `m${position}`,
    buyingOption: owned[position]!,
    mixLufs: -14,
    targetLufs: -9,
    masterLufs: -9,
    masterTruePeak: -1.2,
  });
  return { id: ALBUM_ID, styleId: 1, intensity: 'medium', state: 'done', error: null, createdAt: '', tracks: [track(0, 'Intro'), track(1, 'Single')], spreadInLu: 2, spreadOutLu: 2 };
}

/** The album's price as the server answers it for a buyer outside the EU (no VAT): track 1 owned at `owned[0]`, track 2 at `owned[1]`. */
function priceOf(owned: [number, number], input: { buyingOption: number; couponKey?: string }): TAlbumPriceInfo {
  const list = [0, 299, 699];
  const lines = owned.map((ownedOption, position) => {
    const cents = Math.max(0, list[input.buyingOption]! - list[ownedOption]!);
    return { position, masterId: `m${position}`, name: position === 0 ? 'Intro' : 'Single', ownedOption, owned: cents === 0, price: cents / 100 };
  });
  const price = lines.reduce((sum, line) => sum + line.price, 0);
  return {
    albumId: ALBUM_ID,
    buyingOption: input.buyingOption,
    lines,
    price,
    vat: 0,
    vatRate: 0,
    taxIdValid: true,
    reverseCharge: false,
    couponValid: input.couponKey === undefined,
    couponValue: 0,
    remainingCost: price,
    total: price,
    currency: 'USD',
  };
}

function albumServer(owned: [number, number]) {
  const paid: unknown[] = [];
  const asked: unknown[] = [];
  const fetch = fakeServerFetch({
    procedures: {
      'accounts.me': { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', subscribedToNewsletter: false, informAboutUpdates: false, betaTesting: false },
      'addresses.list': [{ id: 'a1', company: null, streetAndNumber: '1 Main Street', additional: null, city: 'New York', zip: '10001', country: 'US', state: 'NY', taxId: null, createdAt: '', updatedAt: '' }],
      'payments.albumPriceInfo': (input: { buyingOption: number; couponKey?: string }) => {
        asked.push(input);
        return priceOf(owned, input);
      },
      'payments.payAlbum': (input: { buyingOption: number }) => {
        paid.push(input);
        return { albumId: ALBUM_ID, buyingOption: input.buyingOption, masters: [{ masterId: 'm0', buyingOption: input.buyingOption }, { masterId: 'm1', buyingOption: input.buyingOption }], invoice: { invoiceNumber: 7, couponKey: null, price: 10.99, couponValue: 0, currency: 'USD', transactionId: 'tx1' } };
      },
    },
  });
  return { fetch, paid, asked };
}

describe('AlbumPurchase', () => {
  it('when one track is owned at option 1, then Standard lists it as owned, Studio as the difference, and the total is the server s', async () => {
    const server = albumServer([1, 0]);
    renderWithProviders(<AlbumPurchase album={anAlbum([1, 0])} />, { fetch: server.fetch });
    const panel = await screen.findByTestId('album-purchase');
    // Not all tracks own option 1 yet: it is the option chosen first.
    await waitFor(() => expect(within(panel).getAllByTestId('album-price-line').map((line) => line.textContent)).toEqual(['1. IntroOwned', '2. Single$2.99']));
    expect(within(panel).getByTestId('summary-total').textContent).toBe('Total$2.99');

    fireEvent.click(within(panel).getByRole('radio', { name: /Studio/ }));
    await waitFor(() => expect(within(panel).getAllByTestId('album-price-line').map((line) => line.textContent)).toEqual(['1. IntroUpgrade$4.00', '2. Single$6.99']));
    expect(within(panel).getByTestId('summary-total').textContent).toBe('Total$10.99');
    expect(server.asked).toContainEqual({ albumId: ALBUM_ID, buyingOption: 2 });
  });

  it('when the buyer continues and pays with the accepted test card, then one payment of the album at the option is asked for, with that card', async () => {
    const server = albumServer([0, 0]);
    renderWithProviders(<AlbumPurchase album={anAlbum([0, 0])} />, { fetch: server.fetch });
    fireEvent.click(await screen.findByRole('radio', { name: /Studio/ }));
    const buy = await screen.findByTestId('album-buy');
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('Total$13.98'));
    fireEvent.click(buy);

    const checkout = await screen.findByTestId('checkout');
    expect(checkout.textContent).toContain('Album "Intro" · 2 tracks');
    expect(checkout.textContent).toContain('Studio');
    const continueButton = await within(checkout).findByTestId('checkout-continue');
    await waitFor(() => expect((continueButton as HTMLButtonElement).disabled).toBe(false));
    expect(within(checkout).getAllByTestId('album-price-line')).toHaveLength(2);
    fireEvent.click(continueButton);
    await within(checkout).findByTestId('test-card-form');
    fireEvent.click(within(checkout).getByTestId('checkout-pay'));
    await waitFor(() => expect(server.paid).toEqual([{ albumId: ALBUM_ID, buyingOption: 2, couponKey: null, nonce: 'fake-valid-nonce' }]));
    await waitFor(() => expect(screen.queryByTestId('checkout')).toBeNull());
  });

  it('when every track is owned at the option, then Download all shows instead of a price, in German too', async () => {
    const server = albumServer([2, 2]);
    renderWithProviders(<AlbumPurchase album={anAlbum([2, 2])} />, { fetch: server.fetch, locale: 'de' });
    await screen.findByTestId('album-owned');
    expect(screen.getByTestId('album-download-all').textContent).toBe('Alle herunterladen');
    expect(screen.queryByTestId('album-buy')).toBeNull();
    expect(screen.getAllByTestId('album-price-line').map((line) => line.textContent)).toEqual(['1. IntroGekauft', '2. SingleGekauft']);
  });
});
