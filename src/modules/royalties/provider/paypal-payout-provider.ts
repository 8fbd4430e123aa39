import { z } from 'zod';
import { percentFee, senderItemIdOf, type PayoutBatch, type PayoutOutcome, type PayoutProvider } from './payout-provider.js';

export interface PayPalConfig {
  /** https://api-m.paypal.com, https://api-m.sandbox.paypal.com, or a stand-in in tests. */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  feePercent: number;
  feeMaxMinor: number;
  /** Attempts per request when the answer is lost (network error, time-out, 5xx). */
  attempts?: number;
  timeoutMs?: number;
}

const ZMoney = z.object({ currency: z.string(), value: z.string() });
const ZLink = z.object({ href: z.string(), rel: z.string() }).loose();
const ZToken = z.object({ access_token: z.string(), expires_in: z.number() }).loose();
const ZBatchHeader = z.object({ payout_batch_id: z.string(), batch_status: z.string() }).loose();
const ZItem = z
  .object({
    payout_item_id: z.string(),
    transaction_status: z.string().optional(),
    payout_item_fee: ZMoney.optional(),
    payout_item: z.object({ sender_item_id: z.string().optional() }).loose(),
    errors: z.object({ name: z.string().optional(), message: z.string().optional() }).loose().optional(),
  })
  .loose();
const ZCreated = z.object({ batch_header: ZBatchHeader }).loose();
const ZBatch = z.object({ batch_header: ZBatchHeader, items: z.array(ZItem).default([]), total_pages: z.number().optional() }).loose();
const ZError = z.object({ name: z.string().optional(), message: z.string().optional(), links: z.array(ZLink).optional() }).loose();

/** A request whose answer never arrived: safe to repeat, because every write carries its idempotency key. */
class LostAnswer extends Error {}
class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`PayPal answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
}

const decimalOf = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
const minorOf = (value: string) => {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};

/** PayPal's item statuses that leave the money with the sender (the item will not be paid). */
const RETURNED = new Set(['FAILED', 'RETURNED', 'BLOCKED', 'REFUNDED', 'REVERSED', 'DENIED']);

/**
 * PayPal Payouts over its REST API (PAYOUT_PROVIDER=paypal): an OAuth2 client-credentials token,
 * `POST /v1/payments/payouts` with the run id as `sender_batch_header.sender_batch_id` (PayPal
 * pays a sender_batch_id once within 30 days, so a request whose answer was lost is sent again
 * as it was; a repeat that PayPal refuses as a duplicate names the original batch, which is then
 * used), `GET /v1/payments/payouts/{id}` for the items' statuses, `POST
 * /v1/payments/payouts-item/{id}/cancel` for an unclaimed item and `GET
 * /v1/payments/payouts-item/{id}` to see it back with the sender.
 */
export function createPayPalPayoutProvider(config: PayPalConfig): PayoutProvider {
  const base = config.apiBase.replace(/\/+$/, '');
  const attempts = config.attempts ?? 4;
  const timeoutMs = config.timeoutMs ?? 15_000;
  let token: { value: string; until: number } | null = null;

  async function once(method: string, pathname: string, init: { body?: string; headers?: Record<string, string> }): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${base}${pathname}`, { method, body: init.body, headers: init.headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new LostAnswer(`${method} ${pathname}: ${(error as Error).message}`);
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500) throw new LostAnswer(`${method} ${pathname}: ${response.status}`);
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      if (response.ok) throw new LostAnswer(`${method} ${pathname}: an answer that is not JSON`);
    }
    return { status: response.status, body };
  }

  /** Repeats a request whose answer was lost, a little later each time. */
  async function withRetries<T>(run: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await run();
      } catch (error) {
        if (!(error instanceof LostAnswer) || attempt >= attempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** (attempt - 1)));
      }
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    // Not repeated here: every caller runs inside `call`, which repeats the whole request.
    const answer = await once('POST', '/v1/oauth2/token', {
      body: 'grant_type=client_credentials',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
    });
    if (answer.status !== 200) throw new PayPalError(answer.status, answer.body);
    const parsed = ZToken.parse(answer.body);
    // A minute early, so a token never runs out between being read and being used.
    token = { value: parsed.access_token, until: Date.now() + Math.max(0, parsed.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call(method: string, pathname: string, body?: unknown) {
    return withRetries(async () => {
      const answer = await once(method, pathname, {
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json', accept: 'application/json' },
      });
      if (answer.status === 401) token = null;
      return answer;
    });
  }

  async function batchOf(batchId: string) {
    const items: z.infer<typeof ZItem>[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await call('GET', `/v1/payments/payouts/${encodeURIComponent(batchId)}?page=${page}&page_size=1000&total_required=true`);
      if (answer.status !== 200) throw new PayPalError(answer.status, answer.body);
      const parsed = ZBatch.parse(answer.body);
      items.push(...parsed.items);
      if (page >= (parsed.total_pages ?? 1)) return { header: parsed.batch_header, items };
    }
  }

  /** Cancels an unclaimed item; answers its status afterwards (RETURNED once PayPal has the money back). */
  async function cancelUnclaimed(itemId: string): Promise<string | null> {
    await call('POST', `/v1/payments/payouts-item/${encodeURIComponent(itemId)}/cancel`);
    const answer = await call('GET', `/v1/payments/payouts-item/${encodeURIComponent(itemId)}`);
    if (answer.status !== 200) return null;
    return ZItem.parse(answer.body).transaction_status ?? null;
  }

  return {
    kind: 'paypal',
    feeOf: percentFee(config.feePercent, config.feeMaxMinor),

    async submit(batch: PayoutBatch) {
      const answer = await call('POST', '/v1/payments/payouts', {
        sender_batch_header: {
          sender_batch_id: batch.runId,
          recipient_type: 'EMAIL',
          email_subject: 'You have received royalties',
          email_message: 'Royalties from your releases, paid through Masterdeck.',
        },
        items: batch.items.map((item) => ({
          recipient_type: 'EMAIL',
          receiver: item.email,
          amount: { value: decimalOf(item.amountMinor), currency: batch.currency },
          sender_item_id: senderItemIdOf(item.payoutId),
          note: `Royalties for ${item.name} from the releases of ${item.from}`.slice(0, 1000),
        })),
      });
      if (answer.status === 201 || answer.status === 200) return { reference: ZCreated.parse(answer.body).batch_header.payout_batch_id };
      // Sent before and its answer lost: PayPal refuses the repeat and links the batch it made then.
      const error = ZError.safeParse(answer.body);
      const original = error.success ? error.data.links?.map((link) => /\/v1\/payments\/payouts\/([^/?]+)/.exec(link.href)?.[1]).find(Boolean) : undefined;
      if (original) return { reference: decodeURIComponent(original) };
      throw new PayPalError(answer.status, answer.body);
    },

    async poll(reference, batch) {
      const { header, items } = await batchOf(reference);
      const bySender = new Map(items.map((item) => [item.payout_item.sender_item_id, item]));
      const outcomes: PayoutOutcome[] = [];
      for (const wanted of batch.items) {
        const item = bySender.get(senderItemIdOf(wanted.payoutId));
        if (!item) {
          outcomes.push(
            header.batch_status === 'DENIED' || header.batch_status === 'CANCELED'
              ? { payoutId: wanted.payoutId, state: 'returned', providerStatus: header.batch_status, providerItemId: null, reason: `the batch was ${header.batch_status.toLowerCase()}` }
              : { payoutId: wanted.payoutId, state: 'pending', providerStatus: header.batch_status, providerItemId: null },
          );
          continue;
        }
        let status = item.transaction_status ?? 'PENDING';
        let reason = item.errors?.message ?? item.errors?.name ?? null;
        if (status === 'UNCLAIMED') {
          const after = await cancelUnclaimed(item.payout_item_id);
          if (after === null || !RETURNED.has(after)) {
            outcomes.push({ payoutId: wanted.payoutId, state: 'pending', providerStatus: status, providerItemId: item.payout_item_id });
            continue;
          }
          status = after;
          reason = 'nobody claimed the payment at this address';
        }
        if (status === 'SUCCESS') {
          outcomes.push({ payoutId: wanted.payoutId, state: 'paid', providerStatus: status, providerItemId: item.payout_item_id, feeMinor: item.payout_item_fee ? minorOf(item.payout_item_fee.value) : null });
        } else if (RETURNED.has(status)) {
          outcomes.push({ payoutId: wanted.payoutId, state: 'returned', providerStatus: status, providerItemId: item.payout_item_id, reason: reason ?? status.toLowerCase() });
        } else {
          outcomes.push({ payoutId: wanted.payoutId, state: 'pending', providerStatus: status, providerItemId: item.payout_item_id });
        }
      }
      return outcomes;
    },
  };
}
