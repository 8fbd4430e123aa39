import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.js';
import { createCallerFactory } from '../../platform/trpc/trpc.js';
import { createBuyerWithMaster, createUser } from '../../test/commerce-factories.js';
import { createTestPlatform, useTestPlatform, type TestPlatform } from '../../test/test-platform.js';
import { pay, priceInfo } from '../payments/index.js';
import { shownPrices } from './index.js';

const invoiceOf = (platform: TestPlatform, masterId: string) =>
  platform.db.selectFrom('invoices').select(['vat_cents', 'vat_rate', 'reverse_charge', 'tax_id', 'vat_check']).where('master_id', '=', masterId).executeTakeFirstOrThrow();

describe('VAT ids without VIES (embedded check digits)', () => {
  const suite = useTestPlatform();

  it('when a French address is saved with a made-up VAT id, then it is refused with a translation key and nothing is stored', async () => {
    const { id: userId } = await createUser(suite.platform.db);
    const caller = createCallerFactory(appRouter)(suite.platform.contextFor({ userId }));
    const fields = { streetAndNumber: '1 rue de Rivoli', city: 'Paris', zip: '75001', country: 'FR', company: 'Studio SARL' };
    await expect(caller.addresses.create({ ...fields, taxId: 'FR12345678901' })).rejects.toThrow(/address\.taxIdInvalid/);
    expect(await caller.addresses.list()).toEqual([]);
    const saved = await caller.addresses.create({ ...fields, taxId: 'FR 44 732 829 320' });
    await expect(caller.addresses.update({ ...fields, id: saved.id, taxId: 'FR12345678901' })).rejects.toThrow(/address\.taxIdInvalid/);
    expect((await caller.addresses.list())[0]!.taxId).toBe('FR 44 732 829 320');
  });

  it('when a master is bought for a French address holding a made-up VAT id, then French VAT is charged and invoiced', async () => {
    const { userId, masterId } = await createBuyerWithMaster(suite.platform.db, { country: 'FR', company: 'Studio SARL', taxId: 'FR12345678901' });
    const ctx = suite.platform.contextFor({ userId });
    expect(await priceInfo(ctx, { buyingOption: 1 })).toMatchObject({ vat: 0.6, vatRate: 20, taxIdValid: false, reverseCharge: false, total: 3.59 });
    await pay(ctx, { masterId, buyingOption: 1, nonce: 'fake-valid-nonce' });
    expect(await invoiceOf(suite.platform, masterId)).toMatchObject({ vat_cents: 60, reverse_charge: false, vat_check: null });
  });

  it('when a subscription is taken for a French address holding a made-up VAT id, then French VAT is charged and invoiced', async () => {
    const { userId } = await createBuyerWithMaster(suite.platform.db, { country: 'FR', company: 'Studio SARL', taxId: 'FR12345678901' });
    const caller = createCallerFactory(appRouter)(suite.platform.contextFor({ userId }));
    expect(await caller.distribution.priceInfo()).toMatchObject({ vat: 4, vatRate: 20, taxIdValid: false, reverseCharge: false, total: 23.99 });
    const status = await caller.distribution.subscribe({ nonce: 'fake-valid-nonce', planId: 'distribution-yearly' });
    expect(status).toMatchObject({ active: true, chargedTotal: 23.99, chargedVat: 4 });
  });

  it('when the French VAT id is real, then no VAT is charged (reverse charge)', async () => {
    const { userId, masterId } = await createBuyerWithMaster(suite.platform.db, { country: 'FR', company: 'Studio SARL', taxId: 'FR44732829320' });
    await pay(suite.platform.contextFor({ userId }), { masterId, buyingOption: 1, nonce: 'fake-valid-nonce' });
    expect(await invoiceOf(suite.platform, masterId)).toMatchObject({ vat_cents: 0, reverse_charge: true });
  });
});

/** A stand-in for VIES's REST API: answers what `answer` says for each question, and records them. */
function startVies(answer: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  const questions: Record<string, unknown>[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      questions.push({ path: request.url, method: request.method, ...body });
      const reply = answer(body);
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  return new Promise<{ url: string; questions: typeof questions; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/rest-api`, questions, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

describe('VAT ids confirmed with VIES', () => {
  let platform: TestPlatform;
  let vies: Awaited<ReturnType<typeof startVies>>;
  /** VAT numbers VIES knows; 32000000330 is registered, any other well-formed one is not; 40303265045 finds VIES down. */
  beforeAll(async () => {
    vies = await startVies((body) => {
      if (body.vatNumber === '40303265045') return { status: 500, body: { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] } };
      const valid = body.vatNumber === '44732829320';
      return {
        status: 200,
        body: {
          countryCode: body.countryCode, vatNumber: body.vatNumber, requestDate: '2026-11-27T03:00:00.000Z', valid,
          requestIdentifier: body.requesterNumber ? 'WAPIAAAAZ1234567' : '', name: valid ? 'STUDIO LUMIERE' : '---', address: valid ? '1 RUE DE RIVOLI 75001 PARIS' : '---',
        },
      };
    });
    platform = await createTestPlatform({ VIES_URL: vies.url, SELLER_NAME: 'Klangwerk UG', SELLER_ADDRESS: 'Hafenweg 7|20457 Hamburg', SELLER_VAT_ID: 'DE136695976' });
  });
  afterAll(async () => {
    await platform.close();
    await vies.close();
  });

  it('when VIES confirms the id, then no VAT is charged and the invoice keeps the consultation number, date and name', async () => {
    const { userId, masterId } = await createBuyerWithMaster(platform.db, { country: 'FR', company: 'Studio SARL', taxId: 'FR 44 732 829 320' });
    const ctx = platform.contextFor({ userId });
    expect(await priceInfo(ctx, { buyingOption: 1 })).toMatchObject({ vat: 0, taxIdValid: true, reverseCharge: true });
    await pay(ctx, { masterId, buyingOption: 1, nonce: 'fake-valid-nonce' });
    const invoice = await invoiceOf(platform, masterId);
    expect(invoice).toMatchObject({ vat_cents: 0, reverse_charge: true });
    expect(invoice.vat_check).toMatchObject({ valid: true, consultationNumber: 'WAPIAAAAZ1234567', requestDate: '2026-11-27T03:00:00.000Z', name: 'STUDIO LUMIERE', address: '1 RUE DE RIVOLI 75001 PARIS' });
    const asked = vies.questions.filter((question) => question.vatNumber === '44732829320');
    // One question a day per id: the price and the pay share it.
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ path: '/rest-api/check-vat-number', method: 'POST', countryCode: 'FR', requesterMemberStateCode: 'DE', requesterNumber: '136695976' });
  });

  it('when VIES does not know an id with valid check digits, then VAT is charged and shown prices include it', async () => {
    const { userId, masterId } = await createBuyerWithMaster(platform.db, { country: 'FR', company: 'Studio SARL', taxId: 'FR32000000330' });
    const ctx = platform.contextFor({ userId });
    expect(await priceInfo(ctx, { buyingOption: 1 })).toMatchObject({ vat: 0.6, taxIdValid: false, reverseCharge: false });
    expect(await shownPrices(ctx, undefined)).toMatchObject({ basis: 'inclVat', vatRate: 20 });
    await pay(ctx, { masterId, buyingOption: 1, nonce: 'fake-valid-nonce' });
    expect(await invoiceOf(platform, masterId)).toMatchObject({ vat_cents: 60, reverse_charge: false, vat_check: { valid: false } });
  });

  it('when VIES cannot answer and never confirmed the id, then VAT is charged rather than trusting the id', async () => {
    const { userId } = await createBuyerWithMaster(platform.db, { country: 'FR', company: 'Studio SARL', taxId: 'FR40303265045' });
    expect(await priceInfo(platform.contextFor({ userId }), { buyingOption: 1 })).toMatchObject({ vat: 0.6, taxIdValid: false, reverseCharge: false });
  });

  it('when an id fails its check digits, then VIES is not asked at all', async () => {
    const before = vies.questions.length;
    const { userId } = await createBuyerWithMaster(platform.db, { country: 'FR', taxId: 'FR12345678901' });
    expect(await priceInfo(platform.contextFor({ userId }), { buyingOption: 1 })).toMatchObject({ taxIdValid: false });
    expect(vies.questions).toHaveLength(before);
  });
});
