import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.js';
import { applyConsent, setAnalyticsSink, trackEvent } from '../../../lib/analytics.js';
import { CONSENT_COOKIE, readConsent } from '../consent-cookie.js';
import { CookieBanner } from './cookie-banner.js';

const none = { necessary: true, analytics: false, tracking: false, marketing: false };

function clearConsentCookie() {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
}

describe('cookie consent banner', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clearConsentCookie();
    setAnalyticsSink(null);
    applyConsent(none);
  });

  it('when nothing is chosen yet, then the banner shows and no analytics event is sent', () => {
    const sent: string[] = [];
    setAnalyticsSink((event) => sent.push(event));
    renderWithProviders(<CookieBanner />);
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeTruthy();
    expect(trackEvent('page_view')).toBe(false);
    expect(sent).toEqual([]);
  });

  it('when "Accept all" is chosen, then the choice is a cookie at path / for a year, analytics may send, and the banner goes', () => {
    const written = vi.spyOn(Document.prototype, 'cookie', 'set');
    const sent: string[] = [];
    setAnalyticsSink((event) => sent.push(event));
    renderWithProviders(<CookieBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    const raw = written.mock.calls.map(([value]) => String(value)).find((value) => value.startsWith(`${CONSENT_COOKIE}=`));
    expect(raw).toMatch(/; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(raw).not.toMatch(/Domain=/i);
    expect(readConsent()).toEqual({ necessary: true, analytics: true, tracking: true, marketing: true });
    expect(trackEvent('page_view')).toBe(true);
    expect(sent).toEqual(['page_view']);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('when categories are chosen one by one, then only those are stored and necessary stays on', () => {
    renderWithProviders(<CookieBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose' }));
    fireEvent.click(screen.getByRole('switch', { name: /^Tracking/, hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save my choice' }));
    expect(readConsent()).toEqual({ necessary: true, analytics: false, tracking: true, marketing: false });
    expect(trackEvent('page_view')).toBe(false);
  });
});
