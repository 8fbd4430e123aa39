import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestUser } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { wavBytes } from '../../test/wav-bytes.js';

const BOUNDARY = '----masterdeck-reference-boundary';

/** A multipart body of plain fields and one `track` file, in the order given. */
function multipart(parts: Array<{ name: string; value: string } | { file: Uint8Array; fileName: string }>): Uint8Array<ArrayBuffer> {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const head = 'file' in part ? `form-data; name="track"; filename="${part.fileName}"\r\nContent-Type: audio/wav` : `form-data; name="${part.name}"`;
    pieces.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${head}\r\n\r\n`), Buffer.from('file' in part ? part.file : part.value), Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return new Uint8Array(Buffer.concat(pieces));
}

describe('reference tracks', () => {
  const suite = useTestApp();
  const newUser = () => createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
  const upload = async (userId: string, parts: Parameters<typeof multipart>[0]) => {
    const response = await fetch(`${suite.app.base}/api/upload`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...suite.bearer(userId) },
      body: multipart(parts),
    });
    return { status: response.status, body: (await response.json()) as { id?: string; message?: string } };
  };
  const rest = async (userId: string, method: 'GET' | 'DELETE', path: string) => {
    const response = await fetch(`${suite.app.base}/api${path}`, { method, headers: suite.bearer(userId) });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('when a user uploads a reference, then it is listed for them on tRPC, REST and GraphQL, stored under them, and no track is made', async () => {
    const alice = await newUser();
    const { status, body } = await upload(alice.id, [{ name: 'reference', value: 'true' }, { file: wavBytes({ frames: 44100 }), fileName: 'Their Hit.wav' }]);
    expect(status).toBe(200);
    const id = body.id!;
    const listed = await suite.callerFor(alice.id).references.myReferences();
    expect(listed).toEqual([{ id, name: 'Their Hit', sampleRate: 44100, channels: 2, durationS: 1, createdAt: expect.any(String) as string }]);
    expect((await rest(alice.id, 'GET', '/references')).body).toEqual(listed);
    expect((await suite.graphql(alice.id, '{ myReferences { id name durationS } }')).data).toEqual({ myReferences: [{ id, name: 'Their Hit', durationS: 1 }] });
    expect(await suite.platform.storage.list(`users/${alice.id}/references`)).toEqual([`users/${alice.id}/references/${id}.wav`]);
    expect(await suite.platform.db.selectFrom('tracks').select('id').where('user_id', '=', alice.id).execute()).toEqual([]);
  });

  it('when another user asks for, or removes, a reference that is not theirs, then every transport answers not found and it stays', async () => {
    const alice = await newUser();
    const bob = await newUser();
    const { body } = await upload(alice.id, [{ name: 'reference', value: 'true' }, { file: wavBytes({ frames: 44100 }), fileName: 'private.wav' }]);
    const id = body.id!;
    expect(await suite.callerFor(bob.id).references.myReferences()).toEqual([]);
    expect((await rest(bob.id, 'GET', '/references')).body).toEqual([]);
    await expect(suite.callerFor(bob.id).references.removeReference({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await rest(bob.id, 'DELETE', `/references/${id}`)).status).toBe(404);
    expect((await suite.graphql(bob.id, 'mutation($id: ID!) { removeReference(id: $id) }', { id })).errors?.[0]?.message).toBe('global.error.notFound');
    await expect(suite.callerFor(null).references.myReferences()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await suite.callerFor(alice.id).references.myReferences()).map((r) => r.id)).toEqual([id]);
  });

  it('when the owner asks for a reference audio, then its WAV comes as uploaded, never to be cached; anyone else or nobody signed in gets none', async () => {
    const alice = await newUser();
    const bob = await newUser();
    const wav = wavBytes({ frames: 44100 });
    const { body } = await upload(alice.id, [{ name: 'reference', value: 'true' }, { file: wav, fileName: 'listen.wav' }]);
    const audio = (userId: string | null) => fetch(`${suite.app.base}/api/references/${body.id}/audio`, { headers: userId ? suite.bearer(userId) : {} });
    const own = await audio(alice.id);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('audio/wav');
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(own.headers.get('content-disposition')).toBe('inline');
    expect(Buffer.from(await own.arrayBuffer()).equals(Buffer.from(wav))).toBe(true);
    const stranger = await audio(bob.id);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ message: 'global.error.notFound' });
    expect((await audio(null)).status).toBe(401);
    expect((await fetch(`${suite.app.base}/api/references/not-an-id/audio`, { headers: suite.bearer(alice.id) })).status).toBe(400);
  });

  it('when the owner makes one of their masters a reference, then its file becomes a reference of its own on every transport; anyone else, or a master without a file, gets not found', async () => {
    const alice = await newUser();
    const bob = await newUser();
    const uploaded = await upload(alice.id, [{ file: wavBytes({ frames: 44100 }), fileName: 'Own Song.wav' }]);
    const { track_id: trackId } = await suite.platform.db.selectFrom('masters').select('track_id').where('id', '=', uploaded.body.id!).executeTakeFirstOrThrow();
    const style = await suite.platform.db.selectFrom('styles').select('id').where('enabled', '=', true).orderBy('style_index').executeTakeFirstOrThrow();
    const masterWav = Buffer.from(wavBytes({ frames: 22050 }));
    const key = `tracks/${trackId}/masters/own-master.wav`;
    await suite.platform.storage.write(key, Readable.from([masterWav]));
    const master = await suite.platform.db
      .insertInto('masters')
      .values({ track_id: trackId, user_id: alice.id, style_id: style.id, status: 'MASTERED', path: key, measurements: JSON.stringify({ lufs: -10, truePeak: -1, frames: 22050, channels: 2, sampleRate: 44100 }) })
      .returning('id')
      .executeTakeFirstOrThrow();

    const made = await suite.callerFor(alice.id).references.referenceFromMaster({ masterId: master.id });
    expect(made).toMatchObject({ sampleRate: 44100, channels: 2, durationS: 0.5 });
    expect(made.name).toContain('Own Song');
    const copy = await fetch(`${suite.app.base}/api/references/${made.id}/audio`, { headers: suite.bearer(alice.id) });
    expect(Buffer.from(await copy.arrayBuffer()).equals(masterWav)).toBe(true);
    const viaRest = await fetch(`${suite.app.base}/api/references/from-master`, { method: 'POST', headers: { 'content-type': 'application/json', ...suite.bearer(alice.id) }, body: JSON.stringify({ masterId: master.id }) });
    expect(viaRest.status).toBe(200);
    const viaGraphql = await suite.graphql(alice.id, 'mutation($masterId: ID!) { referenceFromMaster(masterId: $masterId) { id durationS } }', { masterId: master.id });
    expect(viaGraphql.data).toEqual({ referenceFromMaster: { id: expect.any(String) as string, durationS: 0.5 } });
    expect(await suite.callerFor(alice.id).references.myReferences()).toHaveLength(3);

    await expect(suite.callerFor(bob.id).references.referenceFromMaster({ masterId: master.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const strangerRest = await fetch(`${suite.app.base}/api/references/from-master`, { method: 'POST', headers: { 'content-type': 'application/json', ...suite.bearer(bob.id) }, body: JSON.stringify({ masterId: master.id }) });
    expect(strangerRest.status).toBe(404);
    expect((await suite.graphql(bob.id, 'mutation($masterId: ID!) { referenceFromMaster(masterId: $masterId) { id } }', { masterId: master.id })).errors?.[0]?.message).toBe('global.error.notFound');
    // The upload's own unmastered master has no master file: nothing to steer toward.
    await expect(suite.callerFor(alice.id).references.referenceFromMaster({ masterId: uploaded.body.id! })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await suite.callerFor(bob.id).references.myReferences()).toEqual([]);
    expect(await suite.platform.storage.list(`users/${bob.id}/references`)).toEqual([]);
  });

  it('when the owner removes a reference, then its row and its file are gone', async () => {
    const alice = await newUser();
    const { body } = await upload(alice.id, [{ name: 'reference', value: 'true' }, { file: wavBytes({ frames: 44100 }), fileName: 'gone.wav' }]);
    expect((await rest(alice.id, 'DELETE', `/references/${body.id}`)).body).toBe(true);
    expect(await suite.callerFor(alice.id).references.myReferences()).toEqual([]);
    expect(await suite.platform.storage.list(`users/${alice.id}/references`)).toEqual([]);
  });

  it('when the reference field comes after the file, or a reference names a track, then it is refused and nothing is left', async () => {
    const alice = await newUser();
    const late = await upload(alice.id, [{ file: wavBytes({ frames: 44100 }), fileName: 'late.wav' }, { name: 'reference', value: 'true' }]);
    expect(late).toMatchObject({ status: 400, body: { message: 'error.uploadFieldOrder' } });
    const withTrack = await upload(alice.id, [
      { name: 'reference', value: 'true' },
      { name: 'trackId', value: '7f9c2ba4-e88f-4d3a-9b6e-2f1d8c3a4b5e' },
      { file: wavBytes({ frames: 44100 }), fileName: 'x.wav' },
    ]);
    expect(withTrack).toMatchObject({ status: 400, body: { message: 'global.error.invalidInput' } });
    expect(await suite.callerFor(alice.id).references.myReferences()).toEqual([]);
    expect(await suite.platform.storage.list(`users/${alice.id}`)).toEqual([]);
    expect(await suite.platform.db.selectFrom('tracks').select('id').where('user_id', '=', alice.id).execute()).toEqual([]);
  });
});
