import express from 'express';
import type { Platform } from '../../platform/context.js';
import { parseInput } from '../../platform/validation.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { albumPriceInfo, payAlbum } from './album-purchase.service.js';
import { ZAddPaymentMethodInput, ZAlbumPriceInfoInput, ZPayAlbumInput, ZPayInput, ZPriceInfoInput } from './payments.schemas.js';
import { addPaymentMethod, clientToken, pay, priceInfo } from './payments.service.js';

/** Payment calls; an album is priced and bought at album_price_info and pay_album. */
export function paymentsRest(platform: Platform) {
  const router = express.Router();
  router.get('/payment/client_token', async (req, res) => {
    res.json(await clientToken(contextOfRequest(platform, req)));
  });
  router.get('/payment/price_info', async (req, res) => {
    const input = parseInput(ZPriceInfoInput, req.query);
    res.json(await priceInfo(contextOfRequest(platform, req), input));
  });
  router.post('/payment/pay', async (req, res) => {
    const input = parseInput(ZPayInput, req.body);
    res.json(await pay(contextOfRequest(platform, req), input));
  });
  router.get('/payment/album_price_info', async (req, res) => {
    const input = parseInput(ZAlbumPriceInfoInput, req.query);
    res.json(await albumPriceInfo(contextOfRequest(platform, req), input));
  });
  router.post('/payment/pay_album', async (req, res) => {
    const input = parseInput(ZPayAlbumInput, req.body ?? {});
    res.json(await payAlbum(contextOfRequest(platform, req), input));
  });
  router.post('/payment/payment_methods', async (req, res) => {
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const input = parseInput(ZAddPaymentMethodInput, { nonce: raw.nonce ?? raw.paymentMethodNonce });
    res.status(201).json(await addPaymentMethod(contextOfRequest(platform, req), input));
  });
  return router;
}
