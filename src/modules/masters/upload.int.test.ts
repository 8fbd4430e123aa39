import { request } from 'node:http';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { FOREIGN_FILES, wavBytes, type WavBytesOptions } from '../../test/wav-bytes.js';
import { MAX_UPLOAD_BYTES } from './masters.schemas.js';

interface Part {
  name: string;
  value?: string;
  /** encodedName: sent as RFC 5987 `filename*` (percent-encoded), which busboy decodes. */
  file?: { name: string; bytes: Uint8Array; encodedName?: string };
}

const BOUNDARY = '----masterdeck-test-boundary-7MA4YWxkTrZu0gW';

function partHead(part: Part): string {
  const disposition = part.file
    ? part.file.encodedName
      ? `form-data; name="${part.name}"; filename*=utf-8''${part.file.encodedName}`
      : `form-data; name="${part.name}"; filename="${part.file.name}"`
    : `form-data; name="${part.name}"`;
  return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.file ? 'Content-Type: audio/wav\r\n' : ''}\r\n`;
}

function multipart(parts: Part[]): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    pieces.push(Buffer.from(partHead(part)), Buffer.from(part.file ? part.file.bytes : (part.value ?? '')), Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(pieces);
}

describe('POST /api/upload', () => {
  const suite = useTestApp();
  let base: string;
  let alice: TestUser;
  let bob: TestUser;
  // Every stored file, the staged (.part) ones of the disk included.
  const storedFiles = () => suite.platform.storage.list('tracks');

  beforeAll(async () => {
    base = suite.app.base;
    alice = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
    bob = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
  });

  async function upload(user: TestUser | null, parts: Part[]) {
    const response = await fetch(`${base}/api/upload`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...(user ? { authorization: `Bearer ${user.token}` } : {}) },
      body: new Uint8Array(multipart(parts)),
    });
    return { status: response.status, body: (await response.json()) as { id?: string; statusCode?: number; message?: string; detail?: string } };
  }
  const wavPart = (bytes: Uint8Array, name = 'My Song.wav'): Part => ({ name: 'track', file: { name, bytes } });

  async function counts(user: TestUser) {
    const tracks = await suite.platform.db.selectFrom('tracks').select('id').where('user_id', '=', user.id).execute();
    const masters = await suite.platform.db.selectFrom('masters').select('id').where('user_id', '=', user.id).execute();
    return { tracks: tracks.length, masters: masters.length };
  }

  /** Runs `act` and checks that it left no row and no file behind. */
  async function expectNothingLeft(user: TestUser, act: () => Promise<void>) {
    const before = { rows: await counts(user), files: await storedFiles() };
    await act();
    expect(await counts(user)).toEqual(before.rows);
    expect(await storedFiles()).toEqual(before.files);
  }

  const malformed: [string, Uint8Array, number, string, RegExp][] = [
    ['an empty file', FOREIGN_FILES.empty, 400, 'error.noWaveFile', /empty/],
    ['an MP3 named .wav', FOREIGN_FILES.mp3WithId3, 400, 'error.noWaveFile', /MP3/],
    ['a bare MP3 stream named .wav', FOREIGN_FILES.mp3FrameSync, 400, 'error.noWaveFile', /MPEG/],
    ['a PNG named .wav', FOREIGN_FILES.png, 400, 'error.noWaveFile', /PNG/],
    ['a truncated file', wavBytes({ frames: 44100, truncateTo: 30_000 }), 400, 'error.unsupportedWave', /truncated/],
    ['a file cut inside its header', wavBytes({ truncateTo: 30 }), 400, 'error.unsupportedWave', /ends/],
    ['a data size beyond the RIFF size', wavBytes({ frames: 100, dataSize: 1_000_000 }), 400, 'error.unsupportedWave', /RIFF size/],
    ['a RIFF size that is too small', wavBytes({ frames: 100, riffSize: 2 }), 400, 'error.unsupportedWave', /too small/],
    ['an MP3 format code', wavBytes({ formatCode: 0x55 }), 400, 'error.unsupportedWave', /MP3/],
    ['ADPCM', wavBytes({ formatCode: 2 }), 400, 'error.unsupportedWave', /ADPCM/],
    ['zero channels', wavBytes({ channels: 0 }), 400, 'error.unsupportedWave', /0 channels/],
    ['99 channels', wavBytes({ channels: 99, frames: 10 }), 400, 'error.unsupportedWave', /99 channels/],
    ['a zero sample rate', wavBytes({ sampleRate: 0 }), 400, 'error.unsupportedWave', /0 Hz/],
    ['an absurd sample rate', wavBytes({ sampleRate: 3_000_000_000 }), 400, 'error.unsupportedWave', /3000000000 Hz/],
    ['8-bit samples', wavBytes({ bitsPerSample: 8 }), 400, 'error.unsupportedWave', /8-bit/],
    ['a header that declares more than 500 MB', wavBytes({ frames: 10, dataSize: 0xfff00000, riffSize: 0xfff00100 }), 413, 'error.fileTooLarge', /^$/],
  ];

  it.each(malformed)('when the file is %s, then it gets its error and leaves no row and no file', async (_name, bytes, status, message, detail) => {
    await expectNothingLeft(alice, async () => {
      const { status: actual, body } = await upload(alice, [wavPart(bytes)]);
      expect(actual).toBe(status);
      expect(body).toMatchObject({ statusCode: status, message });
      expect(body.detail ?? '').toMatch(detail);
    });
  });

  it('when 500 MB + 1 byte are streamed, then 413 error.fileTooLarge comes after the body was read, and nothing remains', async () => {
    // A valid header, then a trailing chunk that pushes the file one byte past the limit:
    // only the size limit can refuse it. Generated piecewise; never held in memory.
    const wav = Buffer.from(wavBytes({ frames: 441 }));
    const trailingBody = MAX_UPLOAD_BYTES + 1 - wav.length - 8;
    const junkHead = Buffer.alloc(8);
    junkHead.write('JUNK', 0, 'latin1');
    junkHead.writeUInt32LE(trailingBody, 4);
    const riffPatched = Buffer.from(wav);
    riffPatched.writeUInt32LE(MAX_UPLOAD_BYTES + 1 - 8, 4);
    const head = Buffer.from(partHead({ name: 'track', file: { name: 'huge.wav', bytes: new Uint8Array() } }));
    const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    const zeros = Buffer.alloc(1024 * 1024);
    async function* body() {
      yield head;
      yield riffPatched;
      yield junkHead;
      let left = trailingBody;
      while (left > 0) {
        const n = Math.min(left, zeros.length);
        yield n === zeros.length ? zeros : zeros.subarray(0, n);
        left -= n;
      }
      yield tail;
    }
    const contentLength = head.length + MAX_UPLOAD_BYTES + 1 + tail.length;

    await expectNothingLeft(alice, async () => {
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(`${base}/api/upload`, {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
            'content-length': String(contentLength),
            authorization: `Bearer ${alice.token}`,
          },
        });
        req.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on('error', reject);
        Readable.from(body()).pipe(req);
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text)).toEqual({ statusCode: 413, message: 'error.fileTooLarge' });
    });
  });

  const valid: [string, WavBytesOptions, Record<string, unknown>][] = [
    ['16-bit stereo 44.1 kHz', {}, { sample_rate: 44100, channels: 2, bits_per_sample: 16, sample_format: 'int' }],
    ['24-bit', { bitsPerSample: 24 }, { bits_per_sample: 24, sample_format: 'int' }],
    ['32-bit float', { bitsPerSample: 32, formatCode: 3 }, { bits_per_sample: 32, sample_format: 'float' }],
    ['64-bit float', { bitsPerSample: 64, formatCode: 3 }, { bits_per_sample: 64, sample_format: 'float' }],
    ['mono', { channels: 1 }, { channels: 1 }],
    ['96 kHz', { sampleRate: 96000, frames: 9600 }, { sample_rate: 96000 }],
    ['extensible 24-bit', { extensible: true, bitsPerSample: 24 }, { bits_per_sample: 24 }],
    ['RF64', { rf64: true }, { sample_rate: 44100 }],
  ];

  it.each(valid)('when a valid %s WAV arrives, then a track named after the file and its unmastered master exist', async (_name, options, expected) => {
    const bytes = wavBytes({ frames: 4410, ...options });
    const { status, body } = await upload(alice, [wavPart(bytes, 'Night Drive (final).wav')]);
    expect(status).toBe(200);
    const master = await suite.platform.db
      .selectFrom('masters')
      .innerJoin('tracks', 'tracks.id', 'masters.track_id')
      .select([
        'masters.style_id', 'masters.user_id', 'tracks.name', 'tracks.path', 'tracks.file_name', 'tracks.sample_rate', 'tracks.channels',
        'tracks.bits_per_sample', 'tracks.sample_format', 'tracks.number_of_samples', 'tracks.byte_length', 'tracks.data_offset', 'tracks.id',
      ])
      .where('masters.id', '=', body.id!)
      .executeTakeFirstOrThrow();
    expect(master).toMatchObject({ style_id: null, user_id: alice.id, name: 'Night Drive (final)', file_name: 'Night Drive (final).wav', ...expected });
    expect(Number(master.number_of_samples)).toBe(options.frames ?? 4410);
    expect(Number(master.byte_length)).toBe(bytes.length);
    expect(master.path).toBe(`tracks/${master.id}/original.wav`);
    expect(await buffer(suite.platform.storage.read(master.path!))).toEqual(Buffer.from(bytes));
    expect(await suite.platform.storage.list(`tracks/${master.id}`)).toEqual([`tracks/${master.id}/original.wav`]);
  });

  it('when nobody is signed in, then 401 and nothing is stored', async () => {
    await expectNothingLeft(alice, async () => {
      const { status, body } = await upload(null, [wavPart(wavBytes())]);
      expect(status).toBe(401);
      expect(body.message).toBe('global.error.unauthorized');
    });
  });

  it('when the body is not multipart or has no track part, then 400', async () => {
    const json = await fetch(`${base}/api/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.token}` },
      body: '{}',
    });
    expect(json.status).toBe(400);
    const { status, body } = await upload(alice, [{ name: 'isCustomMaster', value: 'true' }]);
    expect(status).toBe(400);
    expect(body.message).toBe('error.noFile');
  });

  it('when the multipart body is malformed, then 400 error.malformedBody and nothing remains', async () => {
    await expectNothingLeft(alice, async () => {
      const body = Buffer.concat([Buffer.from(partHead(wavPart(new Uint8Array()))), Buffer.from(wavBytes({ frames: 44100 }))]);
      const response = await fetch(`${base}/api/upload`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${alice.token}` },
        body: new Uint8Array(body), // no closing boundary
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: 'error.malformedBody' });
    });
  });

  it('when the client created the track first, then the file fills it, once', async () => {
    const created = await suite.platform.db.insertInto('tracks').values({ user_id: alice.id, name: 'Planned' }).returning('id').executeTakeFirstOrThrow();
    const first = await upload(alice, [{ name: 'trackId', value: created.id }, { name: 'isCustomMaster', value: 'true' }, wavPart(wavBytes(), 'other name.wav')]);
    expect(first.status).toBe(200);
    const track = await suite.platform.db.selectFrom('tracks').select(['name', 'path', 'is_custom_master']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(track).toEqual({ name: 'Planned', path: `tracks/${created.id}/original.wav`, is_custom_master: true });
    const unmastered = await suite.platform.db.selectFrom('masters').select('id').where('track_id', '=', created.id).execute();
    expect(unmastered.map((m) => m.id)).toEqual([first.body.id]);

    await expectNothingLeft(alice, async () => {
      const again = await upload(alice, [{ name: 'trackId', value: created.id }, wavPart(wavBytes())]);
      expect(again).toMatchObject({ status: 409, body: { message: 'error.trackHasAudio' } });
    });
  });

  it("when a user uploads into another user's track, then 404 and nothing is stored", async () => {
    const bobsTrack = await suite.platform.db.insertInto('tracks').values({ user_id: bob.id, name: 'Bob' }).returning('id').executeTakeFirstOrThrow();
    await expectNothingLeft(alice, async () => {
      const { status, body } = await upload(alice, [{ name: 'trackId', value: bobsTrack.id }, wavPart(wavBytes())]);
      expect(status).toBe(404);
      expect(body.message).toBe('global.error.notFound');
    });
    expect(await suite.platform.db.selectFrom('tracks').select('path').where('id', '=', bobsTrack.id).executeTakeFirstOrThrow()).toEqual({ path: null });
    expect(await suite.platform.storage.list(`tracks/${bobsTrack.id}`)).toEqual([]);
    const notAnId = await upload(alice, [{ name: 'trackId', value: 'not-an-id' }, wavPart(wavBytes())]);
    expect(notAnId.status).toBe(404);
  });

  it('when trackId comes after the file, then the upload is refused instead of creating a second track', async () => {
    const created = await suite.platform.db.insertInto('tracks').values({ user_id: alice.id, name: 'Late' }).returning('id').executeTakeFirstOrThrow();
    await expectNothingLeft(alice, async () => {
      const { status, body } = await upload(alice, [wavPart(wavBytes()), { name: 'trackId', value: created.id }]);
      expect(status).toBe(400);
      expect(body.message).toBe('error.uploadFieldOrder');
    });
  });

  // The file name becomes the track's name: an encoded NUL there was a 500 from PostgreSQL, a bell a
  // stored name. (busboy itself refuses raw control characters in a part header as malformed.)
  const encodedName = (encodedName: string): Part => ({ name: 'track', file: { name: '', encodedName, bytes: wavBytes() } });
  const controlCases: [string, () => Part[]][] = [
    ['a NUL in the file name', () => [encodedName('My%00Song.wav')]],
    ['a bell in the file name', () => [encodedName('My%07Song.wav')]],
    ['an escape in a field before the file', () => [{ name: 'isCustomMaster', value: 'false\u001b' }, wavPart(wavBytes())]],
    ['a control character in a field after the file', () => [wavPart(wavBytes()), { name: 'isCustomMaster', value: '\u0001false' }]],
  ];
  for (const [what, parts] of controlCases) {
    it(`when the upload has ${what}, then 400 global.error.invalidInput and nothing is stored`, async () => {
      await expectNothingLeft(alice, async () => {
        const { status, body } = await upload(alice, parts());
        expect(status).toBe(400);
        expect(body.message, body.detail).toBe('global.error.invalidInput');
      });
    });
  }

  it('when the client disconnects in the middle of the file, then nothing remains', async () => {
    const bytes = wavBytes({ frames: 441_000 });
    const head = Buffer.from(partHead(wavPart(bytes)));
    await expectNothingLeft(alice, async () => {
      await new Promise<void>((resolve) => {
        const req = request(`${base}/api/upload`, {
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(head.length + bytes.length + 100), authorization: `Bearer ${alice.token}` },
        });
        req.on('error', () => resolve());
        req.write(head);
        req.write(bytes.subarray(0, 200_000), () => setTimeout(() => {
          req.destroy();
          resolve();
        }, 100));
      });
      // The server notices the abort asynchronously.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
  });
});
