import { describe, expect, it } from 'vitest';
import { createAddress, createUser } from '../../test/commerce-factories.js';
import { useTestPlatform } from '../../test/test-platform.js';
import { appRouter } from '../../app-router.js';
import { createCallerFactory } from '../../platform/trpc/trpc.js';
import { shownPrices } from './index.js';

describe('shown prices', () => {
  const suite = useTestPlatform();

  it('when a signed-out visitor from Germany asks in German, then gross prices incl. 19 % VAT are shown', async () => {
    const prices = await shownPrices(suite.platform.contextFor(null, 'de'), undefined);
    expect(prices).toMatchObject({ country: 'DE', basis: 'inclVat', inclVat: true, vatRate: 19, reverseCharge: false, currency: 'EUR' });
    expect(prices.options[1]).toEqual({ buyingOption: 1, net: 2.99, vat: 0.57, gross: 3.56, shown: 3.56 });
    expect(prices.options[2]).toEqual({ buyingOption: 2, net: 6.99, vat: 1.33, gross: 8.32, shown: 8.32 });
    expect(prices.distribution).toEqual({ net: 19.99, vat: 3.8, gross: 23.79, shown: 23.79, currency: 'USD', billingFrequency: 12 });
    expect(prices.priceBox.price.shown).toBe(11.9);
  });

  it('when an English visitor names France, then French VAT is included; naming no country shows net prices without VAT', async () => {
    const french = await shownPrices(suite.platform.contextFor(null, 'en'), { country: 'FR' });
    expect(french).toMatchObject({ country: 'FR', basis: 'inclVat', vatRate: 20, currency: 'USD' });
    expect(french.options[2]!.shown).toBe(8.39);
    const unknown = await shownPrices(suite.platform.contextFor(null, 'en'), undefined);
    expect(unknown).toMatchObject({ country: null, basis: 'noVat', inclVat: false, vatRate: 0 });
    expect(unknown.options[2]).toEqual({ buyingOption: 2, net: 6.99, vat: 0, gross: 6.99, shown: 6.99 });
  });

  it('when a signed-in French business has a valid VAT id, then net prices excl. VAT are shown (reverse charge), whatever country is asked for', async () => {
    const { id: userId } = await createUser(suite.platform.db);
    await createAddress(suite.platform.db, userId, { country: 'FR', company: 'Studio SARL', taxId: 'FR44732829320' });
    const prices = await shownPrices(suite.platform.contextFor({ userId }, 'en'), { country: 'DE' });
    expect(prices).toMatchObject({ country: 'FR', basis: 'exclVat', inclVat: false, vatRate: 0, reverseCharge: true });
    expect(prices.options[2]).toEqual({ buyingOption: 2, net: 6.99, vat: 0, gross: 6.99, shown: 6.99 });
  });

  it('when a signed-in German business has a VAT id, then net prices are shown and the gross carries German VAT', async () => {
    const { id: userId } = await createUser(suite.platform.db);
    await createAddress(suite.platform.db, userId, { country: 'DE', company: 'Studio GmbH', taxId: 'DE136695976' });
    const prices = await shownPrices(suite.platform.contextFor({ userId }, 'de'), undefined);
    expect(prices).toMatchObject({ country: 'DE', basis: 'exclVat', vatRate: 19, reverseCharge: false });
    expect(prices.options[1]).toEqual({ buyingOption: 1, net: 2.99, vat: 0.57, gross: 3.56, shown: 2.99 });
  });

  it('when a visitor asks through tRPC with a malformed country, then the input is refused', async () => {
    const caller = createCallerFactory(appRouter)(suite.platform.contextFor(null, 'en'));
    await expect(caller.pricing.shownPrices({ country: 'Germany' })).rejects.toThrow();
    expect((await caller.pricing.shownPrices({ country: 'at' })).vatRate).toBe(20);
  });
});
