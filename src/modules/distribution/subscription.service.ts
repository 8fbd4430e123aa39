import { createHash, randomUUID } from 'node:crypto';
import type { Actor, Locale, ServiceContext } from '../../platform/context.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import {
  claimSubscriptionCharge,
  failSubscriptionCharge,
  findPendingStartCharge,
  findSubscriptionCharge,
  quoteSubscriptionCharge,
  recordSubscriptionTransaction,
  settleSubscriptionCharge,
  subscriptionBillingOf,
  describeGatewayAnswer,
  paymentGatewayOf,
  type RenewalResult,
} from '../payments/index.js';
import { sendReceipt } from '../invoices/index.js';
import { amountOf, confirmVatIdOfUser, totalsFor, vatPricedOf, vatTreatmentOf } from '../pricing/index.js';
import * as repo from './distribution.repository.js';
import {
  DISTRIBUTION_PLAN,
  SUBSCRIPTION_GRACE_DAYS,
  SUBSCRIPTION_PRODUCT,
  type TDistributionPlan,
  type TDistributionSubscription,
  type TRenewalSummary,
  type TSetSubscriptionCardInput,
  type TSubscribeInput,
  type TSubscriptionPriceInfo,
} from './distribution.schemas.js';

const DAY_MS = 86_400_000;
/** A failed renewal is tried again every few days within the grace period (Braintree's default retry is 10 days). */
const RETRY_EVERY_DAYS = 3;
/** What the invoice names (product is two parts separated by a slash), in its language. */
const PRODUCT = (locale: Locale) => SUBSCRIPTION_PRODUCT[locale];
/** A claimed renewal charge with no answer for this long is taken as dead (as for masters' payments). */
const ABANDONED_AFTER_MS = 5 * 60_000;
const SERVER_FAILURE_KEY = 'payment.serverFailure';
/** Renewals handled per run; the rest wait for the next run. */
const RENEWAL_BATCH = 100;

const requireActor = (ctx: ServiceContext): Actor => {
  if (!ctx.actor) throw unauthorized();
  return ctx.actor;
};

/** `months` calendar months after `date` (UTC), on the last day of a shorter month (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** Whether the add-on is on at `now`: paid, in its grace period, or canceled but paid to the period's end. */
export function subscriptionActive(row: Pick<repo.SubscriptionRow, 'status' | 'current_period_end' | 'grace_until'>, now: Date): boolean {
  if (row.status === 'active') return true;
  if (row.status === 'past_due') return row.grace_until !== null && new Date(row.grace_until) > now;
  if (row.status === 'canceled') return new Date(row.current_period_end) > now;
  return false;
}

/** Distribution needs an active subscription. */
export async function requireActiveSubscription(ctx: ServiceContext, userId: string): Promise<void> {
  const row = await repo.findLiveSubscription(ctx.db, userId);
  if (!row || !subscriptionActive(row, new Date())) throw new AppError('FORBIDDEN', 'distribution.subscriptionRequired');
}

/** GET /api/payment/distribution_plan. */
export function distributionPlan(ctx: ServiceContext): TDistributionPlan {
  requireActor(ctx);
  return {
    id: ctx.platform.env.BRAINTREE_DISTRIBUTION_PLAN_ID,
    billingFrequency: DISTRIBUTION_PLAN.billingFrequency,
    price: amountOf(DISTRIBUTION_PLAN.priceCents),
    currency: DISTRIBUTION_PLAN.currency,
  };
}

/** The checkout summary of step 0: the plan's price with VAT by the buyer's first address. */
export async function subscriptionPriceInfo(ctx: ServiceContext): Promise<TSubscriptionPriceInfo> {
  const actor = requireActor(ctx);
  await confirmVatIdOfUser(ctx.platform, actor.userId);
  const address = await ctx.db
    .selectFrom('addresses')
    .select(['country', 'tax_id'])
    .where('user_id', '=', actor.userId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const vat = address ? await vatTreatmentOf(ctx.db, ctx.platform.env, address) : { rateBp: 0, reverseCharge: false, taxIdValid: true };
  return vatPricedOf(totalsFor(DISTRIBUTION_PLAN.priceCents, 0, vat.rateBp), vat, DISTRIBUTION_PLAN.currency);
}

async function statusOf(ctx: ServiceContext, row: repo.SubscriptionRow | undefined, now = new Date()): Promise<TDistributionSubscription> {
  if (!row) {
    return { active: false, status: null, planId: null, billingFrequency: null, price: null, currency: null, currentPeriodEnd: null, nextChargeAt: null, graceUntil: null, paymentMethodToken: null, lastInvoiceNumber: null, chargedTotal: null, chargedVat: null, chargedCurrency: null };
  }
  const invoice = await repo.findLatestSubscriptionInvoice(ctx.db, row.id);
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    active: subscriptionActive(row, now),
    status: row.status,
    planId: row.plan_id,
    billingFrequency: row.billing_frequency_months,
    price: amountOf(row.price_cents),
    currency: row.currency,
    currentPeriodEnd: iso(row.current_period_end),
    nextChargeAt: row.status === 'active' || row.status === 'past_due' ? iso(row.current_period_end) : null,
    graceUntil: iso(row.grace_until),
    paymentMethodToken: row.payment_method_token,
    lastInvoiceNumber: invoice ? Number(invoice.invoice_number) : null,
    chargedTotal: invoice ? amountOf(invoice.total_cents) : null,
    chargedVat: invoice ? amountOf(invoice.vat_cents) : null,
    chargedCurrency: invoice ? invoice.currency : null,
  };
}

/** GET /api/payment/distribution_subscription: the API's active flag, plus what /account/subscription shows. */
export async function distributionSubscription(ctx: ServiceContext): Promise<TDistributionSubscription> {
  const actor = requireActor(ctx);
  return statusOf(ctx, await repo.findLiveSubscription(ctx.db, actor.userId));
}

/**
 * POST /api/payment/distribution_subscribe. Like a master's pay:
 * a short transaction claims the first charge (the user row locked, so one subscribe at a time),
 * the gateway starts the subscription with no transaction open, and a second transaction creates
 * the subscription, settles the charge and writes its invoice. A decline changes nothing but the
 * attempt's record and answers the gateway's message.
 */
export async function subscribe(ctx: ServiceContext, input: TSubscribeInput): Promise<TDistributionSubscription> {
  const actor = requireActor(ctx);
  const plan = distributionPlan(ctx);
  if (input.planId !== plan.id) throw new AppError('BAD_REQUEST', 'distribution.unknownPlan');
  const billing = subscriptionBillingOf(ctx.platform);
  const orderId = `sub-start:${actor.userId}:${randomUUID()}`;
  // VIES is asked outside the claim's transaction; the quote reads its kept answer.
  await confirmVatIdOfUser(ctx.platform, actor.userId);
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.lockUser(trx, actor.userId))) throw unauthorized();
    const live = await repo.findLiveSubscription(trx, actor.userId);
    if (live && subscriptionActive(live, new Date())) throw new AppError('CONFLICT', 'distribution.alreadySubscribed');
    if (await findPendingStartCharge(trx, actor.userId)) throw new AppError('CONFLICT', 'payment.alreadyInProgress');
    const quote = await quoteSubscriptionCharge(trx, ctx.platform, { userId: actor.userId, priceCents: DISTRIBUTION_PLAN.priceCents, currency: DISTRIBUTION_PLAN.currency, product: PRODUCT });
    const paymentId = await claimSubscriptionCharge(trx, { userId: actor.userId, subscriptionId: null, idempotencyKey: orderId, gateway: billing.kind, quote });
    return { paymentId, quote, stale: live };
  });

  const started = await billing
    .start({ customerId: actor.userId, nonce: input.nonce, planId: plan.id, amountCents: claimed.quote.totalCents, currency: claimed.quote.currency, orderId })
    .catch((error: unknown) => {
      ctx.log.error({ err: error }, 'subscription start threw');
      return { ok: false as const, status: 'failed' as const, message: 'payment.serverFailure' };
    });
  if (!started.ok) {
    ctx.log.warn({ paymentId: claimed.paymentId, orderId, key: started.message, gatewayAnswer: 'answer' in started && started.answer ? describeGatewayAnswer(started.answer) : undefined }, 'subscription charge not made');
    await failSubscriptionCharge(ctx.db, claimed.paymentId, started.status, started.message);
    throw new AppError('PAYMENT_FAILED', started.message);
  }
  await recordSubscriptionTransaction(ctx.db, claimed.paymentId, started.transactionId, started.paymentMethod);

  const now = new Date();
  const invoiceNumber = await ctx.db.transaction().execute(async (trx) => {
    await repo.lockUser(trx, actor.userId);
    // A lapsed subscription (canceled or past its grace, not yet swept by the job) ends here.
    if (claimed.stale) await repo.setStatus(trx, claimed.stale.id, 'ended', now);
    const row = await repo.insertSubscription(trx, {
      userId: actor.userId,
      planId: plan.id,
      gateway: billing.kind,
      gatewayRef: started.subscriptionRef,
      paymentMethodToken: started.paymentMethodToken,
      priceCents: DISTRIBUTION_PLAN.priceCents,
      currency: DISTRIBUTION_PLAN.currency,
      billingFrequencyMonths: DISTRIBUTION_PLAN.billingFrequency,
      periodStart: now,
      periodEnd: addMonths(now, DISTRIBUTION_PLAN.billingFrequency),
    });
    return settleSubscriptionCharge(trx, ctx.platform, { paymentId: claimed.paymentId, subscriptionId: row.id, issuedAt: now });
  });
  // Booked: the receipt goes out on its own; the subscription neither waits for it nor fails with it.
  if (invoiceNumber !== null) ctx.platform.background.run('receipt', () => sendReceipt(ctx, { invoiceNumber }));
  return distributionSubscription(ctx);
}

/** The user cancels: no further charge; the add-on stays on to the end of the paid period. */
export async function cancelSubscription(ctx: ServiceContext): Promise<TDistributionSubscription> {
  const actor = requireActor(ctx);
  const row = await repo.findLiveSubscription(ctx.db, actor.userId);
  if (!row || (row.status !== 'active' && row.status !== 'past_due')) throw new AppError('CONFLICT', 'distribution.noSubscription');
  // The gateway first: if it fails, nothing here changed and the user may try again.
  await subscriptionBillingOf(ctx.platform).cancel(row.gateway_ref);
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.findSubscriptionForUpdate(trx, row.id);
    if (locked?.status === 'active' || locked?.status === 'past_due') await repo.setStatus(trx, row.id, 'canceled', new Date());
  });
  return distributionSubscription(ctx);
}

/**
 * The gateway subscription's id for resuming after the cancel at `canceledAt`: every retry of that
 * resume names the same one (so a double click starts one, not two), the next cancel a new one.
 */
const resumeRefOf = (subscriptionId: string, canceledAt: Date | string | null) =>
  `resume-${createHash('sha256').update(`${subscriptionId}:${canceledAt === null ? '' : new Date(canceledAt).toISOString()}`).digest('hex').slice(0, 24)}`;

/**
 * The user takes a canceled subscription back while its paid period runs: renewal is on again from
 * the period's end, with the card it used; nothing is charged now. Resuming one that renews already
 * changes nothing. After the period has ended there is nothing to resume: subscribing again is a
 * new subscription (subscribe).
 */
export async function resumeSubscription(ctx: ServiceContext): Promise<TDistributionSubscription> {
  const actor = requireActor(ctx);
  const row = await repo.findLiveSubscription(ctx.db, actor.userId);
  if (row && (row.status === 'active' || row.status === 'past_due')) return statusOf(ctx, row);
  const now = new Date();
  if (!row || row.status !== 'canceled' || new Date(row.current_period_end) <= now) throw new AppError('CONFLICT', 'distribution.subscriptionEnded');
  const resumeRef = resumeRefOf(row.id, row.canceled_at);
  const resumed = await subscriptionBillingOf(ctx.platform).resume({
    customerId: actor.userId,
    resumeRef,
    paymentMethodToken: row.payment_method_token,
    planId: row.plan_id,
    amountCents: (await quoteOf(ctx, actor.userId, row)).totalCents,
    currency: row.currency,
    firstBillingDate: new Date(row.current_period_end),
  });
  if (!resumed.ok) {
    ctx.log.warn({ subscriptionId: row.id, key: resumed.message, gatewayAnswer: resumed.answer ? describeGatewayAnswer(resumed.answer) : undefined }, 'subscription not resumed');
    throw new AppError('CONFLICT', resumed.message === SERVER_FAILURE_KEY ? SERVER_FAILURE_KEY : 'distribution.resumeCardMissing');
  }
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.findSubscriptionForUpdate(trx, row.id);
    // Only the cancel this resume answers is undone; a concurrent resume has done it already.
    if (locked?.status === 'canceled' && String(locked.canceled_at) === String(row.canceled_at)) await repo.resume(trx, row.id, { gatewayRef: resumed.subscriptionRef, now: new Date() });
  });
  return distributionSubscription(ctx);
}

/** What the next period would cost the user (VAT as today), the price Braintree's resumed plan bills. */
async function quoteOf(ctx: ServiceContext, userId: string, row: repo.SubscriptionRow) {
  return quoteSubscriptionCharge(ctx.db, ctx.platform, { userId, priceCents: row.price_cents, currency: row.currency, product: PRODUCT });
}

/**
 * The payments screen makes one of the user's saved cards the subscription's: the next charge uses
 * it, and the card used before is free to remove. Choosing the card it uses already changes nothing.
 * A canceled subscription charges nothing, so only its record changes (a resume then uses the card).
 */
export async function setSubscriptionCard(ctx: ServiceContext, input: TSetSubscriptionCardInput): Promise<TDistributionSubscription> {
  const actor = requireActor(ctx);
  const row = await repo.findLiveSubscription(ctx.db, actor.userId);
  if (!row || !subscriptionActive(row, new Date())) throw new AppError('CONFLICT', 'distribution.subscriptionEnded');
  if (row.payment_method_token === input.token) return statusOf(ctx, row);
  if (row.status === 'canceled') {
    const methods = await paymentGatewayOf(ctx.platform).paymentMethods(actor.userId);
    if (!methods.some((method) => method.token === input.token)) throw new AppError('NOT_FOUND', 'global.error.notFound');
  } else {
    // The gateway first: if it refuses, the subscription keeps its card here as there.
    const changed = await subscriptionBillingOf(ctx.platform).changePaymentMethod({ customerId: actor.userId, subscriptionRef: row.gateway_ref, paymentMethodToken: input.token });
    if (!changed) throw new AppError('NOT_FOUND', 'global.error.notFound');
  }
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.findSubscriptionForUpdate(trx, row.id);
    if (locked && locked.gateway_ref === row.gateway_ref) await repo.setPaymentMethod(trx, row.id, { token: input.token, now: new Date() });
  });
  return distributionSubscription(ctx);
}

/**
 * Before an account is deleted: the gateway's subscription is stopped, so a deleted user is never
 * charged again (Braintree would go on billing a plan whose customer we forgot). The rows go with
 * the user; the charges' payments and invoices stay, unlinked (accounts' deletion rules).
 */
export async function stopSubscriptionsOfDeletedAccount(ctx: ServiceContext, userId: string): Promise<void> {
  const row = await repo.findLiveSubscription(ctx.db, userId);
  if (row && (row.status === 'active' || row.status === 'past_due')) await subscriptionBillingOf(ctx.platform).cancel(row.gateway_ref);
}

type Outcome = 'renewed' | 'failed' | 'ended' | 'waiting';

/**
 * The renewal job (30-day grace), one plain service call so any scheduler can run it:
 * each subscription whose period ended is charged for the next one (idempotency key
 * `sub:<id>:<period>`: a period is charged at most once, whatever runs it twice); a failed charge
 * makes it past due with the add-on kept until the period's end plus 30 days, retried every
 * three days meanwhile; when the grace ends unpaid, or a canceled subscription's period ends, the
 * subscription ends. `now` is the clock, injected so tests can move it.
 */
export async function renewDueSubscriptions(ctx: ServiceContext, now: Date): Promise<TRenewalSummary> {
  const summary: TRenewalSummary = { renewed: 0, failed: 0, ended: 0, waiting: 0 };
  const ids = await repo.findDueSubscriptionIds(ctx.db, now, RENEWAL_BATCH);
  for (const id of ids) {
    try {
      summary[await renewOne(ctx, id, now)] += 1;
    } catch (error) {
      // One subscription's trouble must not stop the others; the next run tries it again.
      ctx.log.error({ err: error, subscriptionId: id }, 'subscription renewal failed');
    }
  }
  if (ids.length > 0) ctx.log.info({ ...summary }, 'subscription renewals');
  return summary;
}

async function renewOne(ctx: ServiceContext, id: string, now: Date): Promise<Outcome> {
  const billing = subscriptionBillingOf(ctx.platform);
  const owner = await repo.findSubscriptionOwner(ctx.db, id);
  if (owner) await confirmVatIdOfUser(ctx.platform, owner.user_id);
  const step = await ctx.db.transaction().execute(async (trx) => {
    const sub = await repo.findSubscriptionForUpdate(trx, id);
    if (!sub) return { kind: 'skip' as const };
    const periodEnd = new Date(sub.current_period_end);
    if (sub.status === 'canceled' && periodEnd <= now) {
      await repo.setStatus(trx, id, 'ended', now);
      return { kind: 'ended' as const };
    }
    if (sub.status === 'past_due' && sub.grace_until !== null && new Date(sub.grace_until) <= now) {
      await repo.setStatus(trx, id, 'ended', now);
      return { kind: 'endedUnpaid' as const, sub };
    }
    if ((sub.status !== 'active' && sub.status !== 'past_due') || periodEnd > now) return { kind: 'skip' as const };
    const key = `sub:${id}:${sub.period_number + 1}`;
    const existing = await findSubscriptionCharge(trx, key);
    // Charged before but not booked (the process stopped in between): book it, never charge again.
    if (existing?.status === 'pending' && existing.transaction_id !== null) return { kind: 'book' as const, sub, paymentId: existing.id };
    if (existing?.status === 'settled') return { kind: 'skip' as const };
    if (existing?.status === 'pending') {
      // A charge claimed and never answered: wait for it, or after a while take it as dead.
      if (now.getTime() - new Date(existing.updated_at).getTime() < ABANDONED_AFTER_MS) return { kind: 'skip' as const };
      await failSubscriptionCharge(trx, existing.id, 'failed', 'payment.serverFailure');
    }
    const quote = await quoteSubscriptionCharge(trx, ctx.platform, { userId: sub.user_id, priceCents: sub.price_cents, currency: sub.currency, product: PRODUCT });
    const paymentId = await claimSubscriptionCharge(trx, { userId: sub.user_id, subscriptionId: id, idempotencyKey: key, gateway: sub.gateway, quote });
    return { kind: 'charge' as const, sub, paymentId, key, totalCents: quote.totalCents, currency: quote.currency };
  });

  if (step.kind === 'skip') return 'waiting';
  if (step.kind === 'ended') return 'ended';
  if (step.kind === 'endedUnpaid') {
    await billing.cancel(step.sub.gateway_ref);
    return 'ended';
  }
  if (step.kind === 'charge') {
    let result: RenewalResult;
    try {
      result = await billing.renew({
        customerId: step.sub.user_id,
        subscriptionRef: step.sub.gateway_ref,
        paymentMethodToken: step.sub.payment_method_token,
        amountCents: step.totalCents,
        currency: step.currency,
        orderId: step.key,
        periodStart: new Date(step.sub.current_period_end),
      });
    } catch (error) {
      ctx.log.error({ err: error, subscriptionId: id }, 'renewal charge threw');
      result = { ok: false, status: 'failed', message: 'payment.serverFailure' };
    }
    if (!result.ok) {
      if (result.status !== 'pending') {
        ctx.log.warn({ paymentId: step.paymentId, subscriptionId: id, key: result.message, gatewayAnswer: 'answer' in result && result.answer ? describeGatewayAnswer(result.answer) : undefined }, 'renewal charge not made');
      }
      await failSubscriptionCharge(ctx.db, step.paymentId, result.status === 'pending' ? 'failed' : result.status, result.message);
      if (result.status === 'pending') return 'waiting';
      await ctx.db.transaction().execute(async (trx) => {
        const sub = await repo.findSubscriptionForUpdate(trx, id);
        if (!sub || (sub.status !== 'active' && sub.status !== 'past_due')) return;
        const graceUntil = sub.grace_until ? new Date(sub.grace_until) : new Date(new Date(sub.current_period_end).getTime() + SUBSCRIPTION_GRACE_DAYS * DAY_MS);
        const nextRetry = new Date(now.getTime() + RETRY_EVERY_DAYS * DAY_MS);
        await repo.markPastDue(trx, id, { graceUntil, nextRetryAt: nextRetry < graceUntil ? nextRetry : graceUntil, failure: result.message, now });
      });
      return 'failed';
    }
    await recordSubscriptionTransaction(ctx.db, step.paymentId, result.transactionId, result.paymentMethod);
  }
  const renewedInvoice = await ctx.db.transaction().execute(async (trx) => {
    const sub = await repo.findSubscriptionForUpdate(trx, id);
    if (!sub) return null;
    const start = new Date(sub.current_period_end);
    const invoiceNumber = await settleSubscriptionCharge(trx, ctx.platform, { paymentId: step.paymentId, subscriptionId: id, issuedAt: now });
    await repo.advancePeriod(trx, id, { periodNumber: sub.period_number + 1, start, end: addMonths(start, sub.billing_frequency_months), now });
    return invoiceNumber;
  });
  if (renewedInvoice !== null) ctx.platform.background.run('receipt', () => sendReceipt(ctx, { invoiceNumber: renewedInvoice }));
  return 'renewed';
}
