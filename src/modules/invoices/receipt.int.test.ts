import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { serviceContextOf } from '../../platform/context.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { createBuyerWithMaster } from '../../test/commerce-factories.js';
import { awaitMailsTo, mailsTo } from '../../test/outbox.js';
import { pdfTextLines } from '../../test/pdf-text.js';
import { createTestPlatform, type TestPlatform } from '../../test/test-platform.js';
import { appRouter } from '../../app-router.js';
import { createCallerFactory } from '../../platform/trpc/trpc.js';
import { createLocalGateway, installPaymentGateway, pay } from '../payments/index.js';

describe('receipt mails', () => {
  let platform: TestPlatform;
  const emailOf = async (userId: string) => (await platform.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

  beforeAll(async () => {
    platform = await createTestPlatform();
    installPaymentGateway(platform, createLocalGateway());
  });
  afterAll(() => platform.close());

  it('when a German user pays for a master, then one receipt in German reaches the buyer with the invoice PDF of that number attached', async () => {
    const { userId, masterId } = await createBuyerWithMaster(platform.db, { country: 'DE' });
    await platform.db.updateTable('users').set({ locale: 'de' }).where('id', '=', userId).execute();
    const email = await emailOf(userId);
    // The request comes in English: the account's language decides.
    const paid = await pay(platform.contextFor({ userId }, 'en'), { masterId, buyingOption: 1, nonce: 'fake-valid-nonce' });
    const invoiceNumber = paid.invoice!.invoiceNumber;

    const mails = await awaitMailsTo(platform.outboxDir, email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Dein Kaufbeleg von Masterdeck: Rechnung ${invoiceNumber}`);
    expect(mail!.text).toContain('danke für deinen Kauf');
    // Charged in USD (the request's language sets the currency), written the German way.
    expect(mail!.text).toMatch(/3,56\s\$/);
    expect(mail!.attachments).toHaveLength(1);
    const [pdf] = mail!.attachments;
    expect(pdf).toMatchObject({ filename: `invoice-${invoiceNumber}.pdf`, contentType: 'application/pdf' });
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfTextLines(pdf!.content).join('\n');
    expect(text).toContain(`Invoice number: ${invoiceNumber}`);
    // The buyer's country is named, as the seller's is, in the invoice's language.
    expect(text).toMatch(/Berlin, Germany/);
    expect(text).not.toMatch(/Berlin, DE\b/);
  });

  it('when a master is bought in German, then its invoice names the style in German and is written in German', async () => {
    const { userId, masterId } = await createBuyerWithMaster(platform.db, { country: 'AT' });
    const paid = await pay(platform.contextFor({ userId }, 'de'), { masterId, buyingOption: 1, nonce: 'fake-valid-nonce' });
    const invoice = await platform.db.selectFrom('invoices').select(['product', 'locale']).where('invoice_number', '=', String(paid.invoice!.invoiceNumber)).executeTakeFirstOrThrow();
    expect(invoice).toEqual({ product: 'My Song / Pop - Hell', locale: 'de' });
    const [mail] = await awaitMailsTo(platform.outboxDir, await emailOf(userId));
    const text = pdfTextLines(mail!.attachments[0]!.content).join('\n');
    expect(text).toContain('My Song / Pop - Hell');
    expect(text).toContain('Master-Download, WAV 16 Bit 44,1 kHz');
    expect(text).toMatch(/Berlin, Österreich/);
    expect(text).toMatch(/USt\. 20 %\s+0,60 EUR/);
    // The list names the track's artist: the uploader, as the track has none of its own.
    const listed = await createCallerFactory(appRouter)(platform.contextFor({ userId }, 'de')).invoices.list();
    expect(listed[0]).toMatchObject({ product: 'My Song / Pop - Hell', trackArtist: 'Erika Mustermann' });
  });

  it('when an English user pays, then the receipt is in English', async () => {
    const { userId, masterId } = await createBuyerWithMaster(platform.db, { country: 'US' });
    const email = await emailOf(userId);
    const paid = await pay(platform.contextFor({ userId }, 'de'), { masterId, buyingOption: 2, nonce: 'fake-valid-visa-nonce' });
    const [mail] = await awaitMailsTo(platform.outboxDir, email);
    expect(mail!.subject).toBe(`Your Masterdeck receipt: invoice ${paid.invoice!.invoiceNumber}`);
    expect(mail!.attachments.map((attachment) => attachment.filename)).toEqual([`invoice-${paid.invoice!.invoiceNumber}.pdf`]);
  });

  it('when a German user subscribes to distribution, then the first charge sends a German receipt with its German invoice attached, listed in the language of the list', async () => {
    const { userId } = await createBuyerWithMaster(platform.db, { country: 'DE' });
    await platform.db.updateTable('users').set({ locale: 'de' }).where('id', '=', userId).execute();
    const email = await emailOf(userId);
    const caller = createCallerFactory(appRouter)(platform.contextFor({ userId }, 'de'));
    const status = await caller.distribution.subscribe({ nonce: 'fake-valid-nonce', planId: 'distribution-yearly' });
    const [mail] = await awaitMailsTo(platform.outboxDir, email);
    expect(mail!.subject).toBe(`Dein Kaufbeleg von Masterdeck: Rechnung ${status.lastInvoiceNumber}`);
    expect(mail!.text).toContain('Vertriebs-Add-on / 12 Monate');
    expect(mail!.attachments.map((attachment) => attachment.filename)).toEqual([`invoice-${status.lastInvoiceNumber}.pdf`]);
    // The invoice is issued in the account's language: German texts, the product and the country in German.
    const text = pdfTextLines(mail!.attachments[0]!.content).join('\n');
    expect(text).toContain(`Rechnungsnummer: ${status.lastInvoiceNumber}`);
    expect(text).toContain('Vertriebs-Add-on / 12 Monate');
    expect(text).toMatch(/Berlin, Deutschland/);
    expect(text).toMatch(/Gesamtbetrag\s+23,79 USD/);
    expect(text).not.toMatch(/Distribution add-on|12 months|Invoice/);
    const listed = await caller.invoices.list();
    expect(listed[0]!.product).toBe('Vertriebs-Add-on / 12 Monate');
    expect((await createCallerFactory(appRouter)(platform.contextFor({ userId }, 'en')).invoices.list())[0]!.product).toBe('Distribution add-on / 12 months');
  });

  it('when the mail cannot be sent, then the payment is booked all the same and the failure is logged', async () => {
    const { userId, masterId } = await createBuyerWithMaster(platform.db, { country: 'DE' });
    const email = await emailOf(userId);
    const failing: Mailer = {
      send: () => Promise.reject(new Error('smtp down')),
      forgetRecipient: () => Promise.resolve(),
    };
    const logged: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void logged.push(line) });
    const ctx = serviceContextOf({ ...platform, mailer: failing }, { userId }, 'en', log);
    const paid = await pay(ctx, { masterId, buyingOption: 1, nonce: 'fake-valid-nonce' });
    expect(paid).toMatchObject({ buyingOption: 1, status: 'PAYMENT_DONE' });
    await expect.poll(() => logged.join(''), { timeout: 5000 }).toContain('receipt mail failed');
    expect(await mailsTo(platform.outboxDir, email)).toEqual([]);
  });

  it('when a declined card is paid with, then no receipt is sent', async () => {
    const { userId, masterId } = await createBuyerWithMaster(platform.db, { country: 'DE' });
    const email = await emailOf(userId);
    await expect(pay(platform.contextFor({ userId }), { masterId, buyingOption: 1, nonce: 'fake-processor-declined-visa-nonce' })).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(platform.outboxDir, email)).toEqual([]);
  });
});
