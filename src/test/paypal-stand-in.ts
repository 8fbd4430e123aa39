import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in makes of an item once polled: PayPal's transaction statuses. */
export type StandInOutcome = 'SUCCESS' | 'FAILED' | 'UNCLAIMED' | 'PENDING';

interface Item {
  payout_item_id: string;
  transaction_status: string;
  sender_item_id: string;
  receiver: string;
  amount: { value: string; currency: string };
  errors?: { name: string; message: string };
}
interface Batch {
  id: string;
  senderBatchId: string;
  items: Item[];
}

/**
 * A local HTTP stand-in for the PayPal Payouts endpoints the adapter calls: the OAuth2 token,
 * create batch (a sender_batch_id is paid once; a repeat is refused with a link to the original,
 * as PayPal does), show batch, show item and cancel an unclaimed item. Tests choose each
 * receiver's outcome and can make the next answer of an endpoint get lost (the request is
 * carried out, the connection closed without an answer).
 */
export async function startPayPalStandIn(credentials = { clientId: 'test-client', clientSecret: 'test-secret' }) {
  const batches = new Map<string, Batch>();
  const bySender = new Map<string, Batch>();
  const outcomes = new Map<string, StandInOutcome>();
  const toLose = new Map<string, number>();
  const tokens = new Set<string>();
  /** Every payment made: one entry per item that reached SUCCESS (a recipient paid twice shows twice). */
  const payments: { receiver: string; value: string; senderItemId: string }[] = [];
  const requests: string[] = [];
  let base = '';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const bodyOf = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  /** The item as a poll sees it: a pending item moves to the receiver's chosen outcome. */
  const advance = (item: Item) => {
    if (item.transaction_status !== 'PENDING') return;
    const outcome = outcomes.get(item.receiver) ?? 'SUCCESS';
    if (outcome === 'PENDING') return;
    item.transaction_status = outcome;
    if (outcome === 'SUCCESS') payments.push({ receiver: item.receiver, value: item.amount.value, senderItemId: item.sender_item_id });
    if (outcome === 'FAILED') item.errors = { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' };
  };
  const itemJson = (batch: Batch, item: Item) => ({
    payout_item_id: item.payout_item_id,
    transaction_status: item.transaction_status,
    payout_batch_id: batch.id,
    sender_batch_id: batch.senderBatchId,
    payout_item_fee: { currency: item.amount.currency, value: '0.00' },
    payout_item: { recipient_type: 'EMAIL', amount: item.amount, receiver: item.receiver, sender_item_id: item.sender_item_id },
    ...(item.errors ? { errors: item.errors } : {}),
  });
  const batchJson = (batch: Batch) => ({
    batch_header: {
      payout_batch_id: batch.id,
      batch_status: batch.items.every((item) => item.transaction_status !== 'PENDING') ? 'SUCCESS' : 'PROCESSING',
      sender_batch_header: { sender_batch_id: batch.senderBatchId },
    },
    items: batch.items.map((item) => itemJson(batch, item)),
    total_items: batch.items.length,
    total_pages: 1,
  });

  async function handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? '/', base);
    const route = `${req.method} ${url.pathname}`;
    requests.push(route);
    if (route === 'POST /v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected || !(await bodyOf(req)).includes('grant_type=client_credentials')) return { status: 401, body: { error: 'invalid_client' } };
      const token = `A21${randomUUID()}`;
      tokens.add(token);
      return { status: 200, body: { scope: 'https://uri.paypal.com/payments/payouts', access_token: token, token_type: 'Bearer', expires_in: 32400 } };
    }
    if (!tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) return { status: 401, body: { name: 'AUTHENTICATION_FAILURE' } };
    if (route === 'POST /v1/payments/payouts') {
      const body = JSON.parse(await bodyOf(req)) as { sender_batch_header: { sender_batch_id: string }; items: { receiver: string; amount: Item['amount']; sender_item_id: string }[] };
      const senderBatchId = body.sender_batch_header.sender_batch_id;
      const existing = bySender.get(senderBatchId);
      if (existing) {
        return {
          status: 400,
          body: {
            name: 'USER_BUSINESS_ERROR',
            message: 'User business error.',
            details: [{ field: 'SENDER_BATCH_ID', issue: `Batch with given sender_batch_id already exists: ${senderBatchId}` }],
            links: [{ href: `${base}/v1/payments/payouts/${existing.id}`, rel: 'self', method: 'GET', encType: 'application/json' }],
          },
        };
      }
      const batch: Batch = {
        id: `B${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`,
        senderBatchId,
        items: body.items.map((item) => ({ payout_item_id: `I${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`, transaction_status: 'PENDING', sender_item_id: item.sender_item_id, receiver: item.receiver, amount: item.amount })),
      };
      batches.set(batch.id, batch);
      bySender.set(senderBatchId, batch);
      return { status: 201, body: { batch_header: { payout_batch_id: batch.id, batch_status: 'PENDING', sender_batch_header: body.sender_batch_header } } };
    }
    const batchMatch = /^GET \/v1\/payments\/payouts\/([^/]+)$/.exec(route);
    if (batchMatch) {
      const batch = batches.get(batchMatch[1]!);
      if (!batch) return { status: 404, body: { name: 'INVALID_RESOURCE_ID' } };
      batch.items.forEach(advance);
      return { status: 200, body: batchJson(batch) };
    }
    const itemMatch = /^(GET|POST) \/v1\/payments\/payouts-item\/([^/]+)(\/cancel)?$/.exec(route);
    if (itemMatch) {
      const batch = [...batches.values()].find((b) => b.items.some((item) => item.payout_item_id === itemMatch[2]));
      const item = batch?.items.find((i) => i.payout_item_id === itemMatch[2]);
      if (!batch || !item) return { status: 404, body: { name: 'INVALID_RESOURCE_ID' } };
      if (itemMatch[3]) {
        if (item.transaction_status !== 'UNCLAIMED') return { status: 400, body: { name: 'ITEM_ALREADY_CANCELLED' } };
        item.transaction_status = 'RETURNED';
      }
      return { status: 200, body: itemJson(batch, item) };
    }
    return { status: 404, body: { name: 'NOT_FOUND' } };
  }

  const server = createServer((req, res) => {
    handle(req).then(
      ({ status, body }) => {
        const route = `${req.method} ${new URL(req.url ?? '/', base).pathname.replace(/\/[A-Z0-9]{13}(\/cancel)?$/, '/:id$1')}`;
        const lose = toLose.get(route) ?? 0;
        if (lose > 0) {
          toLose.set(route, lose - 1);
          // Carried out, but the answer never arrives.
          res.socket?.destroy();
          return;
        }
        json(res, status, body);
      },
      (error: unknown) => json(res, 500, { name: 'INTERNAL_SERVICE_ERROR', message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    credentials,
    payments,
    requests,
    /** How many batches were created for this sender_batch_id (a repeat must not make a second). */
    batchesFor: (senderBatchId: string) => [...batches.values()].filter((b) => b.senderBatchId === senderBatchId).length,
    outcomeFor(receiver: string, outcome: StandInOutcome) {
      outcomes.set(receiver, outcome);
    },
    /** The next `count` answers of this route (e.g. 'POST /v1/payments/payouts', 'GET /v1/payments/payouts/:id') get lost. */
    loseAnswers(route: string, count = 1) {
      toLose.set(route, (toLose.get(route) ?? 0) + count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PayPalStandIn = Awaited<ReturnType<typeof startPayPalStandIn>>;
