import { beforeAll, describe, expect, it } from 'vitest';
import { createMaster } from '../../test/commerce-factories.js';
import { createTestUser, type TestUser } from '../../test/factories.js';
import { mailsTo } from '../../test/outbox.js';
import { noticeIfOneConnection } from '../../test/test-database.js';
import { useTestApp } from '../../test/test-app.js';

describe('sharing', () => {
  // Alice shares more often here than the daily limit allows (that limit: sharing-limits.int.test.ts).
  const suite = useTestApp({ SHARES_PER_DAY: '1000' });
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    alice = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
    bob = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
  });

  const shareCountOf = async (masterId: string) =>
    (await suite.platform.db.selectFrom('masters').select('share_count').where('id', '=', masterId).executeTakeFirstOrThrow()).share_count;

  it('when an owner shares five times, then the counter follows, the sixth is refused, and removal counts down', async () => {
    const master = await createMaster(suite.platform.db, alice.id);
    const asAlice = suite.callerFor(alice.id);
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
    const asAlice = suite.callerFor(alice.id);
    const master = await createMaster(suite.platform.db, alice.id);
    await asAlice.sharing.createShare({ email: 'twice@example.com', masterId: master.id });
    await expect(asAlice.sharing.createShare({ email: 'TWICE@example.com', masterId: master.id })).rejects.toMatchObject({ message: 'share.alreadyShared' });
    await expect(asAlice.sharing.createShare({ email: 'not-an-address', masterId: master.id })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(asAlice.sharing.createShare({ email: alice.email, masterId: master.id })).rejects.toMatchObject({ message: 'share.ownEmail' });
    expect(await shareCountOf(master.id)).toBe(1);

    const unmastered = await createMaster(suite.platform.db, alice.id, { styled: false, status: 'CREATED' });
    await expect(asAlice.sharing.createShare({ email: 'x@example.com', masterId: unmastered.id })).rejects.toMatchObject({ message: 'share.notMastered' });
    const making = await createMaster(suite.platform.db, alice.id, { status: 'CREATED' });
    await expect(asAlice.sharing.createShare({ email: 'x@example.com', masterId: making.id })).rejects.toMatchObject({ message: 'share.notMastered' });
    expect(await shareCountOf(unmastered.id)).toBe(0);
    const paid = await createMaster(suite.platform.db, alice.id, { status: 'PAYMENT_DONE' });
    await expect(asAlice.sharing.createShare({ email: 'x@example.com', masterId: paid.id })).resolves.toMatchObject({ email: 'x@example.com' });
  });

  it("when another user adds, lists or removes shares of someone's master, then tRPC and GraphQL answer not found and nothing changes", async () => {
    const master = await createMaster(suite.platform.db, alice.id);
    const share = await suite.callerFor(alice.id).sharing.createShare({ email: 'guest@example.com', masterId: master.id });
    const asBob = suite.callerFor(bob.id);
    await expect(asBob.sharing.createShare({ email: 'bob-friend@example.com', masterId: master.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(asBob.sharing.removeShare({ id: share.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(asBob.sharing.sharesByMaster({ masterId: master.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    for (const [query, variables] of [
      ['mutation($m: ID!) { createShare(email: "bob-friend@example.com", masterId: $m) { id } }', { m: master.id }],
      ['mutation($id: ID!) { removeShare(id: $id) }', { id: share.id }],
      ['query($m: ID!) { sharesByMaster(masterId: $m) { id } }', { m: master.id }],
    ] as const) {
      expect((await suite.graphql(bob.id, query, variables)).errors?.[0]?.message, query).toBe('global.error.notFound');
    }
    expect(await shareCountOf(master.id)).toBe(1);
    expect((await suite.graphql(null, '{ sharedWithMe { id } }')).errors?.[0]?.message).toBe('global.error.unauthorized');
    await expect(suite.callerFor(null).sharing.sharedWithMe()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('when a master is shared with an address, then a mail with the link goes out in the sharer’s language', async () => {
    const master = await createMaster(suite.platform.db, alice.id, { trackName: 'Night Drive' });
    await suite.callerFor(alice.id).sharing.createShare({ email: 'listener@example.com', masterId: master.id });
    const [mail] = await mailsTo(suite.platform.outboxDir, 'listener@example.com');
    expect(mail?.subject).toContain('Night Drive');
    expect(mail?.text).toContain(`/masters/song/${master.id}`);

    await suite.platform.db.updateTable('users').set({ locale: 'de' }).where('id', '=', bob.id).execute();
    const bobs = await createMaster(suite.platform.db, bob.id, { trackName: 'Nachtfahrt' });
    await suite.callerFor(bob.id).sharing.createShare({ email: 'hoerer@example.com', masterId: bobs.id });
    const [german] = await mailsTo(suite.platform.outboxDir, 'hoerer@example.com');
    expect(german?.subject).toContain('hat einen Master mit dir geteilt');
  });

  it('when a signed-out visitor opens the link of a share mail, then its share id tells who shared which track, and an unknown id is not found', async () => {
    const master = await createMaster(suite.platform.db, alice.id, { trackName: 'Morning Tide' });
    const share = await suite.callerFor(alice.id).sharing.createShare({ email: 'invitee@example.com', masterId: master.id });
    const [mail] = await mailsTo(suite.platform.outboxDir, 'invitee@example.com');
    expect(mail?.text).toContain(`/masters/song/${master.id}?share=${share.id}`);
    const invitation = await suite.callerFor(null).sharing.shareInvitation({ id: share.id });
    expect(invitation).toMatchObject({ masterId: master.id, trackName: 'Morning Tide', email: 'invitee@example.com' });
    expect(invitation.sharer.length).toBeGreaterThan(0);
    await expect(suite.callerFor(null).sharing.shareInvitation({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('when an address without an account is invited, then the user who signs up with it sees the share, view-only, and others do not', async () => {
    const master = await createMaster(suite.platform.db, alice.id, { trackName: 'Later Listener' });
    await suite.callerFor(alice.id).sharing.createShare({ email: 'later@example.com', masterId: master.id });
    const later = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret, { email: 'later@example.com' });
    const list = await suite.callerFor(later.id).sharing.sharedWithMe();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: master.id, track_name: 'Later Listener', user: { id: alice.id, email: alice.email }, styleGroup_name: 'Pop' });
    expect((await suite.callerFor(later.id).sharing.sharedMaster({ id: master.id })).id).toBe(master.id);
    const gql = await suite.graphql(later.id, '{ sharedWithMe(orderEntity: "title", orderDirection: "asc") { id track_name user { email name } } }');
    // The owner's name is what the sharee is shown.
    expect(gql.data?.sharedWithMe).toEqual([{ id: master.id, track_name: 'Later Listener', user: { email: alice.email, name: 'Test User' } }]);

    // Not shared with Bob: he sees none of it, and cannot open it as a shared master.
    expect((await suite.callerFor(bob.id).sharing.sharedWithMe()).map((m) => m.id)).not.toContain(master.id);
    await expect(suite.callerFor(bob.id).sharing.sharedMaster({ id: master.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The shared viewer cannot share on, nor see who else it is shared with, nor delete it.
    await expect(suite.callerFor(later.id).sharing.createShare({ email: 'more@example.com', masterId: master.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(suite.callerFor(later.id).sharing.sharesByMaster({ masterId: master.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(suite.callerFor(later.id).masters.removeMaster({ id: master.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // Removing the share takes it out of the list at once.
    const { shares } = await suite.callerFor(alice.id).sharing.sharesByMaster({ masterId: master.id });
    await suite.callerFor(alice.id).sharing.removeShare({ id: shares[0]!.id });
    expect(await suite.callerFor(later.id).sharing.sharedWithMe()).toEqual([]);
  });

  it('when two invitations race for the last place, then exactly one wins', async ({ task }) => {
    noticeIfOneConnection(suite.platform.database, task.name);
    const master = await createMaster(suite.platform.db, alice.id);
    const asAlice = suite.callerFor(alice.id);
    for (let i = 0; i < 4; i += 1) await asAlice.sharing.createShare({ email: `race${i}@example.com`, masterId: master.id });
    const results = await Promise.allSettled([
      asAlice.sharing.createShare({ email: 'racer-a@example.com', masterId: master.id }),
      asAlice.sharing.createShare({ email: 'racer-b@example.com', masterId: master.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await shareCountOf(master.id)).toBe(5);
  });
});
