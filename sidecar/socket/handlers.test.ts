import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../src/platform/access-token.js';
import { createDispatcher, MAX_PENDING_ORDERED, type EventHandler } from './handlers.js';
import type { SocketSession } from './session.js';

const SECRET = 'test-secret-0123456789abcdef0123456789';
const token = signAccessToken(SECRET, '00000000-0000-4000-8000-000000000001').token;

function fakeSession() {
  const errors: string[] = [];
  const session = {
    orderedLane: Promise.resolve(),
    pendingOrdered: 0,
    closed: false,
    sendError: (code: string) => errors.push(code),
    refuseFlood: () => errors.push('global.error.tooManyRequests'),
    log: { error: () => undefined },
  };
  return { session: session as unknown as SocketSession, errors };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('socket dispatcher', () => {
  it('when a slow request-chunks is followed by a fast one, then they take effect in the order they were sent', async () => {
    const done: string[] = [];
    // The first lookup is slow (an uncached master), the second fast: order must still hold.
    const chunks: EventHandler = async (_session, payload) => {
      const { label, delayMs } = payload as { label: string; delayMs: number };
      await wait(delayMs);
      done.push(label);
    };
    const dispatch = createDispatcher({ jwtSecret: SECRET }, { 'request-chunks': chunks, 'stop-binary': () => void done.push('stop') });
    const { session } = fakeSession();
    await Promise.all([
      dispatch(session, { event: 'request-chunks', token, payload: { label: 'style 1', delayMs: 60 } }),
      dispatch(session, { event: 'request-chunks', token, payload: { label: 'style 2', delayMs: 1 } }),
      dispatch(session, { event: 'stop-binary', token, payload: {} }),
    ]);
    expect(done).toEqual(['style 1', 'style 2', 'stop']);
  });

  it('when mastering runs, then chunk requests are not held behind it', async () => {
    const done: string[] = [];
    let finishMastering = () => undefined as void;
    const mastering: EventHandler = () => new Promise<void>((resolve) => (finishMastering = () => resolve()));
    const chunks: EventHandler = () => void done.push('chunks');
    const dispatch = createDispatcher({ jwtSecret: SECRET }, { 'request-mastering': mastering, 'request-chunks': chunks });
    const { session } = fakeSession();
    const running = dispatch(session, { event: 'request-mastering', token, payload: {} });
    await dispatch(session, { event: 'request-chunks', token, payload: {} });
    expect(done).toEqual(['chunks']);
    finishMastering();
    await running;
  });

  it('when an ordered handler throws, then the error is answered and the lane goes on', async () => {
    const done: string[] = [];
    const failing: EventHandler = () => Promise.reject(new Error('boom'));
    const dispatch = createDispatcher({ jwtSecret: SECRET }, { 'request-meta': failing, 'request-chunks': () => void done.push('chunks') });
    const { session, errors } = fakeSession();
    await Promise.all([dispatch(session, { event: 'request-meta', token, payload: {} }), dispatch(session, { event: 'request-chunks', token, payload: {} })]);
    expect(errors).toEqual(['global.error.server']);
    expect(done).toEqual(['chunks']);
  });

  it('when more ordered requests wait than the bound, then the rest are refused and never run', async () => {
    let ran = 0;
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = () => resolve()));
    const chunks: EventHandler = async () => {
      await gate;
      ran += 1;
    };
    const dispatch = createDispatcher({ jwtSecret: SECRET }, { 'request-chunks': chunks });
    const { session, errors } = fakeSession();
    const calls = Array.from({ length: MAX_PENDING_ORDERED + 5 }, () => dispatch(session, { event: 'request-chunks', token, payload: {} }));
    open();
    await Promise.all(calls);
    expect(ran).toBe(MAX_PENDING_ORDERED);
    expect(errors).toContain('global.error.tooManyRequests');
  });

  it('when the client leaves with requests waiting, then none of them runs', async () => {
    let ran = 0;
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = () => resolve()));
    const dispatch = createDispatcher({ jwtSecret: SECRET }, { 'request-meta': () => gate, 'request-chunks': () => void (ran += 1) });
    const { session } = fakeSession();
    const calls = [dispatch(session, { event: 'request-meta', token, payload: {} }), ...Array.from({ length: 5 }, () => dispatch(session, { event: 'request-chunks', token, payload: {} }))];
    (session as { closed: boolean }).closed = true;
    open();
    await Promise.all(calls);
    expect(ran).toBe(0);
  });
});
