import { analyticsOf, figuresOf } from '../royalties.repository.js';
import { PAYOUT_CURRENCY } from '../royalties.schemas.js';
import type { ReportProvider } from './report-provider.js';

/** The local provider's reports: the imported statements' lines matched to the user's releases (sql/0067). */
export function createLocalReportProvider(): ReportProvider {
  return {
    kind: 'local',
    async reports(db, distributionUserId) {
      const rows = await analyticsOf(db, distributionUserId);
      return {
        currency: PAYOUT_CURRENCY,
        totals: figuresOf(rows.totals),
        periods: rows.periods.map((row) => ({ period: row.period, ...figuresOf(row) })),
        storePeriods: rows.storePeriods.map((row) => ({ period: row.period, store: row.store, albumId: Number(row.album_id), streams: Number(row.streams), revenueMinor: Number(row.revenue) })),
        releases: rows.releases.map((row) => ({ albumId: Number(row.id), name: row.name, upc: row.product_code, ...figuresOf(row) })),
        tracks: rows.tracks.map((row) => ({ trackId: Number(row.id), name: row.name, isrc: row.isrc, albumId: Number(row.album_id), releaseName: row.album_name, ...figuresOf(row) })),
        stores: rows.stores.map((row) => ({ store: row.store, ...figuresOf(row) })),
        countries: rows.countries.map((row) => ({ country: row.territory, ...figuresOf(row) })),
      };
    },
  };
}
