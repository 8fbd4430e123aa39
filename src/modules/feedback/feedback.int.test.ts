import { beforeAll, describe, expect, it } from 'vitest';
import { createMaster } from '../../test/commerce-factories.js';
import { createTestUser, type TestUser } from '../../test/factories.js';
import { mailsTo } from '../../test/outbox.js';
import { useTestApp } from '../../test/test-app.js';
import { DIGEST_MIN_GAP_MS, sendDueCommentDigests } from './comment-digest.service.js';
import { ratingSummaries } from './feedback.service.js';

describe('comments and ratings', () => {
  const suite = useTestApp();
  let owner: TestUser;
  let listener: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    owner = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
    listener = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
    stranger = await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret);
  });

  /** A one-minute track of the owner's, mastered and shared with the listener. */
  async function sharedTrack(trackName = 'Night Drive') {
    const master = await createMaster(suite.platform.db, owner.id, { trackName });
    await suite.platform.db
      .updateTable('tracks')
      .set({ path: `tracks/${master.track_id}/original.wav`, sample_rate: 44_100, channels: 2, number_of_samples: 44_100 * 60, data_offset: 44, data_bytes: 44_100 * 60 * 4 })
      .where('id', '=', master.track_id)
      .execute();
    await suite.callerFor(owner.id).sharing.createShare({ email: listener.email, masterId: master.id });
    return { masterId: master.id, trackId: master.track_id };
  }

  /** createCaller skips the HTTP error formatter: an invalid input's key is the first issue of the zod error. */
  const invalid = (key: string) => ({ code: 'BAD_REQUEST', cause: { issues: expect.arrayContaining([expect.objectContaining({ message: key })]) as unknown } });

  const commentCount = async (trackId: string) =>
    Number((await suite.platform.db.selectFrom('comments').select((eb) => eb.fn.countAll<number>().as('n')).where('track_id', '=', trackId).executeTakeFirstOrThrow()).n);

  it('when the owner and a shared listener comment, then both read them newest first, with a position where given', async () => {
    const { trackId } = await sharedTrack();
    const first = await suite.callerFor(owner.id).feedback.createComment({ trackId, text: '  Listen at the drop  ', timestamp: 42 });
    expect(first).toMatchObject({ text: 'Listen at the drop', timestamp: 42, user: { id: owner.id, email: owner.email }, canEdit: true, canDelete: true });
    const answer = await suite.callerFor(listener.id).feedback.createComment({ trackId, text: 'The bass is great here' });
    expect(answer.timestamp).toBeNull();

    const seenByListener = await suite.callerFor(listener.id).feedback.trackComments({ trackId });
    expect(seenByListener.map((c) => c.text)).toEqual(['The bass is great here', 'Listen at the drop']);
    // Authors edit and delete their own; a listener may not touch the owner's comment.
    expect(seenByListener.map((c) => [c.canEdit, c.canDelete])).toEqual([
      [true, true],
      [false, false],
    ]);
    // The owner deletes any comment on their track, edits only their own.
    expect((await suite.callerFor(owner.id).feedback.trackComments({ trackId })).map((c) => [c.canEdit, c.canDelete])).toEqual([
      [false, true],
      [true, true],
    ]);

    // A listener sees names, and no address but their own: not the owner's, not other listeners'.
    const gql = await suite.graphql(listener.id, 'query($t: ID!) { trackComments(trackId: $t) { text timestamp user { name email } } }', { t: trackId });
    expect(gql.data?.trackComments).toEqual([
      { text: 'The bass is great here', timestamp: null, user: { name: 'Test User', email: listener.email } },
      { text: 'Listen at the drop', timestamp: 42, user: { name: 'Test User', email: null } },
    ]);
  });

  it('when a comment is blank, too long, or placed outside the track, then it is refused with its key and nothing is stored', async () => {
    const { trackId } = await sharedTrack();
    const asListener = suite.callerFor(listener.id);
    await expect(asListener.feedback.createComment({ trackId, text: '   ' })).rejects.toMatchObject(invalid('comment.textRequired'));
    await expect(asListener.feedback.createComment({ trackId, text: 'x'.repeat(2001) })).rejects.toMatchObject(invalid('comment.textTooLong'));
    await expect(asListener.feedback.createComment({ trackId, text: 'late', timestamp: 61 })).rejects.toMatchObject({ message: 'comment.timestampOutOfRange' });
    await expect(asListener.feedback.createComment({ trackId, text: 'early', timestamp: -1 })).rejects.toMatchObject(invalid('comment.invalidTimestamp'));
    for (const [query, key] of [
      ['mutation($t: ID!) { createComment(trackId: $t, text: "  ") { id } }', 'comment.textRequired'],
      ['mutation($t: ID!) { createComment(trackId: $t, text: "late", timestamp: 3600) { id } }', 'comment.timestampOutOfRange'],
    ] as const) {
      expect((await suite.graphql(listener.id, query, { t: trackId })).errors?.[0]?.message, query).toBe(key);
    }
    expect(await commentCount(trackId)).toBe(0);
  });

  it('when markup is sent as a comment, then it is stored and answered as the same plain text', async () => {
    const { trackId } = await sharedTrack();
    const text = '<img src=x onerror=alert(1)>';
    await suite.callerFor(listener.id).feedback.createComment({ trackId, text });
    const gql = await suite.graphql(owner.id, 'query($t: ID!) { trackComments(trackId: $t) { text } }', { t: trackId });
    expect(gql.data?.trackComments).toEqual([{ text }]);
  });

  it('when authors edit and delete, then only their own change; the owner deletes any; others get forbidden, on tRPC and GraphQL', async () => {
    const { trackId } = await sharedTrack();
    const ownerComment = await suite.callerFor(owner.id).feedback.createComment({ trackId, text: 'Owner says', timestamp: 10 });
    const listenerComment = await suite.callerFor(listener.id).feedback.createComment({ trackId, text: 'Listener says' });

    const edited = await suite.callerFor(listener.id).feedback.updateComment({ id: listenerComment.id, text: 'Listener says more', timestamp: 12.5 });
    expect(edited).toMatchObject({ text: 'Listener says more', timestamp: 12.5 });
    await expect(suite.callerFor(listener.id).feedback.updateComment({ id: ownerComment.id, text: 'hijack' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(suite.callerFor(owner.id).feedback.updateComment({ id: listenerComment.id, text: 'hijack' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(suite.callerFor(listener.id).feedback.removeComment({ id: ownerComment.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await suite.graphql(listener.id, 'mutation($id: ID!) { updateComment(id: $id, text: "hijack") { id } }', { id: ownerComment.id })).errors?.[0]?.message).toBe(
      'global.error.forbidden',
    );
    expect((await suite.graphql(listener.id, 'mutation($id: ID!) { removeComment(id: $id) }', { id: ownerComment.id })).errors?.[0]?.message).toBe('global.error.forbidden');

    // GraphQL edit keeps the position when none is sent.
    const gqlEdit = await suite.graphql(owner.id, 'mutation($id: ID!) { updateComment(id: $id, text: "Owner says more") { text timestamp } }', { id: ownerComment.id });
    expect(gqlEdit.data?.updateComment).toEqual({ text: 'Owner says more', timestamp: 10 });

    // The owner removes the listener's comment through GraphQL, then their own through tRPC.
    expect((await suite.graphql(owner.id, 'mutation($id: ID!) { removeComment(id: $id) }', { id: listenerComment.id })).data?.removeComment).toBe(true);
    expect(await suite.callerFor(owner.id).feedback.removeComment({ id: ownerComment.id })).toBe(true);
    expect(await commentCount(trackId)).toBe(0);
    await expect(suite.callerFor(owner.id).feedback.removeComment({ id: ownerComment.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('when a user the track is not shared with reads or writes its comments and ratings, then tRPC and GraphQL answer not found and nothing changes', async () => {
    const { trackId } = await sharedTrack();
    const comment = await suite.callerFor(listener.id).feedback.createComment({ trackId, text: 'Private note', timestamp: 1 });
    const rating = await suite.callerFor(listener.id).feedback.createRating({ trackId, rating: 4 });
    const asStranger = suite.callerFor(stranger.id);
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
      expect((await suite.graphql(stranger.id, query, variables)).errors?.[0]?.message, query).toBe('global.error.notFound');
    }
    // Nor does a list summary tell the stranger anything about the track.
    expect(await asStranger.feedback.ratingSummaries({ trackIds: [trackId] })).toEqual([]);
    expect((await suite.callerFor(owner.id).feedback.trackComments({ trackId })).map((c) => c.text)).toEqual(['Private note']);
    expect(await suite.callerFor(owner.id).feedback.trackRatings({ trackId })).toMatchObject({ average: 4, count: 1 });
    // Nobody signed in: unauthorized.
    await expect(suite.callerFor(null).feedback.trackComments({ trackId })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await suite.graphql(null, 'query($t: ID!) { trackComments(trackId: $t) { id } }', { t: trackId })).errors?.[0]?.message).toBe('global.error.unauthorized');
  });

  it('when a share is removed, then its former listener no longer reads or changes the comments', async () => {
    const { masterId, trackId } = await sharedTrack();
    const mine = await suite.callerFor(listener.id).feedback.createComment({ trackId, text: 'Before removal' });
    const { shares } = await suite.callerFor(owner.id).sharing.sharesByMaster({ masterId });
    await suite.callerFor(owner.id).sharing.removeShare({ id: shares[0]!.id });
    await expect(suite.callerFor(listener.id).feedback.trackComments({ trackId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(suite.callerFor(listener.id).feedback.updateComment({ id: mine.id, text: 'After removal' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await suite.callerFor(owner.id).feedback.trackComments({ trackId }))[0]?.text).toBe('Before removal');
  });

  it('when users rate a track, then one rating each, editable and removable by its author, with the average, on tRPC and GraphQL', async () => {
    const { trackId } = await sharedTrack();
    const listenerRating = await suite.callerFor(listener.id).feedback.createRating({ trackId, rating: 5, comment: ' Loud and clear ' });
    expect(listenerRating).toMatchObject({ rating: 5, comment: 'Loud and clear' });
    await expect(suite.callerFor(listener.id).feedback.createRating({ trackId, rating: 3 })).rejects.toMatchObject({ code: 'CONFLICT', message: 'rating.alreadyRated' });
    await expect(suite.callerFor(listener.id).feedback.createRating({ trackId, rating: 6 })).rejects.toMatchObject(invalid('rating.invalidStars'));
    expect((await suite.graphql(listener.id, 'mutation($t: ID!) { createRating(trackId: $t, rating: 0) { id } }', { t: trackId })).errors?.[0]?.message).toBe('rating.invalidStars');

    const gqlCreate = await suite.graphql(owner.id, 'mutation($t: ID!) { createRating(trackId: $t, rating: 2, comment: "Too bright") { id rating comment user { id } } }', { t: trackId });
    const ownerRating = gqlCreate.data?.createRating as { id: string; rating: number; comment: string; user: { id: string } };
    expect(ownerRating).toMatchObject({ rating: 2, comment: 'Too bright', user: { id: owner.id } });
    expect((await suite.graphql(owner.id, 'mutation($t: ID!) { createRating(trackId: $t, rating: 2) { id } }', { t: trackId })).errors?.[0]?.message).toBe('rating.alreadyRated');

    const summary = await suite.callerFor(listener.id).feedback.trackRatings({ trackId });
    expect(summary).toMatchObject({ average: 3.5, count: 2, mine: { id: listenerRating.id } });
    expect(await suite.callerFor(owner.id).feedback.ratingSummaries({ trackIds: [trackId] })).toEqual([{ trackId, average: 3.5, count: 2 }]);

    // The track query carries the ratings.
    const track = await suite.graphql(owner.id, 'query($t: ID!) { track(id: $t) { id ratingAverage ratings { rating comment } } }', { t: trackId });
    expect(track.data?.track).toMatchObject({ id: trackId, ratingAverage: 3.5 });
    expect((track.data?.track as { ratings: unknown[] }).ratings).toHaveLength(2);

    // Only the author changes or removes a rating.
    await expect(suite.callerFor(owner.id).feedback.updateRating({ id: listenerRating.id, rating: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(suite.callerFor(owner.id).feedback.removeRating({ id: listenerRating.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await suite.graphql(listener.id, 'mutation($id: ID!) { removeRating(id: $id) }', { id: ownerRating.id })).errors?.[0]?.message).toBe('global.error.forbidden');

    expect(await suite.callerFor(listener.id).feedback.updateRating({ id: listenerRating.id, rating: 4 })).toMatchObject({ rating: 4, comment: 'Loud and clear' });
    const gqlUpdate = await suite.graphql(owner.id, 'mutation($id: ID!) { updateRating(id: $id, rating: 3, comment: "Better now") { rating comment } }', { id: ownerRating.id });
    expect(gqlUpdate.data?.updateRating).toEqual({ rating: 3, comment: 'Better now' });
    expect((await suite.callerFor(owner.id).feedback.trackRatings({ trackId })).average).toBe(3.5);

    expect(await suite.callerFor(listener.id).feedback.removeRating({ id: listenerRating.id })).toBe(true);
    expect((await suite.graphql(owner.id, 'mutation($id: ID!) { removeRating(id: $id) }', { id: ownerRating.id })).data?.removeRating).toBe(true);
    expect(await suite.callerFor(owner.id).feedback.trackRatings({ trackId })).toMatchObject({ average: null, count: 0, mine: null });
    // Removed, the listener may rate again.
    await expect(suite.callerFor(listener.id).feedback.createRating({ trackId, rating: 1 })).resolves.toMatchObject({ rating: 1 });
  });

  it('when others comment, then the owner gets one digest per hour and track, none of their own comments, and none once switched off', async () => {
    const { trackId, masterId } = await sharedTrack('Digest Song');
    const asOwner = suite.callerFor(owner.id);
    const start = new Date(Date.now() + 1000);
    await asOwner.feedback.createComment({ trackId, text: 'My own note' });
    await suite.callerFor(listener.id).feedback.createComment({ trackId, text: 'First thought', timestamp: 30 });
    await suite.callerFor(listener.id).feedback.createComment({ trackId, text: 'Second <b>thought</b>' });
    const digestsFor = async () => (await mailsTo(suite.platform.outboxDir, owner.email)).filter((m) => m.subject.includes('Digest Song'));

    await sendDueCommentDigests(suite.platform, start);
    let mails = await digestsFor();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('2 new comments on Digest Song');
    expect(mails[0]?.text).toContain('First thought');
    expect(mails[0]?.text).toContain('(at 0:30)');
    expect(mails[0]?.text).not.toContain('My own note');
    expect(mails[0]?.text).toContain(`/masters/song/${masterId}`);
    expect(mails[0]?.html).toContain('Second &lt;b&gt;thought&lt;/b&gt;');

    // A new comment within the hour waits; after the hour it goes out alone.
    await suite.callerFor(listener.id).feedback.createComment({ trackId, text: 'Third thought' });
    await sendDueCommentDigests(suite.platform, new Date(start.getTime() + DIGEST_MIN_GAP_MS / 2));
    expect(await digestsFor()).toHaveLength(1);
    await sendDueCommentDigests(suite.platform, new Date(start.getTime() + DIGEST_MIN_GAP_MS + 1000));
    mails = await digestsFor();
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('New comment on Digest Song');
    expect(mails[1]?.text).not.toContain('First thought');

    // Switched off in the profile: no more digests, and nothing piles up for later.
    expect(await asOwner.feedback.setCommentDigestSetting({ enabled: false })).toEqual({ enabled: false });
    expect(await asOwner.feedback.commentDigestSetting()).toEqual({ enabled: false });
    await suite.callerFor(listener.id).feedback.createComment({ trackId, text: 'Fourth thought' });
    await sendDueCommentDigests(suite.platform, new Date(start.getTime() + 3 * DIGEST_MIN_GAP_MS));
    await asOwner.feedback.setCommentDigestSetting({ enabled: true });
    await sendDueCommentDigests(suite.platform, new Date(start.getTime() + 5 * DIGEST_MIN_GAP_MS));
    expect(await digestsFor()).toHaveLength(2);
  });

  describe('comments at scale', () => {
    /** A track of the owner's shared with two fresh listeners (their own names), so no other test's budget is touched. */
    async function discussedTrack() {
      const master = await createMaster(suite.platform.db, owner.id, { trackName: 'Long Talk' });
      const [ada, bob] = [await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret), await createTestUser(suite.platform.db, suite.platform.secrets.jwtSecret)];
      await suite.platform.db.updateTable('users').set({ first_name: 'Ada', last_name: 'Lovelace' }).where('id', '=', ada.id).execute();
      await suite.platform.db.updateTable('users').set({ first_name: 'Bob', last_name: '' }).where('id', '=', bob.id).execute();
      for (const user of [ada, bob]) await suite.callerFor(owner.id).sharing.createShare({ email: user.email, masterId: master.id });
      return { trackId: master.track_id, ada, bob };
    }

    it('when a track has 75 comments, then they come in pages of 30 newest first, each page before the cursor, and a page over 100 is refused', async () => {
      const { trackId, ada } = await discussedTrack();
      const start = Date.parse('2026-01-01T00:00:00Z');
      await suite.platform.db
        .insertInto('comments')
        .values(Array.from({ length: 75 }, (_, i) => ({ track_id: trackId, user_id: ada.id, text: `comment ${i}`, created_at: new Date(start + (i % 5 === 0 ? i : i - (i % 5)) * 1000) })))
        .execute();
      const asAda = suite.callerFor(ada.id);
      const pages: string[][] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await asAda.feedback.trackComments({ trackId, cursor, limit: 30 });
        pages.push(page.map((comment) => comment.text));
        if (page.length < 30) break;
        cursor = page[page.length - 1]!.id;
      }
      expect(pages.map((page) => page.length)).toEqual([30, 30, 15]);
      const all = pages.flat();
      expect(new Set(all).size).toBe(75);
      // Newest first, also across page boundaries (comments sharing a second stay in one order).
      const seconds = all.map((text) => { const i = Number(text.split(' ')[1]); return i - (i % 5); });
      expect(seconds).toEqual([...seconds].sort((a, b) => b - a));
      expect(await asAda.feedback.trackComments({ trackId })).toHaveLength(30);
      await expect(asAda.feedback.trackComments({ trackId, limit: 101 })).rejects.toMatchObject(invalid('global.error.invalidInput'));
      const gql = await suite.graphql(ada.id, 'query($t: ID!, $c: ID) { trackComments(trackId: $t, cursor: $c, limit: 10) { id } }', { t: trackId, c: cursor });
      expect((gql.data?.trackComments as unknown[]).length).toBe(10);
    });

    it('when a listener writes more than 20 comments in ten minutes, then the next is refused as too many and not stored', async () => {
      const { trackId, bob } = await discussedTrack();
      const asBob = suite.callerFor(bob.id);
      for (let i = 0; i < 20; i += 1) await asBob.feedback.createComment({ trackId, text: `note ${i}` });
      await expect(asBob.feedback.createComment({ trackId, text: 'one more' })).rejects.toMatchObject({ message: 'global.error.tooManyRequests' });
      expect(await commentCount(trackId)).toBe(20);
      // Another listener's budget is their own.
      expect((await suite.callerFor(owner.id).feedback.createComment({ trackId, text: 'reply' })).text).toBe('reply');
    });

    it('when listeners and the owner read comments and ratings, then listeners see names and only their own address, the owner sees every address', async () => {
      const { trackId, ada, bob } = await discussedTrack();
      await suite.callerFor(ada.id).feedback.createComment({ trackId, text: 'from Ada' });
      await suite.callerFor(bob.id).feedback.createRating({ trackId, rating: 4, comment: 'from Bob' });
      await suite.callerFor(owner.id).feedback.createComment({ trackId, text: 'from the owner' });
      const seenByBob = await suite.callerFor(bob.id).feedback.trackComments({ trackId });
      expect(seenByBob.map((comment) => comment.user)).toEqual([
        { id: owner.id, name: 'Test User', email: null },
        { id: ada.id, name: 'Ada Lovelace', email: null },
      ]);
      const ratingsSeenByAda = await suite.callerFor(ada.id).feedback.trackRatings({ trackId });
      expect(ratingsSeenByAda.ratings.map((rating) => rating.user)).toEqual([{ id: bob.id, name: 'Bob', email: null }]);
      const seenByOwner = await suite.callerFor(owner.id).feedback.trackComments({ trackId });
      expect(seenByOwner.map((comment) => comment.user.email)).toEqual([owner.email, ada.email]);
      const everything = JSON.stringify([seenByBob, ratingsSeenByAda, await suite.graphql(bob.id, 'query($t: ID!) { trackComments(trackId: $t) { user { id name email } } trackRatings(trackId: $t) { ratings { user { name email } } } }', { t: trackId })]);
      expect(everything).not.toContain(owner.email);
      expect(everything).not.toContain(ada.email);
    });
  });

  describe('rating summaries', () => {
    it('when summaries are asked for 200 tracks, then the visible ones are answered in two queries whatever the count, and more than 200 ids are refused', async () => {
      const own = await Promise.all(Array.from({ length: 3 }, () => createMaster(suite.platform.db, owner.id, { trackName: 'Listed' })));
      const foreign = await createMaster(suite.platform.db, stranger.id, { trackName: 'Not yours' });
      await suite.platform.db.insertInto('ratings').values({ track_id: own[0]!.track_id, user_id: owner.id, rating: 4, comment: '' }).execute();
      const unknown = Array.from({ length: 196 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
      let queries = 0;
      const counted = suite.platform.db.withPlugin({
        transformQuery: (args) => {
          queries += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      const ctx = { ...suite.platform.contextFor({ userId: owner.id }), db: counted };
      const summaries = await ratingSummaries(ctx, { trackIds: [...own.map((m) => m.track_id), foreign.track_id, ...unknown] });
      expect(summaries).toEqual([
        { trackId: own[0]!.track_id, average: 4, count: 1 },
        { trackId: own[1]!.track_id, average: null, count: 0 },
        { trackId: own[2]!.track_id, average: null, count: 0 },
      ]);
      expect(queries).toBeLessThanOrEqual(2);
      await expect(suite.callerFor(owner.id).feedback.ratingSummaries({ trackIds: [...unknown, ...unknown] })).rejects.toMatchObject(invalid('global.error.invalidInput'));
    });
  });
});
