import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import { wavHeader } from '../audio-core/wav-header.js';
import type { Platform } from '../platform/context.js';
import { claimJob, completeJobWith } from '../platform/queue/job-queue.js';
import { createCallerFactory } from '../platform/trpc/trpc.js';
import { COVER_JOB_KIND, coverJobHandlers } from '../modules/releases/index.js';
import { appRouter } from '../app-router.js';
import { createAddress, createMaster, createUser } from './commerce-factories.js';
import type { TestPlatform } from './test-platform.js';

/**
 * Factories for release tests: a subscriber with a distribution account, masters whose audio is a
 * real WAV file made in code, and cover images made with sharp. Each call makes its own rows.
 */

export interface SignalOptions {
  sampleRate?: number;
  channels?: number;
  bits?: 16 | 24 | 32;
  float?: boolean;
  seconds?: number;
  /** Peak amplitude of the sine (1 = full scale). */
  amplitude?: number;
  frequency?: number;
  /** Samples held at full scale for this many consecutive frames in the middle (a clip). */
  clipFrames?: number;
}

/** A stereo (or mono) sine as WAV bytes; amplitude 0.5 is well under -1 dBTP, 0.99 well above. */
export function signalWav(options: SignalOptions = {}): Buffer {
  const sampleRate = options.sampleRate ?? 44_100;
  const channels = options.channels ?? 2;
  const bits = options.bits ?? 24;
  const float = options.float ?? false;
  const frames = Math.round((options.seconds ?? 2) * sampleRate);
  const amplitude = options.amplitude ?? 0.5;
  const frequency = options.frequency ?? 997;
  const format = float ? 'float32' : bits === 16 ? 'pcm16' : bits === 24 ? 'pcm24' : 'pcm32';
  const bytes = float ? 4 : bits / 8;
  const data = Buffer.alloc(frames * channels * bytes);
  const clipStart = Math.floor(frames / 2);
  for (let f = 0; f < frames; f++) {
    const clipped = options.clipFrames !== undefined && f >= clipStart && f < clipStart + options.clipFrames;
    const value = clipped ? 1 : amplitude * Math.sin((2 * Math.PI * frequency * f) / sampleRate);
    for (let c = 0; c < channels; c++) {
      const at = (f * channels + c) * bytes;
      if (float) data.writeFloatLE(value, at);
      else {
        const scale = 2 ** (bits - 1);
        const int = Math.max(-scale, Math.min(scale - 1, Math.round(value * scale)));
        data.writeIntLE(int, at, bytes);
      }
    }
  }
  return Buffer.concat([wavHeader({ sampleRate, channels, format, frames }), data]);
}

/** A user with an address, an active distribution subscription and a distribution account. */
export async function createDistributor(platform: TestPlatform) {
  const user = await createUser(platform.db);
  await createAddress(platform.db, user.id, { country: 'DE' });
  const caller = createCallerFactory(appRouter)(platform.contextFor({ userId: user.id }));
  await caller.distribution.subscribe({ nonce: 'fake-valid-nonce', planId: 'distribution-yearly' });
  const ids = await caller.distribution.setup({
    artistName: 'Erika',
    artistCountry: 'DE',
    participantName: 'Erika Mustermann',
    participantPayPalEmail: 'payout@example.com',
    labelName: 'Erika Records',
  });
  return { userId: user.id, caller, artistId: Number(ids.distributionArtistId), participantId: Number(ids.distributionParticipantId), labelId: Number(ids.distributionLabelId) };
}

/** A mastered master whose 24-bit file holds the given signal. */
export async function createMasterWithAudio(platform: Pick<Platform, 'db' | 'storage'>, userId: string, options: SignalOptions & { trackName?: string } = {}) {
  const trackName = options.trackName ?? 'My Song';
  const master = await createMaster(platform.db, userId, { trackName, fileName: `${trackName}.wav`, status: 'MASTERED', path: null });
  const key = `tracks/${master.track_id}/masters/${master.id}.wav`;
  await platform.storage.write(key, Readable.from([signalWav(options)]));
  await platform.db.updateTable('masters').set({ path: key }).where('id', '=', master.id).execute();
  return { masterId: master.id, trackId: master.track_id, key };
}

/** A distributor's draft release holding one track: a new master with the given name and signal. */
export async function createDraftWithTrack(platform: TestPlatform, account: Pick<Awaited<ReturnType<typeof createDistributor>>, 'userId' | 'caller'>, options: SignalOptions & { trackName?: string } = {}) {
  const { albumId } = await account.caller.releases.start();
  const { masterId } = await createMasterWithAudio(platform, account.userId, options);
  const track = await account.caller.releases.addTrack({ masterId, albumId });
  return { albumId, masterId, track };
}

/**
 * A distributor's released album of one one-second track whose payouts the distributor's own
 * participant and a partner share as artists by the given percentages. The partner's name and
 * payout e-mail carry the distributor's participant id, so they are unique to the call.
 */
export async function createReleaseWithPartner(
  platform: TestPlatform,
  options: { shares?: { own: number; partner: number }; albumName?: string; trackName?: string } = {},
) {
  const shares = options.shares ?? { own: 70, partner: 30 };
  const account = await createDistributor(platform);
  const { caller } = account;
  const { albumId, track } = await createDraftWithTrack(platform, account, { trackName: options.trackName ?? 'Moonrise', seconds: 1 });
  await caller.releases.updateAlbum({ albumId, name: options.albumName ?? 'Night Songs' });
  const partnerName = `Partner ${account.participantId}`;
  const partnerEmail = `partner${account.participantId}@example.com`;
  const partner = await caller.distribution.createParticipant({ name: partnerName, email: partnerEmail });
  const partnerId = Number(partner.participant_id);
  await caller.releases.updateTrack({
    trackId: track.track_id,
    participants: [
      { id: account.participantId, role_id: [6], payout_share_percentage: shares.own },
      { id: partnerId, role_id: [6], payout_share_percentage: shares.partner },
    ],
  });
  await caller.releases.release({ albumId });
  return { ...account, albumId, trackId: track.track_id, isrc: track.stereo_isrc, partnerId, partnerName, partnerEmail };
}

/** What a test cover's file weighs at least: over the 1 MiB minimum with room to cut a part off. */
const COVER_TARGET_BYTES = 1_400_000;

/**
 * A cover image: noise makes the encoded file big enough for the 1 MiB minimum (a flat colour
 * compresses to a few kilobytes). Only a band of rows from the top is noise, the rest flat grey:
 * noise over the whole of a 3000 px square made a 26 MB file that every upload, hash, resize and
 * SFTP transfer of a test then carried. The band grows until the file is big enough.
 */
export async function coverImage(options: { width?: number; height?: number; format?: 'jpeg' | 'png' | 'webp'; cmyk?: boolean; grey?: boolean } = {}): Promise<Buffer> {
  const width = options.width ?? 3000;
  const height = options.height ?? width;
  const channels = 3;
  // A noisy pixel costs about 3 bytes in each format at these settings.
  let noiseRows = Math.min(height, Math.ceil(COVER_TARGET_BYTES / (width * 2)));
  for (;;) {
    const pixels = Buffer.alloc(width * height * channels, 128);
    randomBytes(width * noiseRows * channels).copy(pixels);
    const encoded = await encodeCover(sharp(pixels, { raw: { width, height, channels } }), options);
    if (encoded.length >= COVER_TARGET_BYTES || noiseRows === height) return encoded;
    noiseRows = Math.min(height, noiseRows * 2);
  }
}

function encodeCover(pixels: Sharp, options: { format?: 'jpeg' | 'png' | 'webp'; cmyk?: boolean; grey?: boolean }): Promise<Buffer> {
  let image = pixels;
  if (options.cmyk) image = image.toColourspace('cmyk');
  // One band (b-w): greyscale() alone keeps three equal bands, which sharp still reads as sRGB.
  if (options.grey) image = image.toColourspace('b-w');
  const format = options.format ?? 'jpeg';
  if (format === 'png') return image.png({ compressionLevel: 1 }).toBuffer();
  if (format === 'webp') return image.webp({ quality: 100 }).toBuffer();
  return image.jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer();
}

/** Runs the queued cover-variant jobs as the web process's worker would; answers how many ran. */
export async function runCoverJobs(platform: Platform): Promise<number> {
  const handler = coverJobHandlers(platform)[COVER_JOB_KIND]!;
  let ran = 0;
  for (;;) {
    const job = await claimJob(platform.db, { kinds: [COVER_JOB_KIND], leaseMs: 60_000 });
    if (!job) return ran;
    await handler(job, { signal: new AbortController().signal, completeWith: (effect) => completeJobWith(platform.db, job, effect) });
    ran++;
  }
}
