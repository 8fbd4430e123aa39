import type { Database } from '../../../platform/db/database.js';
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
 * A user's list of named entries (artists, participants): listed, added and changed through the
 * repository, answered in the API's shape; a name the user already gave another entry is refused.
 */
function namedEntries<Row, View, New, Change>(
  view: (row: Row) => View,
  rows: {
    find: (db: Database, distributionUserId: string) => Promise<Row[]>;
    insert: (db: Database, distributionUserId: string, values: New) => Promise<Row>;
    update: (db: Database, distributionUserId: string, id: number, change: Change) => Promise<Row | undefined>;
  },
) {
  return {
    list: async (db: Database, distributionUserId: string) => (await rows.find(db, distributionUserId)).map(view),
    create: async (db: Database, distributionUserId: string, values: New) => view(await uniqueName(() => rows.insert(db, distributionUserId, values))),
    update: async (db: Database, distributionUserId: string, id: number, change: Change) => {
      const row = await uniqueName(() => rows.update(db, distributionUserId, id, change));
      return row ? view(row) : null;
    },
  };
}

/**
 * The local provider (DISTRIBUTION_PROVIDER=local): a distributor's records in the product's own
 * database (sql/0022, reference data in sql/0023). Names are unique per user in the database too;
 * a duplicate aborts the caller's transaction, which the service rolls back whole.
 */
export function createLocalProvider(): DistributionProvider {
  const artists = namedEntries(artistOf, { find: repo.findArtists, insert: repo.insertArtist, update: repo.renameArtist });
  const participants = namedEntries(participantOf, { find: repo.findParticipants, insert: repo.insertParticipant, update: repo.updateParticipant });
  return {
    kind: 'local',
    async createAccount(db, input) {
      const userId = await repo.insertDistributionUser(db, input.userId);
      const artist = await repo.insertArtist(db, userId, input.artist);
      const participant = await repo.insertParticipant(db, userId, input.participant);
      const label = await repo.insertLabel(db, userId, input.label.name);
      return { userId, artistId: String(artist.id), participantId: String(participant.id), labelId: String(label.id) };
    },
    artists: artists.list,
    createArtist: artists.create,
    renameArtist: artists.update,
    participants: participants.list,
    createParticipant: participants.create,
    updateParticipant: participants.update,
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
