import { describe, expect, it } from 'vitest';
import type { InternalClient } from '../../src/internal/internal-client.js';
import type { TTrackAccess } from '../../src/modules/streaming/index.js';
import { ACCESS_TTL_MS, WebDirectory } from './web-directory.js';

const OWNER: TTrackAccess = { role: 'owner' };
const SHARED: TTrackAccess = { role: 'shared', styleIds: [4] };

/** The web process's access answers as a script: each call takes the next answer, resolved when told. */
function scriptedClient() {
  const calls: { resolve: (value: TTrackAccess) => void; reject: (error: Error) => void }[] = [];
  const client = {
    tracks: {
      access: {
        query: () => new Promise<TTrackAccess>((resolve, reject) => calls.push({ resolve, reject })),
      },
    },
  } as unknown as InternalClient;
  return { client, calls };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A directory on a clock the test moves, after its first trackAccess('u', 't') was answered with `answer`. */
async function directoryThatAnswered(answer: TTrackAccess) {
  const { client, calls } = scriptedClient();
  const clock = { now: 0 };
  const directory = new WebDirectory(client, () => clock.now);
  const first = directory.trackAccess('u', 't');
  calls[0]!.resolve(answer);
  await first;
  return { directory, calls, clock };
}

describe('WebDirectory access cache', () => {
  it('when asked again within the TTL, then the web process is called once', async () => {
    const { client, calls } = scriptedClient();
    const directory = new WebDirectory(client, () => 0);
    const first = directory.trackAccess('u', 't');
    const second = directory.trackAccess('u', 't');
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(OWNER);
    expect(await first).toEqual(OWNER);
    expect(await second).toEqual(OWNER);
  });

  it('when the answer has expired, then the old one is served at once while a single refresh runs, and the fresh one after', async () => {
    const { directory, calls, clock } = await directoryThatAnswered(SHARED);
    clock.now = ACCESS_TTL_MS + 1;
    expect(await directory.trackAccess('u', 't')).toEqual(SHARED);
    expect(await directory.trackAccess('u', 't')).toEqual(SHARED);
    expect(calls).toHaveLength(2);
    // The share was revoked: the refresh says so, and from then on access is refused.
    calls[1]!.resolve(null);
    await settle();
    expect(await directory.trackAccess('u', 't')).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('when the answer is far past its TTL, then the caller waits for a fresh one', async () => {
    const { directory, calls, clock } = await directoryThatAnswered(SHARED);
    clock.now = 10 * ACCESS_TTL_MS;
    const fresh = directory.trackAccess('u', 't');
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(null);
    expect(await fresh).toBeNull();
  });

  it('when a call fails, then its failure is not cached', async () => {
    const { client, calls } = scriptedClient();
    const directory = new WebDirectory(client, () => 0);
    const failed = directory.trackAccess('u', 't');
    calls[0]!.reject(new Error('web process down'));
    await expect(failed).rejects.toThrow('web process down');
    const retried = directory.trackAccess('u', 't');
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(OWNER);
    expect(await retried).toEqual(OWNER);
  });
});
