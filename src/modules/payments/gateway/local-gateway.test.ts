import { describe, expect, it } from 'vitest';
import { createLocalGateway, LOCAL_CLIENT_TOKEN_PREFIX } from './local-gateway.js';

const sale = (nonce: string) => createLocalGateway().sale({ amountCents: 299, currency: 'USD', nonce, orderId: 'm:1', customerId: 'u' });

describe('local payment gateway', () => {
  it('when a valid test nonce is charged, then it settles with a Braintree-like transaction id', async () => {
    for (const nonce of ['fake-valid-nonce', 'fake-valid-visa-nonce', 'fake-valid-mastercard-nonce']) {
      expect(await sale(nonce)).toEqual({ ok: true, transactionId: expect.stringMatching(/^[0-9a-f]{8}$/), paymentMethod: 'credit_card' });
    }
    expect(await sale('fake-paypal-one-time-nonce')).toMatchObject({ ok: true, paymentMethod: 'paypal_account' });
  });

  it('when a declining test nonce is charged, then a translation key comes back and the processor answer only beside it', async () => {
    expect(await sale('fake-processor-declined-visa-nonce')).toEqual({
      ok: false,
      status: 'declined',
      message: 'payment.declined.doNotHonor',
      answer: { processorResponseCode: '2000', processorResponseText: 'Do Not Honor' },
    });
    expect(await sale('fake-consumed-nonce')).toMatchObject({ ok: false, message: 'payment.declined.methodUsed' });
    expect(await sale('fake-luhn-invalid-nonce')).toMatchObject({ ok: false, message: 'payment.declined.cardNumber' });
    expect(await sale('fake-processor-failure-jcb-nonce')).toMatchObject({ ok: false, status: 'failed', message: 'payment.declined.tryAgain' });
  });

  it('when an unknown nonce is charged, then it fails with payment.serverFailure', async () => {
    expect(await sale('made-up')).toEqual({ ok: false, status: 'failed', message: 'payment.serverFailure' });
  });

  it('when a sale is looked up by its order id, then only one that took money is found', async () => {
    const gateway = createLocalGateway();
    const request = { amountCents: 299, currency: 'EUR' as const, customerId: 'u' };
    await gateway.sale({ ...request, nonce: 'fake-processor-declined-visa-nonce', orderId: 'm:1' });
    expect(await gateway.findSale('m:1')).toBeNull();
    const settled = await gateway.sale({ ...request, nonce: 'fake-valid-visa-nonce', orderId: 'm:1' });
    expect(settled.ok).toBe(true);
    expect(await gateway.findSale('m:1')).toEqual({ transactionId: settled.ok ? settled.transactionId : '', paymentMethod: 'credit_card', amountCents: 299, currency: 'EUR' });
    expect(await gateway.findSale('m:2')).toBeNull();
  });

  it('when a client token is asked for, then it carries the local prefix', async () => {
    expect(await createLocalGateway().clientToken('u')).toMatch(new RegExp(`^${LOCAL_CLIENT_TOKEN_PREFIX}[\\w-]{16}$`));
  });
});
