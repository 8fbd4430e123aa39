import type { Database } from '../../../platform/db/database.js';
import type { TArtist, TLabel, TOutlet, TParticipant, TUtilities } from '../distribution.schemas.js';

/**
 * What the distribution add-on needs from a distributor (DISTRIBUTION_PROVIDER).
 * The services own the rules (subscription, ownership) and call only this; a provider
 * keeps the records and answers in the shapes. Every call after `createAccount` is
 * scoped by the provider's user id (the user's distributionUserId): a provider answers `null` for
 * a record that is not that user's, and the service turns that into "not found".
 *
 * `db` is the product's database or the caller's open transaction. The local provider keeps its
 * records there, so setup writes the account and the user's four ids in one transaction; a remote
 * provider ignores it.
 *
 * A provider throws `DuplicateNameError` when a name is already taken where names must be unique.
 */
export interface DistributionProvider {
  readonly kind: 'local';
  createAccount(
    db: Database,
    input: { userId: string; email: string; artist: { name: string; country: string }; participant: { name: string; email: string }; label: { name: string } },
  ): Promise<{ userId: string; artistId: string; participantId: string; labelId: string }>;
  artists(db: Database, distributionUserId: string): Promise<TArtist[]>;
  createArtist(db: Database, distributionUserId: string, input: { name: string; country: string }): Promise<TArtist>;
  renameArtist(db: Database, distributionUserId: string, artistId: number, name: string): Promise<TArtist | null>;
  participants(db: Database, distributionUserId: string): Promise<TParticipant[]>;
  createParticipant(db: Database, distributionUserId: string, input: { name: string; email: string }): Promise<TParticipant>;
  updateParticipant(db: Database, distributionUserId: string, participantId: number, input: { name: string; email: string }): Promise<TParticipant | null>;
  label(db: Database, distributionUserId: string, labelId: number): Promise<TLabel | null>;
  renameLabel(db: Database, distributionUserId: string, labelId: number, name: string): Promise<TLabel | null>;
  /** Genres, languages and participant roles a release may use. */
  utilities(db: Database): Promise<TUtilities>;
  /** The stores the provider delivers to, with their child stores. */
  outlets(db: Database): Promise<TOutlet[]>;
}

export class DuplicateNameError extends Error {
  constructor() {
    super('duplicate name');
    this.name = 'DuplicateNameError';
  }
}
