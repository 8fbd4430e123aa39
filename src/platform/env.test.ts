import { describe, expect, it } from 'vitest';
import { parseEnv, parseWebEnv, SELLER_PLACEHOLDERS, webInternalEndpoint } from './env.js';

const braintree = { BRAINTREE_MERCHANT_ID: 'merchant', BRAINTREE_PUBLIC_KEY: 'public', BRAINTREE_PRIVATE_KEY: 'private' };
const realSeller = { SELLER_NAME: 'Klangwerk UG (haftungsbeschränkt)', SELLER_ADDRESS: 'Hafenweg 7|20457 Hamburg|Germany', SELLER_VAT_ID: 'DE123456789' };

describe('web configuration: the seller is real before money is taken or the site is public', () => {
  it('when Braintree is configured and the seller is the placeholder, then start is refused naming every variable to set', () => {
    expect(() => parseWebEnv(braintree)).toThrow(/SELLER_NAME[\s\S]*SELLER_ADDRESS[\s\S]*SELLER_VAT_ID/);
  });

  it('when Braintree is configured and one seller variable is still the placeholder, then only that one is named', () => {
    const error = (() => {
      try {
        parseWebEnv({ ...braintree, ...realSeller, SELLER_VAT_ID: SELLER_PLACEHOLDERS.SELLER_VAT_ID });
      } catch (caught) {
        return (caught as Error).message;
      }
      return '';
    })();
    expect(error).toContain('SELLER_VAT_ID');
    expect(error).not.toContain('SELLER_NAME');
    expect(error).not.toContain('SELLER_ADDRESS');
  });

  it('when Braintree is configured with a real seller, then the configuration is accepted as given', () => {
    expect(parseWebEnv({ ...braintree, ...realSeller })).toMatchObject(realSeller);
  });

  it('when Braintree is not configured, then the placeholders may stay (the local gateway moves no money)', () => {
    expect(parseWebEnv({})).toMatchObject(SELLER_PLACEHOLDERS);
    expect(parseWebEnv({ BRAINTREE_MERCHANT_ID: 'merchant' })).toMatchObject(SELLER_PLACEHOLDERS);
    // The other processes (media, operator commands) read the same variables without this check.
    expect(parseEnv(braintree)).toMatchObject(SELLER_PLACEHOLDERS);
  });

  it('when the service runs in production (NODE_ENV or an https PUBLIC_URL) with the placeholder seller, then start is refused naming the variables', () => {
    for (const production of [{ NODE_ENV: 'production' }, { PUBLIC_URL: 'https://masterdeck.example' }]) {
      expect(() => parseWebEnv(production)).toThrow(/SELLER_NAME[\s\S]*SELLER_ADDRESS[\s\S]*SELLER_VAT_ID[\s\S]*in production/);
      expect(parseWebEnv({ ...production, ...realSeller })).toMatchObject(realSeller);
    }
    // Trying the product on localhost keeps the embedded placeholders.
    expect(parseWebEnv({ PUBLIC_URL: 'http://localhost:3000' })).toMatchObject(SELLER_PLACEHOLDERS);
  });
});

describe('payouts configuration', () => {
  it('when PAYOUT_PROVIDER is paypal without its keys, then start is refused naming both', () => {
    expect(() => parseEnv({ PAYOUT_PROVIDER: 'paypal' })).toThrow(/PAYPAL_CLIENT_ID[\s\S]*PAYPAL_CLIENT_SECRET/);
  });

  it('when nothing is set, then payouts are local with a 10.00 threshold', () => {
    expect(parseEnv({})).toMatchObject({ PAYOUT_PROVIDER: 'local', PAYOUT_MIN: 10 });
  });
});

describe('where a media process reaches the web process', () => {
  it('when WEB_INTERNAL_URL is unset, then it is the internal port on this machine', () => {
    expect(webInternalEndpoint(parseEnv({ INTERNAL_PORT: '4102' }))).toEqual({ host: '127.0.0.1', port: 4102 });
  });

  it('when WEB_INTERNAL_URL names another machine, then its host and port are used, not INTERNAL_PORT', () => {
    expect(webInternalEndpoint(parseEnv({ INTERNAL_PORT: '4102', WEB_INTERNAL_URL: 'http://10.0.0.5:3002' }))).toEqual({ host: '10.0.0.5', port: 3002 });
    expect(webInternalEndpoint(parseEnv({ WEB_INTERNAL_URL: 'http://[fd00::5]:3002/' }))).toEqual({ host: 'fd00::5', port: 3002 });
    expect(webInternalEndpoint(parseEnv({ WEB_INTERNAL_URL: 'http://web.internal' }))).toEqual({ host: 'web.internal', port: 80 });
  });

  it('when WEB_INTERNAL_URL is not a plain http origin, then start is refused naming it', () => {
    for (const value of ['https://web:3002', 'http://web:3002/internal', 'web:3002']) {
      expect(() => parseEnv({ WEB_INTERNAL_URL: value })).toThrow(/WEB_INTERNAL_URL/);
    }
  });
});
