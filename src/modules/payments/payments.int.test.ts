import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { serviceContextOf } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { createAddress, createBuyerWithMaster, createCoupon, createMaster, createUser } from '../../test/commerce-factories.js';
import { noticeIfOneConnection } from '../../test/test-database.js';
import { createTestPlatform, type TestPlatform } from '../../test/test-platform.js';
import { validateCoupon, WELCOME_COUPON_KEY, ZValidateCouponInput } from '../coupons/index.js';
import { createLocalGateway, installPaymentGateway, pay, priceInfo, ZPayInput, type PaymentGateway, type SaleRequest } from './index.js';

/** The local gateway, counting its sales and slowed a little so concurrent pays really overlap. */
function countingGateway(): PaymentGateway & { sales: SaleRequest[] } {
  const local = createLocalGateway();
  const sales: SaleRequest[] = [];
  return {
    ...local,
    sales,
    async sale(request) {
      sales.push(request);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return local.sale(request);
    },
  };
}

describe('payments', () => {
  let platform: TestPlatform;
  let gateway: ReturnType<typeof countingGateway>;
  const as = (userId: string, locale: 'en' | 'de' = 'en') => platform.contextFor({ userId }, locale);
  const invoicesOf = (masterId: string) =>
    platform.db.selectFrom('invoices').select(['invoice_number', 'price_cents', 'coupon_value_cents', 'vat_cents', 'vat_rate', 'total_cents', 'reverse_charge', 'currency', 'coupon_key', 'payment_method', 'transaction_id']).where('master_id', '=', masterId).orderBy('invoice_number').execute();
  const lastInvoiceNumber = async () => Number((await platform.db.selectFrom('invoice_counter').select('last_number').executeTakeFirstOrThrow()).last_number);

  beforeAll(async () => {
    platform = await createTestPlatform();
    gateway = countingGateway();
    installPaymentGateway(platform, gateway);
  });
  afterAll(() => platform.close());

  describe('price info (VAT and totals)', () => {
    it('when a German consumer asks in German, then 19 % German VAT is added to the EUR price', async () => {
      const { userId } = await createBuyerWithMaster(platform.db, { country: 'DE' });
      expect(await priceInfo(as(userId, 'de'), { buyingOption: 1 })).toEqual({
        price: 2.99, vat: 0.57, vatRate: 19, taxIdValid: true, reverseCharge: false, couponValid: false, couponValue: 0, remainingCost: 2.99, total: 3.56, currency: 'EUR', upgradeFrom: null,
      });
    });

    it('when a French business with a VAT id asks, then no VAT is added (reverse charge)', async () => {
      const { userId } = await createBuyerWithMaster(platform.db, { country: 'FR', company: 'Studio SARL', taxId: 'FR 40 303265045' });
      expect(await priceInfo(as(userId), { buyingOption: 2 })).toMatchObject({ price: 6.99, vat: 0, vatRate: 0, taxIdValid: true, reverseCharge: true, total: 6.99, currency: 'USD' });
    });

    it('when a French buyer has a VAT id of invalid format, then French VAT applies and taxIdValid is false', async () => {
      const { userId } = await createBuyerWithMaster(platform.db, { country: 'FR', taxId: 'FR-nope' });
      expect(await priceInfo(as(userId), { buyingOption: 1 })).toMatchObject({ vat: 0.6, vatRate: 20, taxIdValid: false, total: 3.59 });
    });

    it('when a US customer asks, then no VAT is added', async () => {
      const { userId } = await createBuyerWithMaster(platform.db, { country: 'US' });
      expect(await priceInfo(as(userId), { buyingOption: 1 })).toMatchObject({ price: 2.99, vat: 0, vatRate: 0, total: 2.99, currency: 'USD' });
    });

    it('when the option is free, then price and VAT are 0', async () => {
      const { userId } = await createBuyerWithMaster(platform.db, { country: 'DE' });
      expect(await priceInfo(as(userId), { buyingOption: 0 })).toMatchObject({ price: 0, vat: 0, total: 0 });
    });

    it('when a 50 % coupon is given, then VAT is charged on the remaining cost', async () => {
      const { userId } = await createBuyerWithMaster(platform.db, { country: 'DE' });
      await createCoupon(platform.db, { key: 'HALFPRICE', type: 'percent', value: 50 });
      // 6.99 - 3.50 = 3.49; 19 % of 3.49 = 0.6631 -> 0.66; total 4.15.
      expect(await priceInfo(as(userId), { buyingOption: 2, couponKey: 'HALFPRICE' })).toMatchObject({ price: 6.99, couponValid: true, couponValue: 3.5, remainingCost: 3.49, vat: 0.66, total: 4.15 });
    });
  });

  describe('paying', () => {
    it('when a German consumer pays option 1 with a valid nonce, then master, payment and invoice agree', async () => {
      const { userId, masterId } = await createBuyerWithMaster(platform.db, { country: 'DE' });
      const before = await lastInvoiceNumber();
      const master = await pay(as(userId, 'de'), { masterId, buyingOption: 1, nonce: 'fake-valid-visa-nonce' });
      expect(master).toMatchObject({ id: masterId, buyingOption: 1, status: 'PAYMENT_DONE', invoice: { invoiceNumber: before + 1, price: 2.99, couponValue: 0, currency: 'EUR' } });
      const [invoice] = await invoicesOf(masterId);
      expect(invoice).toMatchObject({ price_cents: 299, vat_cents: 57, total_cents: 356, currency: 'EUR', reverse_charge: false, payment_method: 'credit_card' });
      expect(Number(invoice?.vat_rate)).toBe(19);
      const payment = await platform.db.selectFrom('payments').select(['status', 'amount_cents', 'transaction_id']).where('master_id', '=', masterId).executeTakeFirstOrThrow();
      expect(payment).toMatchObject({ status: 'settled', amount_cents: 356 });
      expect(payment.transaction_id).toBe(invoice?.transaction_id);
    });

    it('when an owner of option 1 upgrades to 2, then only the difference is charged', async () => {
      const { userId, masterId } = await createBuyerWithMaster(platform.db, { country: 'US' });
      await pay(as(userId), { masterId, buyingOption: 1, nonce: 'fake-valid-nonce' });
      expect(await priceInfo(as(userId), { buyingOption: 2, masterId })).toMatchObject({ price: 4, total: 4, upgradeFrom: 1 });
      const master = await pay(as(userId), { masterId, buyingOption: 2, nonce: 'fake-valid-nonce' });
      expect(master.buyingOption).toBe(2);
      expect((await invoicesOf(masterId)).map((i) => i.total_cents)).toEqual([299, 400]);
    });

    it('when the card is declined, then nothing changes and a decline translation key comes back', async () => {
      const { userId, masterId } = await createBuyerWithMaster(platform.db, { country: 'DE' });
      const before = await lastInvoiceNumber();
      const logged: string[] = [];
      const log = pino({ level: 'warn' }, { write: (line: string) => void logged.push(line) });
      await expect(pay(serviceContextOf(platform, { userId }, 'en', log), { masterId, buyingOption: 1, nonce: 'fake-processor-declined-visa-nonce' })).rejects.toMatchObject({ code: 'PAYMENT_FAILED', message: 'payment.declined.doNotHonor' });
      // The gateway's own code and words are in the log, and only there.
      expect(logged.join('')).toContain('processor 2000 Do Not Honor');
      const failed = await platform.db.selectFrom('payments').select(['status', 'failure_message']).where('master_id', '=', masterId).executeTakeFirstOrThrow();
      expect(failed).toEqual({ status: 'declined', failure_message: 'payment.declined.doNotHonor' });
      await expect(pay(as(userId), { masterId, buyingOption: 1, nonce: 'some-unknown-nonce' })).rejects.toMatchObject({ code: 'PAYMENT_FAILED', message: 'payment.serverFailure' });
      const master = await platform.db.selectFrom('masters').select(['buying_option', 'status']).where('id', '=', masterId).executeTakeFirstOrThrow();
      expect(master).toEqual({ buying_option: 0, status: 'MASTERED' });
      expect(await invoicesOf(masterId)).toEqual([]);
      expect(await lastInvoiceNumber()).toBe(before);
      // After declines, a good card still goes through under the same idempotency key.
      expect((await pay(as(userId), { masterId, buyingOption: 1, nonce: 'fake-valid-mastercard-nonce' })).buyingOption).toBe(1);
    });

    it('when a coupon makes it free, then it completes without the gateway and counts the coupon use', async () => {
      const { userId, masterId } = await createBuyerWithMaster(platform.db, { country: 'DE' });
      await createCoupon(platform.db, { key: 'FREEPLUGIN', type: 'free', maxUses: 10 });
      const salesBefore = gateway.sales.length;
      // As the REST and tRPC edges parse it: trimmed and upper-cased.
      const master = await pay(as(userId), ZPayInput.parse({ masterId, buyingOption: '2', couponKey: '  freeplugin ', nonce: null }));
      expect(master).toMatchObject({ buyingOption: 2, status: 'PAYMENT_DONE', invoice: { couponKey: 'FREEPLUGIN', price: 6.99, couponValue: 6.99 } });
      expect(gateway.sales.length).toBe(salesBefore);
      expect((await invoicesOf(masterId))[0]).toMatchObject({ total_cents: 0, vat_cents: 0, payment_method: 'coupon', transaction_id: null });
      expect((await platform.db.selectFrom('coupons').select('used_count').where('key', '=', 'FREEPLUGIN').executeTakeFirstOrThrow()).used_count).toBe(1);
    });

    it('when a new user redeems the seeded welcome code, then one master is free and a second is not', async () => {
      const first = await createBuyerWithMaster(platform.db, { country: 'DE' });
      const second = await createMaster(platform.db, first.userId);
      const salesBefore = gateway.sales.length;
      const paid = await pay(as(first.userId), { masterId: first.masterId, buyingOption: 2, couponKey: WELCOME_COUPON_KEY, nonce: null });
      expect(paid).toMatchObject({ buyingOption: 2, invoice: { couponKey: WELCOME_COUPON_KEY, price: 6.99, couponValue: 6.99 } });
      expect(gateway.sales.length).toBe(salesBefore);
      expect(await validateCoupon(as(first.userId), { key: WELCOME_COUPON_KEY.toLowerCase(), buyingOption: 1 })).toEqual({ isValid: false, remainingCost: 2.99 });
      await expect(pay(as(first.userId), { masterId: second.id, buyingOption: 1, couponKey: WELCOME_COUPON_KEY, nonce: null })).rejects.toMatchObject({ message: 'invalidCouponMessage' });
      // Another user still gets theirs.
      const other = await createBuyerWithMaster(platform.db, { country: 'US' });
      expect(await validateCoupon(as(other.userId), { key: WELCOME_COUPON_KEY, buyingOption: 1 })).toEqual({ isValid: true, remainingCost: 0 });
    });

    it('when the free option is taken, then the master is PAYMENT_DONE with no payment and no invoice', async () => {
      const { userId, masterId } = await createBuyerWithMaster(platform.db);
      const master = await pay(as(userId), { masterId, buyingOption: 0 });
      expect(master).toMatchObject({ buyingOption: 0, status: 'PAYMENT_DONE', invoice: null });
    });

    it('when a checkout precondition fails, then its key comes back and nothing is charged', async () => {
      const noName = await createUser(platform.db, { firstName: '', lastName: '' });
      await createAddress(platform.db, noName.id);
      const noNameMaster = await createMaster(platform.db, noName.id);
      await expect(pay(as(noName.id), { masterId: noNameMaster.id, buyingOption: 1, nonce: 'fake-valid-nonce' })).rejects.toThrow('payment.nameRequired');

      const noAddress = await createUser(platform.db);
      const noAddressMaster = await createMaster(platform.db, noAddress.id);
      await expect(pay(as(noAddress.id), { masterId: noAddressMaster.id, buyingOption: 1, nonce: 'fake-valid-nonce' })).rejects.toThrow('payment.addressRequired');

      const { userId, masterId } = await createBuyerWithMaster(platform.db);
      const stranger = await createBuyerWithMaster(platform.db);
      await expect(pay(as(stranger.userId), { masterId, buyingOption: 1, nonce: 'fake-valid-nonce' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const unmastered = await createMaster(platform.db, userId, { status: 'CREATED', styled: false });
      await expect(pay(as(userId), { masterId: unmastered.id, buyingOption: 1, nonce: 'fake-valid-nonce' })).rejects.toThrow('payment.masterNotMastered');
      await expect(pay(as(userId), { masterId, buyingOption: 1, nonce: null })).rejects.toThrow('payment.requestPaymentMethod');
      await expect(pay(as(userId), { masterId, buyingOption: 1, couponKey: 'NOSUCHCOUPON', nonce: 'fake-valid-nonce' })).rejects.toThrow('invalidCouponMessage');
      await expect(pay(platform.contextFor(null), { masterId, buyingOption: 1, nonce: 'fake-valid-nonce' })).rejects.toBeInstanceOf(AppError);
      expect(await platform.db.selectFrom('payments').select('id').where('master_id', 'in', [masterId, noNameMaster.id, noAddressMaster.id]).execute()).toEqual([]);
    });

    it('when an owned or lower option is paid again, then it is refused as already purchased', async () => {
      const { userId, masterId } = await createBuyerWithMaster(platform.db);
      await pay(as(userId), { masterId, buyingOption: 2, nonce: 'fake-valid-nonce' });
      await expect(pay(as(userId), { masterId, buyingOption: 1, nonce: 'fake-valid-nonce' })).rejects.toThrow('payment.alreadyPurchased');
      // The same option again is the idempotent replay: the purchased master, no second charge.
      const sales = gateway.sales.length;
      expect((await pay(as(userId), { masterId, buyingOption: 2, nonce: 'fake-valid-nonce' })).buyingOption).toBe(2);
      expect(gateway.sales.length).toBe(sales);
    });
  });

  describe('concurrency', () => {
    beforeEach(({ task }) => noticeIfOneConnection(platform.database, task.name));

    it('when 20 pays for the same master and option arrive at once, then one charge and one invoice result', async () => {
      const { userId, masterId } = await createBuyerWithMaster(platform.db, { country: 'DE' });
      const salesBefore = gateway.sales.length;
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => pay(as(userId), { masterId, buyingOption: 1, nonce: 'fake-valid-nonce' })));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      for (const result of results) expect(result.status === 'fulfilled' && result.value.buyingOption).toBe(1);
      expect(gateway.sales.length - salesBefore).toBe(1);
      expect(await invoicesOf(masterId)).toHaveLength(1);
      expect(await platform.db.selectFrom('payments').select('id').where('master_id', '=', masterId).execute()).toHaveLength(1);
    });

    it('when options 1 and 2 of one master are paid at once, then the second pays only the difference', async () => {
      const { userId, masterId } = await createBuyerWithMaster(platform.db, { country: 'US' });
      const salesBefore = gateway.sales.length;
      const results = await Promise.allSettled([1, 2].map((buyingOption) => pay(as(userId), { masterId, buyingOption, nonce: 'fake-valid-nonce' })));
      const charged = gateway.sales.slice(salesBefore).reduce((sum, sale) => sum + sale.amountCents, 0);
      const master = await platform.db.selectFrom('masters').select('buying_option').where('id', '=', masterId).executeTakeFirstOrThrow();
      expect(master.buying_option).toBe(2);
      // Either 2.99 then the 4.00 upgrade, or 6.99 with option 1 refused as already purchased: never both full prices.
      expect(charged).toBe(699);
      expect((await invoicesOf(masterId)).reduce((sum, invoice) => sum + invoice.total_cents, 0)).toBe(699);
      const refused = results.filter((r) => r.status === 'rejected');
      expect(refused.every((r) => (r.reason as AppError).message === 'payment.alreadyPurchased')).toBe(true);
    });

    it('when 50 different buyers pay at once, then their invoices take 50 consecutive numbers', async () => {
      const buyers = await Promise.all(Array.from({ length: 50 }, () => createBuyerWithMaster(platform.db, { country: 'AT' })));
      const before = await lastInvoiceNumber();
      const masters = await Promise.all(buyers.map((b) => pay(as(b.userId), { masterId: b.masterId, buyingOption: 1, nonce: 'fake-valid-nonce' })));
      const numbers = masters.map((m) => m.invoice?.invoiceNumber ?? 0).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => before + 1 + i));
      expect(await lastInvoiceNumber()).toBe(before + 50);
    });

    it('when two buyers race for the last use of a coupon, then only one gets it', async () => {
      await createCoupon(platform.db, { key: 'LASTONE', type: 'free', maxUses: 1 });
      const [a, b] = await Promise.all([createBuyerWithMaster(platform.db), createBuyerWithMaster(platform.db)]);
      const results = await Promise.allSettled([a!, b!].map((buyer) => pay(as(buyer.userId), { masterId: buyer.masterId, buyingOption: 1, couponKey: 'LASTONE' })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { message: 'invalidCouponMessage' } });
    });
  });

  describe('coupon validation', () => {
    it('when keys are typed with spaces and lower case, then they are trimmed and upper-cased', async () => {
      const { userId } = await createBuyerWithMaster(platform.db);
      await createCoupon(platform.db, { key: 'TAKE1', type: 'amount', value: 100 });
      // Parsed as every adapter parses it (the edge schema), from what a user types.
      const typed = (key: string) => ZValidateCouponInput.parse({ key, buyingOption: 1 });
      expect(await validateCoupon(as(userId), typed('  take1 '))).toEqual({ isValid: true, remainingCost: 1.99 });
      expect(await validateCoupon(as(userId), typed(' nope'))).toEqual({ isValid: false, remainingCost: 2.99 });
    });

    it('when a coupon expired, is used up or the user reached its limit, then it is not valid', async () => {
      const { userId, masterId } = await createBuyerWithMaster(platform.db);
      await createCoupon(platform.db, { key: 'OLD', type: 'percent', value: 10, expiresAt: new Date(Date.now() - 1000) });
      await createCoupon(platform.db, { key: 'ONCEEACH', type: 'percent', value: 10, perUserLimit: 1 });
      expect((await validateCoupon(as(userId), { key: 'OLD', buyingOption: 2 })).isValid).toBe(false);
      expect((await validateCoupon(as(userId), { key: 'ONCEEACH', buyingOption: 2 })).isValid).toBe(true);
      await pay(as(userId), { masterId, buyingOption: 1, couponKey: 'ONCEEACH', nonce: 'fake-valid-nonce' });
      expect((await validateCoupon(as(userId), { key: 'ONCEEACH', buyingOption: 2 })).isValid).toBe(false);
    });
  });
});
