import { sql } from 'kysely';
import type { Locale, Platform } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { totalsFor, vatTreatmentOf } from '../pricing/index.js';
import { issueInvoice } from '../invoices/index.js';
import { invoiceBuyerOf } from './invoice-buyer.js';
import * as repo from './payments.repository.js';
import { ZQuote, type TQuote } from './payments.schemas.js';

/**
 * The money side of a subscription's charges, kept beside the masters' payments so that both book
 * the same way: one payment row per charge under an idempotency key, the quote (VAT by the buyer's
 * first address) fixed when the charge is claimed, and the invoice written when it settles.
 */

/** The quote of one subscription period for a buyer; refuses a buyer without name or address. */
export async function quoteSubscriptionCharge(
  db: Database,
  platform: Pick<Platform, 'env'>,
  input: { userId: string; priceCents: number; currency: 'USD' | 'EUR'; product: (locale: Locale) => string },
): Promise<TQuote> {
  const { locale, address, buyer } = await invoiceBuyerOf(db, input.userId);
  const vat = await vatTreatmentOf(db, platform.env, address);
  return {
    buyingOption: 0,
    upgradeFrom: 0,
    currency: input.currency,
    ...totalsFor(input.priceCents, 0, vat.rateBp),
    vatRateBp: vat.rateBp,
    reverseCharge: vat.reverseCharge,
    vatRule: vat.rule,
    vatCheck: vat.vatCheck,
    // Issued in the buyer's language, as their receipt is.
    locale,
    coupon: null,
    product: input.product(locale),
    buyer,
  };
}

const CHARGE_COLUMNS = ['id', 'status', 'transaction_id', 'payment_method', 'quote', 'subscription_id', 'updated_at'] as const;

/** The charge under a key, if any (a period's renewal is claimed once and retried under its key). */
export async function findSubscriptionCharge(db: Database, idempotencyKey: string) {
  return db.selectFrom('payments').select(CHARGE_COLUMNS).where('idempotency_key', '=', idempotencyKey).where('product_type', '=', 1).executeTakeFirst();
}

/** A pending first charge of the user's (a subscribe in flight), if any. */
export async function findPendingStartCharge(db: Database, userId: string) {
  return db
    .selectFrom('payments')
    .select(CHARGE_COLUMNS)
    .where('user_id', '=', userId)
    .where('product_type', '=', 1)
    .where('subscription_id', 'is', null)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** Claims a pending charge under its key (or takes a declined one back); answers its id. */
export async function claimSubscriptionCharge(
  db: Database,
  input: { userId: string; subscriptionId: string | null; idempotencyKey: string; gateway: 'local' | 'braintree'; quote: TQuote },
): Promise<string> {
  const values = {
    user_id: input.userId,
    master_id: null,
    buying_option: 0,
    product_type: 1,
    subscription_id: input.subscriptionId,
    idempotency_key: input.idempotencyKey,
    gateway: input.gateway,
    amount_cents: input.quote.totalCents,
    currency: input.quote.currency,
    status: 'pending' as const,
    coupon_id: null,
    quote: JSON.stringify(input.quote),
  };
  const row = await db
    .insertInto('payments')
    .values(values)
    .onConflict((oc) =>
      oc.column('idempotency_key').doUpdateSet({
        status: 'pending',
        amount_cents: values.amount_cents,
        quote: values.quote,
        transaction_id: null,
        payment_method: null,
        failure_message: null,
        updated_at: sql`now()`,
      }).where('payments.status', 'in', ['declined', 'failed']),
    )
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new AppError('CONFLICT', 'payment.alreadyInProgress');
  return row.id;
}

export async function recordSubscriptionTransaction(db: Database, paymentId: string, transactionId: string, paymentMethod: string): Promise<void> {
  await repo.recordTransaction(db, paymentId, transactionId, paymentMethod);
}

export async function failSubscriptionCharge(db: Database, paymentId: string, status: 'declined' | 'failed', message: string): Promise<void> {
  await repo.failPayment(db, paymentId, status, message);
}

/**
 * Inside the caller's transaction: the charge settles (once), is tied to its subscription, and gets
 * its invoice. Answers the invoice number, or null when the charge was settled already.
 */
export async function settleSubscriptionCharge(
  trx: Database,
  platform: Pick<Platform, 'env'>,
  input: { paymentId: string; subscriptionId: string; issuedAt?: Date },
): Promise<number | null> {
  const payment = await repo.findPaymentById(trx, input.paymentId);
  if (payment?.status !== 'pending') return null;
  const quote = ZQuote.parse(payment.quote);
  const settled = await repo.settlePayment(trx, input.paymentId, 'credit_card');
  if (!settled) return null;
  await trx.updateTable('payments').set({ subscription_id: input.subscriptionId }).where('id', '=', input.paymentId).execute();
  return issueInvoice(trx, platform, {
    userId: payment.user_id,
    masterId: null,
    paymentId: input.paymentId,
    quote,
    productType: 1,
    paymentMethod: settled.payment_method ?? 'credit_card',
    transactionId: settled.transaction_id,
    ...(input.issuedAt ? { issuedAt: input.issuedAt } : {}),
  });
}
