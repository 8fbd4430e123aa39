import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TAnalytics } from '../../../../../src/modules/royalties/royalties.schemas.js';
import { renderWithProviders } from '../../../test/render.js';
import { AnalyticsPage } from './analytics-page.js';

const serverWith = (analytics: TAnalytics) =>
  (async (input: RequestInfo | URL) =>
    String(input).includes('royalties.analytics') ? Response.json([{ result: { data: analytics } }]) : new Response('not found', { status: 404 })) as typeof fetch;

const nothing: TAnalytics = { currency: 'USD', totals: { streams: 0, downloads: 0, revenueMinor: 0 }, periods: [], storePeriods: [], releases: [], tracks: [], stores: [], countries: [] };
const figures = (streams: number, revenueMinor: number) => ({ streams, downloads: 0, revenueMinor });

describe('the analytics screen', () => {
  it('when no statement has arrived, then it says so and shows no figures', async () => {
    renderWithProviders(<AnalyticsPage />, { fetch: serverWith(nothing) });
    await screen.findByText('No statements yet');
    expect(screen.queryByTestId('total-streams')).toBeNull();
  });

  it('when statements arrived, then the totals and each store, country, release and track show their streams in the reader\'s language', async () => {
    const data: TAnalytics = {
      ...nothing,
      totals: figures(12_345, 4210),
      periods: [{ period: '2031-03', ...figures(12_345, 4210) }],
      storePeriods: [
        { period: '2031-03', store: 'Spotify', albumId: 1, streams: 12_000, revenueMinor: 4000 },
        { period: '2031-03', store: 'Deezer', albumId: 1, streams: 345, revenueMinor: 210 },
      ],
      stores: [
        { store: 'Spotify', ...figures(12_000, 4000) },
        { store: 'Deezer', ...figures(345, 210) },
      ],
      countries: [{ country: 'AT', ...figures(12_345, 4210) }],
      releases: [{ albumId: 1, name: 'Engines', upc: '4260742000010', ...figures(12_345, 4210) }],
      tracks: [{ trackId: 2, name: 'Analytical Engine', isrc: 'DEMDK2600001', albumId: 1, releaseName: 'Engines', ...figures(12_345, 4210) }],
    };
    renderWithProviders(<AnalyticsPage />, { fetch: serverWith(data), locale: 'de' });
    expect((await screen.findByTestId('total-streams')).textContent).toBe('12.345');
    expect(screen.getByTestId('total-revenue').textContent).toBe('42,10\u00a0$');
    expect(screen.getAllByTestId('store-row-name').map((node) => node.textContent)).toEqual(['Spotify', 'Deezer']);
    expect(screen.getAllByTestId('store-row-value').map((node) => node.textContent)).toEqual(['12.000', '345']);
    expect(screen.getByTestId('country-row-name').textContent).toBe('Österreich');
    expect(screen.getByTestId('release-row-name').textContent).toBe('Engines');
    expect(screen.getByTestId('track-row-name').textContent).toBe('Analytical Engine');
  });
});
