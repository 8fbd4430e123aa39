import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import braintree from 'braintree';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBraintreeGateway, type BraintreeEnv } from './braintree-gateway.js';
import { createBraintreeSubscriptions } from './braintree-subscriptions.js';
import { SERVER_FAILURE, type PaymentGateway } from './payment-gateway.js';
import type { SubscriptionBilling } from './subscription-billing.js';

/**
 * The Braintree adapter through the real SDK: the SDK builds, signs and sends its
 * requests and parses the XML answers; only the gateway is a stand-in on 127.0.0.1 that answers
 * the endpoints the adapter calls, in the shapes Braintree's API uses (the SDK's own parsers,
 * node_modules/braintree/lib/braintree/{http,util,gateway,*_gateway}.js, read them).
 */

const MERCHANT = 'merchant-1';
const DECLINE_NONCE = 'fake-processor-declined-visa-nonce';
const VALID_NONCE = 'fake-valid-nonce';

interface StoredSale {
  id: string;
  orderId: string;
  amount: string;
  status: string;
}
interface StoredCard {
  token: string;
  last4: string;
  cardType: string;
  isDefault: boolean;
}
interface StoredSubscription {
  id: string;
  planId: string;
  price: string;
  paymentMethodToken: string;
  status: 'Active' | 'Pending' | 'Past Due' | 'Canceled';
  transactions: Array<StoredSale & { createdAt: Date; processor?: { code: string; text: string } }>;
}

/** Braintree's sandbox declines a charge of 2000.00 to 2999.99 with that processor code (2000: Do Not Honor). */
const isSandboxDeclineAmount = (amount: string) => Number(amount) >= 2000 && Number(amount) < 3000;

/** The Braintree gateway's answers, held in memory: customers with vaulted cards, sales and subscriptions. */
class GatewayStandIn {
  readonly customers = new Map<string, StoredCard[]>();
  readonly sales: StoredSale[] = [];
  readonly subscriptions = new Map<string, StoredSubscription>();
  readonly requests: string[] = [];
  private server: Server | null = null;

  async start(): Promise<number> {
    this.server = createServer((request, response) => {
      void this.answer(request).then(({ status, xml }) => {
        response.writeHead(status, { 'Content-Type': 'application/xml; charset=utf-8' });
        response.end(xml === null ? '' : `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server!.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async answer(request: IncomingMessage): Promise<{ status: number; xml: string | null }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, Record<string, unknown>>) : {};
    const route = `${request.method} ${(request.url ?? '').replace(`/merchants/${MERCHANT}`, '')}`;
    this.requests.push(route);

    let match: RegExpExecArray | null;
    if ((match = /^GET \/customers\/([^/?]+)$/.exec(route))) {
      const cards = this.customers.get(decodeURIComponent(match[1]!));
      return cards ? { status: 200, xml: customerXml(decodeURIComponent(match[1]!), cards, this.subscriptionsOf) } : { status: 404, xml: null };
    }
    if (route === 'POST /customers') {
      const id = String(body.customer?.id);
      this.customers.set(id, []);
      return { status: 201, xml: customerXml(id, [], this.subscriptionsOf) };
    }
    if (route === 'POST /payment_methods') return this.vault(body.payment_method ?? {});
    if (route === 'POST /subscriptions') return this.subscribe(body.subscription ?? {});
    if ((match = /^GET \/subscriptions\/([^/?]+)$/.exec(route))) {
      const subscription = this.subscriptions.get(decodeURIComponent(match[1]!));
      return subscription ? { status: 200, xml: subscriptionXml(subscription) } : { status: 404, xml: null };
    }
    if ((match = /^GET \/payment_methods\/any\/([^/?]+)$/.exec(route))) {
      const token = decodeURIComponent(match[1]!);
      for (const [customerId, cards] of this.customers) {
        const card = cards.find((candidate) => candidate.token === token);
        if (card) return { status: 200, xml: cardXml(customerId, card, this.subscriptionsOf(token)) };
      }
      return { status: 404, xml: null };
    }
    if ((match = /^PUT \/subscriptions\/([^/?]+)$/.exec(route))) {
      const subscription = this.subscriptions.get(decodeURIComponent(match[1]!));
      if (!subscription) return { status: 404, xml: null };
      const token = body.subscription?.payment_method_token;
      if (typeof token === 'string') subscription.paymentMethodToken = token;
      return { status: 200, xml: subscriptionXml(subscription) };
    }
    if ((match = /^PUT \/subscriptions\/([^/?]+)\/cancel$/.exec(route))) {
      const subscription = this.subscriptions.get(decodeURIComponent(match[1]!));
      if (!subscription) return { status: 404, xml: null };
      subscription.status = 'Canceled';
      return { status: 200, xml: subscriptionXml(subscription) };
    }
    if (route === 'POST /client_token') {
      return { status: 201, xml: `<client-token><value>token-for-${escapeXml(String(body.client_token?.customer_id))}</value></client-token>` };
    }
    if (route === 'POST /transactions') return this.sale(body.transaction ?? {});
    if (route === 'POST /transactions/advanced_search_ids') {
      const orderId = (body.search?.order_id as { is?: string } | undefined)?.is;
      const ids = this.sales.filter((sale) => sale.orderId === orderId).map((sale) => `<item>${sale.id}</item>`);
      return { status: 200, xml: `<search-results><page-size type="integer">50</page-size><ids type="array">${ids.join('')}</ids></search-results>` };
    }
    if (route === 'POST /transactions/advanced_search') {
      // A multiple-value criterion goes out as a plain array (advanced_search.js, MultipleValueNode).
      const ids = (body.search?.ids as string[] | undefined) ?? [];
      const found = this.sales.filter((sale) => ids.includes(sale.id));
      return {
        status: 200,
        xml: `<credit-card-transactions type="collection"><current-page-number type="integer">1</current-page-number><page-size type="integer">50</page-size><total-items type="integer">${found.length}</total-items>${found.map((sale) => transactionXml(sale)).join('')}</credit-card-transactions>`,
      };
    }
    return { status: 404, xml: null };
  }

  /** transaction.sale: the nonce decides, as Braintree's sandbox test nonces do. */
  private sale(transaction: Record<string, unknown>): { status: number; xml: string } {
    const nonce = String(transaction.payment_method_nonce);
    const customerId = String(transaction.customer_id);
    const sale: StoredSale = { id: `tx${this.sales.length + 1}`, orderId: String(transaction.order_id), amount: String(transaction.amount), status: 'submitted_for_settlement' };
    if (nonce === VALID_NONCE) {
      this.sales.push(sale);
      const options = transaction.options as { store_in_vault_on_success?: boolean } | undefined;
      if (options?.store_in_vault_on_success) {
        const cards = this.customers.get(customerId) ?? [];
        cards.push({ token: `card-${sale.id}`, last4: '1111', cardType: 'Visa', isDefault: cards.length === 0 });
        this.customers.set(customerId, cards);
      }
      return { status: 201, xml: transactionXml(sale) };
    }
    if (nonce === DECLINE_NONCE) {
      const declined = { ...sale, status: 'processor_declined' };
      this.sales.push(declined);
      return {
        status: 422,
        xml: `<api-error-response><errors><errors type="array"/></errors><message>Do Not Honor</message>${transactionXml(declined, { code: '2000', text: 'Do Not Honor' })}</api-error-response>`,
      };
    }
    return {
      status: 422,
      xml: `<api-error-response><errors><transaction><errors type="array"><error><code>91565</code><attribute>payment_method_nonce</attribute><message>Unknown or expired payment_method_nonce.</message></error></errors></transaction></errors><message>Unknown or expired payment_method_nonce.</message></api-error-response>`,
    };
  }

  private readonly subscriptionsOf = (token: string) => [...this.subscriptions.values()].filter((subscription) => subscription.paymentMethodToken === token);

  /** paymentMethod.create with verifyCard: the nonce decides the verification, as the sandbox's test nonces do. */
  private vault(method: Record<string, unknown>): { status: number; xml: string } {
    const customerId = String(method.customer_id);
    const nonce = String(method.payment_method_nonce);
    const verify = (method.options as { verify_card?: boolean } | undefined)?.verify_card === true;
    if (nonce === DECLINE_NONCE && verify) {
      return {
        status: 422,
        xml: `<api-error-response><errors><errors type="array"/></errors><message>Do Not Honor</message><verification><id>verification-1</id><status>processor_declined</status><processor-response-code>2000</processor-response-code><processor-response-text>Do Not Honor</processor-response-text></verification></api-error-response>`,
      };
    }
    if (nonce !== VALID_NONCE) {
      return {
        status: 422,
        xml: `<api-error-response><errors><payment-method><errors type="array"><error><code>91565</code><attribute>payment_method_nonce</attribute><message>Unknown or expired payment_method_nonce.</message></error></errors></payment-method></errors><message>Unknown or expired payment_method_nonce.</message></api-error-response>`,
      };
    }
    const cards = this.customers.get(customerId) ?? [];
    const card: StoredCard = { token: `card-${customerId}-${cards.length + 1}`, last4: '1111', cardType: 'Visa', isDefault: cards.length === 0 };
    cards.push(card);
    this.customers.set(customerId, cards);
    return { status: 201, xml: cardXml(customerId, card, []) };
  }

  /** subscription.create: the plan charges the vaulted card at once; the sandbox's decline amounts are declined. */
  private subscribe(request: Record<string, unknown>): { status: number; xml: string } {
    const token = String(request.payment_method_token);
    const price = String(request.price);
    const known = [...this.customers.values()].some((cards) => cards.some((card) => card.token === token));
    if (!known) {
      return {
        status: 422,
        xml: `<api-error-response><errors><subscription><errors type="array"><error><code>91903</code><attribute>payment_method_token</attribute><message>Payment method token is invalid.</message></error></errors></subscription></errors><message>Payment method token is invalid.</message></api-error-response>`,
      };
    }
    const id = request.id === undefined ? `sub${this.subscriptions.size + 1}` : String(request.id);
    if (this.subscriptions.has(id)) {
      return {
        status: 422,
        xml: `<api-error-response><errors><subscription><errors type="array"><error><code>81906</code><attribute>id</attribute><message>ID has already been taken.</message></error></errors></subscription></errors><message>ID has already been taken.</message></api-error-response>`,
      };
    }
    if (request.first_billing_date !== undefined && new Date(String(request.first_billing_date)) > new Date()) {
      // Billing starts later: nothing is charged now and the subscription waits, Pending.
      const pending: StoredSubscription = { id, planId: String(request.plan_id), price, paymentMethodToken: token, status: 'Pending', transactions: [] };
      this.subscriptions.set(id, pending);
      return { status: 201, xml: subscriptionXml(pending) };
    }
    const first = { id: `tx-${id}-1`, orderId: '', amount: price, status: 'submitted_for_settlement', createdAt: new Date() };
    if (isSandboxDeclineAmount(price)) {
      const declined = { ...first, status: 'processor_declined' };
      return {
        status: 422,
        xml: `<api-error-response><errors><errors type="array"/></errors><message>Do Not Honor</message>${transactionXml(declined, { code: '2000', text: 'Do Not Honor' })}</api-error-response>`,
      };
    }
    const subscription: StoredSubscription = { id, planId: String(request.plan_id), price, paymentMethodToken: token, status: 'Active', transactions: [first] };
    this.subscriptions.set(id, subscription);
    return { status: 201, xml: subscriptionXml(subscription) };
  }

  /** Braintree's own billing clock: the cycle starting at `at` is charged, or declined and the subscription goes Past Due. */
  bill(subscriptionId: string, at: Date, outcome: 'charged' | 'declined'): string {
    const subscription = this.subscriptions.get(subscriptionId)!;
    const id = `tx-${subscriptionId}-${subscription.transactions.length + 1}`;
    if (outcome === 'charged') {
      subscription.transactions.unshift({ id, orderId: '', amount: subscription.price, status: 'submitted_for_settlement', createdAt: at });
      subscription.status = 'Active';
    } else {
      subscription.transactions.unshift({ id, orderId: '', amount: subscription.price, status: 'processor_declined', createdAt: at, processor: { code: '2000', text: 'Do Not Honor' } });
      subscription.status = 'Past Due';
    }
    return id;
  }
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function transactionXml(sale: StoredSale & { createdAt?: Date }, processor = { code: '1000', text: 'Approved' }): string {
  const createdAt = sale.createdAt ? `<created-at type="datetime">${sale.createdAt.toISOString()}</created-at>` : '';
  return `<transaction><id>${sale.id}</id><status>${sale.status}</status>${createdAt}<type>sale</type><amount>${sale.amount}</amount><currency-iso-code>EUR</currency-iso-code><order-id>${escapeXml(sale.orderId)}</order-id><payment-instrument-type>credit_card</payment-instrument-type><processor-response-code>${processor.code}</processor-response-code><processor-response-text>${processor.text}</processor-response-text></transaction>`;
}

function subscriptionXml(subscription: StoredSubscription): string {
  const transactions = subscription.transactions.map((tx) => transactionXml(tx, tx.processor)).join('');
  return `<subscription><id>${subscription.id}</id><status>${subscription.status}</status><plan-id>${escapeXml(subscription.planId)}</plan-id><price>${subscription.price}</price><payment-method-token>${subscription.paymentMethodToken}</payment-method-token><transactions type="array">${transactions}</transactions></subscription>`;
}

function cardXml(customerId: string, card: StoredCard, subscriptions: StoredSubscription[]): string {
  const listed = subscriptions.map((subscription) => `<subscription><id>${subscription.id}</id><status>${subscription.status}</status><transactions type="array"/></subscription>`).join('');
  return `<credit-card><token>${card.token}</token><card-type>${card.cardType}</card-type><last-4>${card.last4}</last-4><default type="boolean">${card.isDefault}</default><customer-id>${escapeXml(customerId)}</customer-id><subscriptions type="array">${listed}</subscriptions></credit-card>`;
}

function customerXml(id: string, cards: StoredCard[], subscriptionsOf: (token: string) => StoredSubscription[]): string {
  const cardsXml = cards.map((card) => cardXml(id, card, subscriptionsOf(card.token)));
  return `<customer><id>${escapeXml(id)}</id><credit-cards type="array">${cardsXml.join('')}</credit-cards><paypal-accounts type="array"/></customer>`;
}

/** The merchant's settings, and the SDK's own Environment pointed at the stand-in on `port` over plain HTTP. */
function standInConfig(port: number) {
  const env: BraintreeEnv = {
    BRAINTREE_MERCHANT_ID: MERCHANT,
    BRAINTREE_PUBLIC_KEY: 'public-key',
    BRAINTREE_PRIVATE_KEY: 'private-key',
    BRAINTREE_ENVIRONMENT: 'Sandbox',
    BRAINTREE_MERCHANT_ACCOUNT_USD: undefined,
    BRAINTREE_MERCHANT_ACCOUNT_EUR: undefined,
  };
  const environment = new braintree.Environment('127.0.0.1', String(port), 'http://127.0.0.1', false, '127.0.0.1', String(port));
  return { env, options: { environment } };
}

describe('Braintree adapter through the SDK', () => {
  const standIn = new GatewayStandIn();
  let gateway: PaymentGateway;

  beforeAll(async () => {
    const { env, options } = standInConfig(await standIn.start());
    gateway = createBraintreeGateway(env, pino({ level: 'silent' }), options);
  });
  afterAll(() => standIn.stop());

  it('when a client token is asked for a new buyer, then the customer is created in the vault first and the token comes back', async () => {
    expect(await gateway.clientToken('buyer-token')).toBe('token-for-buyer-token');
    expect(standIn.requests).toEqual(expect.arrayContaining(['GET /customers/buyer-token', 'POST /customers', 'POST /client_token']));
    expect(standIn.customers.has('buyer-token')).toBe(true);
  });

  it('when a sale succeeds, then its transaction id and method come back, the card is vaulted and listed, and the order id finds the sale', async () => {
    const result = await gateway.sale({ customerId: 'buyer-sale', nonce: VALID_NONCE, amountCents: 356, currency: 'EUR', orderId: 'order-sale-1' });
    expect(result).toEqual({ ok: true, transactionId: expect.stringMatching(/^tx\d+$/), paymentMethod: 'credit_card' });
    expect(standIn.sales.find((sale) => sale.orderId === 'order-sale-1')?.amount).toBe('3.56');

    expect(await gateway.paymentMethods('buyer-sale')).toEqual([
      { token: expect.stringMatching(/^card-tx\d+$/), type: 'credit_card', description: 'Visa •••• 1111', isDefault: true, usedInSubscription: false },
    ]);

    const found = await gateway.findSale('order-sale-1');
    expect(found).toEqual({ transactionId: result.ok ? result.transactionId : '', paymentMethod: 'credit_card', amountCents: 356, currency: 'EUR' });
  });

  it('when the processor declines (2000 Do Not Honor), then the sale is "declined" with its translation key, the raw answer kept for the log, and its order id finds no charge', async () => {
    const result = await gateway.sale({ customerId: 'buyer-decline', nonce: DECLINE_NONCE, amountCents: 299, currency: 'EUR', orderId: 'order-decline-1' });
    expect(result).toEqual({
      ok: false,
      status: 'declined',
      message: 'payment.declined.doNotHonor',
      answer: expect.objectContaining({ processorResponseCode: '2000', processorResponseText: 'Do Not Honor' }),
    });
    expect(await gateway.findSale('order-decline-1')).toBeNull();
    expect(await gateway.paymentMethods('buyer-decline')).toEqual([]);
  });

  it('when the nonce is refused without a transaction, then the sale "failed" with the key of its validation code and the gateway message kept for the log', async () => {
    const result = await gateway.sale({ customerId: 'buyer-bad-nonce', nonce: 'spent-nonce', amountCents: 299, currency: 'EUR', orderId: 'order-bad-1' });
    expect(result).toEqual({
      ok: false,
      status: 'failed',
      message: 'payment.declined.methodUsed',
      answer: expect.objectContaining({ validationCodes: ['91565'], message: 'Unknown or expired payment_method_nonce.' }),
    });
  });

  it('when the gateway cannot be reached, then the sale fails with the generic server message', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const offline = createBraintreeGateway(
      { BRAINTREE_MERCHANT_ID: MERCHANT, BRAINTREE_PUBLIC_KEY: 'p', BRAINTREE_PRIVATE_KEY: 'k', BRAINTREE_ENVIRONMENT: 'Sandbox', BRAINTREE_MERCHANT_ACCOUNT_USD: undefined, BRAINTREE_MERCHANT_ACCOUNT_EUR: undefined },
      pino({ level: 'silent' }),
      { environment: new braintree.Environment('127.0.0.1', String(port), 'http://127.0.0.1', false, '127.0.0.1', String(port)) },
    );
    expect(await offline.sale({ customerId: 'nobody', nonce: VALID_NONCE, amountCents: 100, currency: 'EUR', orderId: 'order-offline' })).toEqual({ ok: false, status: 'failed', message: SERVER_FAILURE });
  });
});

describe('Braintree subscriptions through the SDK (the distribution plan)', () => {
  const standIn = new GatewayStandIn();
  let billing: SubscriptionBilling;
  let gateway: PaymentGateway;
  const plan = { planId: 'distribution-yearly', currency: 'EUR' as const };
  /** The next period starts a year after the first charge (the plan's billing frequency). */
  const nextPeriod = () => new Date(Date.now() + 365 * 24 * 3600 * 1000);

  beforeAll(async () => {
    const { env, options } = standInConfig(await standIn.start());
    billing = createBraintreeSubscriptions(env, pino({ level: 'silent' }), options);
    gateway = createBraintreeGateway(env, pino({ level: 'silent' }), options);
  });
  afterAll(() => standIn.stop());

  async function subscribed(customerId: string) {
    const started = await billing.start({ customerId, nonce: VALID_NONCE, ...plan, amountCents: 2379, orderId: `sub-start:${customerId}` });
    if (!started.ok) throw new Error(`subscription not started: ${started.message}`);
    return started;
  }

  it('when a buyer subscribes with a card, then the card is verified and vaulted, the plan charges it at once, and the card shows as used in the subscription', async () => {
    const started = await billing.start({ customerId: 'sub-buyer', nonce: VALID_NONCE, ...plan, amountCents: 2379, orderId: 'sub-start:1' });
    expect(started).toEqual({
      ok: true,
      subscriptionRef: expect.stringMatching(/^sub\d+$/),
      paymentMethodToken: 'card-sub-buyer-1',
      transactionId: expect.stringMatching(/^tx-sub\d+-1$/),
      paymentMethod: 'credit_card',
    });
    const stored = standIn.subscriptions.get(started.ok ? started.subscriptionRef : '');
    expect(stored).toMatchObject({ planId: 'distribution-yearly', price: '23.79', paymentMethodToken: 'card-sub-buyer-1', status: 'Active' });
    expect(standIn.requests).toEqual(expect.arrayContaining(['GET /customers/sub-buyer', 'POST /customers', 'POST /payment_methods', 'POST /subscriptions']));
    expect(await gateway.paymentMethods('sub-buyer')).toEqual([expect.objectContaining({ token: 'card-sub-buyer-1', usedInSubscription: true })]);
  });

  it('when the card fails verification (2000 Do Not Honor), then the start is declined with its key and no subscription is made', async () => {
    const before = standIn.subscriptions.size;
    const started = await billing.start({ customerId: 'sub-declined-card', nonce: DECLINE_NONCE, ...plan, amountCents: 2379, orderId: 'sub-start:2' });
    expect(started).toEqual({
      ok: false,
      status: 'declined',
      message: 'payment.declined.doNotHonor',
      answer: expect.objectContaining({ processorResponseCode: '2000', processorResponseText: 'Do Not Honor' }),
    });
    expect(standIn.subscriptions.size).toBe(before);
  });

  it("when the subscription's first charge is declined (a sandbox decline amount), then the start is declined with its key", async () => {
    const started = await billing.start({ customerId: 'sub-declined-charge', nonce: VALID_NONCE, ...plan, amountCents: 200_000, orderId: 'sub-start:3' });
    expect(started).toEqual({
      ok: false,
      status: 'declined',
      message: 'payment.declined.doNotHonor',
      answer: expect.objectContaining({ processorResponseCode: '2000' }),
    });
  });

  it('when a period is due, then renew waits until Braintree has charged it, then answers that charge', async () => {
    const started = await subscribed('sub-renewing');
    const periodStart = nextPeriod();
    const renewal = { customerId: 'sub-renewing', subscriptionRef: started.subscriptionRef, paymentMethodToken: started.paymentMethodToken, amountCents: 2379, currency: plan.currency, orderId: 'sub:renew:2', periodStart };
    // The first charge lies before the period: it does not pay for it.
    expect(await billing.renew(renewal)).toEqual({ ok: false, status: 'pending', message: SERVER_FAILURE });
    const charged = standIn.bill(started.subscriptionRef, periodStart, 'charged');
    expect(await billing.renew(renewal)).toEqual({ ok: true, transactionId: charged, paymentMethod: 'credit_card' });
  });

  it("when Braintree's charge for the period is declined (Past Due), then renew is declined with the processor's key", async () => {
    const started = await subscribed('sub-past-due');
    const periodStart = nextPeriod();
    standIn.bill(started.subscriptionRef, periodStart, 'declined');
    const result = await billing.renew({ customerId: 'sub-past-due', subscriptionRef: started.subscriptionRef, paymentMethodToken: started.paymentMethodToken, amountCents: 2379, currency: plan.currency, orderId: 'sub:renew:2', periodStart });
    expect(result).toEqual({ ok: false, status: 'declined', message: 'payment.declined.doNotHonor', answer: expect.objectContaining({ processorResponseCode: '2000' }) });
  });

  it('when a subscription is canceled, then Braintree stops it, its card is free to remove, renew answers failed, and an unknown reference is ignored', async () => {
    const started = await subscribed('sub-canceling');
    await billing.cancel(started.subscriptionRef);
    expect(standIn.subscriptions.get(started.subscriptionRef)?.status).toBe('Canceled');
    expect(standIn.requests).toContain(`PUT /subscriptions/${started.subscriptionRef}/cancel`);
    expect(await gateway.paymentMethods('sub-canceling')).toEqual([expect.objectContaining({ usedInSubscription: false })]);
    const periodStart = nextPeriod();
    expect(
      await billing.renew({ customerId: 'sub-canceling', subscriptionRef: started.subscriptionRef, paymentMethodToken: started.paymentMethodToken, amountCents: 2379, currency: plan.currency, orderId: 'sub:renew:2', periodStart }),
    ).toEqual({ ok: false, status: 'failed', message: SERVER_FAILURE });
    await expect(billing.cancel('sub-unknown')).resolves.toBeUndefined();
  });

  it('when a canceled subscription is resumed, then a new one with the same card and plan starts billing at the period end, nothing is charged now, and a retry makes no second one', async () => {
    const started = await subscribed('sub-resuming');
    await billing.cancel(started.subscriptionRef);
    const salesBefore = standIn.sales.length;
    const resume = { customerId: 'sub-resuming', resumeRef: 'resume-abc', paymentMethodToken: started.paymentMethodToken, ...plan, amountCents: 2379, firstBillingDate: nextPeriod() };
    expect(await billing.resume(resume)).toEqual({ ok: true, subscriptionRef: 'resume-abc' });
    expect(standIn.subscriptions.get('resume-abc')).toMatchObject({ status: 'Pending', paymentMethodToken: started.paymentMethodToken, price: '23.79', transactions: [] });
    expect(standIn.sales.length).toBe(salesBefore);
    expect(await gateway.paymentMethods('sub-resuming')).toEqual([expect.objectContaining({ token: started.paymentMethodToken, usedInSubscription: true })]);

    const posts = standIn.requests.filter((route) => route === 'POST /subscriptions').length;
    expect(await billing.resume(resume)).toEqual({ ok: true, subscriptionRef: 'resume-abc' });
    expect(standIn.requests.filter((route) => route === 'POST /subscriptions').length).toBe(posts);

    expect(await billing.resume({ ...resume, resumeRef: 'resume-gone', paymentMethodToken: 'card-removed' })).toMatchObject({ ok: false, status: 'failed' });
    expect(standIn.subscriptions.has('resume-gone')).toBe(false);
  });

  it("when a card is added and made the subscription's, then it is verified without a charge, the subscription bills it, the old card is free, and another customer's card is refused", async () => {
    const started = await subscribed('sub-new-card');
    const salesBefore = standIn.sales.length;
    const added = await gateway.addPaymentMethod('sub-new-card', VALID_NONCE);
    expect(added).toEqual({ ok: true, token: 'card-sub-new-card-2' });
    expect(standIn.sales.length).toBe(salesBefore);
    expect(await gateway.addPaymentMethod('sub-new-card', DECLINE_NONCE)).toMatchObject({ ok: false, status: 'declined', message: 'payment.declined.doNotHonor' });

    expect(await billing.changePaymentMethod({ customerId: 'sub-new-card', subscriptionRef: started.subscriptionRef, paymentMethodToken: 'card-sub-new-card-2' })).toBe(true);
    expect(standIn.subscriptions.get(started.subscriptionRef)?.paymentMethodToken).toBe('card-sub-new-card-2');
    expect(await gateway.paymentMethods('sub-new-card')).toEqual([
      expect.objectContaining({ token: started.paymentMethodToken, usedInSubscription: false }),
      expect.objectContaining({ token: 'card-sub-new-card-2', usedInSubscription: true }),
    ]);

    const other = await subscribed('sub-other-customer');
    expect(await billing.changePaymentMethod({ customerId: 'sub-new-card', subscriptionRef: started.subscriptionRef, paymentMethodToken: other.paymentMethodToken })).toBe(false);
    expect(await billing.changePaymentMethod({ customerId: 'sub-new-card', subscriptionRef: started.subscriptionRef, paymentMethodToken: 'card-unknown' })).toBe(false);
    expect(standIn.subscriptions.get(started.subscriptionRef)?.paymentMethodToken).toBe('card-sub-new-card-2');
  });
});
