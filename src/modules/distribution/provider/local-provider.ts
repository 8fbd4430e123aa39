import * as repo from '../distribution.repository.js';
import { DuplicateNameError, type DistributionProvider } from './distribution-provider.js';

/** PostgreSQL's unique_violation: the database keeps names unique per user (sql/0022). */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateNameError();
    throw error;
  }
}

const artistOf = (row: { id: string | number; name: string; country: string }) => ({ artist_id: Number(row.id), name: row.name, country: row.country });
const participantOf = (row: { id: string | number; name: string; email: string }) => ({ participant_id: Number(row.id), name: row.name, email: row.email });
const labelOf = (row: { id: string | number; name: string }) => ({ label_id: Number(row.id), label_name: row.name });

/**
 * The local provider (DISTRIBUTION_PROVIDER=local): a distributor's records in the product's own
 * database (sql/0022, reference data in sql/0023). Names are unique per user in the database too;
 * a duplicate aborts the caller's transaction, which the service rolls back whole.
 */
export function createLocalProvider(): DistributionProvider {
  return {
    kind: 'local',
    async createAccount(db, input) {
      const userId = await repo.insertDistributionUser(db, input.userId);
      const artist = await repo.insertArtist(db, userId, input.artist);
      const participant = await repo.insertParticipant(db, userId, input.participant);
      const label = await repo.insertLabel(db, userId, input.label.name);
      return { userId, artistId: String(artist.id), participantId: String(participant.id), labelId: String(label.id) };
    },
    async artists(db, distributionUserId) {
      return (await repo.findArtists(db, distributionUserId)).map(artistOf);
    },
    async createArtist(db, distributionUserId, input) {
      return artistOf(await uniqueName(() => repo.insertArtist(db, distributionUserId, input)));
    },
    async renameArtist(db, distributionUserId, artistId, name) {
      const row = await uniqueName(() => repo.renameArtist(db, distributionUserId, artistId, name));
      return row ? artistOf(row) : null;
    },
    async participants(db, distributionUserId) {
      return (await repo.findParticipants(db, distributionUserId)).map(participantOf);
    },
    async createParticipant(db, distributionUserId, input) {
      return participantOf(await uniqueName(() => repo.insertParticipant(db, distributionUserId, input)));
    },
    async updateParticipant(db, distributionUserId, participantId, input) {
      const row = await uniqueName(() => repo.updateParticipant(db, distributionUserId, participantId, input));
      return row ? participantOf(row) : null;
    },
    async label(db, distributionUserId, labelId) {
      const row = await repo.findLabel(db, distributionUserId, labelId);
      return row ? labelOf(row) : null;
    },
    async renameLabel(db, distributionUserId, labelId, name) {
      const row = await repo.renameLabel(db, distributionUserId, labelId, name);
      return row ? labelOf(row) : null;
    },
    async utilities(db) {
      const [genres, languages, roles] = await Promise.all([repo.findGenres(db), repo.findLanguages(db), repo.findRoles(db)]);
      return { genres, languages, roles };
    },
    async outlets(db) {
      return repo.findOutlets(db);
    },
  };
}
