import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.js';
import { createCallerFactory } from '../../platform/trpc/trpc.js';
import { createMaster } from '../../test/commerce-factories.js';
import { createTestUser } from '../../test/factories.js';
import { mailsTo } from '../../test/outbox.js';
import { noticeIfOneConnection } from '../../test/test-database.js';
import { createTestPlatform, type TestPlatform } from '../../test/test-platform.js';
import { listenTestApp, type TestApp } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof createTestUser>>;

describe('sharing', () => {
  let platform: TestPlatform;
  let app: TestApp;
  let base: string;
  let alice: User;
  let bob: User;
  const callerFor = (user: User | null) => createCallerFactory(appRouter)(platform.contextFor(user ? { userId: user.id } : null));

  beforeAll(async () => {
    // Alice shares more often here than the daily limit allows (that limit: sharing-limits.int.test.ts).
    platform = await createTestPlatform({ SHARES_PER_DAY: '1000' });
    app = await listenTestApp(platform);
    base = app.base;
    alice = await createTestUser(platform.db, platform.secrets.jwtSecret);
    bob = await createTestUser(platform.db, platform.secrets.jwtSecret);
  });
  afterAll(async () => {
    await app?.close();
    await platform.close();
  });

  const shareCountOf = async (masterId: string) =>
    (await platform.db.selectFrom('masters').select('share_count').where('id', '=', masterId).executeTakeFirstOrThrow()).share_count;

  async function graphql(user: User | null, query: string, variables: Record<string, unknown> = {}) {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(user ? { authorization: `Bearer ${user.token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data: Record<string, unknown> | null; errors?: { message: string }[] };
  }

  it('when an owner shares five times, then the counter follows, the sixth is refused, and removal counts down', async () => {
    const master = await createMaster(platform.db, alice.id);
    const asAlice = callerFor(alice);
    for (let i = 1; i <= 5; i += 1) {
      const share = await asAlice.sharing.createShare({ email: `  Friend${i}@Example.COM `, masterId: master.id });
      expect(share.email).toBe(`friend${i}@example.com`);
      expect(await shareCountOf(master.id)).toBe(i);
    }
    await expect(asAlice.sharing.createShare({ email: 'friend6@example.com', masterId: master.id })).rejects.toMatchObject({ message: 'share.limitReached' });
    const list = await asAlice.sharing.sharesByMaster({ masterId: master.id });
    expect(list).toMatchObject({ shareCount: 5, limit: 5 });
    expect(list.shares.map((s) => s.email)).toEqual([1, 2, 3, 4, 5].map((i) => `friend${i}@example.com`));
    expect(await asAlice.sharing.removeShare({ id: list.shares[0]!.id })).toBe(true);
    expect(await shareCountOf(master.id)).toBe(4);
    await asAlice.sharing.createShare({ email: 'friend6@example.com', masterId: master.id });
    expect(await shareCountOf(master.id)).toBe(5);
  });

  it('when an address is shared twice, an address is invalid, or the master is not mastered, then it is refused and nothing counts', async () => {
    const asAlice = callerFor(alice);
    const master = await createMaster(platform.db, alice.id);
    await asAlice.sharing.createShare({ email: 'twice@example.com', masterId: master.id });
    await expect(asAlice.sharing.createShare({ email: 'TWICE@example.com', masterId: master.id })).rejects.toMatchObject({ message: 'share.alreadyShared' });
    await expect(asAlice.sharing.createShare({ email: 'not-an-address', masterId: master.id })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(asAlice.sharing.createShare({ email: alice.email, masterId: master.id })).rejects.toMatchObject({ message: 'share.ownEmail' });
    expect(await shareCountOf(master.id)).toBe(1);

    const unmastered = await createMaster(platform.db, alice.id, { styled: false, status: 'CREATED' });
    await expect(asAlice.sharing.createShare({ email: 'x@example.com', masterId: unmastered.id })).rejects.toMatchObject({ message: 'share.notMastered' });
    const making = await createMaster(platform.db, alice.id, { status: 'CREATED' });
    await expect(asAlice.sharing.createShare({ email: 'x@example.com', masterId: making.id })).rejects.toMatchObject({ message: 'share.notMastered' });
    expect(await shareCountOf(unmastered.id)).toBe(0);
    const paid = await createMaster(platform.db, alice.id, { status: 'PAYMENT_DONE' });
    await expect(asAlice.sharing.createShare({ email: 'x@example.com', masterId: paid.id })).resolves.toMatchObject({ email: 'x@example.com' });
  });

  it("when another user adds, lists or removes shares of someone's master, then tRPC and GraphQL answer not found and nothing changes", async () => {
    const master = await createMaster(platform.db, alice.id);
    const share = await callerFor(alice).sharing.createShare({ email: 'guest@example.com', masterId: master.id });
    const asBob = callerFor(bob);
    await expect(asBob.sharing.createShare({ email: 'bob-friend@example.com', masterId: master.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(asBob.sharing.removeShare({ id: share.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(asBob.sharing.sharesByMaster({ masterId: master.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    for (const [query, variables] of [
      ['mutation($m: ID!) { createShare(email: "bob-friend@example.com", masterId: $m) { id } }', { m: master.id }],
      ['mutation($id: ID!) { removeShare(id: $id) }', { id: share.id }],
      ['query($m: ID!) { sharesByMaster(masterId: $m) { id } }', { m: master.id }],
    ] as const) {
      expect((await graphql(bob, query, variables)).errors?.[0]?.message, query).toBe('global.error.notFound');
    }
    expect(await shareCountOf(master.id)).toBe(1);
    expect((await graphql(null, '{ sharedWithMe { id } }')).errors?.[0]?.message).toBe('global.error.unauthorized');
    await expect(callerFor(null).sharing.sharedWithMe()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('when a master is shared with an address, then a mail with the link goes out in the sharer’s language', async () => {
    const master = await createMaster(platform.db, alice.id, { trackName: 'Night Drive' });
    await callerFor(alice).sharing.createShare({ email: 'listener@example.com', masterId: master.id });
    const [mail] = await mailsTo(platform.outboxDir, 'listener@example.com');
    expect(mail?.subject).toContain('Night Drive');
    expect(mail?.text).toContain(`/masters/song/${master.id}`);

    await platform.db.updateTable('users').set({ locale: 'de' }).where('id', '=', bob.id).execute();
    const bobs = await createMaster(platform.db, bob.id, { trackName: 'Nachtfahrt' });
    await callerFor(bob).sharing.createShare({ email: 'hoerer@example.com', masterId: bobs.id });
    const [german] = await mailsTo(platform.outboxDir, 'hoerer@example.com');
    expect(german?.subject).toContain('hat einen Master mit dir geteilt');
  });

  it('when a signed-out visitor opens the link of a share mail, then its share id tells who shared which track, and an unknown id is not found', async () => {
    const master = await createMaster(platform.db, alice.id, { trackName: 'Morning Tide' });
    const share = await callerFor(alice).sharing.createShare({ email: 'invitee@example.com', masterId: master.id });
    const [mail] = await mailsTo(platform.outboxDir, 'invitee@example.com');
    expect(mail?.text).toContain(`/masters/song/${master.id}?share=${share.id}`);
    const invitation = await callerFor(null).sharing.shareInvitation({ id: share.id });
    expect(invitation).toMatchObject({ masterId: master.id, trackName: 'Morning Tide', email: 'invitee@example.com' });
    expect(invitation.sharer.length).toBeGreaterThan(0);
    await expect(callerFor(null).sharing.shareInvitation({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('when an address without an account is invited, then the user who signs up with it sees the share, view-only, and others do not', async () => {
    const master = await createMaster(platform.db, alice.id, { trackName: 'Later Listener' });
    await callerFor(alice).sharing.createShare({ email: 'later@example.com', masterId: master.id });
    const later = await createTestUser(platform.db, platform.secrets.jwtSecret, { email: 'later@example.com' });
    const list = await callerFor(later).sharing.sharedWithMe();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: master.id, track_name: 'Later Listener', user: { id: alice.id, email: alice.email }, styleGroup_name: 'Pop' });
    expect((await callerFor(later).sharing.sharedMaster({ id: master.id })).id).toBe(master.id);
    const gql = await graphql(later, '{ sharedWithMe(orderEntity: "title", orderDirection: "asc") { id track_name user { email name } } }');
    // The owner's name is what the sharee is shown.
    expect(gql.data?.sharedWithMe).toEqual([{ id: master.id, track_name: 'Later Listener', user: { email: alice.email, name: 'Test User' } }]);

    // Not shared with Bob: he sees none of it, and cannot open it as a shared master.
    expect((await callerFor(bob).sharing.sharedWithMe()).map((m) => m.id)).not.toContain(master.id);
    await expect(callerFor(bob).sharing.sharedMaster({ id: master.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The shared viewer cannot share on, nor see who else it is shared with, nor delete it.
    await expect(callerFor(later).sharing.createShare({ email: 'more@example.com', masterId: master.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(callerFor(later).sharing.sharesByMaster({ masterId: master.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(callerFor(later).masters.removeMaster({ id: master.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // Removing the share takes it out of the list at once.
    const { shares } = await callerFor(alice).sharing.sharesByMaster({ masterId: master.id });
    await callerFor(alice).sharing.removeShare({ id: shares[0]!.id });
    expect(await callerFor(later).sharing.sharedWithMe()).toEqual([]);
  });

  it('when two invitations race for the last place, then exactly one wins', async ({ task }) => {
    noticeIfOneConnection(platform.database, task.name);
    const master = await createMaster(platform.db, alice.id);
    const asAlice = callerFor(alice);
    for (let i = 0; i < 4; i += 1) await asAlice.sharing.createShare({ email: `race${i}@example.com`, masterId: master.id });
    const results = await Promise.allSettled([
      asAlice.sharing.createShare({ email: 'racer-a@example.com', masterId: master.id }),
      asAlice.sharing.createShare({ email: 'racer-b@example.com', masterId: master.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await shareCountOf(master.id)).toBe(5);
  });
});
