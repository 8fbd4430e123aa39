import { describe, expect, it } from 'vitest';
import { runCommand, useAdminHarness } from './testing/admin-harness.js';
import { validateCoupon } from '../src/modules/coupons/index.js';
import { createUser } from '../src/test/commerce-factories.js';

describe('operator coupon commands', () => {
  const harness = useAdminHarness();

  it('when coupons are added through the product or the database, then they are listed and usable', async () => {
    const user = await createUser(harness.platform.db);
    for (const [via, access] of Object.entries(harness.accesses())) {
      expect(await runCommand(access, 'coupon:add', `spring-${via}`, '--type', 'percent', '--value', '25', '--max-uses', '100', '--per-user', '1', '--expires', '2099-12-31')).toEqual({
        code: 0,
        out: `added coupon SPRING-${via.toUpperCase()}: 25% off, used 0/100, 1 per user, expires after 2099-12-31`,
        err: '',
      });
      expect(await runCommand(access, 'coupon:add', `plugin-${via}`, '--type', 'free')).toMatchObject({ code: 0, out: `added coupon PLUGIN-${via.toUpperCase()}: free master, used 0, no expiry` });
      expect(await runCommand(access, 'coupon:add', `five-${via}`, '--type', 'amount', '--value', '1.5')).toMatchObject({ code: 0, out: expect.stringContaining('1.50 off') });
    }
    const list = await runCommand(harness.accesses().product, 'coupon:list');
    // The six added here and the seeded welcome code of the free-plugin promotion (sql/0008).
    expect(list.out.split('\n')).toHaveLength(7);
    expect(list.out).toContain('SPRING-DATABASE: 25% off');
    expect(list.out).toContain('FREEMASTER: free master, used 0, 1 per user, no expiry');
    const ctx = harness.platform.contextFor({ userId: user.id });
    expect(await validateCoupon(ctx, { key: 'SPRING-PRODUCT', buyingOption: 2 })).toEqual({ isValid: true, remainingCost: 5.24 });
    expect(await validateCoupon(ctx, { key: 'FIVE-DATABASE', buyingOption: 1 })).toEqual({ isValid: true, remainingCost: 1.49 });
  });

  it('when a coupon is malformed or exists already, then the command refuses and changes nothing', async () => {
    for (const [, access] of Object.entries(harness.accesses())) {
      expect(await runCommand(access, 'coupon:add', 'BROKEN', '--type', 'percent', '--value', '150')).toMatchObject({ code: 2, err: expect.stringContaining('value: percent coupons take a whole number from 1 to 100') });
      expect(await runCommand(access, 'coupon:add', '--type', 'free')).toMatchObject({ code: 2, err: expect.stringContaining('expected one coupon KEY') });
    }
    await runCommand(harness.accesses().database, 'coupon:add', 'TWICE', '--type', 'free');
    expect(await runCommand(harness.accesses().product, 'coupon:add', 'twice', '--type', 'percent', '--value', '5')).toMatchObject({ code: 1, err: expect.stringContaining('error.couponExists') });
  });
});
