import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCodecCheck } from '../src/modules/streaming/index.js';
import { clipped, musicLike, normalizePeak } from './engine/testing/signals.js';
import { encodeWav } from './engine/testing/wav-writer.js';
import { startMediaHarness, type HarnessUser, type MediaHarness } from './testing/media-harness.js';

/**
 * The codec check through the product: a master bounced by a real media process from a loud,
 * clipped mix, then, asked for by its owner, encoded with the stores' codecs and decoded again by
 * the media process (the `media.codecs` job), its decoded true peaks stored with the master's
 * measurements; nothing of the encoded or decoded files left in storage; nobody else can start or
 * read it.
 */
describe('the codec check of a bounced master (real media process)', () => {
  let h: MediaHarness;
  let owner: HarnessUser;
  let stranger: HarnessUser;
  let trackId: string;
  let styleId: number;

  /** Until the queue holds no waiting or running job (the bounce's chained downloads included). */
  async function queueIdle(): Promise<void> {
    for (;;) {
      const live = await h.platform.db.selectFrom('jobs').select('id').where('state', 'in', ['queued', 'running']).execute();
      if (live.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  beforeAll(async () => {
    h = await startMediaHarness();
    owner = await h.createUser('codecs-owner@example.com');
    stranger = await h.createUser('codecs-stranger@example.com');
    // A loud style: the limiter works hard on the clipped mix, so the codecs have flat peaks to ring around.
    styleId = (await h.style('Pop', 'Punchy')).id;
    const mix = clipped(normalizePeak(musicLike({ seconds: 8, seed: 5 }), 4), -0.1);
    trackId = (await h.createTrack(owner.id, encodeWav(mix, { format: 'pcm24' }), { sampleRate: 44100, channels: 2, bitsPerSample: 24 })).trackId;
    await h.caller(owner).mastering.startBounce({ trackId, styleId });
    await queueIdle();
  }, 600_000);
  afterAll(async () => {
    await h?.stop();
  });

  it('when the owner asks for the check, then the decoded true peaks of AAC and Opus are measured at or above the master s, stored with it, and no temporary file is left', async () => {
    const master = (await h.caller(owner).masters.trackMasters({ trackId })).find((m) => m.style?.id === styleId)!;
    expect(master.status).toBe('MASTERED');
    const stored = await h.platform.storage.list(`tracks/${trackId}`);

    const first = await h.caller(owner).mastering.startCodecCheck({ masterId: master.id });
    expect(['queued', 'running']).toContain(first.state);
    // A second ask while it waits or runs joins it.
    expect((await h.caller(owner).mastering.startCodecCheck({ masterId: master.id })).state).not.toBe('none');
    let check: TCodecCheck = first;
    const deadline = Date.now() + 240_000;
    while ((check.state === 'queued' || check.state === 'running') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      check = await h.caller(owner).mastering.codecCheck({ masterId: master.id });
    }
    expect(check).toMatchObject({ state: 'done', error: null });
    expect(await h.platform.db.selectFrom('jobs').select('id').where('kind', '=', 'media.codecs').execute()).toHaveLength(1);

    const truePeak = master.measurements!.truePeak;
    const codecs = check.codecs!;
    console.info(`master ${master.measurements!.lufs} LUFS, ${truePeak} dBTP; decoded ${codecs.map((c) => `${c.codec} ${c.bitrateKbps} kb/s: ${c.truePeakDb} dBTP, ${c.lufs} LUFS`).join('; ')}`);
    expect(codecs.map((c) => [c.codec, c.bitrateKbps])).toEqual([
      ['aac', 256],
      ['opus', 160],
    ]);
    const [aac, opus] = codecs;
    expect(aac!.truePeakDb!).toBeGreaterThanOrEqual(truePeak - 0.1);
    expect(aac!.truePeakDb!).toBeLessThan(truePeak + 3);
    expect(opus!.truePeakDb!).toBeGreaterThan(truePeak);
    expect(opus!.truePeakDb!).toBeLessThan(truePeak + 3);
    for (const codec of codecs) expect(Math.abs(codec.lufs! - master.measurements!.lufs)).toBeLessThan(0.5);

    // Stored with the master: the report card reads them there.
    const again = (await h.caller(owner).masters.master({ id: master.id })).measurements;
    expect(again?.codecs).toEqual(codecs);
    expect(again?.truePeak).toBe(truePeak);
    // Nothing of the encodes and decodes is left beside the master.
    expect(await h.platform.storage.list(`tracks/${trackId}`)).toEqual(stored);
  }, 300_000);

  it('when someone else asks to start or read the check, then it is not found and nothing is queued', async () => {
    const master = (await h.caller(owner).masters.trackMasters({ trackId })).find((m) => m.style?.id === styleId)!;
    const before = await h.platform.db.selectFrom('jobs').select('id').where('kind', '=', 'media.codecs').execute();
    await expect(h.caller(stranger).mastering.startCodecCheck({ masterId: master.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'global.error.notFound' });
    await expect(h.caller(stranger).mastering.codecCheck({ masterId: master.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'global.error.notFound' });
    expect(await h.platform.db.selectFrom('jobs').select('id').where('kind', '=', 'media.codecs').execute()).toEqual(before);
  });
});
