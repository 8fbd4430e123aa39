import { describe, expect, it } from 'vitest';
import { createAddress, createUser } from '../../test/commerce-factories.js';
import { useTestApp } from '../../test/test-app.js';
import { createLocalSubscriptions, createLocalVault, installSubscriptionBilling } from '../payments/index.js';
import { renewDueSubscriptions } from './subscription.service.js';

const DAY_MS = 86_400_000;

describe('distribution: subscription, renewals and the add-on records', () => {
  const suite = useTestApp();
  const jobContext = () => suite.platform.contextFor(null);
  const auth = (userId: string) => ({ ...suite.bearer(userId), 'content-type': 'application/json' });

  async function buyer(country = 'DE') {
    const user = await createUser(suite.platform.db);
    await createAddress(suite.platform.db, user.id, { country });
    return user.id;
  }

  async function subscriber(country = 'DE') {
    const userId = await buyer(country);
    const caller = suite.callerFor(userId);
    const plan = await caller.distribution.plan();
    await caller.distribution.subscribe({ nonce: 'fake-valid-nonce', planId: plan.id });
    return userId;
  }

  async function distributor() {
    const userId = await subscriber();
    await suite.callerFor(userId).distribution.setup({
      artistName: 'Erika',
      artistCountry: 'de',
      participantName: 'Erika Mustermann',
      participantPayPalEmail: 'Payout@Example.com',
      labelName: 'Erika Records',
    });
    return userId;
  }

  const subscriptionRow = (userId: string) =>
    suite.platform.db.selectFrom('distribution_subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const invoicesOf = (userId: string) =>
    suite.platform.db.selectFrom('invoices').select(['invoice_number', 'product_type', 'buying_option', 'price_cents', 'vat_cents', 'total_cents', 'currency', 'product', 'created_at']).where('user_id', '=', userId).orderBy('invoice_number').execute();

  it('when a user subscribes with a valid test nonce, then the add-on is active, the charge has an invoice with VAT by the address and the status shows the gross charged', async () => {
    const userId = await buyer('DE');
    const caller = suite.callerFor(userId);
    expect(await caller.distribution.plan()).toEqual({ id: 'distribution-yearly', billingFrequency: 12, price: 19.99, currency: 'USD' });
    expect(await caller.distribution.priceInfo()).toMatchObject({ price: 19.99, vat: 3.8, vatRate: 19, total: 23.79, currency: 'USD' });
    expect((await caller.distribution.subscription()).active).toBe(false);

    const before = await suite.platform.db.selectFrom('invoice_counter').select('last_number').executeTakeFirstOrThrow();
    const status = await caller.distribution.subscribe({ nonce: 'fake-valid-nonce', planId: 'distribution-yearly' });
    expect(status).toMatchObject({ active: true, status: 'active', billingFrequency: 12, price: 19.99, currency: 'USD', graceUntil: null });
    const periodEnd = new Date(status.currentPeriodEnd!);
    expect(status.nextChargeAt).toBe(status.currentPeriodEnd);
    // A year ahead, to the calendar day.
    expect(Math.round((periodEnd.getTime() - Date.now()) / DAY_MS)).toBeGreaterThanOrEqual(365);
    expect(Math.round((periodEnd.getTime() - Date.now()) / DAY_MS)).toBeLessThanOrEqual(366);

    const invoices = await invoicesOf(userId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ product_type: 1, buying_option: 0, price_cents: 1999, vat_cents: 380, total_cents: 2379, currency: 'USD', product: 'Distribution add-on / 12 months' });
    expect(Number(invoices[0]!.invoice_number)).toBe(Number(before.last_number) + 1);
    expect(status.lastInvoiceNumber).toBe(Number(invoices[0]!.invoice_number));
    // The account's subscription tab shows what was charged, VAT included, not the net plan price.
    expect(status).toMatchObject({ chargedTotal: 23.79, chargedVat: 3.8, chargedCurrency: 'USD' });
    const listed = await caller.invoices.list();
    expect(listed.map((invoice) => invoice.productType)).toEqual([1]);
    const pdf = await fetch(`${suite.app.base}/api/download/invoice/${status.lastInvoiceNumber}`, { headers: auth(userId) });
    expect(pdf.status).toBe(200);

    await expect(caller.distribution.subscribe({ nonce: 'fake-valid-nonce', planId: 'distribution-yearly' })).rejects.toMatchObject({ message: 'distribution.alreadySubscribed' });
    expect(await invoicesOf(userId)).toHaveLength(1);
  });

  it('when the buyer lives outside the EU, then the subscription is charged without VAT', async () => {
    const userId = await subscriber('US');
    expect(await invoicesOf(userId)).toEqual([expect.objectContaining({ price_cents: 1999, vat_cents: 0, total_cents: 1999 })]);
  });

  it('when the card is declined or the buyer has no address, then nothing is subscribed and no invoice is written', async () => {
    const userId = await buyer();
    const caller = suite.callerFor(userId);
    await expect(caller.distribution.subscribe({ nonce: 'fake-processor-declined-visa-nonce', planId: 'distribution-yearly' })).rejects.toMatchObject({ message: 'payment.declined.doNotHonor' });
    expect((await caller.distribution.subscription()).active).toBe(false);
    expect(await invoicesOf(userId)).toEqual([]);
    expect(await caller.payments.methods()).toEqual([]);
    await expect(caller.distribution.subscribe({ nonce: 'fake-valid-nonce', planId: 'another-plan' })).rejects.toMatchObject({ message: 'distribution.unknownPlan' });

    const homeless = (await createUser(suite.platform.db)).id;
    await expect(suite.callerFor(homeless).distribution.subscribe({ nonce: 'fake-valid-nonce', planId: 'distribution-yearly' })).rejects.toMatchObject({ message: 'payment.addressRequired' });
    expect(await suite.platform.db.selectFrom('distribution_subscriptions').select('id').where('user_id', '=', homeless).execute()).toEqual([]);

    // After a decline the same user can subscribe with a good card.
    expect((await caller.distribution.subscribe({ nonce: 'fake-valid-nonce', planId: 'distribution-yearly' })).active).toBe(true);
  });

  it('when a subscription pays with a vaulted method, then the method is listed as used and cannot be deleted until the subscription is canceled', async () => {
    const userId = await subscriber();
    const caller = suite.callerFor(userId);
    const [method] = await caller.payments.methods();
    expect(method).toMatchObject({ type: 'credit_card', usedInSubscription: true });
    await expect(caller.payments.removeMethod({ token: method!.token })).rejects.toMatchObject({ message: 'payment.methodUsedInSubscription' });
    expect(await caller.payments.methods()).toHaveLength(1);
    // Another user cannot touch it at all.
    const stranger = suite.callerFor(await buyer());
    await expect(stranger.payments.removeMethod({ token: method!.token })).rejects.toMatchObject({ message: 'global.error.notFound' });

    await caller.distribution.cancel();
    expect((await caller.payments.methods())[0]).toMatchObject({ usedInSubscription: false });
    await caller.payments.removeMethod({ token: method!.token });
    expect(await caller.payments.methods()).toEqual([]);
  });

  it('when a period ends and the vaulted card pays, then the next period is charged once, invoiced with the next number, and the period moves on', async () => {
    const userId = await subscriber();
    const first = await subscriptionRow(userId);
    const dueAt = new Date(new Date(first.current_period_end).getTime() + 1000);

    await renewDueSubscriptions(jobContext(), new Date(dueAt.getTime() - 2000));
    expect(await subscriptionRow(userId)).toMatchObject({ period_number: 1 });
    const summary = await renewDueSubscriptions(jobContext(), dueAt);
    expect(summary.renewed).toBeGreaterThanOrEqual(1);
    const renewed = await subscriptionRow(userId);
    expect(renewed).toMatchObject({ status: 'active', period_number: 2, grace_until: null, failed_renewals: 0 });
    expect(new Date(renewed.current_period_start).toISOString()).toBe(new Date(first.current_period_end).toISOString());
    expect(new Date(renewed.current_period_end).getUTCFullYear()).toBe(new Date(first.current_period_end).getUTCFullYear() + 1);

    const invoices = await invoicesOf(userId);
    expect(invoices).toHaveLength(2);
    expect(Number(invoices[1]!.invoice_number)).toBeGreaterThan(Number(invoices[0]!.invoice_number));
    expect(invoices[1]).toMatchObject({ product_type: 1, total_cents: 2379 });
    expect(new Date(invoices[1]!.created_at).toISOString()).toBe(dueAt.toISOString());

    // Running the job again at the same time charges nothing more.
    await renewDueSubscriptions(jobContext(), dueAt);
    expect(await invoicesOf(userId)).toHaveLength(2);
    const payments = await suite.platform.db.selectFrom('payments').select(['idempotency_key', 'status']).where('subscription_id', '=', first.id).orderBy('created_at').execute();
    expect(payments).toEqual([
      { idempotency_key: expect.stringMatching(/^sub-start:/), status: 'settled' },
      { idempotency_key: `sub:${first.id}:2`, status: 'settled' },
    ]);
  });

  it('when a renewal is declined, then the add-on stays on through 30 days of grace, a later success recovers it, and an unpaid grace ends it', async () => {
    const recovering = await subscriber();
    const lapsing = await subscriber();
    for (const userId of [recovering, lapsing]) {
      await suite.platform.db.updateTable('local_vault_methods').set({ source_nonce: 'fake-processor-declined-visa-nonce' }).where('customer_id', '=', userId).execute();
    }
    const row = await subscriptionRow(lapsing);
    const periodEnd = new Date(row.current_period_end);
    const dueAt = new Date(periodEnd.getTime() + 1000);
    await renewDueSubscriptions(jobContext(), dueAt);

    for (const userId of [recovering, lapsing]) {
      const pastDue = await subscriptionRow(userId);
      expect(pastDue).toMatchObject({ status: 'past_due', failed_renewals: 1, last_failure: 'payment.declined.doNotHonor', period_number: 1 });
      expect(new Date(pastDue.grace_until!).getTime()).toBe(new Date(pastDue.current_period_end).getTime() + 30 * DAY_MS);
      const status = await suite.callerFor(userId).distribution.subscription();
      expect(status).toMatchObject({ active: true, status: 'past_due' });
      expect(await invoicesOf(userId)).toHaveLength(1);
    }

    // The card works again: the retry three days later charges the period that was due.
    await suite.platform.db.updateTable('local_vault_methods').set({ source_nonce: 'fake-valid-nonce' }).where('customer_id', '=', recovering).execute();
    await renewDueSubscriptions(jobContext(), new Date(dueAt.getTime() + 3 * DAY_MS));
    expect(await subscriptionRow(recovering)).toMatchObject({ status: 'active', period_number: 2, grace_until: null });
    expect(await invoicesOf(recovering)).toHaveLength(2);

    // The other one keeps failing until its grace ends: then it ends, unpaid, and frees its card.
    expect(await subscriptionRow(lapsing)).toMatchObject({ status: 'past_due', failed_renewals: 2 });
    const graceEnd = new Date(periodEnd.getTime() + 30 * DAY_MS);
    await renewDueSubscriptions(jobContext(), new Date(graceEnd.getTime() - 1000));
    expect((await subscriptionRow(lapsing)).status).toBe('past_due');
    await renewDueSubscriptions(jobContext(), new Date(graceEnd.getTime() + 1000));
    expect(await subscriptionRow(lapsing)).toMatchObject({ status: 'ended' });
    expect(await suite.callerFor(lapsing).distribution.subscription()).toMatchObject({ active: false, status: null });
    expect(await invoicesOf(lapsing)).toHaveLength(1);
    expect((await suite.callerFor(lapsing).payments.methods())[0]).toMatchObject({ usedInSubscription: false });
  });

  it('when a user cancels, then the add-on stays on to the end of the paid period, is never charged again, and then ends', async () => {
    const userId = await subscriber();
    const caller = suite.callerFor(userId);
    const canceled = await caller.distribution.cancel();
    expect(canceled).toMatchObject({ active: true, status: 'canceled', nextChargeAt: null });
    await expect(caller.distribution.cancel()).rejects.toMatchObject({ message: 'distribution.noSubscription' });
    const periodEnd = new Date((await subscriptionRow(userId)).current_period_end);
    await renewDueSubscriptions(jobContext(), new Date(periodEnd.getTime() + 1000));
    expect(await subscriptionRow(userId)).toMatchObject({ status: 'ended' });
    expect(await invoicesOf(userId)).toHaveLength(1);
    // Ended, the user may subscribe again.
    expect((await caller.distribution.subscribe({ nonce: 'fake-valid-nonce', planId: 'distribution-yearly' })).status).toBe('active');
  });

  it('when a user resumes a canceled subscription while the paid period runs, then renewal is on again with the same card, nothing is charged now, and the period end is charged once', async () => {
    const userId = await subscriber();
    const caller = suite.callerFor(userId);
    const before = await subscriptionRow(userId);
    await caller.distribution.cancel();
    expect((await caller.payments.methods())[0]).toMatchObject({ usedInSubscription: false });

    const resumed = await caller.distribution.resume();
    expect(resumed).toMatchObject({ active: true, status: 'active', nextChargeAt: new Date(before.current_period_end).toISOString() });
    const row = await subscriptionRow(userId);
    expect(row).toMatchObject({ id: before.id, status: 'active', canceled_at: null, payment_method_token: before.payment_method_token, period_number: 1 });
    expect(row.gateway_ref).not.toBe(before.gateway_ref);
    expect(await invoicesOf(userId)).toHaveLength(1);
    expect((await caller.payments.methods())[0]).toMatchObject({ token: before.payment_method_token, usedInSubscription: true });

    // A second resume (a double click, a retry) changes nothing.
    expect(await caller.distribution.resume()).toMatchObject({ status: 'active' });
    expect((await subscriptionRow(userId)).gateway_ref).toBe(row.gateway_ref);
    const ended = await suite.platform.db.selectFrom('distribution_subscriptions').select('id').where('user_id', '=', userId).execute();
    expect(ended).toHaveLength(1);

    // Renewal charges the next period once, as for a subscription never canceled.
    const periodEnd = new Date(row.current_period_end);
    await renewDueSubscriptions(jobContext(), new Date(periodEnd.getTime() + 1000));
    await renewDueSubscriptions(jobContext(), new Date(periodEnd.getTime() + 2000));
    expect(await invoicesOf(userId)).toHaveLength(2);
    expect(await subscriptionRow(userId)).toMatchObject({ status: 'active', period_number: 2 });
  });

  it('when resume is asked over REST, then it answers the status; concurrent resumes start one gateway subscription', async () => {
    const userId = await subscriber();
    const caller = suite.callerFor(userId);
    await caller.distribution.cancel();
    const resumes: string[] = [];
    const local = createLocalSubscriptions(createLocalVault(suite.platform.db));
    installSubscriptionBilling(suite.platform, { ...local, resume: async (request) => { resumes.push(request.resumeRef); return local.resume(request); } });
    try {
      const answers = await Promise.all([0, 1].map(() => fetch(`${suite.app.base}/api/payment/distribution_resume`, { method: 'POST', headers: auth(userId), body: '{}' })));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(await answers[0]!.json()).toMatchObject({ active: true });
    } finally {
      installSubscriptionBilling(suite.platform, local);
    }
    // Both asked for the same gateway subscription, which is the one the row now bills with.
    expect(new Set(resumes).size).toBe(1);
    expect((await subscriptionRow(userId)).gateway_ref).toBe(resumes[0]);
    expect(await caller.payments.methods()).toEqual([expect.objectContaining({ usedInSubscription: true })]);
    const unauthenticated = await fetch(`${suite.app.base}/api/payment/distribution_resume`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unauthenticated.status).toBe(401);
  });

  it('when the paid period has ended or there was never a subscription, then resume is refused and subscribing again is the way back', async () => {
    const never = suite.callerFor(await buyer());
    await expect(never.distribution.resume()).rejects.toMatchObject({ message: 'distribution.subscriptionEnded' });

    const userId = await subscriber();
    const caller = suite.callerFor(userId);
    await caller.distribution.cancel();
    const periodEnd = new Date((await subscriptionRow(userId)).current_period_end);
    // Past the period's end the job has not run yet: still nothing to resume.
    await suite.platform.db.updateTable('distribution_subscriptions').set({ current_period_end: new Date(Date.now() - 1000), current_period_start: new Date(Date.now() - 365 * DAY_MS) }).where('user_id', '=', userId).execute();
    await expect(caller.distribution.resume()).rejects.toMatchObject({ message: 'distribution.subscriptionEnded' });
    expect(await subscriptionRow(userId)).toMatchObject({ status: 'canceled' });
    await renewDueSubscriptions(jobContext(), new Date(periodEnd.getTime() + 1000));
    await expect(caller.distribution.resume()).rejects.toMatchObject({ message: 'distribution.subscriptionEnded' });
    expect((await caller.distribution.subscribe({ nonce: 'fake-valid-nonce', planId: 'distribution-yearly' })).status).toBe('active');
    expect(await invoicesOf(userId)).toHaveLength(2);
  });

  it("when the subscription's card was removed after canceling, then resume is refused with its message until another card is made the subscription's", async () => {
    const userId = await subscriber();
    const caller = suite.callerFor(userId);
    await caller.distribution.cancel();
    const [old] = await caller.payments.methods();
    await caller.payments.removeMethod({ token: old!.token });
    await expect(caller.distribution.resume()).rejects.toMatchObject({ message: 'distribution.resumeCardMissing' });
    expect(await subscriptionRow(userId)).toMatchObject({ status: 'canceled' });

    const [added] = await caller.payments.addMethod({ nonce: 'fake-valid-mastercard-nonce' });
    expect(await caller.distribution.setCard({ token: added!.token })).toMatchObject({ status: 'canceled', paymentMethodToken: added!.token });
    expect(await caller.distribution.resume()).toMatchObject({ status: 'active', paymentMethodToken: added!.token });
    expect(await caller.payments.methods()).toEqual([expect.objectContaining({ token: added!.token, description: 'Test Mastercard •••• 4444', usedInSubscription: true })]);
    expect(await invoicesOf(userId)).toHaveLength(1);
  });

  it("when a user adds a card and makes it the subscription's, then renewals charge it, the old card can be removed, and repeating the change changes nothing", async () => {
    const userId = await subscriber();
    const caller = suite.callerFor(userId);
    const [old] = await caller.payments.methods();
    const methods = await caller.payments.addMethod({ nonce: 'fake-valid-mastercard-nonce' });
    expect(methods).toEqual([
      expect.objectContaining({ token: old!.token, usedInSubscription: true }),
      expect.objectContaining({ description: 'Test Mastercard •••• 4444', usedInSubscription: false }),
    ]);
    const added = methods[1]!;
    expect(await invoicesOf(userId)).toHaveLength(1);

    const status = await caller.distribution.setCard({ token: added.token });
    expect(status).toMatchObject({ status: 'active', paymentMethodToken: added.token });
    expect(await caller.distribution.setCard({ token: added.token })).toMatchObject({ paymentMethodToken: added.token });
    expect(await caller.payments.methods()).toEqual([
      expect.objectContaining({ token: old!.token, usedInSubscription: false }),
      expect.objectContaining({ token: added.token, usedInSubscription: true }),
    ]);
    await expect(caller.payments.removeMethod({ token: added.token })).rejects.toMatchObject({ message: 'payment.methodUsedInSubscription' });
    await caller.payments.removeMethod({ token: old!.token });
    expect(await caller.payments.methods()).toEqual([expect.objectContaining({ token: added.token })]);

    // The next period is charged to the new card (the vault answers as the card it was made from).
    const periodEnd = new Date((await subscriptionRow(userId)).current_period_end);
    await renewDueSubscriptions(jobContext(), new Date(periodEnd.getTime() + 1000));
    expect(await invoicesOf(userId)).toHaveLength(2);
    expect(await subscriptionRow(userId)).toMatchObject({ status: 'active', period_number: 2, payment_method_token: added.token });
  });

  it("when a card is declined, belongs to someone else or the user has no subscription, then nothing changes and the answer says why", async () => {
    const userId = await subscriber();
    const caller = suite.callerFor(userId);
    const before = await subscriptionRow(userId);
    await expect(caller.payments.addMethod({ nonce: 'fake-processor-declined-visa-nonce' })).rejects.toMatchObject({ message: 'payment.declined.doNotHonor' });
    await expect(caller.payments.addMethod({ nonce: ' ' })).rejects.toThrow(/payment\.requestPaymentMethod/);
    expect(await caller.payments.methods()).toHaveLength(1);

    const strangerId = await buyer();
    const [foreign] = await suite.callerFor(strangerId).payments.addMethod({ nonce: 'fake-valid-nonce' });
    await expect(caller.distribution.setCard({ token: foreign!.token })).rejects.toMatchObject({ message: 'global.error.notFound' });
    await expect(caller.distribution.setCard({ token: 'no-such-card' })).rejects.toMatchObject({ message: 'global.error.notFound' });
    expect(await subscriptionRow(userId)).toMatchObject({ payment_method_token: before.payment_method_token, gateway_ref: before.gateway_ref });
    expect(await suite.callerFor(strangerId).payments.methods()).toEqual([expect.objectContaining({ token: foreign!.token, usedInSubscription: false })]);
    await expect(suite.callerFor(strangerId).distribution.setCard({ token: foreign!.token })).rejects.toMatchObject({ message: 'distribution.subscriptionEnded' });

    // Over REST as over tRPC.
    const added = await fetch(`${suite.app.base}/api/payment/payment_methods`, { method: 'POST', headers: auth(userId), body: JSON.stringify({ paymentMethodNonce: 'fake-valid-amex-nonce' }) });
    expect(added.status).toBe(201);
    const listed = (await added.json()) as Array<{ token: string; description: string }>;
    const amex = listed.find((method) => method.description === 'Test Amex •••• 0005')!;
    const set = await fetch(`${suite.app.base}/api/payment/distribution_payment_method`, { method: 'PUT', headers: auth(userId), body: JSON.stringify({ token: amex.token }) });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ paymentMethodToken: amex.token });
    const foreignSet = await fetch(`${suite.app.base}/api/payment/distribution_payment_method`, { method: 'PUT', headers: auth(strangerId), body: JSON.stringify({ token: amex.token }) });
    expect(foreignSet.status).toBe(409);
  });

  it('when the initial form is sent, then the setup rules hold: all five fields, a valid payout e-mail, an active subscription, and only once', async () => {
    const unsubscribed = suite.callerFor(await buyer());
    const form = { artistName: 'Erika', artistCountry: 'DE', participantName: 'Erika M', participantPayPalEmail: 'pay@example.com', labelName: 'Label' };
    await expect(unsubscribed.distribution.setup(form)).rejects.toMatchObject({ message: 'distribution.subscriptionRequired' });

    const userId = await subscriber();
    const caller = suite.callerFor(userId);
    await expect(caller.distribution.setup({ ...form, artistName: ' ' })).rejects.toMatchObject({ message: 'distribution.nameRequired' });
    await expect(caller.distribution.setup({ ...form, labelName: '' })).rejects.toMatchObject({ message: 'distribution.nameRequired' });
    await expect(caller.distribution.setup({ ...form, artistCountry: 'XX' })).rejects.toMatchObject({ message: 'distribution.countryRequired' });
    await expect(caller.distribution.setup({ ...form, participantPayPalEmail: '' })).rejects.toMatchObject({ message: 'distribution.participantPayPalEmailRequired' });
    await expect(caller.distribution.setup({ ...form, participantPayPalEmail: 'not-an-address' })).rejects.toMatchObject({ message: 'global.message.invalidEmail' });
    await expect(caller.distribution.artists()).rejects.toMatchObject({ message: 'distribution.setupRequired' });

    const ids = await caller.distribution.setup(form);
    expect(ids).toEqual({ distributionUserId: expect.any(String), distributionArtistId: expect.any(String), distributionParticipantId: expect.any(String), distributionLabelId: expect.any(String) });
    const me = await caller.accounts.me();
    expect(me).toMatchObject(ids);
    expect(await caller.distribution.metaInfo()).toEqual({
      label: { label_id: Number(ids.distributionLabelId), label_name: 'Label' },
      artist: { artist_id: Number(ids.distributionArtistId), name: 'Erika' },
      featuredArtists: [],
      participant: { participant_id: Number(ids.distributionParticipantId), name: 'Erika M', email: 'pay@example.com' },
      participants: [{ participant_id: Number(ids.distributionParticipantId), name: 'Erika M', email: 'pay@example.com' }],
    });
    await expect(caller.distribution.setup(form)).rejects.toMatchObject({ message: 'distribution.alreadySetUp' });
    expect(await caller.distribution.artists()).toHaveLength(1);
  });

  it('when artists are added and renamed, then names are required and unique and a new artist needs a country', async () => {
    const caller = suite.callerFor(await distributor());
    await expect(caller.distribution.createArtist({ name: '', country: 'US' })).rejects.toMatchObject({ message: 'distribution.nameRequired' });
    await expect(caller.distribution.createArtist({ name: 'The Band' })).rejects.toMatchObject({ message: 'distribution.countryRequired' });
    await expect(caller.distribution.createArtist({ name: ' erika ', country: 'US' })).rejects.toMatchObject({ message: 'distribution.nameNotUnique' });
    const band = await caller.distribution.createArtist({ name: 'The Band', country: 'us' });
    expect(band).toMatchObject({ name: 'The Band', country: 'US' });
    // Renaming needs no country; it may keep its own name but not take another's.
    expect(await caller.distribution.renameArtist({ id: band.artist_id, name: 'The Band' })).toMatchObject({ name: 'The Band' });
    await expect(caller.distribution.renameArtist({ id: band.artist_id, name: 'ERIKA' })).rejects.toMatchObject({ message: 'distribution.nameNotUnique' });
    await expect(caller.distribution.renameArtist({ id: band.artist_id, name: '  ' })).rejects.toMatchObject({ message: 'distribution.nameRequired' });
    expect(await caller.distribution.renameArtist({ id: band.artist_id, name: 'The New Band' })).toMatchObject({ name: 'The New Band', country: 'US' });
    expect((await caller.distribution.artists()).map((artist) => artist.name)).toEqual(['Erika', 'The New Band']);
    expect((await caller.distribution.metaInfo()).featuredArtists).toEqual([{ artist_id: band.artist_id, name: 'The New Band' }]);
  });

  it('when participants are added and changed, then a unique name and a valid payout e-mail are needed and every problem is listed', async () => {
    const userId = await distributor();
    const caller = suite.callerFor(userId);
    const both = (await caller.distribution.createParticipant({ name: '', email: '' }).then(
      () => ({ message: 'accepted' }),
      (error: unknown) => error,
    )) as { message: string; cause?: { detail?: string } };
    expect(both.message).toBe('distribution.nameRequired');
    expect(JSON.parse(both.cause?.detail ?? '[]')).toEqual(['distribution.nameRequired', 'distribution.participantPayPalEmailRequired']);
    await expect(caller.distribution.createParticipant({ name: 'Max', email: 'max@' })).rejects.toMatchObject({ message: 'global.message.invalidEmail' });
    await expect(caller.distribution.createParticipant({ name: 'erika mustermann', email: 'max@example.com' })).rejects.toMatchObject({ message: 'distribution.nameNotUnique' });
    const max = await caller.distribution.createParticipant({ name: 'Max', email: ' Max@Example.com ' });
    expect(max).toMatchObject({ name: 'Max', email: 'max@example.com' });
    expect(await caller.distribution.updateParticipant({ id: max.participant_id, name: 'Max Power', email: 'power@example.com' })).toMatchObject({ name: 'Max Power', email: 'power@example.com' });
    await expect(caller.distribution.updateParticipant({ id: max.participant_id, name: 'Erika Mustermann', email: 'power@example.com' })).rejects.toMatchObject({ message: 'distribution.nameNotUnique' });
    expect(await caller.distribution.participant({ id: max.participant_id })).toMatchObject({ name: 'Max Power' });
    expect(await caller.distribution.participants()).toHaveLength(2);

    // Over REST the failure carries the list too.
    const rest = await fetch(`${suite.app.base}/api/distribution/participants`, { method: 'POST', headers: auth(userId), body: JSON.stringify({ name: 'Max Power', email: 'bad' }) });
    expect(rest.status).toBe(400);
    const body = (await rest.json()) as { message: string; detail: string };
    expect(JSON.parse(body.detail)).toEqual(['distribution.nameNotUnique', 'global.message.invalidEmail']);
  });

  it('when the label is renamed, then a name is required', async () => {
    const caller = suite.callerFor(await distributor());
    const { label } = await caller.distribution.metaInfo();
    await expect(caller.distribution.renameLabel({ labelId: label.label_id, name: ' ' })).rejects.toMatchObject({ message: 'distribution.nameRequired' });
    expect(await caller.distribution.renameLabel({ labelId: label.label_id, name: 'Night Shift' })).toEqual({ label_id: label.label_id, label_name: 'Night Shift' });
    expect((await caller.distribution.metaInfo()).label.label_name).toBe('Night Shift');
  });

  it('when the subscription has ended, then the records can be read but not changed', async () => {
    const userId = await distributor();
    const caller = suite.callerFor(userId);
    await caller.distribution.cancel();
    await suite.platform.db.updateTable('distribution_subscriptions').set({ current_period_end: new Date(Date.now() - 1000), current_period_start: new Date(Date.now() - 2000) }).where('user_id', '=', userId).execute();
    expect(await caller.distribution.artists()).toHaveLength(1);
    await expect(caller.distribution.createArtist({ name: 'Late', country: 'US' })).rejects.toMatchObject({ message: 'distribution.subscriptionRequired' });
  });

  it('when one user names another user\'s artist, participant or label, then REST, tRPC and GraphQL all answer not found and change nothing', async () => {
    const alice = await distributor();
    const bob = await distributor();
    const aliceMeta = await suite.callerFor(alice).distribution.metaInfo();
    const asBob = suite.callerFor(bob);

    await expect(asBob.distribution.renameArtist({ id: aliceMeta.artist.artist_id, name: 'Stolen' })).rejects.toMatchObject({ message: 'global.error.notFound' });
    await expect(asBob.distribution.updateParticipant({ id: aliceMeta.participant.participant_id, name: 'Stolen', email: 'x@example.com' })).rejects.toMatchObject({ message: 'global.error.notFound' });
    await expect(asBob.distribution.participant({ id: aliceMeta.participant.participant_id })).rejects.toMatchObject({ message: 'global.error.notFound' });
    await expect(asBob.distribution.renameLabel({ labelId: aliceMeta.label.label_id, name: 'Stolen' })).rejects.toMatchObject({ message: 'global.error.notFound' });
    expect((await asBob.distribution.artists()).map((artist) => artist.artist_id)).not.toContain(aliceMeta.artist.artist_id);

    const rest = async (method: string, path: string, body?: unknown) =>
      fetch(`${suite.app.base}/api/distribution/${path}`, { method, headers: auth(bob), ...(body ? { body: JSON.stringify(body) } : {}) });
    expect((await rest('PUT', `artists/${aliceMeta.artist.artist_id}`, { name: 'Stolen' })).status).toBe(404);
    expect((await rest('PUT', `participants/${aliceMeta.participant.participant_id}`, { name: 'Stolen', email: 'x@example.com' })).status).toBe(404);
    expect((await rest('GET', `participants/${aliceMeta.participant.participant_id}`)).status).toBe(404);
    expect((await rest('PUT', `labels/${aliceMeta.label.label_id}`, { name: 'Stolen' })).status).toBe(404);
    const bobsList = (await (await rest('GET', 'participants')).json()) as { participant_id: number }[];
    expect(bobsList.map((p) => p.participant_id)).not.toContain(aliceMeta.participant.participant_id);

    const graphql = async (query: string, variables: Record<string, unknown>) =>
      (await (await fetch(`${suite.app.base}/graphql`, { method: 'POST', headers: auth(bob), body: JSON.stringify({ query, variables }) })).json()) as { errors?: { message: string }[] };
    expect((await graphql('mutation($id: Int!) { updateDistributionArtist(id: $id, name: "Stolen") { name } }', { id: aliceMeta.artist.artist_id })).errors?.[0]?.message).toBe('global.error.notFound');
    expect((await graphql('mutation($id: Int!) { updateDistributionParticipant(id: $id, name: "Stolen", email: "x@example.com") { name } }', { id: aliceMeta.participant.participant_id })).errors?.[0]?.message).toBe('global.error.notFound');
    expect((await graphql('mutation($id: Int!) { updateDistributionLabel(labelId: $id, name: "Stolen") { label_name } }', { id: aliceMeta.label.label_id })).errors?.[0]?.message).toBe('global.error.notFound');

    expect(await suite.callerFor(alice).distribution.metaInfo()).toEqual(aliceMeta);
    expect((await fetch(`${suite.app.base}/api/distribution/artists`)).status).toBe(401);
  });

  it('when a subscriber deletes the account, then the gateway subscription is stopped first and the invoices stay, unlinked', async () => {
    const userId = await distributor();
    const { lastInvoiceNumber } = await suite.callerFor(userId).distribution.subscription();
    const { gateway_ref: ref } = await subscriptionRow(userId);
    const local = createLocalSubscriptions(createLocalVault(suite.platform.db));
    const canceled: string[] = [];
    installSubscriptionBilling(suite.platform, { ...local, cancel: async (subscriptionRef) => { canceled.push(subscriptionRef); await local.cancel(subscriptionRef); } });
    try {
      const response = await fetch(`${suite.app.base}/api/auth/delete-account`, { method: 'POST', headers: auth(userId) });
      expect(response.status).toBeLessThan(300);
    } finally {
      installSubscriptionBilling(suite.platform, local);
    }
    expect(canceled).toEqual([ref]);
    expect(await suite.platform.db.selectFrom('distribution_subscriptions').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await suite.platform.db.selectFrom('distribution_users').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    const invoice = await suite.platform.db.selectFrom('invoices').select(['user_id', 'product_type']).where('invoice_number', '=', lastInvoiceNumber!).executeTakeFirstOrThrow();
    expect(invoice).toEqual({ user_id: null, product_type: 1 });
  });

  it('when the public REST paths are called, then they answer the public API\'s shapes', async () => {
    const userId = await distributor();
    const get = async (path: string) => {
      const response = await fetch(`${suite.app.base}/api/${path}`, { headers: auth(userId) });
      expect(response.status, path).toBe(200);
      return response.json() as Promise<unknown>;
    };
    expect(await get('payment/distribution_plan')).toEqual({ id: 'distribution-yearly', billingFrequency: 12, price: 19.99, currency: 'USD' });
    expect(await get('payment/distribution_subscription')).toMatchObject({ active: true, status: 'active' });
    const utilities = (await get('distribution/utilities')) as { genres: unknown[]; languages: unknown[]; roles: { role_id: number; name: string }[] };
    expect(utilities.roles).toContainEqual({ role_id: 6, name: 'Artist' });
    expect(utilities.genres).toContainEqual({ genre_id: 18, name: 'Pop' });
    expect(utilities.languages).toContainEqual({ code: 'de', name: 'German' });
    const outlets = (await get('distribution/outlets')) as { store_id: number; store_name: string; child_stores: string[] }[];
    expect(outlets.find((outlet) => outlet.store_name === 'Apple Music')?.child_stores).toContain('iTunes');
    expect(outlets.find((outlet) => outlet.store_name === 'Meta')?.child_stores).toEqual(['Facebook', 'Instagram', 'WhatsApp']);
    expect(outlets.find((outlet) => outlet.store_name === 'YouTube Music')?.child_stores).toContain('YouTube Content ID');
    expect(outlets.find((outlet) => outlet.store_name === 'Spotify')?.child_stores).toEqual([]);
    expect(await get('distribution/meta-info')).toMatchObject({ label: { label_name: 'Erika Records' }, artist: { name: 'Erika' }, participant: { email: 'payout@example.com' } });
    expect(await get('distribution/artists')).toEqual([{ artist_id: expect.any(Number), name: 'Erika', country: 'DE' }]);

    const created = await fetch(`${suite.app.base}/api/distribution/artists`, { method: 'POST', headers: auth(userId), body: JSON.stringify({ name: 'Side Project', country: 'FR' }) });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ artist_id: expect.any(Number), name: 'Side Project', country: 'FR' });

    // A new user subscribes and sets up over REST.
    const fresh = await buyer();
    const subscribed = await fetch(`${suite.app.base}/api/payment/distribution_subscribe`, { method: 'POST', headers: auth(fresh), body: JSON.stringify({ paymentMethodNonce: 'fake-valid-nonce', planId: 'distribution-yearly' }) });
    expect(subscribed.status).toBe(200);
    expect(await subscribed.json()).toMatchObject({ active: true });
    const setup = await fetch(`${suite.app.base}/api/distribution/setup`, {
      method: 'POST',
      headers: auth(fresh),
      body: JSON.stringify({ artistName: 'A', artistCountry: 'US', participantName: 'P', participantPayPalEmail: 'p@example.com', labelName: 'L' }),
    });
    expect(setup.status).toBe(200);
    expect(Object.keys((await setup.json()) as object).sort()).toEqual(['distributionArtistId', 'distributionLabelId', 'distributionParticipantId', 'distributionUserId']);
  });
});
