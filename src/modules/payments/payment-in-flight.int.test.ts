import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.js';
import { createCallerFactory } from '../../platform/trpc/trpc.js';
import { createBuyerWithMaster, createMaster } from '../../test/commerce-factories.js';
import { createTestPlatform, type TestPlatform } from '../../test/test-platform.js';
import { createLocalGateway, installPaymentGateway, pay } from './index.js';
import { reconcilePendingPayments } from './payments.service.js';

/**
 * A master removed while its payment is in flight left a charged payment pending with no invoice
 * (the payment lost its master, and finishing needs one). Removal now refuses during a pending
 * payment, and a reconciler books payments that were charged but never finished.
 */
describe('payments in flight', () => {
  let platform: TestPlatform;
  let releaseSale = () => undefined as void;

  beforeAll(async () => {
    platform = await createTestPlatform();
    const local = createLocalGateway();
    installPaymentGateway(platform, {
      ...local,
      async sale(request) {
        // Holds every charge until the test lets it go: the payment stays pending meanwhile.
        await new Promise<void>((resolve) => (releaseSale = () => resolve()));
        return local.sale(request);
      },
    });
  });
  afterAll(async () => {
    await platform?.close();
  });

  const callerOf = (userId: string) => createCallerFactory(appRouter)(platform.contextFor({ userId }));
  const pendingOf = (masterId: string) =>
    platform.db.selectFrom('payments').select(['id', 'status']).where('master_id', '=', masterId).where('status', '=', 'pending').executeTakeFirst();

  it('when the master or its track is removed while its payment is in flight, then removal is refused and the payment ends with an invoice', async () => {
    const { userId, masterId } = await createBuyerWithMaster(platform.db);
    const paying = pay(platform.contextFor({ userId }), { masterId, buyingOption: 1, nonce: 'fake-valid-visa-nonce' });
    for (let i = 0; i < 200 && !(await pendingOf(masterId)); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await pendingOf(masterId)).toBeDefined();

    const caller = callerOf(userId);
    await expect(caller.masters.removeMaster({ id: masterId })).rejects.toMatchObject({ message: 'master.paymentInProgress' });
    const track = await platform.db.selectFrom('masters').select('track_id').where('id', '=', masterId).executeTakeFirstOrThrow();
    await expect(caller.tracks.removeTrack({ id: track.track_id })).rejects.toMatchObject({ message: 'master.paymentInProgress' });

    releaseSale();
    const paid = await paying;
    expect(paid.invoice?.invoiceNumber).toBeGreaterThan(0);
    expect(await caller.masters.removeMaster({ id: masterId })).toBe(true);
  });

  it('when a payment was charged but never booked, then the reconciler books it with an invoice', async () => {
    const { userId, masterId } = await createBuyerWithMaster(platform.db);
    const paying = pay(platform.contextFor({ userId }), { masterId, buyingOption: 1, nonce: 'fake-valid-visa-nonce' });
    for (let i = 0; i < 200 && !(await pendingOf(masterId)); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    releaseSale();
    await paying;
    // The state a crash between the gateway's answer and the booking leaves: pending, with the transaction.
    const other = await createMaster(platform.db, userId);
    const settled = await platform.db.selectFrom('payments').select(['quote', 'amount_cents', 'currency']).where('master_id', '=', masterId).executeTakeFirstOrThrow();
    await platform.db
      .insertInto('payments')
      .values({
        user_id: userId,
        master_id: other.id,
        buying_option: 1,
        idempotency_key: `${other.id}:1`,
        gateway: 'local',
        transaction_id: 'local-charged-before-crash',
        amount_cents: settled.amount_cents,
        currency: settled.currency,
        status: 'pending',
        payment_method: 'credit_card',
        quote: JSON.stringify(settled.quote),
        updated_at: new Date(Date.now() - 10 * 60_000),
      })
      .execute();

    const report = await reconcilePendingPayments(platform.contextFor(null));
    expect(report.booked).toBe(1);
    const payment = await platform.db.selectFrom('payments').select(['id', 'status']).where('master_id', '=', other.id).executeTakeFirstOrThrow();
    expect(payment.status).toBe('settled');
    const invoice = await platform.db.selectFrom('invoices').select('invoice_number').where('payment_id', '=', payment.id).executeTakeFirst();
    expect(invoice).toBeDefined();
    const master = await platform.db.selectFrom('masters').select(['status', 'buying_option']).where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(master).toEqual({ status: 'PAYMENT_DONE', buying_option: 1 });
  });
});
