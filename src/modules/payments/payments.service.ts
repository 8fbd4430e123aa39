import { setTimeout as sleep } from 'node:timers/promises';
import type { Actor, Locale, ServiceContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, notFound, unauthorized } from '../../platform/errors.js';
import { couponValueCents, redeemCoupon, usableCoupon } from '../coupons/index.js';
import { amountOf, chargeCentsFor, confirmVatId, currencyOf, totalsFor, vatPricedOf, vatTreatmentOf, type TBuyingOption } from '../pricing/index.js';
import { paymentGatewayOf } from './gateway/gateway-of.js';
import { SERVER_FAILURE, type SavedPaymentMethod } from './gateway/payment-gateway.js';
import { describeGatewayAnswer } from './gateway/decline-reasons.js';
import { issueInvoice, sendReceipt } from '../invoices/index.js';
import { invoiceBuyerOf } from './invoice-buyer.js';
import * as repo from './payments.repository.js';
import { isMastered, localName } from '../masters/index.js';
import {
  ZQuote,
  type TAddPaymentMethodInput,
  type TMasterInvoice,
  type TPaidMaster,
  type TPayInput,
  type TPriceInfo,
  type TPriceInfoInput,
  type TQuote,
} from './payments.schemas.js';

/** How long a pay request waits for a concurrent one on the same master and option to finish. */
const WAIT_FOR_CONCURRENT_MS = 30_000;
const POLL_MS = 50;
/**
 * A pending attempt with no recorded transaction, older than this, is taken to have died (process
 * killed between claim and recording the charge): the gateway is asked whether it charged
 * (resolveStalePayment). Braintree's own request timeout is 60 s; the gap leaves room for it.
 */
const ABANDONED_AFTER_MS = 5 * 60_000;

export const requireActor = (ctx: ServiceContext): Actor => {
  if (!ctx.actor) throw unauthorized();
  return ctx.actor;
};

/** "Track / Group - Style", the style named in the invoice's language where the catalogue has the name. */
export const productNameOf = (master: repo.MasterForPayment, locale: Locale = 'en') => {
  if (!master.style_name || !master.style_group_name) return master.track_name;
  return `${master.track_name} / ${localName(locale, master.style_group_name, master.style_group_name_de)} - ${localName(locale, master.style_name, master.style_name_de)}`;
};

export async function clientToken(ctx: ServiceContext): Promise<{ clientToken: string }> {
  const actor = requireActor(ctx);
  return { clientToken: await paymentGatewayOf(ctx.platform).clientToken(actor.userId) };
}

/** The buyer's vaulted payment methods (/account/payments); the local gateway vaults nothing. */
export async function savedPaymentMethods(ctx: ServiceContext): Promise<SavedPaymentMethod[]> {
  const actor = requireActor(ctx);
  return paymentGatewayOf(ctx.platform).paymentMethods(actor.userId);
}

/** Deletes a vaulted method of the caller's; one used by a subscription is refused. */
export async function removePaymentMethod(ctx: ServiceContext, input: { token: string }): Promise<{ removed: true }> {
  const actor = requireActor(ctx);
  await paymentGatewayOf(ctx.platform).deletePaymentMethod(actor.userId, input.token);
  return { removed: true };
}

/**
 * Saves a card from the card form without charging it (the gateway verifies it), answering the
 * saved methods. Braintree takes a nonce once, so a repeated request does not save the card twice
 * (the local gateway's test nonces are reusable by design).
 */
export async function addPaymentMethod(ctx: ServiceContext, input: TAddPaymentMethodInput): Promise<SavedPaymentMethod[]> {
  const actor = requireActor(ctx);
  const gateway = paymentGatewayOf(ctx.platform);
  const added = await gateway.addPaymentMethod(actor.userId, input.nonce);
  if (!added.ok) {
    ctx.log.warn({ key: added.message, gatewayAnswer: added.answer ? describeGatewayAnswer(added.answer) : undefined }, 'payment method not saved');
    throw new AppError('PAYMENT_FAILED', added.message);
  }
  return gateway.paymentMethods(actor.userId);
}

export interface Pricing {
  coupon: { id: number; key: string; type: string; value: number } | null;
  couponValid: boolean;
  totals: ReturnType<typeof totalsFor>;
  vat: Awaited<ReturnType<typeof vatTreatmentOf>>;
}

/**
 * Price, coupon and VAT of one purchase from what each master in it is charged (one line for a
 * master, a line per track charged for an album): the one calculation behind price info and pay.
 * VAT is reckoned once, on the sum after the coupon, as for a single master.
 */
export async function priceOf(
  ctx: ServiceContext,
  db: Database,
  input: { userId: string; lineCents: readonly number[]; couponKey: string | null | undefined; address: { country: string; tax_id: string | null } | undefined; lockCoupon: boolean },
): Promise<Pricing> {
  const chargeCents = input.lineCents.reduce((sum, cents) => sum + cents, 0);
  const usable = input.couponKey ? await usableCoupon(db, { key: input.couponKey, userId: input.userId, forUpdate: input.lockCoupon }) : null;
  const coupon = usable?.ok ? usable.coupon : null;
  const vat = input.address
    ? await vatTreatmentOf(db, ctx.platform.env, input.address)
    : { rule: 'outside-eu' as const, rateBp: 0, reverseCharge: false, taxIdValid: true, vatCheck: null };
  const totals = totalsFor(chargeCents, coupon ? couponValueCents(coupon, input.lineCents) : 0, vat.rateBp);
  return {
    coupon: coupon ? { id: coupon.id, key: coupon.key, type: coupon.type, value: coupon.value } : null,
    couponValid: Boolean(usable?.ok),
    totals,
    vat,
  };
}

/** The caller's invoice address, its VAT id confirmed (VIES), and the purchase priced for it: what a checkout summary shows. */
export async function summaryOf(ctx: ServiceContext, userId: string, purchase: { lineCents: readonly number[]; couponKey: string | null | undefined }): Promise<Omit<TPriceInfo, 'upgradeFrom'>> {
  const address = await repo.findInvoiceAddress(ctx.db, userId);
  await confirmVatId(ctx.platform, address);
  const pricing = await priceOf(ctx, ctx.db, { userId, ...purchase, address, lockCoupon: false });
  return {
    ...vatPricedOf(pricing.totals, pricing.vat, currencyOf(ctx.locale)),
    couponValid: pricing.couponValid,
    couponValue: amountOf(pricing.totals.couponValueCents),
    remainingCost: amountOf(pricing.totals.remainingCents),
  };
}

/** GET /api/payment/price_info: what the checkout summary shows. */
export async function priceInfo(ctx: ServiceContext, input: TPriceInfoInput): Promise<TPriceInfo> {
  const actor = requireActor(ctx);
  let ownedOption: TBuyingOption = 0;
  if (input.masterId) {
    const master = await repo.findMasterForPayment(ctx.db, input.masterId);
    if (!master || master.user_id !== actor.userId) throw notFound('master');
    ownedOption = master.buying_option;
  }
  const summary = await summaryOf(ctx, actor.userId, { lineCents: [chargeCentsFor(input.buyingOption, ownedOption)], couponKey: input.couponKey });
  return { ...summary, upgradeFrom: ownedOption > 0 ? ownedOption : null };
}

/** Checkout preconditions that the server can see; each answers its own key. */
function checkMasterPayable(master: repo.MasterForPayment | undefined, actor: Actor, input: TPayInput): asserts master is repo.MasterForPayment {
  // Someone else's master does not exist for the caller.
  if (!master || master.user_id !== actor.userId) throw notFound('master');
  if (!isMastered(master.status, master.style_id)) {
    throw new AppError('CONFLICT', 'payment.masterNotMastered');
  }
  if (input.styleId != null && input.styleId !== master.style_id) throw new AppError('BAD_REQUEST', 'payment.styleMismatch');
}

export type Claim =
  | { kind: 'done' }
  | { kind: 'busy' }
  /** Another purchase of the same masters was charged and never booked: book it first, then claim again. */
  | { kind: 'finishOther'; paymentId: string }
  | { kind: 'charge'; paymentId: string; quote: TQuote }
  | { kind: 'finish'; paymentId: string }
  /** This key's pending payment was abandoned without a recorded transaction: ask the gateway, then claim again. */
  | { kind: 'resolveStale' };

type PaymentRow = NonNullable<Awaited<ReturnType<typeof repo.findPaymentByKey>>>;

/**
 * What the attempts before this one leave it to do, read inside the claim's transaction with the
 * masters locked: `existing` is the payment under this purchase's key, `other` a pending purchase
 * of any of the same masters under another key. Null: nothing stands in the way, claim it.
 */
export function stepAfterEarlierAttempts(existing: PaymentRow | undefined, other: PaymentRow | undefined): Claim | null {
  if (existing?.status === 'settled') return { kind: 'done' };
  if (existing?.status === 'pending') {
    // Charged but not yet booked: finish it, never charge again.
    if (existing.transaction_id !== null || existing.gateway === 'none') return { kind: 'finish', paymentId: existing.id };
    if (Date.now() - existing.updated_at.getTime() < ABANDONED_AFTER_MS) return { kind: 'busy' };
    // Its process died before recording the gateway's answer: the gateway is asked first (outside
    // this transaction), so a charge that went through is booked, never made a second time.
    return { kind: 'resolveStale' };
  }
  // Another purchase of these masters in flight decides what this one costs (an upgrade pays the
  // difference), so this one waits for it instead of charging the full price beside it.
  if (other) {
    const charged = other.transaction_id !== null || other.gateway === 'none';
    if (Date.now() - other.updated_at.getTime() < ABANDONED_AFTER_MS) return { kind: 'busy' };
    if (charged) return { kind: 'finishOther', paymentId: other.id };
  }
  return null;
}

/**
 * Step 1 of a pay, one short transaction: lock the master, look at the payment under the key
 * `${masterId}:${buyingOption}` (unique in the table), and either report it done or in flight, or
 * claim it as a pending payment with its quote. Concurrent pays of one master queue on the master
 * row lock, so exactly one claims; the others see its pending row.
 */
async function claim(ctx: ServiceContext, actor: Actor, input: TPayInput & { buyingOption: 1 | 2 }, idempotencyKey: string): Promise<Claim> {
  return ctx.db.transaction().execute(async (trx) => {
    const master = await repo.findMasterForPayment(trx, input.masterId, { forUpdate: true });
    checkMasterPayable(master, actor, input);
    const existing = await repo.findPaymentByKey(trx, idempotencyKey);
    const earlier = stepAfterEarlierAttempts(existing, await repo.findOtherPendingPayment(trx, [master.id], idempotencyKey));
    if (earlier) return earlier;
    if (master.buying_option >= input.buyingOption) throw new AppError('CONFLICT', 'payment.alreadyPurchased');

    const { address, buyer } = await invoiceBuyerOf(trx, actor.userId);

    const pricing = await priceOf(ctx, trx, {
      userId: actor.userId,
      lineCents: [chargeCentsFor(input.buyingOption, master.buying_option)],
      couponKey: input.couponKey,
      address,
      lockCoupon: true,
    });
    const quote: TQuote = {
      ...quoteOf(ctx, pricing, input, buyer),
      upgradeFrom: master.buying_option,
      product: productNameOf(master, ctx.locale),
    };
    const values = pendingValuesOf(ctx, actor, quote, pricing, idempotencyKey, { masterId: master.id });
    const row = existing ? await repo.reclaimPayment(trx, existing.id, values) : await repo.insertPendingPayment(trx, values);
    return { kind: 'charge', paymentId: row.id, quote };
  });
}

/**
 * The quote's figures, buyer and language as a claim fixes them, after the checks every purchase
 * makes: a coupon given must be usable, and a card is needed when anything is left to pay.
 */
export function quoteOf(
  ctx: ServiceContext,
  pricing: Pricing,
  input: { buyingOption: 1 | 2; couponKey?: string | null | undefined; nonce?: string | null | undefined },
  buyer: TQuote['buyer'],
): Omit<TQuote, 'upgradeFrom' | 'product'> {
  if (input.couponKey && !pricing.couponValid) throw new AppError('BAD_REQUEST', 'invalidCouponMessage');
  if (pricing.totals.totalCents > 0 && !input.nonce) throw new AppError('BAD_REQUEST', 'payment.requestPaymentMethod');
  return {
    buyingOption: input.buyingOption,
    currency: currencyOf(ctx.locale),
    ...pricing.totals,
    vatRateBp: pricing.vat.rateBp,
    reverseCharge: pricing.vat.reverseCharge,
    vatRule: pricing.vat.rule,
    vatCheck: pricing.vat.vatCheck,
    locale: ctx.locale,
    coupon: pricing.coupon,
    buyer,
  };
}

/** The pending payment row a claim writes for its quote: one master's, or an album's. */
export function pendingValuesOf(ctx: ServiceContext, actor: Actor, quote: TQuote, pricing: Pricing, idempotencyKey: string, bought: { masterId: string } | { albumId: string }): repo.PendingPaymentValues {
  return {
    userId: actor.userId,
    masterId: 'masterId' in bought ? bought.masterId : null,
    ...('albumId' in bought ? { albumId: bought.albumId } : {}),
    buyingOption: quote.buyingOption,
    idempotencyKey,
    gateway: quote.totalCents > 0 ? paymentGatewayOf(ctx.platform).kind : 'none',
    amountCents: quote.totalCents,
    currency: quote.currency,
    couponId: pricing.coupon?.id ?? null,
    quote,
  };
}

/**
 * Step 3, one transaction: the payment settles, its masters (one, or an album's) get its option and
 * PAYMENT_DONE, the coupon's use is counted and the invoice takes the next number; after the
 * commit, the receipt with the invoice is mailed to the buyer. Locks are taken masters first (in
 * the order of their ids), then payment, coupon and, last and briefly, the invoice counter (the one
 * lock all buyers share).
 */
async function finish(ctx: ServiceContext, paymentId: string): Promise<void> {
  const invoiceNumber = await ctx.db.transaction().execute(async (trx) => {
    const payment = await repo.findPaymentById(trx, paymentId);
    if (payment?.status !== 'pending') return null;
    const quote = ZQuote.parse(payment.quote);
    const bought = quote.lines ? quote.lines.map((line) => line.masterId) : payment.master_id ? [payment.master_id] : [];
    if (bought.length === 0) return null;
    const present = new Set((await repo.findMastersForPayment(trx, bought, { forUpdate: true })).map((master) => master.id));
    const settled = await repo.settlePayment(trx, paymentId, payment.gateway === 'none' ? 'coupon' : 'credit_card');
    if (!settled) return null;
    for (const masterId of present) await repo.markMasterPaid(trx, masterId, quote.buyingOption);
    if (payment.coupon_id !== null) {
      await redeemCoupon(trx, payment.coupon_id);
    }
    return issueInvoice(trx, ctx.platform, {
      userId: payment.user_id,
      masterId: payment.master_id,
      paymentId,
      quote,
      productType: quote.lines ? 2 : 0,
      // Money was taken: a line whose master went meanwhile is still invoiced, without the link.
      lines: quote.lines?.map((line) => ({ ...line, masterId: present.has(line.masterId) ? line.masterId : null, buyingOption: quote.buyingOption })),
      paymentMethod: settled.payment_method ?? 'coupon',
      transactionId: settled.transaction_id,
    });
  });
  // Booked: the receipt goes out on its own; the pay neither waits for it nor fails with it.
  if (invoiceNumber !== null) ctx.platform.background.run('receipt', () => sendReceipt(ctx, { invoiceNumber }));
}

/**
 * Claims, charges and books one purchase under its idempotency key, however often it is asked:
 * a purchase done answers at once, one in flight is waited for, a charged one is booked and never
 * charged again. The gateway is called outside any database transaction (a charge can take
 * seconds; no lock or connection is held meanwhile). A decline changes nothing but the attempt's
 * record and throws its `payment.declined.*` key.
 */
export async function runPurchase(
  ctx: ServiceContext,
  actor: Actor,
  purchase: { idempotencyKey: string; nonce: string | null | undefined; claim: () => Promise<Claim> },
): Promise<void> {
  const startedAt = Date.now();
  // VIES is asked here, outside the claim's transaction; the quote reads its kept answer.
  await confirmVatId(ctx.platform, await repo.findInvoiceAddress(ctx.db, actor.userId));
  for (;;) {
    const step = await purchase.claim();
    if (step.kind === 'busy') {
      if (Date.now() - startedAt > WAIT_FOR_CONCURRENT_MS) throw new AppError('CONFLICT', 'payment.alreadyInProgress');
      await sleep(POLL_MS);
      continue;
    }
    if (step.kind === 'finishOther') {
      await finish(ctx, step.paymentId);
      continue;
    }
    if (step.kind === 'resolveStale') {
      const stale = await repo.findStalePendingPayments(ctx.db, new Date(Date.now() - ABANDONED_AFTER_MS), purchase.idempotencyKey);
      const outcome = stale[0] ? await resolveStalePayment(ctx, stale[0]) : 'booked';
      // The gateway could not say whether it charged: charging again could charge twice.
      if (outcome === 'unresolved') throw new AppError('CONFLICT', 'payment.alreadyInProgress');
      continue;
    }
    if (step.kind === 'charge' && step.quote.totalCents > 0) await charge(ctx, actor, step.paymentId, step.quote, purchase.nonce ?? '', purchase.idempotencyKey);
    if (step.kind !== 'done') await finish(ctx, step.paymentId);
    return;
  }
}

/**
 * POST /api/payment/pay. Idempotent per master and option: concurrent or repeated
 * pays charge once and all answer the purchased master (runPurchase).
 */
export async function pay(ctx: ServiceContext, input: TPayInput): Promise<TPaidMaster> {
  const actor = requireActor(ctx);
  if (input.buyingOption === 0) return takeFreeOption(ctx, actor, input);
  const buyingOption = input.buyingOption as 1 | 2;
  const idempotencyKey = `${input.masterId}:${buyingOption}`;
  await runPurchase(ctx, actor, { idempotencyKey, nonce: input.nonce, claim: () => claim(ctx, actor, { ...input, buyingOption }, idempotencyKey) });
  return readPaidMaster(ctx, input);
}

type StalePayment = Awaited<ReturnType<typeof repo.findStalePendingPayments>>[number];

/** The failure message of a payment released because the gateway holds no sale for it. */
export const ABANDONED_MESSAGE = 'payment.abandoned';

/**
 * One stale pending payment without a recorded transaction (its process died between the claim
 * and recording the gateway's answer): the gateway is asked for a sale under the payment's order
 * id (its idempotency key). A sale that took the quoted amount is recorded and booked with its
 * invoice; no sale means no money moved, and the payment is released (failed, payment.abandoned),
 * so its master can be removed or paid again. When the gateway cannot answer, or its sale is not
 * the quoted amount, the payment stays pending and is logged for an operator: neither booking nor
 * releasing it would be safe.
 */
async function resolveStalePayment(ctx: ServiceContext, payment: StalePayment): Promise<'booked' | 'released' | 'unresolved'> {
  if (payment.transaction_id !== null || payment.gateway === 'none') {
    await finish(ctx, payment.id);
    return 'booked';
  }
  let sale;
  try {
    sale = await paymentGatewayOf(ctx.platform).findSale(payment.idempotency_key);
  } catch (error) {
    ctx.log.error({ err: error, paymentId: payment.id, orderId: payment.idempotency_key }, 'gateway could not be asked about a pending payment');
    return 'unresolved';
  }
  if (!sale) {
    const released = await repo.releaseAbandonedPayment(ctx.db, payment.id, payment.updated_at, ABANDONED_MESSAGE);
    if (released) ctx.log.warn({ paymentId: payment.id, orderId: payment.idempotency_key }, 'released a pending payment the gateway never charged');
    return released ? 'released' : 'unresolved';
  }
  if (sale.amountCents !== payment.amount_cents || sale.currency !== payment.currency) {
    ctx.log.error({ paymentId: payment.id, orderId: payment.idempotency_key, sale }, 'gateway sale does not match its pending payment');
    return 'unresolved';
  }
  await repo.recordTransaction(ctx.db, payment.id, sale.transactionId, sale.paymentMethod);
  await finish(ctx, payment.id);
  ctx.log.warn({ paymentId: payment.id, transactionId: sale.transactionId }, 'booked a pending payment from the gateway\'s record');
  return 'booked';
}

/**
 * Settles payments left pending for longer than ABANDONED_AFTER_MS (the process died between the
 * claim and the booking): one with a recorded transaction is booked; one without is settled from
 * the gateway's answer (resolveStalePayment). Runs every few minutes in the web process (server.ts).
 */
export async function reconcilePendingPayments(ctx: ServiceContext): Promise<{ booked: number; released: number; unresolved: number }> {
  const stale = await repo.findStalePendingPayments(ctx.db, new Date(Date.now() - ABANDONED_AFTER_MS));
  const report = { booked: 0, released: 0, unresolved: 0 };
  for (const payment of stale) report[await resolveStalePayment(ctx, payment)] += 1;
  if (report.booked + report.released + report.unresolved > 0) ctx.log.warn(report, 'reconciled pending payments');
  return report;
}

async function charge(ctx: ServiceContext, actor: Actor, paymentId: string, quote: TQuote, nonce: string, orderId: string): Promise<void> {
  const gateway = paymentGatewayOf(ctx.platform);
  let result;
  try {
    result = await gateway.sale({ amountCents: quote.totalCents, currency: quote.currency, nonce, orderId, customerId: actor.userId });
  } catch (error) {
    ctx.log.error({ err: error, paymentId }, 'payment gateway threw');
    result = { ok: false as const, status: 'failed' as const, message: SERVER_FAILURE };
  }
  if (!result.ok) {
    // The gateway's own code and words stay here; the buyer gets the translation key.
    ctx.log.warn({ paymentId, orderId, status: result.status, key: result.message, gatewayAnswer: result.answer && describeGatewayAnswer(result.answer) }, 'payment not charged');
    await repo.failPayment(ctx.db, paymentId, result.status, result.message);
    throw new AppError('PAYMENT_FAILED', result.message);
  }
  const recorded = await repo.recordTransaction(ctx.db, paymentId, result.transactionId, result.paymentMethod);
  // Only if this charge outlived the gap after which a pending payment counts as abandoned.
  if (!recorded) ctx.log.error({ paymentId, transactionId: result.transactionId, orderId }, 'charged payment was no longer pending: book it by hand');
}

/** Option 0 costs nothing: checkout completes at once, with no gateway and no invoice. */
async function takeFreeOption(ctx: ServiceContext, actor: Actor, input: TPayInput): Promise<TPaidMaster> {
  await ctx.db.transaction().execute(async (trx) => {
    const master = await repo.findMasterForPayment(trx, input.masterId, { forUpdate: true });
    checkMasterPayable(master, actor, input);
    if (master.status !== 'PAYMENT_DONE') await repo.markMasterPaymentDone(trx, master.id);
  });
  return readPaidMaster(ctx, input);
}

/** The master as a payment leaves it (pay's answer); the caller has checked who asks. */
async function readPaidMaster(ctx: Pick<ServiceContext, 'db'>, input: { masterId: string }): Promise<TPaidMaster> {
  const master = await repo.findMasterForPayment(ctx.db, input.masterId);
  if (!master) throw notFound('master');
  const invoice = await repo.findLatestInvoiceOfMaster(ctx.db, input.masterId);
  return {
    id: master.id,
    buyingOption: master.buying_option,
    status: master.status,
    track: { id: master.track_id, name: master.track_name, artist: master.track_artist, isCustomMaster: master.is_custom_master },
    style:
      master.style_id !== null && master.style_name !== null && master.style_index !== null && master.style_group_id !== null && master.style_group_name !== null
        ? { id: master.style_id, name: master.style_name, styleIndex: master.style_index, styleGroup: { id: master.style_group_id, name: master.style_group_name } }
        : null,
    user: { id: master.user_id },
    invoice: invoice ? toPurchaseInvoice(invoice) : null,
  };
}

/** An invoice as a pay's answer names it. */
export function toPurchaseInvoice(invoice: NonNullable<Awaited<ReturnType<typeof repo.findLatestInvoiceOfMaster>>>): TMasterInvoice {
  return {
    invoiceNumber: Number(invoice.invoice_number),
    couponKey: invoice.coupon_key,
    price: amountOf(invoice.price_cents),
    couponValue: amountOf(invoice.coupon_value_cents),
    currency: invoice.currency,
    transactionId: invoice.transaction_id,
  };
}
