import type { Database } from '../../../platform/db/database.js';

/**
 * What building and delivering a release needs from a distributor (chosen by
 * DISTRIBUTION_PROVIDER). The release service owns the rules (ownership, the wizard's rules, the check);
 * a provider keeps albums and uploaded tracks and delivers. Every call is scoped by the
 * provider's user id; `db` is the product's database or the caller's transaction (a remote
 * provider ignores it).
 */
export interface ReleaseProvider {
  readonly kind: 'local' | 'sftp';
  /** An empty album for the user's label and artist; its EAN-13 is given at delivery (code_auto_generate). */
  createAlbum(db: Database, input: { distributionUserId: string; labelId: number; artistId: number }): Promise<{ albumId: number }>;
  /** Removes the album and everything uploaded for it. */
  deleteAlbum(db: Database, distributionUserId: string, albumId: number): Promise<void>;
  /**
   * Uploads a master's audio once: the provider keeps its own copy (a deleted master leaves a
   * delivered release whole), measures it, and assigns an ISRC from its registrant.
   */
  uploadTrack(
    db: Database,
    input: { distributionUserId: string; albumId: number; masterId: string; isCustomMaster: boolean; position: number; name: string; sourceKey: string; participants: string },
  ): Promise<{ trackId: number }>;
  deleteTrack(db: Database, distributionUserId: string, trackId: number): Promise<void>;
  /** The recording's ISRC: the one the master already carries, else the next free one of the registrant, held for the user. */
  assignIsrc(db: Database, distributionUserId: string, masterId: string | null): Promise<string>;
  /** The next free EAN-13 of EAN_PREFIX (given when a release is distributed). */
  assignProductCode(db: Database): Promise<string>;
  /** Hands the release over for delivery, on the platform queue, in the caller's transaction: delivered and answered per store by its jobs. */
  deliver(db: Database, albumId: number): Promise<void>;
  /** Sends corrected metadata of a delivered release to these stores (an update delivery). */
  update(db: Database, albumId: number, storeIds: readonly number[]): Promise<void>;
  /** Withdraws the release from these stores; "taken down" once each store confirms. */
  takeDown(db: Database, albumId: number, storeIds: readonly number[]): Promise<void>;
  /**
   * Withdraws the release of an account being deleted from these stores, in the deletion's
   * transaction: the takedown must not need the release's rows, which go with the account.
   */
  takeDownBeforeDeletion(db: Database, albumId: number, storeIds: readonly number[]): Promise<void>;
}
