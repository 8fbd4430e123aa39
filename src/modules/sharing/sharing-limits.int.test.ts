import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.js';
import { createCallerFactory } from '../../platform/trpc/trpc.js';
import { createMaster } from '../../test/commerce-factories.js';
import { createTestUser } from '../../test/factories.js';
import { awaitMailsTo } from '../../test/outbox.js';
import { createTestPlatform, type TestPlatform } from '../../test/test-platform.js';
import { SHARE_MAIL_TEXT_MAX } from './sharing.service.js';

const SHARES_PER_DAY = 20;

/**
 * A share sends a mail with the sharer's text (names, track name) to any address: that must not
 * make the service a spam relay. The text in the mail is clipped and shares per user per day bounded.
 */
describe('share mail limits', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await createTestPlatform({ SHARES_PER_DAY: String(SHARES_PER_DAY) });
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('when a user shares more than the daily limit, even by removing and sharing again, then the next is refused and no mail goes out', async () => {
    const user = await createTestUser(platform.db, platform.secrets.jwtSecret);
    const caller = createCallerFactory(appRouter)(platform.contextFor({ userId: user.id }));
    const master = await createMaster(platform.db, user.id);
    for (let i = 0; i < SHARES_PER_DAY; i++) {
      const share = await caller.sharing.createShare({ email: `target-${i}@example.com`, masterId: master.id });
      await caller.sharing.removeShare({ id: share.id });
    }
    await expect(caller.sharing.createShare({ email: 'one-more@example.com', masterId: master.id })).rejects.toMatchObject({ message: 'share.dailyLimitReached' });
    expect(await platform.db.selectFrom('shares').select('id').where('email', '=', 'one-more@example.com').executeTakeFirst()).toBeUndefined();
  });

  it("when the sharer's names and the track name are long, then the mail carries them clipped", async () => {
    const spam = 'Win a prize at https://spam.example/now '.repeat(5).trim();
    const user = await createTestUser(platform.db, platform.secrets.jwtSecret);
    await platform.db.updateTable('users').set({ first_name: spam.slice(0, 100), last_name: spam.slice(0, 100) }).where('id', '=', user.id).execute();
    const master = await createMaster(platform.db, user.id, { trackName: spam.slice(0, 200) });
    const caller = createCallerFactory(appRouter)(platform.contextFor({ userId: user.id }));
    await caller.sharing.createShare({ email: 'reader@example.com', masterId: master.id });
    const [mail] = await awaitMailsTo(platform.outboxDir, 'reader@example.com');
    expect(mail?.subject.length).toBeLessThanOrEqual(2 * SHARE_MAIL_TEXT_MAX + 60);
    expect(mail?.text).not.toContain(spam.slice(0, SHARE_MAIL_TEXT_MAX + 5));
    expect(mail?.text).toContain(`${spam.slice(0, SHARE_MAIL_TEXT_MAX - 1).trimEnd()}…`);
  });
});
