import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../platform/access-token.js';
import { coverImage, createDistributor, createMasterWithAudio } from '../../test/release-factories.js';
import { useTestApp } from '../../test/test-app.js';
import { storeAnswerOf } from './delivery/store-answer.js';
import { STORE_RULES, type StoreCheck } from './delivery/store-rules.js';

/** A flat colour compresses to nothing: stored uncompressed, a 3000 px PNG is well over the 1 MiB minimum. */
const solidPng = (width: number, height = width) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();

const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

type CoverName = 'fine' | 'small' | 'oblong' | 'cmyk' | 'grey';
interface ReleaseOptions {
  cover: CoverName;
  title: string;
  /** Genre id: 27 House (electronic), 18 Pop. */
  genre: number;
  releaseDate: string;
}
const FINE: ReleaseOptions = { cover: 'fine', title: 'Morning Songs', genre: 27, releaseDate: dayAhead(30) };

/**
 * For every store rule, what breaks it and nothing else. A rule added to STORE_RULES without an
 * entry here fails the walk below.
 */
const BREAKING: Record<StoreCheck, Partial<ReleaseOptions>[]> = {
  coverRgb: [{ cover: 'cmyk' }, { cover: 'grey' }],
  coverSquare: [{ cover: 'oblong' }],
  coverMinSize: [{ cover: 'small' }],
  storeElectronicOnly: [{ genre: 18 }],
  storeTitleCase: [{ title: 'MORNING SONGS' }],
  storeReleaseLeadTime: [{ releaseDate: dayAhead(3) }, { releaseDate: dayAhead(6) }],
};

describe('store rules: the check refuses first whatever a store would refuse', () => {
  const suite = useTestApp();
  const { callerFor } = suite;
  let covers: Record<CoverName, Buffer>;
  let storeIds: Map<string, number>;

  beforeAll(async () => {
    covers = {
      fine: await solidPng(3000),
      small: await solidPng(2999),
      oblong: await solidPng(3000, 3100),
      cmyk: await coverImage({ width: 3000, cmyk: true }),
      grey: await coverImage({ width: 3000, grey: true }),
    };
    const stores = await suite.platform.db.selectFrom('distribution_outlets').select(['store_id', 'store_name']).execute();
    storeIds = new Map(stores.map((store) => [store.store_name, store.store_id]));
  });
  /** A release of one track to the given stores, built as the wizard builds it (the cover over HTTP). */
  async function release(stores: string[], options: ReleaseOptions) {
    const account = await createDistributor(suite.platform);
    const caller = callerFor(account.userId);
    const { albumId } = await caller.releases.start();
    await caller.releases.updateAlbum({ albumId, name: options.title });
    const { masterId } = await createMasterWithAudio(suite.platform, account.userId, { trackName: 'Sunrise', seconds: 1 });
    const track = await caller.releases.addTrack({ albumId, masterId });
    await caller.releases.updateTrack({ trackId: track.track_id, genre: [options.genre], language: 'en' });
    const form = new FormData();
    form.append('cover_image', new Blob([new Uint8Array(covers[options.cover])]), options.cover === 'cmyk' || options.cover === 'grey' ? 'cover.jpg' : 'cover.png');
    const cover = await fetch(`${suite.app.base}/api/distribution/albums/${albumId}/cover`, {
      method: 'POST',
      headers: { authorization: `Bearer ${signAccessToken(suite.platform.secrets.jwtSecret, account.userId).token}` },
      body: form,
    });
    expect(cover.status).toBe(200);
    const outlets = stores.map((store) => ({ store_id: storeIds.get(store)!, release_start_date: null }));
    await caller.releases.setOutlets({ albumId, globalReleaseDate: options.releaseDate, outlets });
    return { caller, albumId };
  }

  it('when a release breaks no rule, then the check passes and every store with rules of its own accepts it', async () => {
    const stores = ['Spotify', 'Apple Music', 'Beatport', 'Deezer'];
    const { caller, albumId } = await release(stores, FINE);
    const report = await caller.releases.validate({ albumId });
    expect(report.items.filter((item) => !item.passed && item.severity === 'error')).toEqual([]);
    expect(report.passed).toBe(true);
    for (const store of stores) expect(await storeAnswerOf(suite.platform.db, albumId, storeIds.get(store)!, today())).toEqual({ accepted: true });
  });

  it('when the rules are listed, then each has a release that breaks it alone, and each store named exists', () => {
    expect(Object.keys(BREAKING).sort()).toEqual(STORE_RULES.map((rule) => rule.check).sort());
    for (const rule of STORE_RULES) if (rule.stores !== 'every') for (const store of rule.stores) expect(storeIds.has(store)).toBe(true);
  });

  for (const rule of STORE_RULES) {
    const stores = rule.stores === 'every' ? ['Deezer'] : rule.stores;
    it(`when a release breaks only the rule ${rule.check} (${stores.join(', ')}), then the check fails with that rule alone, distribute is refused, and the store would refuse it for the same reason`, async () => {
      const cases = BREAKING[rule.check];
      expect(cases?.length).toBeGreaterThan(0);
      for (const breaking of cases ?? []) {
        for (const store of stores) {
          const { caller, albumId } = await release([store], { ...FINE, ...breaking });
          const report = await caller.releases.validate({ albumId });
          const failed = report.items.filter((item) => !item.passed && item.severity === 'error');
          expect(failed.map((item) => item.check)).toEqual([rule.check]);
          expect(failed[0]).toMatchObject({ section: rule.section, code: `release.check.${rule.check}`, fix: `release.fix.${rule.check}` });
          if (rule.stores !== 'every') expect(failed[0]?.values.store).toBe(store);
          expect(report.passed).toBe(false);
          await expect(caller.releases.distribute({ albumId })).rejects.toMatchObject({ message: 'release.error.checkFailed' });
          expect((await suite.platform.db.selectFrom('distribution_albums').select('state').where('id', '=', albumId).executeTakeFirstOrThrow()).state).toBe('draft');
          // The delivery side, had it received the release, answers by the same rule.
          expect(await storeAnswerOf(suite.platform.db, albumId, storeIds.get(store)!, today())).toEqual({ accepted: false, reason: rule.reason });
        }
      }
    });
  }
});
