import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.js';
import { createCallerFactory } from '../../platform/trpc/trpc.js';
import { mailsTo } from '../../test/outbox.js';
import { startPayPalStandIn, type PayPalStandIn } from '../../test/paypal-stand-in.js';
import { createReleaseWithPartner } from '../../test/release-factories.js';
import { useTestPlatform } from '../../test/test-platform.js';
import { adjustBalance, importStatement, pollPayouts, releaseHold, runPayouts, type PayoutContext } from './index.js';
import { createPayPalPayoutProvider } from './provider/paypal-payout-provider.js';

const HEADER = 'ISRC,UPC,Territory,Usage Type,Quantity,Net Revenue,Currency';

describe('payouts through PayPal Payouts (a local stand-in of its REST API)', () => {
  const suite = useTestPlatform();
  let paypal: PayPalStandIn;
  let context: PayoutContext;
  let periodCounter = 0;
  const nextPeriod = () => `2032-${String(++periodCounter).padStart(2, '0')}`;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    context = {
      db: suite.platform.db,
      mailer: suite.platform.mailer,
      payoutMin: 10,
      publicUrl: 'http://masterdeck.test',
      // 2 %, at most 1.00: the fee a US PayPal contract states.
      provider: createPayPalPayoutProvider({ apiBase: paypal.base, ...paypal.credentials, feePercent: 2, feeMaxMinor: 100, attempts: 3, timeoutMs: 5000 }),
    };
  });
  afterAll(async () => {
    await paypal?.close();
  });

  /** A release of one track shared by the user's participant and a partner, and a statement paying `amount` USD for it. */
  /** Both payout addresses confirmed, as their owners would through the confirmation mail. */
  async function earnings(amount: string, shares = { own: 50, partner: 50 }) {
    const r = await unconfirmedEarnings(amount, shares);
    await suite.platform.db
      .insertInto('payout_address_confirmations')
      .values([
        { participant_id: r.participantId, email: r.ownEmail, token_sha256: `test-${r.participantId}`, confirmed_at: new Date() },
        { participant_id: r.partnerId, email: r.partnerEmail, token_sha256: `test-${r.partnerId}`, confirmed_at: new Date() },
      ])
      .execute();
    return r;
  }

  async function unconfirmedEarnings(amount: string, shares = { own: 50, partner: 50 }) {
    const release = await createReleaseWithPartner(suite.platform, { shares, albumName: 'Tides', trackName: 'Undertow' });
    // Every distributor's own participant has the same payout e-mail in the factory; the partner's is unique.
    const ownEmail = `own${release.participantId}@example.com`;
    await suite.platform.db.updateTable('distribution_participants').set({ email: ownEmail }).where('id', '=', release.participantId).execute();
    const credit = (net: string) => importStatement({ db: suite.platform.db }, { store: 'Spotify', period: nextPeriod(), csv: `${HEADER}\n${release.isrc},,DE,stream,1000,${net},USD\n`, rates: {} });
    await credit(amount);
    return { ...release, credit, ownEmail };
  }
  const mine = (result: Awaited<ReturnType<typeof runPayouts>>, ids: number[]) => result.payouts.filter((p) => ids.includes(p.participantId));

  it('when the answer to the create-batch call is lost, then the retry under the same sender_batch_id pays each participant once and each is told once, after PayPal confirmed', async () => {
    const r = await earnings('100.00');
    paypal.loseAnswers('POST /v1/payments/payouts');
    const result = await runPayouts(context, {});
    expect(result.error).toBeNull();
    expect(paypal.batchesFor(result.runId)).toBe(1);
    expect(paypal.requests.filter((route) => route === 'POST /v1/payments/payouts').length).toBeGreaterThanOrEqual(2);
    expect(mine(result, [r.participantId, r.partnerId]).map((p) => [p.amountMinor, p.feeMinor, p.status])).toEqual([
      [5000, 100, 'confirmed'],
      [5000, 100, 'confirmed'],
    ]);
    expect(paypal.payments.filter((p) => [r.ownEmail, r.partnerEmail].includes(p.receiver)).map((p) => [p.receiver, p.value])).toEqual([
      [r.ownEmail, '49.00'],
      [r.partnerEmail, '49.00'],
    ]);
    const mails = await mailsTo(suite.platform.outboxDir, r.partnerEmail);
    expect(mails.map((mail) => mail.subject)).toEqual(['Royalties from Erika Records: $49.00 paid to you']);
    expect(mails[0]!.text).toContain('Erika Records has paid you $49.00');
    expect(mails[0]!.text).toContain("the payment service's fee of $1.00 was deducted");
    expect(mails[0]!.text).toContain('You get this mail because Erika Records named you');

    // Polling again changes nothing and tells nobody twice.
    await pollPayouts(context);
    expect(await mailsTo(suite.platform.outboxDir, r.partnerEmail)).toHaveLength(1);
    expect((await r.caller.royalties.payments()).participants.map((p) => [p.paidMinor, p.balanceMinor])).toEqual([
      [5000, 0],
      [5000, 0],
    ]);
  });

  it('when one item fails and another goes unclaimed, then both amounts are back on the balances with the reason, the unclaimed one is cancelled, and only the paid one is told', async () => {
    const failed = await earnings('40.00');
    const unclaimed = await earnings('30.00');
    paypal.outcomeFor(failed.partnerEmail, 'FAILED');
    paypal.outcomeFor(unclaimed.partnerEmail, 'UNCLAIMED');
    const result = await runPayouts(context, {});
    expect(mine(result, [failed.partnerId, unclaimed.partnerId, failed.participantId]).map((p) => [p.participantId, p.status, p.failureReason])).toEqual([
      [failed.participantId, 'confirmed', null],
      [failed.partnerId, 'returned', 'Receiver is unregistered'],
      [unclaimed.partnerId, 'returned', 'nobody claimed the payment at this address'],
    ]);
    expect(paypal.requests.some((route) => route.endsWith('/cancel'))).toBe(true);
    expect(paypal.payments.map((p) => p.receiver)).not.toContain(failed.partnerEmail);
    expect(paypal.payments.map((p) => p.receiver)).not.toContain(unclaimed.partnerEmail);
    expect(await mailsTo(suite.platform.outboxDir, failed.partnerEmail)).toEqual([]);
    expect(await mailsTo(suite.platform.outboxDir, unclaimed.partnerEmail)).toEqual([]);
    expect(await mailsTo(suite.platform.outboxDir, failed.ownEmail)).toHaveLength(1);

    const payments = await failed.caller.royalties.payments();
    const partner = payments.participants.find((p) => p.participantId === failed.partnerId)!;
    expect([partner.earnedMinor, partner.paidMinor, partner.balanceMinor]).toEqual([2000, 0, 2000]);
    expect(payments.others).toMatchObject([{ kind: 'returned', participantId: failed.partnerId, amountMinor: 2000, reason: 'Receiver is unregistered', paid: false }]);
    expect(payments.payouts.find((p) => p.email === failed.partnerEmail)).toMatchObject({ status: 'returned', failureReason: 'Receiver is unregistered' });

    // The address is corrected: the next run pays the returned money once.
    paypal.outcomeFor(failed.partnerEmail, 'SUCCESS');
    const again = await runPayouts(context, {});
    expect(mine(again, [failed.partnerId, failed.participantId]).map((p) => [p.participantId, p.amountMinor, p.status])).toEqual([[failed.partnerId, 2000, 'confirmed']]);
  });

  it('when PayPal has not finished an item, then nobody is told it is paid until a later poll sees it paid', async () => {
    const r = await earnings('60.00', { own: 100, partner: 0 });
    paypal.outcomeFor(r.ownEmail, 'PENDING');
    const result = await runPayouts(context, {});
    expect(mine(result, [r.participantId]).map((p) => p.status)).toEqual(['submitted']);
    expect(await mailsTo(suite.platform.outboxDir, r.ownEmail)).toEqual([]);
    expect((await r.caller.royalties.payments()).participants[0]).toMatchObject({ paidMinor: 0, inTransitMinor: 6000, balanceMinor: 0 });

    paypal.outcomeFor(r.ownEmail, 'SUCCESS');
    await pollPayouts(context);
    expect((await mailsTo(suite.platform.outboxDir, r.ownEmail)).map((mail) => mail.subject)).toEqual(['Royalties from Erika Records: $59.00 paid to you']);
    expect((await r.caller.royalties.payments()).participants[0]).toMatchObject({ paidMinor: 6000, inTransitMinor: 0 });
  });

  it('when PayPal cannot be reached, then the payouts wait unsent and a later poll sends the same batch once', async () => {
    const r = await earnings('25.00', { own: 100, partner: 0 });
    paypal.loseAnswers('POST /v1/oauth2/token', 3);
    // A fresh provider, so no token is cached from the tests before.
    const offline = { ...context, provider: createPayPalPayoutProvider({ apiBase: paypal.base, ...paypal.credentials, feePercent: 2, feeMaxMinor: 100, attempts: 3, timeoutMs: 5000 }) };
    const result = await runPayouts(offline, {});
    expect(result.error).not.toBeNull();
    expect(mine(result, [r.participantId]).map((p) => p.status)).toEqual(['pending']);
    expect(paypal.batchesFor(result.runId)).toBe(0);
    // Nothing is paid twice meanwhile: the entries belong to the waiting payout.
    expect(mine(await runPayouts(offline, {}), [r.participantId])).toEqual([]);

    await pollPayouts(offline);
    expect(paypal.batchesFor(result.runId)).toBe(1);
    expect(paypal.payments.filter((p) => p.receiver === r.ownEmail)).toHaveLength(1);
    expect(await mailsTo(suite.platform.outboxDir, r.ownEmail)).toHaveLength(1);
  });

  it('when a payout address is not confirmed, then nothing is paid to it and its owner is asked once, saying who names them and why; after confirming, the next run pays', async () => {
    const r = await unconfirmedEarnings('50.00');
    const first = await runPayouts(context, {});
    expect(mine(first, [r.participantId, r.partnerId])).toEqual([]);
    expect(first.awaitingConfirmation.filter((a) => a.participantId === r.partnerId)).toEqual([{ participantId: r.partnerId, name: `Partner ${r.participantId}`, email: r.partnerEmail, mailed: true }]);
    expect(paypal.payments.map((p) => p.receiver)).not.toContain(r.partnerEmail);
    const [ask] = await mailsTo(suite.platform.outboxDir, r.partnerEmail);
    expect(ask!.subject).toBe('Erika Records wants to pay you royalties: please confirm this address');
    expect(ask!.text).toContain('Erika Records releases music through Masterdeck and has named you as a participant');
    // A second run pays nothing yet and does not mail again within the week.
    expect((await runPayouts(context, {})).awaitingConfirmation.find((a) => a.participantId === r.partnerId)?.mailed).toBe(false);
    expect(await mailsTo(suite.platform.outboxDir, r.partnerEmail)).toHaveLength(1);

    const token = /\/payout-address\/confirm\/([A-Za-z0-9_-]+)/.exec(ask!.text)![1]!;
    const anonymous = createCallerFactory(appRouter)(suite.platform.contextFor(null));
    await expect(anonymous.royalties.confirmPayoutAddress({ token: 'x'.repeat(43) })).rejects.toMatchObject({ message: 'royalties.error.confirmationInvalid' });
    expect(await anonymous.royalties.confirmPayoutAddress({ token })).toEqual({ email: r.partnerEmail, from: 'Erika Records' });
    const paid = await runPayouts(context, {});
    expect(mine(paid, [r.partnerId]).map((p) => [p.amountMinor, p.status])).toEqual([[2500, 'confirmed']]);

    // A changed address needs its own confirmation: the old one's does not carry over.
    await suite.platform.db.updateTable('distribution_participants').set({ email: `moved${r.participantId}@example.com` }).where('id', '=', r.partnerId).execute();
    await r.credit('10.00');
    const moved = await runPayouts(context, { min: 1 });
    expect(mine(moved, [r.partnerId])).toEqual([]);
    expect(moved.awaitingConfirmation.find((a) => a.participantId === r.partnerId)).toMatchObject({ email: `moved${r.participantId}@example.com`, mailed: true });
  });

  it('when a store fines a track, then the balance goes below zero, nothing is paid, and later earnings make up for it first', async () => {
    const r = await earnings('5.00', { own: 100, partner: 0 });
    await adjustBalance({ db: suite.platform.db }, { participantId: r.participantId, kind: 'adjustment', amount: '-20.00', reason: 'Spotify: artificial streams fine' });
    const hold = await adjustBalance({ db: suite.platform.db }, { participantId: r.participantId, kind: 'hold', amount: '3.00', reason: 'Statement under review' });
    let payments = await r.caller.royalties.payments();
    expect(payments.participants[0]).toMatchObject({ earnedMinor: 500, adjustedMinor: -2000, heldMinor: 300, balanceMinor: -1800 });
    expect(payments.others.map((e) => [e.kind, e.amountMinor, e.reason])).toEqual([
      ['hold', -300, 'Statement under review'],
      ['adjustment', -2000, 'Spotify: artificial streams fine'],
    ]);
    expect(mine(await runPayouts(context, { min: 0 }), [r.participantId])).toEqual([]);

    await r.credit('30.00');
    // 5 - 20 - 3 + 30 = 12.00; the hold is lifted: 15.00, paid less the fee (2 % = 0.30).
    await releaseHold({ db: suite.platform.db }, { holdId: hold.entryId });
    await expect(releaseHold({ db: suite.platform.db }, { holdId: hold.entryId })).rejects.toMatchObject({ message: 'royalties.error.holdNotFound' });
    const paid = mine(await runPayouts(context, {}), [r.participantId]);
    expect(paid.map((p) => [p.amountMinor, p.feeMinor, p.status])).toEqual([[1500, 30, 'confirmed']]);
    payments = await r.caller.royalties.payments();
    expect(payments.participants[0]).toMatchObject({ balanceMinor: 0, paidMinor: 1500 });
    expect(payments.rules).toEqual({ provider: 'local', minMinor: 1000, feePercent: 0, feeMaxMinor: 0 });
  });
});
