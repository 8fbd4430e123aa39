import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServerFetch } from '../../../test/fake-server.js';
import { renderApp } from '../../../test/render.js';

/** A server whose configuration never comes: the page stays in its loading state. */
const configOnTheWay: typeof fetch = (input, init) => (String(input).endsWith('/api/config') ? new Promise<Response>(() => undefined) : fakeServerFetch({})(input, init));

describe('legal pages', () => {
  it.each([
    ['en', 'Loading'],
    ['de', 'Wird geladen'],
  ] as const)("when the site's configuration is still on the way (%s), then the page's loader is announced as a status with its name", async (locale, name) => {
    renderApp({ path: '/privacy-policy', locale, fetch: configOnTheWay });
    expect(await screen.findByRole('status', { name })).toBeTruthy();
    expect(screen.queryByTestId('privacy-policy')).toBeNull();
  });

  it('when the privacy policy opens, then it names the configured seller, its contact, Braintree and the retention periods', async () => {
    renderApp({ path: '/privacy-policy', fetch: fakeServerFetch({}) });
    const policy = await screen.findByTestId('privacy-policy');
    const seller = within(policy).getByTestId('seller-address');
    expect(seller.textContent).toContain('Test Seller GmbH');
    expect(seller.textContent).toContain('20095 Hamburg');
    expect(seller.textContent).toContain('VAT ID: DE123456789');
    expect(within(seller).getByRole('link', { name: 'privacy@seller.test' }).getAttribute('href')).toBe('mailto:privacy@seller.test');
    const text = policy.textContent ?? '';
    expect(text).toContain('Braintree');
    expect(text).toContain('ten years');
    expect(text).toContain('refresh_token');
    expect(text).not.toMatch(/published here before|coming soon/i);
    // Nothing third-party is configured, so no statistics or video provider is named.
    expect(text).not.toContain('Statistics:');
    expect(text).not.toContain('Video:');
  });

  it('when analytics and a video are configured, then the policy names their hosts', async () => {
    renderApp({
      path: '/privacy-policy',
      fetch: fakeServerFetch({
        config: { analytics: { endpoint: 'https://stats.example.org/api/event', site: 'x' }, video: { embedUrl: 'https://video.example.org/e/1', host: 'video.example.org' } },
      }),
    });
    const policy = await screen.findByTestId('privacy-policy');
    expect(policy.textContent).toContain('stats.example.org');
    expect(policy.textContent).toContain('video.example.org');
  });

  it('when the terms open in German, then they are German and name the seller as contract partner', async () => {
    renderApp({ path: '/terms-of-service', locale: 'de', fetch: fakeServerFetch({}) });
    const terms = await screen.findByTestId('terms-of-service');
    expect(within(terms).getByRole('heading', { name: '6. Widerrufsrecht für Verbraucher' })).toBeTruthy();
    expect(within(terms).getByTestId('seller-address').textContent).toContain('USt-IdNr.: DE123456789');
    expect(terms.textContent).toContain('privacy@seller.test');
    expect(terms.textContent).not.toContain('Right of withdrawal');
  });
});
