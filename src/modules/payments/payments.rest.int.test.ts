import { beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.js';
import { signAccessToken } from '../../platform/access-token.js';
import { createCallerFactory } from '../../platform/trpc/trpc.js';
import { createBuyerWithMaster, createCoupon } from '../../test/commerce-factories.js';
import { pdfTextLines } from '../../test/pdf-text.js';
import { useTestApp } from '../../test/test-app.js';

describe('checkout over REST and tRPC, invoice download', () => {
  const suite = useTestApp();
  let base: string;
  const auth = (userId: string) => ({ authorization: `Bearer ${signAccessToken(suite.platform.secrets.jwtSecret, userId).token}` });
  const json = (userId: string, extra: Record<string, string> = {}) => ({ ...auth(userId), 'content-type': 'application/json', ...extra });

  beforeAll(async () => {
    base = suite.app.base;
  });

  it('when a signed-in user asks for a client token, then the local gateway answers one it can recognise', async () => {
    const { userId } = await createBuyerWithMaster(suite.platform.db);
    const response = await fetch(`${base}/api/payment/client_token`, { headers: auth(userId) });
    expect(response.status).toBe(200);
    expect((await response.json()) as { clientToken: string }).toEqual({ clientToken: expect.stringMatching(/^local-/) });
    expect((await fetch(`${base}/api/payment/client_token`)).status).toBe(401);
  });

  it('when price info and coupon validation are asked over REST, then they answer the documented shapes', async () => {
    const { userId } = await createBuyerWithMaster(suite.platform.db, { country: 'DE' });
    await createCoupon(suite.platform.db, { key: 'REST10', type: 'percent', value: 10 });
    const info = await fetch(`${base}/api/payment/price_info?buyingOption=1&couponKey=rest10`, { headers: { ...auth(userId), cookie: 'lang=de' } });
    expect(await info.json()).toMatchObject({ price: 2.99, couponValue: 0.3, remainingCost: 2.69, vat: 0.51, vatRate: 19, taxIdValid: true, total: 3.2, currency: 'EUR' });
    const validation = await fetch(`${base}/api/coupon/validate`, { method: 'POST', headers: json(userId), body: JSON.stringify({ key: ' rest10 ', buyingOption: 2 }) });
    expect(await validation.json()).toEqual({ isValid: true, remainingCost: 6.29 });
    const bad = await fetch(`${base}/api/payment/price_info?buyingOption=7`, { headers: auth(userId) });
    expect(bad.status).toBe(400);
  });

  it('when a buyer pays over REST and downloads the invoice, then the PDF states the totals and only the owner gets it', async () => {
    const { userId, masterId } = await createBuyerWithMaster(suite.platform.db, { country: 'DE' });
    const paid = await fetch(`${base}/api/payment/pay`, {
      method: 'POST',
      headers: json(userId, { cookie: 'lang=de' }),
      body: JSON.stringify({ masterId, couponKey: '', styleId: null, nonce: 'fake-valid-nonce', buyingOption: 1 }),
    });
    expect(paid.status).toBe(200);
    const master = (await paid.json()) as { buyingOption: number; status: string; invoice: { invoiceNumber: number } };
    expect(master).toMatchObject({ buyingOption: 1, status: 'PAYMENT_DONE' });
    const number = master.invoice.invoiceNumber;

    const download = await fetch(`${base}/api/download/invoice/${number}`, { headers: auth(userId) });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('x-file-name')).toBe(`invoice-${number}.pdf`);
    const pdf = Buffer.from(await download.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    const text = pdfTextLines(pdf).join('\n');
    // Bought in German: the invoice is issued in German (texts, style name, country, decimal commas).
    expect(text).toContain(`Rechnung ${number}`);
    expect(text).toContain('My Song / Pop - Hell');
    expect(text).toContain('Erika Mustermann');
    expect(text).toContain('Hauptstraße 5');
    expect(text).toContain('Berlin, Deutschland');
    expect(text).toContain('USt. 19 %');
    expect(text).toContain('0,57 EUR');
    expect(text).toContain('3,56 EUR');
    expect(text).toContain('Zahlungsart: credit card');
    expect(text).toMatch(/Transaktions-ID: [0-9a-f]{8}/);

    const again = Buffer.from(await (await fetch(`${base}/api/download/invoice/${number}`, { headers: auth(userId) })).arrayBuffer());
    expect(again.equals(pdf)).toBe(true);

    const stranger = await createBuyerWithMaster(suite.platform.db);
    const refused = await fetch(`${base}/api/download/invoice/${number}`, { headers: auth(stranger.userId) });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-type')).toMatch(/json/);
    expect((await fetch(`${base}/api/download/invoice/${number}`)).status).toBe(401);
  });

  it('when a French business pays, then the invoice carries the reverse-charge note and no VAT', async () => {
    const { userId, masterId } = await createBuyerWithMaster(suite.platform.db, { country: 'FR', company: 'Studio SARL', taxId: 'FR40303265045' });
    const master = (await (
      await fetch(`${base}/api/payment/pay`, { method: 'POST', headers: json(userId), body: JSON.stringify({ masterId, nonce: 'fake-valid-nonce', buyingOption: 2 }) })
    ).json()) as { invoice: { invoiceNumber: number } };
    const pdf = Buffer.from(await (await fetch(`${base}/api/download/invoice/${master.invoice.invoiceNumber}`, { headers: auth(userId) })).arrayBuffer());
    const text = pdfTextLines(pdf).join('\n');
    expect(text).toContain('Reverse charge');
    expect(text).toContain('VAT 0%');
    expect(text).toContain('6.99 USD');
    expect(text).toContain('VAT ID: FR40303265045');
  });

  it('when a card is declined over REST, then the answer is 402 with the gateway message', async () => {
    const { userId, masterId } = await createBuyerWithMaster(suite.platform.db);
    const response = await fetch(`${base}/api/payment/pay`, { method: 'POST', headers: json(userId), body: JSON.stringify({ masterId, nonce: 'fake-processor-declined-visa-nonce', buyingOption: 1 }) });
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ statusCode: 402, message: 'payment.declined.doNotHonor' });
  });

  it('when the checkout dialog uses tRPC, then the same services answer', async () => {
    const { userId, masterId } = await createBuyerWithMaster(suite.platform.db, { country: 'US' });
    const caller = createCallerFactory(appRouter)(suite.platform.contextFor({ userId }));
    expect(await caller.payments.priceInfo({ buyingOption: 2, masterId })).toMatchObject({ price: 6.99, total: 6.99 });
    expect(await caller.coupons.validate({ key: 'none', buyingOption: 1 })).toEqual({ isValid: false, remainingCost: 2.99 });
    expect(await caller.pricing.prices()).toMatchObject({ currency: 'USD', priceBox: { price: 10, listPrice: 17.99 } });
    expect(await caller.payments.pay({ masterId, buyingOption: 2, nonce: 'fake-valid-nonce' })).toMatchObject({ buyingOption: 2, status: 'PAYMENT_DONE' });
    await expect(caller.payments.pay({ masterId: crypto.randomUUID(), buyingOption: 1, nonce: 'fake-valid-nonce' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
