import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceKeyOf } from '../src/modules/masters/index.js';
import { MEDIA_JOB_KINDS, streamIndexOf } from '../src/modules/streaming/index.js';
import { withLocalFile } from '../src/platform/storage/file-storage.js';
import { listenTestApp, type TestApp } from '../src/test/test-app.js';
import { ffmpegLoudness } from './engine/testing/independent-meters.js';
import { bright, dull, musicLike, normalizePeak, type TestSignal } from './engine/testing/signals.js';
import { encodeWav } from './engine/testing/wav-writer.js';
import { chunkBytesOf, s24leToS16le } from './media/pcm.js';
import { parseWavHeader } from '../src/audio-core/wav-header.js';
import { masterRowOf, type HarnessUser, type MediaHarness, startMediaHarness } from './testing/media-harness.js';

/**
 * A master toward a reference through the product: startBounce with one of the owner's reference
 * tracks, bounced by a real media process, its tonal distances stored with its measurements and
 * answered where the report card reads them; its true peak read by ffmpeg's ebur128, not the engine.
 */
describe('a master toward a reference track (real media process, ffmpeg measuring)', () => {
  let h: MediaHarness;
  let app: TestApp;
  let owner: HarnessUser;
  let stranger: HarnessUser;
  let styleId: number;
  let trackId: string;
  let ownReference: string;
  let strangersReference: string;

  async function storeReference(user: HarnessUser, signal: TestSignal): Promise<string> {
    const id = crypto.randomUUID();
    const wav = encodeWav(signal, { format: 'pcm16' });
    const key = referenceKeyOf(user.id, id);
    await h.platform.storage.write(key, Readable.from([wav]));
    const frames = signal.data.length / signal.channels;
    await h.platform.db
      .insertInto('reference_tracks')
      .values({ id, user_id: user.id, name: 'Bright', path: key, sample_rate: signal.sampleRate, channels: signal.channels, number_of_samples: frames, byte_length: wav.length })
      .execute();
    return id;
  }

  beforeAll(async () => {
    h = await startMediaHarness();
    app = await listenTestApp(h.platform);
    owner = await h.createUser('reference-owner@example.com');
    stranger = await h.createUser('reference-stranger@example.com');
    styleId = (await h.style('Acoustic', 'Natural')).id;
    const mix = normalizePeak(dull(musicLike({ seconds: 8, seed: 11 }), 2500), -6);
    trackId = (await h.createTrack(owner.id, encodeWav(mix, { format: 'pcm16' }), { sampleRate: 44100, channels: 2 })).trackId;
    ownReference = await storeReference(owner, normalizePeak(bright(musicLike({ seconds: 8, seed: 5 }), -6), -3));
    strangersReference = await storeReference(stranger, normalizePeak(bright(musicLike({ seconds: 8, seed: 6 }), -6), -3));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await h?.stop();
  });

  async function jobSettled(jobId: string): Promise<{ state: string; last_error: string | null }> {
    for (;;) {
      const job = await h.platform.db.selectFrom('jobs').select(['state', 'last_error']).where('id', '=', jobId).executeTakeFirstOrThrow();
      if (job.state === 'done' || job.state === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it('when the owner bounces a style toward their reference, then it is a master of its own whose stored distance after is under half the distance before, at or under -1 dBTP by ffmpeg', async () => {
    const ticket = await h.caller(owner).mastering.startBounce({ trackId, styleId, referenceId: ownReference });
    expect(ticket).toMatchObject({ intensity: 'medium', referenceId: ownReference });
    expect(await jobSettled(ticket.jobId)).toMatchObject({ state: 'done', last_error: null });

    const row = await masterRowOf(h.platform.db, trackId, styleId, ['id', 'path', 'reference_id']);
    expect(row.reference_id).toBe(ownReference);
    const master = (await h.caller(owner).masters.trackMasters({ trackId })).find((m) => m.id === row.id)!;
    expect(master.referenceId).toBe(ownReference);
    const distances = master.measurements!.reference!;
    const peaks = await withLocalFile(h.platform.storage, row.path!, (file) => ffmpegLoudness(file));
    console.info(`toward the reference: tonal distance ${distances.distanceBeforeDb} dB -> ${distances.distanceAfterDb} dB; ffmpeg ${peaks.integratedLufs} LUFS, ${peaks.truePeakDbtp} dBTP`);
    expect(distances.distanceBeforeDb).toBeGreaterThan(3);
    expect(distances.distanceAfterDb).toBeLessThan(distances.distanceBeforeDb! / 2);
    expect(peaks.truePeakDbtp).toBeLessThanOrEqual(-1);

    // Asked again, the style without a reference is another job, and its master another row.
    const plain = await h.caller(owner).mastering.startBounce({ trackId, styleId });
    expect(plain.jobId).not.toBe(ticket.jobId);
    expect(plain.referenceId).toBeNull();
  }, 600_000);

  it('when the owner bounces toward their reference at tone 0, then it is a master of its own with both its amounts and the reference, and without its tone move its distance after stays near the distance before', async () => {
    const ticket = await h.caller(owner).mastering.startBounce({ trackId, styleId, referenceId: ownReference, toneAmount: 0 });
    expect(ticket).toMatchObject({ referenceId: ownReference, toneAmount: 0, widthAmount: 100, dynamicsAmount: 100 });
    expect(await jobSettled(ticket.jobId)).toMatchObject({ state: 'done', last_error: null });

    const row = await h.platform.db
      .selectFrom('masters')
      .select(['id', 'path', 'reference_id', 'tone_amount', 'measurements'])
      .where('track_id', '=', trackId)
      .where('style_id', '=', styleId)
      .where('tone_amount', '=', 0)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reference_id: ownReference, tone_amount: 0 });
    expect(row.path).toBe(`tracks/${trackId}/masters/style-${styleId}-t0w100d100-reference-${ownReference}.wav`);
    const distances = (row.measurements as { reference: { distanceBeforeDb: number; distanceAfterDb: number } }).reference;
    console.info(`toward the reference at tone 0: tonal distance ${distances.distanceBeforeDb} dB -> ${distances.distanceAfterDb} dB`);
    expect(distances.distanceAfterDb).toBeGreaterThan(distances.distanceBeforeDb * 0.75);
  }, 600_000);

  it('when someone asks to bounce toward a reference that is not theirs, then tRPC and REST answer not found and nothing is queued', async () => {
    const bounceJobs = () => h.platform.db.selectFrom('jobs').select('id').where('kind', '=', MEDIA_JOB_KINDS.bounce).where('payload', '@>', JSON.stringify({ referenceId: strangersReference })).execute();
    await expect(h.caller(owner).mastering.startBounce({ trackId, styleId, referenceId: strangersReference })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'global.error.notFound' });
    const viaRest = await fetch(`${app.base}/api/masters/bounce`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ trackId, styleId, referenceId: strangersReference }),
    });
    expect(viaRest.status).toBe(404);
    expect(await viaRest.json()).toMatchObject({ message: 'global.error.notFound' });
    // Nor does the stranger reach the owner's track with their own reference.
    await expect(h.caller(stranger).mastering.startBounce({ trackId, styleId, referenceId: strangersReference })).rejects.toThrow('global.error.notFound');
    expect(await bounceJobs()).toEqual([]);
  });

  it('when the owner asks the socket to end mastering toward their reference, then bounce-progress echoes the reference, with progress on the way, and the master made is toward it', async () => {
    const client = await h.connect();
    const dynamicsAmount = { tone: 100, width: 100, dynamics: 50 };
    client.send('end-mastering', owner.token, { trackId, styleId, amounts: dynamicsAmount, referenceId: ownReference });
    const done = await client.until(() => client.json('bounce-progress').find((m) => m.payload.processed === true), 300_000);
    const progress = client.json('bounce-progress').map((m) => m.payload);
    expect(progress.every((p) => p.referenceId === ownReference && p.styleId === styleId)).toBe(true);
    // The job's own progress reaches the socket (its topic names the amounts and the reference), not only the end.
    expect(progress.some((p) => p.processed === false && Number(p.progressInPercent) > 0)).toBe(true);
    const row = await h.platform.db.selectFrom('masters').select(['id', 'reference_id', 'dynamics_amount']).where('id', '=', String(done.payload.masterId)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reference_id: ownReference, dynamics_amount: 50 });
    expect(client.json('error-message')).toEqual([]);
  }, 600_000);

  it('when the owner asks the socket to end mastering toward a reference of someone else, then the socket answers not found and no job is queued', async () => {
    const client = await h.connect();
    client.send('end-mastering', owner.token, { trackId, styleId, referenceId: strangersReference });
    const error = await client.nextJson('error-message', 0);
    expect(error.payload).toEqual({ code: 'global.error.notFound', event: 'end-mastering' });
    expect(client.json('bounce-progress')).toEqual([]);
    const queued = await h.platform.db.selectFrom('jobs').select('id').where('kind', '=', MEDIA_JOB_KINDS.bounce).where('payload', '@>', JSON.stringify({ referenceId: strangersReference })).execute();
    expect(queued).toEqual([]);
  });

  it('when a master made toward a reference is shared, then its listener lists it with its reference and hears exactly that master, not the style without the reference', async () => {
    // The same style without the reference has a master of its own as well.
    const plain = await h.caller(owner).mastering.startBounce({ trackId, styleId });
    expect(await jobSettled(plain.jobId)).toMatchObject({ state: 'done' });
    const masters = await h.platform.db
      .selectFrom('masters')
      .select(['id', 'path', 'reference_id'])
      .where('track_id', '=', trackId)
      .where('style_id', '=', styleId)
      .where('intensity', '=', 'medium')
      .where('tone_amount', '=', 100)
      .where('width_amount', '=', 100)
      .where('dynamics_amount', '=', 100)
      .execute();
    const referenced = masters.find((m) => m.reference_id === ownReference)!;
    const unreferenced = masters.find((m) => m.reference_id === null)!;
    const listenerEmail = 'reference-listener@example.com';
    const listener = await h.createUser(listenerEmail);
    await h.share(referenced.id, owner.id, listenerEmail);

    const listed = await h.caller(listener).sharing.sharedWithMe({});
    expect(listed.map((m) => [m.id, m.referenceId])).toEqual([[referenced.id, ownReference]]);

    const { style_index: styleIndex } = await h.platform.db.selectFrom('styles').select('style_index').where('id', '=', styleId).executeTakeFirstOrThrow();
    const streamIndex = streamIndexOf(styleIndex, 'medium', undefined, true);
    const client = await h.connect();
    client.send('request-meta', listener.token, { trackId, masterId: referenced.id });
    const meta = (await client.nextJson('meta', 0)).payload;
    expect(meta).toMatchObject({ styleIndex: streamIndex, styleId });
    client.send('request-chunks', listener.token, { trackId, styleIndex: streamIndex, styleId, chunkIndices: [0], referenceId: ownReference });
    const [frame] = await client.until(() => client.frames().length === 1 && client.frames());
    const firstChunkOf = async (key: string) => {
      const wav = await buffer(h.platform.storage.read(key));
      const header = parseWavHeader(wav, { fileSize: wav.length });
      if (header.status !== 'ok') throw new Error(`not a WAV: ${key}`);
      const chunk = new Uint8Array(chunkBytesOf(2));
      s24leToS16le(wav.subarray(header.format.dataOffset, header.format.dataOffset + (chunk.length / 2) * 3), chunk);
      return Buffer.from(chunk);
    };
    expect(frame!.styleIndex).toBe(streamIndex);
    expect(Buffer.from(frame!.audio).equals(await firstChunkOf(referenced.path!))).toBe(true);
    expect(Buffer.from(frame!.audio).equals(await firstChunkOf(unreferenced.path!))).toBe(false);

    // The style without the reference, or with none named, is not what was shared.
    client.send('request-chunks', listener.token, { trackId, styleIndex, styleId, chunkIndices: [0] });
    client.send('request-chunks', listener.token, { trackId, styleIndex: streamIndex, styleId, chunkIndices: [0] });
    await client.until(() => client.json('error-message').length === 2);
    expect(client.json('error-message').map((m) => m.payload.code)).toEqual(['global.error.forbidden', 'global.error.notFound']);
    expect(client.frames()).toHaveLength(1);
  }, 600_000);
});
