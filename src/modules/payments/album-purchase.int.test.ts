import { Readable } from 'node:stream';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { musicLike } from '../../../sidecar/engine/testing/signals.js';
import { encodeWav } from '../../../sidecar/engine/testing/wav-writer.js';
import { createAddress, createCoupon, createMaster, createMasteredAlbum, createUser } from '../../test/commerce-factories.js';
import { pdfTextLines } from '../../test/pdf-text.js';
import { noticeIfOneConnection } from '../../test/test-database.js';
import { useTestApp } from '../../test/test-app.js';
import { invoicePdf, listInvoices } from '../invoices/index.js';
import { albumPriceInfo, createLocalGateway, installPaymentGateway, pay, payAlbum, type PaymentGateway, type SaleRequest } from './index.js';

/**
 * The local gateway, counting its sales and slowed a little so concurrent purchases really overlap;
 * `hold(orderId)` keeps that order's sale in flight until the returned function releases it.
 */
function countingGateway(): PaymentGateway & { sales: SaleRequest[]; hold: (orderId: string) => () => void } {
  const local = createLocalGateway();
  const sales: SaleRequest[] = [];
  const held = new Map<string, Promise<void>>();
  return {
    ...local,
    sales,
    hold(orderId) {
      let release = () => undefined as void;
      held.set(orderId, new Promise<void>((resolve) => (release = resolve)));
      return release;
    },
    async sale(request) {
      sales.push(request);
      await held.get(request.orderId);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return local.sale(request);
    },
  };
}

/** An album of one track per option owned (e.g. [0, 0] or [1, 0, 2]) of a buyer with an invoice address in `country`. */
async function albumOwning(db: Parameters<typeof createUser>[0], owned: number[], country = 'US') {
  const user = await createUser(db);
  await createAddress(db, user.id, { country });
  const masters = [];
  for (const [i, buyingOption] of owned.entries()) {
    masters.push(await createMaster(db, user.id, { trackName: `Track ${i + 1}`, buyingOption, status: buyingOption > 0 ? 'PAYMENT_DONE' : 'MASTERED' }));
  }
  const album = await createMasteredAlbum(db, user.id, masters);
  return { userId: user.id, albumId: album.id, masterIds: masters.map((master) => master.id) };
}

/**
 * Buying an album of masters at once, on the services and their adapters: the total over the
 * tracks (upgrade differences, owned tracks free), one gateway sale and one invoice per purchase
 * however often it is asked, a decline that changes nothing, the owner's album and masters only,
 * and invoice numbers without gaps.
 */
describe('album purchase', () => {
  const suite = useTestApp();
  let gateway: ReturnType<typeof countingGateway>;
  const db = () => suite.platform.db;
  const as = (userId: string, locale: 'en' | 'de' = 'en') => suite.platform.contextFor({ userId }, locale);
  const optionsOf = async (masterIds: string[]) =>
    (await db().selectFrom('masters').select(['id', 'buying_option', 'status']).where('id', 'in', masterIds).execute())
      .sort((a, b) => masterIds.indexOf(a.id) - masterIds.indexOf(b.id))
      .map((master) => [master.buying_option, master.status]);
  const lastInvoiceNumber = async () => Number((await db().selectFrom('invoice_counter').select('last_number').executeTakeFirstOrThrow()).last_number);
  const linesOf = (invoiceNumber: number) =>
    db().selectFrom('invoice_lines').select(['position', 'master_id', 'product', 'buying_option', 'upgrade_from', 'price_cents']).where('invoice_number', '=', invoiceNumber).orderBy('position').execute();

  beforeAll(() => {
    gateway = countingGateway();
    installPaymentGateway(suite.platform, gateway);
  });

  describe('total', () => {
    it('when a German consumer prices an album of two tracks at option 1, then each track costs 2.99 and VAT is 19 % of the sum, rounded once', async () => {
      const { userId, albumId, masterIds } = await albumOwning(db(), [0, 0], 'DE');
      const info = await albumPriceInfo(as(userId, 'de'), { albumId, buyingOption: 1 });
      // 5.98 * 19 % = 1.1362 -> 1.14 (two singles would round 0.57 + 0.57).
      expect(info).toMatchObject({ price: 5.98, vat: 1.14, vatRate: 19, couponValue: 0, remainingCost: 5.98, total: 7.12, currency: 'EUR', buyingOption: 1 });
      expect(info.lines).toEqual([
        { position: 0, masterId: masterIds[0], name: 'Track 1', ownedOption: 0, owned: false, price: 2.99 },
        { position: 1, masterId: masterIds[1], name: 'Track 2', ownedOption: 0, owned: false, price: 2.99 },
      ]);
    });

    it('when tracks are owned at lower, equal and higher options, then the owned one at a lower option pays the difference and the others cost nothing', async () => {
      const { userId, albumId } = await albumOwning(db(), [1, 0, 2]);
      const info = await albumPriceInfo(as(userId), { albumId, buyingOption: 2 });
      expect(info.lines.map((line) => [line.ownedOption, line.owned, line.price])).toEqual([
        [1, false, 4],
        [0, false, 6.99],
        [2, true, 0],
      ]);
      expect(info).toMatchObject({ price: 10.99, vat: 0, total: 10.99, currency: 'USD' });
      const atOne = await albumPriceInfo(as(userId), { albumId, buyingOption: 1 });
      expect(atOne.lines.map((line) => [line.owned, line.price])).toEqual([
        [true, 0],
        [false, 2.99],
        [true, 0],
      ]);
      expect(atOne.total).toBe(2.99);
    });

    it('when the album is paid with upgrades, then one sale of the total is made and one invoice carries a line per track charged', async () => {
      const { userId, albumId, masterIds } = await albumOwning(db(), [1, 0, 2]);
      const salesBefore = gateway.sales.length;
      const numberBefore = await lastInvoiceNumber();
      const bought = await payAlbum(as(userId), { albumId, buyingOption: 2, nonce: 'fake-valid-visa-nonce' });
      expect(bought).toMatchObject({ albumId, buyingOption: 2, invoice: { invoiceNumber: numberBefore + 1, price: 10.99, couponValue: 0, currency: 'USD' } });
      expect(bought.masters).toEqual(masterIds.map((masterId) => ({ masterId, buyingOption: 2 })));
      expect(gateway.sales.slice(salesBefore).map((sale) => [sale.amountCents, sale.orderId])).toEqual([[1099, `album:${albumId}:2`]]);
      expect(await optionsOf(masterIds)).toEqual([
        [2, 'PAYMENT_DONE'],
        [2, 'PAYMENT_DONE'],
        [2, 'PAYMENT_DONE'],
      ]);
      const invoice = await db().selectFrom('invoices').select(['master_id', 'product', 'product_type', 'buying_option', 'price_cents', 'total_cents', 'transaction_id']).where('invoice_number', '=', numberBefore + 1).executeTakeFirstOrThrow();
      expect(invoice).toMatchObject({ master_id: null, product: 'Album "Track 1" (2 tracks) / Pop - Bright', product_type: 2, buying_option: 2, price_cents: 1099, total_cents: 1099 });
      expect(invoice.transaction_id).toBe(bought.invoice.transactionId);
      expect(await linesOf(numberBefore + 1)).toEqual([
        { position: 0, master_id: masterIds[0], product: 'Track 1 / Pop - Bright', buying_option: 2, upgrade_from: 1, price_cents: 400 },
        { position: 1, master_id: masterIds[1], product: 'Track 2 / Pop - Bright', buying_option: 2, upgrade_from: 0, price_cents: 699 },
      ]);
      const payment = await db().selectFrom('payments').select(['status', 'product_type', 'album_id', 'master_id', 'amount_cents']).where('idempotency_key', '=', `album:${albumId}:2`).executeTakeFirstOrThrow();
      expect(payment).toEqual({ status: 'settled', product_type: 2, album_id: albumId, master_id: null, amount_cents: 1099 });
    });

    it('when a coupon is given, then a percent coupon takes its share of the whole album and a free coupon the dearest track', async () => {
      const { userId, albumId } = await albumOwning(db(), [1, 0], 'DE');
      await createCoupon(db(), { key: 'ALBUMHALF', type: 'percent', value: 50 });
      await createCoupon(db(), { key: 'ONEFREE', type: 'free' });
      // 4.00 + 6.99 = 10.99; half is 5.50; 19 % of 5.49 = 1.0431 -> 1.04.
      expect(await albumPriceInfo(as(userId), { albumId, buyingOption: 2, couponKey: 'ALBUMHALF' })).toMatchObject({ price: 10.99, couponValid: true, couponValue: 5.5, remainingCost: 5.49, vat: 1.04, total: 6.53 });
      expect(await albumPriceInfo(as(userId), { albumId, buyingOption: 2, couponKey: 'ONEFREE' })).toMatchObject({ couponValid: true, couponValue: 6.99, remainingCost: 4, vat: 0.76, total: 4.76 });
      const bought = await payAlbum(as(userId), { albumId, buyingOption: 2, couponKey: 'ONEFREE', nonce: 'fake-valid-nonce' });
      expect(bought.invoice).toMatchObject({ couponKey: 'ONEFREE', price: 10.99, couponValue: 6.99 });
      expect((await db().selectFrom('coupons').select('used_count').where('key', '=', 'ONEFREE').executeTakeFirstOrThrow()).used_count).toBe(1);
    });
  });

  describe('idempotency and declines', () => {
    beforeEach(({ task }) => noticeIfOneConnection(suite.platform.database, task.name));

    it('when the same album purchase is asked ten times at once and once more after, then one sale, one payment and one invoice result and every answer is the same purchase', async () => {
      const { userId, albumId, masterIds } = await albumOwning(db(), [0, 0]);
      const salesBefore = gateway.sales.length;
      const results = await Promise.allSettled(Array.from({ length: 10 }, () => payAlbum(as(userId), { albumId, buyingOption: 1, nonce: 'fake-valid-nonce' })));
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const numbers = new Set(results.map((result) => result.status === 'fulfilled' && result.value.invoice.invoiceNumber));
      expect(numbers.size).toBe(1);
      const retry = await payAlbum(as(userId), { albumId, buyingOption: 1, nonce: 'fake-valid-nonce' });
      expect(numbers.has(retry.invoice.invoiceNumber)).toBe(true);
      expect(gateway.sales.length - salesBefore).toBe(1);
      expect(await db().selectFrom('payments').select('id').where('album_id', '=', albumId).execute()).toHaveLength(1);
      expect(await db().selectFrom('invoice_lines').select('invoice_number').where('master_id', 'in', masterIds).execute()).toHaveLength(2);
      expect(await optionsOf(masterIds)).toEqual([
        [1, 'PAYMENT_DONE'],
        [1, 'PAYMENT_DONE'],
      ]);
    });

    it('when the card is declined, then no master, invoice number or coupon use changes, and a good card then buys the album under the same key', async () => {
      const { userId, albumId, masterIds } = await albumOwning(db(), [0, 1], 'DE');
      await createCoupon(db(), { key: 'TENOFF', type: 'percent', value: 10 });
      const numberBefore = await lastInvoiceNumber();
      await expect(payAlbum(as(userId), { albumId, buyingOption: 2, couponKey: 'TENOFF', nonce: 'fake-processor-declined-visa-nonce' })).rejects.toMatchObject({
        code: 'PAYMENT_FAILED',
        message: 'payment.declined.doNotHonor',
      });
      expect(await optionsOf(masterIds)).toEqual([
        [0, 'MASTERED'],
        [1, 'PAYMENT_DONE'],
      ]);
      expect(await lastInvoiceNumber()).toBe(numberBefore);
      expect(await db().selectFrom('payments').select(['status', 'failure_message']).where('album_id', '=', albumId).execute()).toEqual([{ status: 'declined', failure_message: 'payment.declined.doNotHonor' }]);
      expect((await db().selectFrom('coupons').select('used_count').where('key', '=', 'TENOFF').executeTakeFirstOrThrow()).used_count).toBe(0);
      const bought = await payAlbum(as(userId), { albumId, buyingOption: 2, couponKey: 'TENOFF', nonce: 'fake-valid-mastercard-nonce' });
      expect(bought.invoice.invoiceNumber).toBe(numberBefore + 1);
      expect(await optionsOf(masterIds)).toEqual([
        [2, 'PAYMENT_DONE'],
        [2, 'PAYMENT_DONE'],
      ]);
    });

    it('when one of its masters is paid alone or removed while the album s charge is in flight, then the pay waits and is not charged again, and the removal is refused', async () => {
      const { userId, albumId, masterIds } = await albumOwning(db(), [0, 0]);
      const salesBefore = gateway.sales.length;
      const release = gateway.hold(`album:${albumId}:1`);
      const album = payAlbum(as(userId), { albumId, buyingOption: 1, nonce: 'fake-valid-nonce' });
      await vi.waitFor(() => expect(gateway.sales.length).toBe(salesBefore + 1));
      await expect(suite.callerFor(userId).masters.removeMaster({ id: masterIds[1]! })).rejects.toThrow('master.paymentInProgress');
      // Its refusal is expected from the start: it may come before the album's pay returns.
      const singleRefused = expect(pay(as(userId), { masterId: masterIds[0]!, buyingOption: 1, nonce: 'fake-valid-nonce' })).rejects.toThrow('payment.alreadyPurchased');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(gateway.sales.length).toBe(salesBefore + 1);
      release();
      await album;
      await singleRefused;
      expect(gateway.sales.slice(salesBefore).map((sale) => sale.amountCents)).toEqual([598]);
    });

    it('when the album is bought while one of its masters is being paid alone, then the album waits and charges only the other track', async () => {
      const { userId, albumId, masterIds } = await albumOwning(db(), [0, 0]);
      const salesBefore = gateway.sales.length;
      const release = gateway.hold(`${masterIds[0]}:1`);
      const single = pay(as(userId), { masterId: masterIds[0]!, buyingOption: 1, nonce: 'fake-valid-nonce' });
      await vi.waitFor(() => expect(gateway.sales.length).toBe(salesBefore + 1));
      const album = payAlbum(as(userId), { albumId, buyingOption: 1, nonce: 'fake-valid-nonce' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(gateway.sales.length).toBe(salesBefore + 1);
      release();
      await single;
      expect((await album).masters.map((master) => master.buyingOption)).toEqual([1, 1]);
      expect(gateway.sales.slice(salesBefore).map((sale) => sale.amountCents)).toEqual([299, 299]);
      expect(await optionsOf(masterIds)).toEqual([
        [1, 'PAYMENT_DONE'],
        [1, 'PAYMENT_DONE'],
      ]);
    });

    it('when album and single purchases of several buyers run at once, then their invoices take consecutive numbers, one each', async () => {
      const albums = await Promise.all(Array.from({ length: 4 }, () => albumOwning(db(), [0, 0], 'AT')));
      const singles = await Promise.all(Array.from({ length: 4 }, () => albumOwning(db(), [0], 'AT')));
      const numberBefore = await lastInvoiceNumber();
      const numbers = await Promise.all([
        ...albums.map(async (album) => (await payAlbum(as(album.userId), { albumId: album.albumId, buyingOption: 1, nonce: 'fake-valid-nonce' })).invoice.invoiceNumber),
        ...singles.map(async (single) => (await pay(as(single.userId), { masterId: single.masterIds[0]!, buyingOption: 2, nonce: 'fake-valid-nonce' })).invoice!.invoiceNumber),
        // A decline in between takes no number.
        payAlbum(as(albums[0]!.userId), { albumId: albums[0]!.albumId, buyingOption: 2, nonce: 'fake-processor-declined-visa-nonce' }).then(
          () => 0,
          () => null,
        ),
      ]);
      const taken = numbers.filter((n): n is number => n !== null).sort((a, b) => a - b);
      expect(taken).toEqual(Array.from({ length: 8 }, (_, i) => numberBefore + 1 + i));
      expect(await lastInvoiceNumber()).toBe(numberBefore + 8);
    });
  });

  describe('ownership and preconditions', () => {
    it('when someone else asks for the album s price or pays for it, then every adapter answers not found and nothing is charged or written', async () => {
      const { albumId, masterIds } = await albumOwning(db(), [0, 0]);
      const stranger = await albumOwning(db(), [0]);
      const salesBefore = gateway.sales.length;
      await expect(albumPriceInfo(as(stranger.userId), { albumId, buyingOption: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND', detail: 'album' });
      await expect(payAlbum(as(stranger.userId), { albumId, buyingOption: 1, nonce: 'fake-valid-nonce' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(suite.callerFor(stranger.userId).payments.payAlbum({ albumId, buyingOption: 1, nonce: 'fake-valid-nonce' })).rejects.toThrow('global.error.notFound');
      const rest = await fetch(`${suite.app.base}/api/payment/pay_album`, {
        method: 'POST',
        headers: { ...suite.bearer(stranger.userId), 'content-type': 'application/json' },
        body: JSON.stringify({ albumId, buyingOption: 1, nonce: 'fake-valid-nonce' }),
      });
      expect(rest.status).toBe(404);
      const graphql = await suite.graphql(stranger.userId, 'mutation($a: ID!) { payAlbum(albumId: $a, buyingOption: 1, nonce: "fake-valid-nonce") { albumId } }', { a: albumId });
      expect(graphql.errors?.[0]?.message).toBe('global.error.notFound');
      expect((await fetch(`${suite.app.base}/api/payment/album_price_info?albumId=${albumId}&buyingOption=1`)).status).toBe(401);
      expect(gateway.sales.length).toBe(salesBefore);
      expect(await db().selectFrom('payments').select('id').where('album_id', '=', albumId).execute()).toEqual([]);
      expect(await optionsOf(masterIds)).toEqual([
        [0, 'MASTERED'],
        [0, 'MASTERED'],
      ]);
    });

    it('when a track of my album points to another user s master, then the album is refused as not found and nothing is charged', async () => {
      const mine = await albumOwning(db(), [0, 0]);
      const theirs = await albumOwning(db(), [0]);
      // The database keeps the album's tracks the owner's; its master link is checked by the service as well.
      await db().updateTable('mastering_album_tracks').set({ master_id: theirs.masterIds[0]! }).where('album_id', '=', mine.albumId).where('position', '=', 1).execute();
      const salesBefore = gateway.sales.length;
      await expect(albumPriceInfo(as(mine.userId), { albumId: mine.albumId, buyingOption: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND', detail: 'master' });
      await expect(payAlbum(as(mine.userId), { albumId: mine.albumId, buyingOption: 1, nonce: 'fake-valid-nonce' })).rejects.toMatchObject({ code: 'NOT_FOUND', detail: 'master' });
      expect(gateway.sales.length).toBe(salesBefore);
      expect(await optionsOf([...mine.masterIds, ...theirs.masterIds])).toEqual([
        [0, 'MASTERED'],
        [0, 'MASTERED'],
        [0, 'MASTERED'],
      ]);
    });

    it('when the album is not mastered yet, everything is owned already, or input is bad, then its key comes back and nothing is charged', async () => {
      const { userId, albumId } = await albumOwning(db(), [0, 0]);
      await db().updateTable('mastering_albums').set({ state: 'mastering' }).where('id', '=', albumId).execute();
      await expect(payAlbum(as(userId), { albumId, buyingOption: 1, nonce: 'fake-valid-nonce' })).rejects.toThrow('album.notMastered');
      await db().updateTable('mastering_albums').set({ state: 'done' }).where('id', '=', albumId).execute();
      await expect(payAlbum(as(userId), { albumId, buyingOption: 1, nonce: null })).rejects.toThrow('payment.requestPaymentMethod');
      await expect(payAlbum(as(userId), { albumId, buyingOption: 1, couponKey: 'NOSUCHCOUPON', nonce: 'fake-valid-nonce' })).rejects.toThrow('invalidCouponMessage');
      const owned = await albumOwning(db(), [2, 1]);
      expect(await albumPriceInfo(as(owned.userId), { albumId: owned.albumId, buyingOption: 1 })).toMatchObject({ price: 0, total: 0 });
      await expect(payAlbum(as(owned.userId), { albumId: owned.albumId, buyingOption: 1, nonce: 'fake-valid-nonce' })).rejects.toThrow('payment.alreadyPurchased');
      const free = await fetch(`${suite.app.base}/api/payment/album_price_info?albumId=${albumId}&buyingOption=0`, { headers: suite.bearer(userId) });
      expect(free.status).toBe(400);
      expect(await db().selectFrom('payments').select('id').where('album_id', 'in', [albumId, owned.albumId]).execute()).toEqual([]);
    });
  });

  describe('adapters, invoice and downloads', () => {
    it('when the album is priced and bought over REST and GraphQL, then the answers are the service s', async () => {
      const { userId, albumId } = await albumOwning(db(), [0, 0], 'DE');
      const info = await fetch(`${suite.app.base}/api/payment/album_price_info?albumId=${albumId}&buyingOption=2`, { headers: { ...suite.bearer(userId), cookie: 'lang=de' } });
      expect(await info.json()).toMatchObject({ price: 13.98, vat: 2.66, total: 16.64, currency: 'EUR', lines: [{ price: 6.99, owned: false }, { price: 6.99, owned: false }] });
      const priced = await suite.graphql(userId, 'query($a: ID!) { albumPriceInfo(albumId: $a, buyingOption: 1) { total lines { name owned price } } }', { a: albumId });
      expect(priced.data?.albumPriceInfo).toEqual({ total: 7.12, lines: [{ name: 'Track 1', owned: false, price: 2.99 }, { name: 'Track 2', owned: false, price: 2.99 }] });
      const paid = await suite.graphql(userId, 'mutation($a: ID!) { payAlbum(albumId: $a, buyingOption: 1, nonce: "fake-valid-nonce") { buyingOption masters { buyingOption } invoice { price } } }', { a: albumId });
      expect(paid.data?.payAlbum).toEqual({ buyingOption: 1, masters: [{ buyingOption: 1 }, { buyingOption: 1 }], invoice: { price: 5.98 } });
      const upgraded = await fetch(`${suite.app.base}/api/payment/pay_album`, {
        method: 'POST',
        headers: { ...suite.bearer(userId), 'content-type': 'application/json' },
        body: JSON.stringify({ albumId, buyingOption: 2, nonce: 'fake-valid-nonce' }),
      });
      expect(upgraded.status).toBe(200);
      expect(await upgraded.json()).toMatchObject({ buyingOption: 2, invoice: { price: 8 } });
    });

    it('when an album is bought in German, then the PDF, the invoice list and each master name the album invoice, and each master downloads its option', async () => {
      const { userId, albumId, masterIds } = await albumOwning(db(), [1, 0], 'DE');
      const wav = encodeWav(musicLike({ seconds: 1, seed: 5, peakDb: -3 }), { format: 'pcm24' });
      for (const masterId of masterIds) {
        await suite.platform.storage.write(`masters/${masterId}/master.wav`, Readable.from([wav]));
        await db().updateTable('masters').set({ path: `masters/${masterId}/master.wav` }).where('id', '=', masterId).execute();
      }
      const download = (masterId: string) => fetch(`${suite.app.base}/api/download/master/${masterId}/2`, { headers: suite.bearer(userId) });
      expect((await download(masterIds[0]!)).status).toBe(403);

      const bought = await payAlbum(as(userId, 'de'), { albumId, buyingOption: 2, nonce: 'fake-valid-nonce' });
      const number = bought.invoice.invoiceNumber;
      const text = pdfTextLines((await invoicePdf(as(userId), { invoiceNumber: number })).pdf).join('\n');
      expect(text).toContain(`Rechnung ${number}`);
      // The typographic quotes are WinAnsi characters the test's latin1 reading does not name.
      expect(text).toMatch(/Album .?Track 1.? \(2 Titel\) \/ Pop - Hell/);
      expect(text).toContain('Track 1 / Pop - Hell');
      expect(text).toContain('Upgrade von WAV 16 Bit: der Differenzbetrag');
      expect(text).toContain('4,00 EUR');
      expect(text).toContain('6,99 EUR');
      // 10.99 + 19 % (2.0881 -> 2.09).
      expect(text).toContain('13,08 EUR');

      const listed = (await listInvoices(as(userId))).find((invoice) => invoice.invoiceNumber === number);
      expect(listed).toMatchObject({ productType: 2, buyingOption: 2, price: 10.99, total: 13.08, masterId: null });
      expect(listed?.lines).toEqual([
        { masterId: masterIds[0], product: 'Track 1 / Pop - Hell', buyingOption: 2, upgradeFrom: 1, price: 4 },
        { masterId: masterIds[1], product: 'Track 2 / Pop - Hell', buyingOption: 2, upgradeFrom: 0, price: 6.99 },
      ]);
      for (const masterId of masterIds) {
        expect((await suite.callerFor(userId).masters.master({ id: masterId })).invoice?.invoiceNumber).toBe(number);
        const file = await download(masterId);
        expect(file.status).toBe(200);
        expect(Buffer.from(await file.arrayBuffer()).equals(wav)).toBe(true);
      }
    });
  });
});
