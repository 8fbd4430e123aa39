import type { Database } from '../../../platform/db/database.js';
import type { TAnalytics } from '../royalties.schemas.js';

/**
 * The `reports` part of the distributor: the stores' sales and usage reports of one
 * provider user, as figures per period, release, track, store and country. The local provider
 * answers from the statements an operator imported (`royalties:import`); a remote distributor
 * would answer from its reporting API. `db` is the product's database (a remote provider ignores it).
 */
export interface ReportProvider {
  readonly kind: 'local';
  reports(db: Database, distributionUserId: string): Promise<TAnalytics>;
}
