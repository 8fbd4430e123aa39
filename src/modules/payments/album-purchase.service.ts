import type { Actor, Locale, ServiceContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import { albumToBuy } from '../albums/index.js';
import { isMastered } from '../masters/index.js';
import { amountOf, chargeCentsFor } from '../pricing/index.js';
import { invoiceBuyerOf } from './invoice-buyer.js';
import * as repo from './payments.repository.js';
import type { TAlbumPriceInfo, TAlbumPriceInfoInput, TAlbumPurchase, TPayAlbumInput, TQuote } from './payments.schemas.js';
import { pendingValuesOf, priceOf, productNameOf, quoteOf, requireActor, runPurchase, stepAfterEarlierAttempts, summaryOf, toPurchaseInvoice, type Claim } from './payments.service.js';

/*
 * An album of masters bought at once (docs/product-rules.md, "Albums"): one buying option for all
 * its tracks, one payment, one invoice with a line per track charged. Each track costs what its
 * master would cost alone: the list price, the difference to an option owned below, nothing when
 * it is owned at the option or above.
 */

/** One purchase per album and option: a repeated or concurrent request finds the same payment. */
const albumPaymentKey = (albumId: string, buyingOption: number) => `album:${albumId}:${buyingOption}`;

interface TrackToBuy {
  position: number;
  name: string;
  master: repo.MasterForPayment;
}

/**
 * The caller's album, mastered, with each track's master in album order; the masters are locked
 * (in the order of their ids) when `forUpdate`. Anyone else's album, or a master on it that is not
 * the caller's, does not exist for the caller.
 */
async function tracksToBuy(db: Database, actor: Actor, albumId: string, options: { forUpdate?: boolean } = {}): Promise<TrackToBuy[]> {
  const album = await albumToBuy(db, albumId);
  if (!album || album.userId !== actor.userId) throw notFound('album');
  const masterIds = album.tracks.map((track) => track.masterId);
  if (album.state !== 'done' || masterIds.some((id) => id === null)) throw new AppError('CONFLICT', 'album.notMastered');
  const masters = new Map((await repo.findMastersForPayment(db, masterIds as string[], options)).map((master) => [master.id, master]));
  return album.tracks.map((track) => {
    const master = masters.get(track.masterId!);
    if (!master || master.user_id !== actor.userId) throw notFound('master');
    if (!isMastered(master.status, master.style_id)) throw new AppError('CONFLICT', 'album.notMastered');
    return { position: track.position, name: track.name, master };
  });
}

/** What a track costs at the album's option: the list price, the upgrade's difference, or 0 when owned. */
const chargeOf = (track: TrackToBuy, buyingOption: 1 | 2) => chargeCentsFor(buyingOption, track.master.buying_option);

/** The invoice's product: the album by its first track and its style ("Album "Intro" (2 tracks) / Pop - Bright"). */
function albumProductOf(tracks: TrackToBuy[], charged: number, locale: Locale): string {
  const first = tracks[0]!;
  const title = locale === 'de' ? `Album „${first.name}“ (${charged} Titel)` : `Album "${first.name}" (${charged} ${charged === 1 ? 'track' : 'tracks'})`;
  return productNameOf({ ...first.master, track_name: title }, locale);
}

/** GET /api/payment/album_price_info: the album checkout's summary, and what each track costs or that it is owned. */
export async function albumPriceInfo(ctx: ServiceContext, input: TAlbumPriceInfoInput): Promise<TAlbumPriceInfo> {
  const actor = requireActor(ctx);
  const buyingOption = input.buyingOption as 1 | 2;
  const tracks = await tracksToBuy(ctx.db, actor, input.albumId);
  const charges = tracks.map((track) => chargeOf(track, buyingOption));
  const summary = await summaryOf(ctx, actor.userId, { lineCents: charges.filter((cents) => cents > 0), couponKey: input.couponKey });
  return {
    ...summary,
    albumId: input.albumId,
    buyingOption,
    lines: tracks.map((track, i) => ({
      position: track.position,
      masterId: track.master.id,
      name: track.name,
      ownedOption: track.master.buying_option,
      owned: charges[i] === 0,
      price: amountOf(charges[i]!),
    })),
  };
}

/**
 * Step 1 of an album's purchase, one short transaction: the album's masters locked, the payment
 * under the album's key looked at (done, in flight, or to be claimed), and claimed with a quote
 * whose lines are the tracks not owned at the option yet.
 */
async function claimAlbum(ctx: ServiceContext, actor: Actor, input: TPayAlbumInput & { buyingOption: 1 | 2 }, idempotencyKey: string): Promise<Claim> {
  return ctx.db.transaction().execute(async (trx) => {
    const tracks = await tracksToBuy(trx, actor, input.albumId, { forUpdate: true });
    const existing = await repo.findPaymentByKey(trx, idempotencyKey);
    const earlier = stepAfterEarlierAttempts(existing, await repo.findOtherPendingPayment(trx, tracks.map((track) => track.master.id), idempotencyKey));
    if (earlier) return earlier;
    const charged = tracks.filter((track) => chargeOf(track, input.buyingOption) > 0);
    if (charged.length === 0) throw new AppError('CONFLICT', 'payment.alreadyPurchased');
    const lines = charged.map((track) => ({
      masterId: track.master.id,
      product: productNameOf(track.master, ctx.locale),
      upgradeFrom: track.master.buying_option,
      priceCents: chargeOf(track, input.buyingOption),
    }));

    const { address, buyer } = await invoiceBuyerOf(trx, actor.userId);
    const pricing = await priceOf(ctx, trx, { userId: actor.userId, lineCents: lines.map((line) => line.priceCents), couponKey: input.couponKey, address, lockCoupon: true });
    const quote: TQuote = { ...quoteOf(ctx, pricing, input, buyer), upgradeFrom: 0, product: albumProductOf(tracks, lines.length, ctx.locale), lines };
    const values = pendingValuesOf(ctx, actor, quote, pricing, idempotencyKey, { albumId: input.albumId });
    const row = existing ? await repo.reclaimPayment(trx, existing.id, values) : await repo.insertPendingPayment(trx, values);
    return { kind: 'charge', paymentId: row.id, quote };
  });
}

/**
 * POST /api/payment/pay_album: every track of the caller's album not owned at the option yet, in
 * one payment (one gateway transaction) and one invoice; all of their masters go up to the option
 * in the transaction that writes the invoice, or none does. Idempotent per album and option
 * (runPurchase): a retry or a concurrent request charges nothing more and answers the same
 * purchase; a decline changes nothing.
 */
export async function payAlbum(ctx: ServiceContext, input: TPayAlbumInput): Promise<TAlbumPurchase> {
  const actor = requireActor(ctx);
  const buyingOption = input.buyingOption as 1 | 2;
  const idempotencyKey = albumPaymentKey(input.albumId, buyingOption);
  await runPurchase(ctx, actor, { idempotencyKey, nonce: input.nonce, claim: () => claimAlbum(ctx, actor, { ...input, buyingOption }, idempotencyKey) });
  const tracks = await tracksToBuy(ctx.db, actor, input.albumId);
  const invoice = await repo.findInvoiceOfPaymentKey(ctx.db, idempotencyKey);
  if (!invoice) throw notFound('invoice');
  return {
    albumId: input.albumId,
    buyingOption,
    masters: tracks.map((track) => ({ masterId: track.master.id, buyingOption: track.master.buying_option })),
    invoice: toPurchaseInvoice(invoice),
  };
}
