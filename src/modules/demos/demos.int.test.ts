import { describe, expect, it } from 'vitest';
import { createMaster, createUser, firstStyle } from '../../test/commerce-factories.js';
import { useTestPlatform } from '../../test/test-platform.js';
import { listDemos } from './demos.service.js';

describe('home page demos', () => {
  const suite = useTestPlatform();

  it('when demos are listed, then each names its style id (for StyleDetails) and its style in the caller\'s language', async () => {
    const user = await createUser(suite.platform.db);
    const master = await createMaster(suite.platform.db, user.id, { trackName: 'Demo Song', path: 'tracks/demo/master.wav' });
    await suite.platform.db.updateTable('tracks').set({ path: 'tracks/demo/original.wav', sample_rate: 44_100, channels: 2, number_of_samples: 44_100 * 30, data_offset: 44, data_bytes: 44_100 * 30 * 4 }).where('id', '=', master.track_id).execute();
    await suite.platform.db.insertInto('demos').values({ master_id: master.id }).execute();
    const style = await firstStyle(suite.platform.db);

    const [english] = await listDemos(suite.platform.contextFor(null, 'en'));
    expect(english).toMatchObject({ id: master.id, title: 'Demo Song', styleId: style.id, style: 'Pop - Bright', durationS: 30 });
    const [german] = await listDemos(suite.platform.contextFor(null, 'de'));
    expect(german).toMatchObject({ id: master.id, styleId: style.id, style: 'Pop - Hell' });
  });
});
