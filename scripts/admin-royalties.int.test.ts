import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCommand, useAdminHarness } from './testing/admin-harness.js';
import { createDistributor, createMasterWithAudio } from '../src/test/release-factories.js';

describe('operator royalty commands', () => {
  const harness = useAdminHarness();

  beforeAll(() => {
    // The database path finds DATA_DIR in the environment, as the command line does.
    vi.stubEnv('DATA_DIR', harness.platform.dataDir);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('when a statement file is imported through the product or the database, then it says what it credited and lists unmatched lines; again, nothing changes; a bad line is named', async () => {
    const account = await createDistributor(harness.platform);
    const { albumId } = await account.caller.releases.start();
    const { masterId } = await createMasterWithAudio(harness.platform, account.userId, { trackName: 'Dawn', seconds: 1 });
    const track = await account.caller.releases.addTrack({ masterId, albumId });
    const dir = await mkdtemp(path.join(tmpdir(), 'statement-'));
    for (const [via, access] of Object.entries(harness.accesses())) {
      const file = path.join(dir, `${via}.csv`);
      await writeFile(file, `isrc,upc,territory,usage_type,quantity,net_revenue,currency\n${track.stereo_isrc},,DE,stream,100,2.00,EUR\nGBAAA9900001,,FR,stream,1,0.10,USD\n`);
      const period = via === 'product' ? '2030-01' : '2030-02';
      const first = await runCommand(access, 'royalties:import', file, '--store', 'spotify', '--period', period, '--rate', 'EUR=1.1');
      expect(first, via).toEqual({
        code: 0,
        out: `imported: Spotify ${period}, 2 lines, 1 matched, total 2.30 USD, credited 2.20 USD (rates EUR=1.1)\n1 lines matched no release (kept):\n  line 3: ISRC GBAAA9900001 UPC - FR 0.10 USD`,
        err: '',
      });
      expect((await runCommand(access, 'royalties:import', file, '--store', 'Spotify', '--period', period, '--rate', 'EUR=1.1')).out).toMatch(/^already imported \(nothing changed\): Spotify/);
      const bad = path.join(dir, `${via}-bad.csv`);
      await writeFile(bad, `isrc,upc,territory,usage_type,quantity,net_revenue,currency\n${track.stereo_isrc},,DE,stream,-1,2.00,USD\n`);
      expect(await runCommand(access, 'royalties:import', bad, '--store', 'Deezer', '--period', period)).toMatchObject({
        code: 1,
        err: expect.stringContaining('line 2: quantity "-1" is not a whole number'),
      });
      expect(await runCommand(access, 'royalties:import', file, '--store', 'Deezer')).toMatchObject({ code: 2 });
    }

    const payouts = await runCommand(harness.accesses().product, 'payouts:run', '--min', '10');
    expect(payouts).toMatchObject({ code: 0, out: 'nothing to pay' });
    const preview = await runCommand(harness.accesses().database, 'payouts:run', '--min', '4', '--dry-run');
    expect(preview.out).toBe('would pay: 4.40 USD (fee 0.00 USD, receives 4.40 USD) to Erika Mustermann <payout@example.com>, 2 ledger lines\ndry run through local: 4.40 USD');
    const paid = await runCommand(harness.accesses().database, 'payouts:run', '--min', '4');
    expect(paid.out).toMatch(/^confirmed: 4\.40 USD \(fee 0\.00 USD, receives 4\.40 USD\) to Erika Mustermann <payout@example\.com>, 2 ledger lines\npayout run [0-9a-f-]+ through local: 4\.40 USD, reference (.+)$/);
    const file = /reference (.+)$/.exec(paid.out)![1]!;
    expect(file.startsWith(path.join(harness.platform.dataDir, 'payouts'))).toBe(true);
    expect(await readFile(file, 'utf8')).toContain('payout@example.com,4.40,USD');
    expect(await runCommand(harness.accesses().product, 'payouts:run')).toMatchObject({ code: 0, out: 'nothing to pay' });
  });
});
