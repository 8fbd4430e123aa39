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

  it('when a declining test nonce is charged, then the processor message comes back', async () => {
    expect(await sale('fake-processor-declined-visa-nonce')).toEqual({ ok: false, status: 'declined', message: 'Do Not Honor' });
    expect(await sale('fake-consumed-nonce')).toMatchObject({ ok: false, message: 'Cannot use a payment_method_nonce more than once.' });
  });

  it('when an unknown nonce is charged, then it fails with payment.serverFailure', async () => {
    expect(await sale('made-up')).toEqual({ ok: false, status: 'failed', message: 'payment.serverFailure' });
  });

  it('when a client token is asked for, then it carries the local prefix', async () => {
    expect(await createLocalGateway().clientToken('u')).toMatch(new RegExp(`^${LOCAL_CLIENT_TOKEN_PREFIX}[\\w-]{16}$`));
  });
});
