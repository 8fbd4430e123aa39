import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.js';
import { createCallerFactory } from '../../platform/trpc/trpc.js';
import { createMaster } from '../../test/commerce-factories.js';
import { createTestUser } from '../../test/factories.js';
import { mailsTo } from '../../test/outbox.js';
import { createTestPlatform, type TestPlatform } from '../../test/test-platform.js';
import { listenTestApp, type TestApp } from '../../test/test-app.js';
import { DIGEST_MIN_GAP_MS, sendDueCommentDigests } from './comment-digest.service.js';

type User = Awaited<ReturnType<typeof createTestUser>>;

describe('comments and ratings', () => {
  let platform: TestPlatform;
  let app: TestApp;
  let owner: User;
  let listener: User;
  let stranger: User;
  const callerFor = (user: User | null) => createCallerFactory(appRouter)(platform.contextFor(user ? { userId: user.id } : null));

  beforeAll(async () => {
    platform = await createTestPlatform();
    app = await listenTestApp(platform);
    owner = await createTestUser(platform.db, platform.secrets.jwtSecret);
    listener = await createTestUser(platform.db, platform.secrets.jwtSecret);
    stranger = await createTestUser(platform.db, platform.secrets.jwtSecret);
  });
  afterAll(async () => {
    await app?.close();
    await platform.close();
  });

  async function graphql(user: User | null, query: string, variables: Record<string, unknown> = {}) {
    const response = await fetch(`${app.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(user ? { authorization: `Bearer ${user.token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data: Record<string, unknown> | null; errors?: { message: string }[] };
  }

  /** A one-minute track of the owner's, mastered and shared with the listener. */
  async function sharedTrack(trackName = 'Night Drive') {
    const master = await createMaster(platform.db, owner.id, { trackName });
    await platform.db
      .updateTable('tracks')
      .set({ path: `tracks/${master.track_id}/original.wav`, sample_rate: 44_100, channels: 2, number_of_samples: 44_100 * 60, data_offset: 44, data_bytes: 44_100 * 60 * 4 })
      .where('id', '=', master.track_id)
      .execute();
    await callerFor(owner).sharing.createShare({ email: listener.email, masterId: master.id });
    return { masterId: master.id, trackId: master.track_id };
  }

  /** createCaller skips the HTTP error formatter: an invalid input's key is the first issue of the zod error. */
  const invalid = (key: string) => ({ code: 'BAD_REQUEST', cause: { issues: expect.arrayContaining([expect.objectContaining({ message: key })]) as unknown } });

  const commentCount = async (trackId: string) =>
    Number((await platform.db.selectFrom('comments').select((eb) => eb.fn.countAll<number>().as('n')).where('track_id', '=', trackId).executeTakeFirstOrThrow()).n);

  it('when the owner and a shared listener comment, then both read them newest first, with a position where given', async () => {
    const { trackId } = await sharedTrack();
    const first = await callerFor(owner).feedback.createComment({ trackId, text: '  Listen at the drop  ', timestamp: 42 });
    expect(first).toMatchObject({ text: 'Listen at the drop', timestamp: 42, user: { id: owner.id, email: owner.email }, canEdit: true, canDelete: true });
    const answer = await callerFor(listener).feedback.createComment({ trackId, text: 'The bass is great here' });
    expect(answer.timestamp).toBeNull();

    const seenByListener = await callerFor(listener).feedback.trackComments({ trackId });
    expect(seenByListener.map((c) => c.text)).toEqual(['The bass is great here', 'Listen at the drop']);
    // Authors edit and delete their own; a listener may not touch the owner's comment.
    expect(seenByListener.map((c) => [c.canEdit, c.canDelete])).toEqual([
      [true, true],
      [false, false],
    ]);
    // The owner deletes any comment on their track, edits only their own.
    expect((await callerFor(owner).feedback.trackComments({ trackId })).map((c) => [c.canEdit, c.canDelete])).toEqual([
      [false, true],
      [true, true],
    ]);

    const gql = await graphql(listener, 'query($t: ID!) { trackComments(trackId: $t) { text timestamp user { email } } }', { t: trackId });
    expect(gql.data?.trackComments).toEqual([
      { text: 'The bass is great here', timestamp: null, user: { email: listener.email } },
      { text: 'Listen at the drop', timestamp: 42, user: { email: owner.email } },
    ]);
  });

  it('when a comment is blank, too long, or placed outside the track, then it is refused with its key and nothing is stored', async () => {
    const { trackId } = await sharedTrack();
    const asListener = callerFor(listener);
    await expect(asListener.feedback.createComment({ trackId, text: '   ' })).rejects.toMatchObject(invalid('comment.textRequired'));
    await expect(asListener.feedback.createComment({ trackId, text: 'x'.repeat(2001) })).rejects.toMatchObject(invalid('comment.textTooLong'));
    await expect(asListener.feedback.createComment({ trackId, text: 'late', timestamp: 61 })).rejects.toMatchObject({ message: 'comment.timestampOutOfRange' });
    await expect(asListener.feedback.createComment({ trackId, text: 'early', timestamp: -1 })).rejects.toMatchObject(invalid('comment.invalidTimestamp'));
    for (const [query, key] of [
      ['mutation($t: ID!) { createComment(trackId: $t, text: "  ") { id } }', 'comment.textRequired'],
      ['mutation($t: ID!) { createComment(trackId: $t, text: "late", timestamp: 3600) { id } }', 'comment.timestampOutOfRange'],
    ] as const) {
      expect((await graphql(listener, query, { t: trackId })).errors?.[0]?.message, query).toBe(key);
    }
    expect(await commentCount(trackId)).toBe(0);
  });

  it('when markup is sent as a comment, then it is stored and answered as the same plain text', async () => {
    const { trackId } = await sharedTrack();
    const text = '<img src=x onerror=alert(1)>';
    await callerFor(listener).feedback.createComment({ trackId, text });
    const gql = await graphql(owner, 'query($t: ID!) { trackComments(trackId: $t) { text } }', { t: trackId });
    expect(gql.data?.trackComments).toEqual([{ text }]);
  });

  it('when authors edit and delete, then only their own change; the owner deletes any; others get forbidden, on tRPC and GraphQL', async () => {
    const { trackId } = await sharedTrack();
    const ownerComment = await callerFor(owner).feedback.createComment({ trackId, text: 'Owner says', timestamp: 10 });
    const listenerComment = await callerFor(listener).feedback.createComment({ trackId, text: 'Listener says' });

    const edited = await callerFor(listener).feedback.updateComment({ id: listenerComment.id, text: 'Listener says more', timestamp: 12.5 });
    expect(edited).toMatchObject({ text: 'Listener says more', timestamp: 12.5 });
    await expect(callerFor(listener).feedback.updateComment({ id: ownerComment.id, text: 'hijack' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(owner).feedback.updateComment({ id: listenerComment.id, text: 'hijack' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(listener).feedback.removeComment({ id: ownerComment.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await graphql(listener, 'mutation($id: ID!) { updateComment(id: $id, text: "hijack") { id } }', { id: ownerComment.id })).errors?.[0]?.message).toBe(
      'global.error.forbidden',
    );
    expect((await graphql(listener, 'mutation($id: ID!) { removeComment(id: $id) }', { id: ownerComment.id })).errors?.[0]?.message).toBe('global.error.forbidden');

    // GraphQL edit keeps the position when none is sent.
    const gqlEdit = await graphql(owner, 'mutation($id: ID!) { updateComment(id: $id, text: "Owner says more") { text timestamp } }', { id: ownerComment.id });
    expect(gqlEdit.data?.updateComment).toEqual({ text: 'Owner says more', timestamp: 10 });

    // The owner removes the listener's comment through GraphQL, then their own through tRPC.
    expect((await graphql(owner, 'mutation($id: ID!) { removeComment(id: $id) }', { id: listenerComment.id })).data?.removeComment).toBe(true);
    expect(await callerFor(owner).feedback.removeComment({ id: ownerComment.id })).toBe(true);
    expect(await commentCount(trackId)).toBe(0);
    await expect(callerFor(owner).feedback.removeComment({ id: ownerComment.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('when a user the track is not shared with reads or writes its comments and ratings, then tRPC and GraphQL answer not found and nothing changes', async () => {
    const { trackId } = await sharedTrack();
    const comment = await callerFor(listener).feedback.createComment({ trackId, text: 'Private note', timestamp: 1 });
    const rating = await callerFor(listener).feedback.createRating({ trackId, rating: 4 });
    const asStranger = callerFor(stranger);
    const attempts = [
      () => asStranger.feedback.trackComments({ trackId }),
      () => asStranger.feedback.createComment({ trackId, text: 'intrude' }),
      () => asStranger.feedback.updateComment({ id: comment.id, text: 'intrude' }),
      () => asStranger.feedback.removeComment({ id: comment.id }),
      () => asStranger.feedback.trackRatings({ trackId }),
      () => asStranger.feedback.createRating({ trackId, rating: 1 }),
      () => asStranger.feedback.updateRating({ id: rating.id, rating: 1 }),
      () => asStranger.feedback.removeRating({ id: rating.id }),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'global.error.notFound' });
    for (const [query, variables] of [
      ['query($t: ID!) { trackComments(trackId: $t) { id } }', { t: trackId }],
      ['mutation($t: ID!) { createComment(trackId: $t, text: "intrude") { id } }', { t: trackId }],
      ['mutation($id: ID!) { updateComment(id: $id, text: "intrude") { id } }', { id: comment.id }],
      ['mutation($id: ID!) { removeComment(id: $id) }', { id: comment.id }],
      ['query($t: ID!) { trackRatings(trackId: $t) { average } }', { t: trackId }],
      ['mutation($t: ID!) { createRating(trackId: $t, rating: 1) { id } }', { t: trackId }],
      ['mutation($id: ID!) { updateRating(id: $id, rating: 1) { id } }', { id: rating.id }],
      ['mutation($id: ID!) { removeRating(id: $id) }', { id: rating.id }],
    ] as const) {
      expect((await graphql(stranger, query, variables)).errors?.[0]?.message, query).toBe('global.error.notFound');
    }
    // Nor does a list summary tell the stranger anything about the track.
    expect(await asStranger.feedback.ratingSummaries({ trackIds: [trackId] })).toEqual([]);
    expect((await callerFor(owner).feedback.trackComments({ trackId })).map((c) => c.text)).toEqual(['Private note']);
    expect(await callerFor(owner).feedback.trackRatings({ trackId })).toMatchObject({ average: 4, count: 1 });
    // Nobody signed in: unauthorized.
    await expect(callerFor(null).feedback.trackComments({ trackId })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await graphql(null, 'query($t: ID!) { trackComments(trackId: $t) { id } }', { t: trackId })).errors?.[0]?.message).toBe('global.error.unauthorized');
  });

  it('when a share is removed, then its former listener no longer reads or changes the comments', async () => {
    const { masterId, trackId } = await sharedTrack();
    const mine = await callerFor(listener).feedback.createComment({ trackId, text: 'Before removal' });
    const { shares } = await callerFor(owner).sharing.sharesByMaster({ masterId });
    await callerFor(owner).sharing.removeShare({ id: shares[0]!.id });
    await expect(callerFor(listener).feedback.trackComments({ trackId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(callerFor(listener).feedback.updateComment({ id: mine.id, text: 'After removal' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await callerFor(owner).feedback.trackComments({ trackId }))[0]?.text).toBe('Before removal');
  });

  it('when users rate a track, then one rating each, editable and removable by its author, with the average, on tRPC and GraphQL', async () => {
    const { trackId } = await sharedTrack();
    const listenerRating = await callerFor(listener).feedback.createRating({ trackId, rating: 5, comment: ' Loud and clear ' });
    expect(listenerRating).toMatchObject({ rating: 5, comment: 'Loud and clear' });
    await expect(callerFor(listener).feedback.createRating({ trackId, rating: 3 })).rejects.toMatchObject({ code: 'CONFLICT', message: 'rating.alreadyRated' });
    await expect(callerFor(listener).feedback.createRating({ trackId, rating: 6 })).rejects.toMatchObject(invalid('rating.invalidStars'));
    expect((await graphql(listener, 'mutation($t: ID!) { createRating(trackId: $t, rating: 0) { id } }', { t: trackId })).errors?.[0]?.message).toBe('rating.invalidStars');

    const gqlCreate = await graphql(owner, 'mutation($t: ID!) { createRating(trackId: $t, rating: 2, comment: "Too bright") { id rating comment user { id } } }', { t: trackId });
    const ownerRating = gqlCreate.data?.createRating as { id: string; rating: number; comment: string; user: { id: string } };
    expect(ownerRating).toMatchObject({ rating: 2, comment: 'Too bright', user: { id: owner.id } });
    expect((await graphql(owner, 'mutation($t: ID!) { createRating(trackId: $t, rating: 2) { id } }', { t: trackId })).errors?.[0]?.message).toBe('rating.alreadyRated');

    const summary = await callerFor(listener).feedback.trackRatings({ trackId });
    expect(summary).toMatchObject({ average: 3.5, count: 2, mine: { id: listenerRating.id } });
    expect(await callerFor(owner).feedback.ratingSummaries({ trackIds: [trackId] })).toEqual([{ trackId, average: 3.5, count: 2 }]);

    // The track query carries the ratings.
    const track = await graphql(owner, 'query($t: ID!) { track(id: $t) { id ratingAverage ratings { rating comment } } }', { t: trackId });
    expect(track.data?.track).toMatchObject({ id: trackId, ratingAverage: 3.5 });
    expect((track.data?.track as { ratings: unknown[] }).ratings).toHaveLength(2);

    // Only the author changes or removes a rating.
    await expect(callerFor(owner).feedback.updateRating({ id: listenerRating.id, rating: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(owner).feedback.removeRating({ id: listenerRating.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await graphql(listener, 'mutation($id: ID!) { removeRating(id: $id) }', { id: ownerRating.id })).errors?.[0]?.message).toBe('global.error.forbidden');

    expect(await callerFor(listener).feedback.updateRating({ id: listenerRating.id, rating: 4 })).toMatchObject({ rating: 4, comment: 'Loud and clear' });
    const gqlUpdate = await graphql(owner, 'mutation($id: ID!) { updateRating(id: $id, rating: 3, comment: "Better now") { rating comment } }', { id: ownerRating.id });
    expect(gqlUpdate.data?.updateRating).toEqual({ rating: 3, comment: 'Better now' });
    expect((await callerFor(owner).feedback.trackRatings({ trackId })).average).toBe(3.5);

    expect(await callerFor(listener).feedback.removeRating({ id: listenerRating.id })).toBe(true);
    expect((await graphql(owner, 'mutation($id: ID!) { removeRating(id: $id) }', { id: ownerRating.id })).data?.removeRating).toBe(true);
    expect(await callerFor(owner).feedback.trackRatings({ trackId })).toMatchObject({ average: null, count: 0, mine: null });
    // Removed, the listener may rate again.
    await expect(callerFor(listener).feedback.createRating({ trackId, rating: 1 })).resolves.toMatchObject({ rating: 1 });
  });

  it('when others comment, then the owner gets one digest per hour and track, none of their own comments, and none once switched off', async () => {
    const { trackId, masterId } = await sharedTrack('Digest Song');
    const asOwner = callerFor(owner);
    const start = new Date(Date.now() + 1000);
    await asOwner.feedback.createComment({ trackId, text: 'My own note' });
    await callerFor(listener).feedback.createComment({ trackId, text: 'First thought', timestamp: 30 });
    await callerFor(listener).feedback.createComment({ trackId, text: 'Second <b>thought</b>' });
    const digestsFor = async () => (await mailsTo(platform.outboxDir, owner.email)).filter((m) => m.subject.includes('Digest Song'));

    await sendDueCommentDigests(platform, start);
    let mails = await digestsFor();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('2 new comments on Digest Song');
    expect(mails[0]?.text).toContain('First thought');
    expect(mails[0]?.text).toContain('(at 0:30)');
    expect(mails[0]?.text).not.toContain('My own note');
    expect(mails[0]?.text).toContain(`/masters/song/${masterId}`);
    expect(mails[0]?.html).toContain('Second &lt;b&gt;thought&lt;/b&gt;');

    // A new comment within the hour waits; after the hour it goes out alone.
    await callerFor(listener).feedback.createComment({ trackId, text: 'Third thought' });
    await sendDueCommentDigests(platform, new Date(start.getTime() + DIGEST_MIN_GAP_MS / 2));
    expect(await digestsFor()).toHaveLength(1);
    await sendDueCommentDigests(platform, new Date(start.getTime() + DIGEST_MIN_GAP_MS + 1000));
    mails = await digestsFor();
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('New comment on Digest Song');
    expect(mails[1]?.text).not.toContain('First thought');

    // Switched off in the profile: no more digests, and nothing piles up for later.
    expect(await asOwner.feedback.setCommentDigestSetting({ enabled: false })).toEqual({ enabled: false });
    expect(await asOwner.feedback.commentDigestSetting()).toEqual({ enabled: false });
    await callerFor(listener).feedback.createComment({ trackId, text: 'Fourth thought' });
    await sendDueCommentDigests(platform, new Date(start.getTime() + 3 * DIGEST_MIN_GAP_MS));
    await asOwner.feedback.setCommentDigestSetting({ enabled: true });
    await sendDueCommentDigests(platform, new Date(start.getTime() + 5 * DIGEST_MIN_GAP_MS));
    expect(await digestsFor()).toHaveLength(2);
  });
});
