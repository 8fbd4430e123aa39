import { describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { wavBytes } from '../../test/wav-bytes.js';
import { assertCanBounce, recordMastered } from '../streaming/index.js';

const BOUNDARY = '----masterdeck-quota-boundary-1b2c3d';

function multipart(bytes: Uint8Array): Buffer {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="track"; filename="song.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

/** Per-user upload quotas (UPLOADS_PER_HOUR, STORAGE_QUOTA_MB), set low here so a test can reach them. */
describe('upload quotas', () => {
  const suite = useTestApp({ UPLOADS_PER_HOUR: '3', STORAGE_QUOTA_MB: '1' });

  async function upload(user: TestUser, bytes: Uint8Array) {
    const response = await fetch(`${suite.app.base}/api/upload`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${user.token}` },
      body: new Uint8Array(multipart(bytes)),
    });
    return { status: response.status, body: (await response.json()) as { message?: string } };
  }
  const trackCount = async (user: TestUser) => (await suite.platform.db.selectFrom('tracks').select('id').where('user_id', '=', user.id).execute()).length;

  it('when a user uploads more often than the hourly rate, then the next upload is refused with a translated key and nothing is stored', async () => {
    const user = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
    const small = wavBytes({ frames: 4410 });
    for (let i = 0; i < 3; i++) expect((await upload(user, small)).status).toBe(200);
    expect(await upload(user, small)).toEqual({ status: 429, body: { statusCode: 429, message: 'store.upload.error.tooManyUploads' } });
    expect(await trackCount(user)).toBe(3);
    const other = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
    expect((await upload(other, small)).status).toBe(200);
  });

  it('when an upload would take a user over the storage quota, then it is refused and nothing is stored', async () => {
    const user = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
    const large = wavBytes({ frames: 150_000, channels: 2 });
    expect(large.byteLength).toBeGreaterThan(512 * 1024);
    expect((await upload(user, large)).status).toBe(200);
    expect(await upload(user, large)).toMatchObject({ status: 413, body: { message: 'store.upload.error.storageFull' } });
    expect(await trackCount(user)).toBe(1);
  });

  const enabledStyles = () => suite.platform.db.selectFrom('styles').select('id').where('enabled', '=', true).orderBy('id').limit(2).execute();
  const trackOf = async (masterId: string) => (await suite.platform.db.selectFrom('masters').select('track_id').where('id', '=', masterId).executeTakeFirstOrThrow()).track_id;

  it("when a user's masters and their downloads fill the quota, then the next upload is refused", async () => {
    const user = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
    const small = wavBytes({ frames: 4410 });
    const first = await upload(user, small);
    expect(first.status).toBe(200);
    const trackId = await trackOf((first.body as { id: string }).id);
    const [style] = await enabledStyles();
    // What a bounce records: the master and its downloads, 1000 kB of the 1 MB quota.
    await recordMastered(suite.platform.contextFor(null), {
      trackId,
      styleId: style!.id,
      path: `tracks/${trackId}/masters/style-${style!.id}.wav`,
      checksum: '0'.repeat(64),
      measurements: { lufs: -14, truePeak: -1, frames: 4410, channels: 2, sampleRate: 44100 },
      fileBytes: 1000 * 1024,
    });
    expect(await upload(user, small)).toMatchObject({ status: 413, body: { message: 'store.upload.error.storageFull' } });
    expect(await trackCount(user)).toBe(1);
  });

  it("when a bounce would make a master whose files do not fit the owner's quota, then it is refused before it runs; one that fits is not", async () => {
    const user = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
    const [style] = await enabledStyles();
    const short = await upload(user, wavBytes({ frames: 4410, channels: 2 }));
    const long = await upload(user, wavBytes({ frames: 100_000, channels: 2 }));
    expect([short.status, long.status]).toEqual([200, 200]);
    const ctx = suite.platform.contextFor(null);
    // 0.1 s makes about 90 kB of files; 2.3 s about 2 MB, past the 1 MB quota.
    await expect(assertCanBounce(ctx, { trackId: await trackOf((short.body as { id: string }).id), styleId: style!.id })).resolves.toEqual({ existingMasterId: null });
    await expect(assertCanBounce(ctx, { trackId: await trackOf((long.body as { id: string }).id), styleId: style!.id })).rejects.toMatchObject({ message: 'mastering.storageFull' });
  });
});
