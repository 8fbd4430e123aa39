import express from 'express';
import type { Platform } from '../../platform/context.js';
import { parseInput } from '../../platform/validation.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { ZAddPaymentMethodInput, ZPayInput, ZPriceInfoInput } from './payments.schemas.js';
import { addPaymentMethod, clientToken, pay, priceInfo } from './payments.service.js';

/** Payment calls. */
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
  router.post('/payment/payment_methods', async (req, res) => {
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const input = parseInput(ZAddPaymentMethodInput, { nonce: raw.nonce ?? raw.paymentMethodNonce });
    res.status(201).json(await addPaymentMethod(contextOfRequest(platform, req), input));
  });
  return router;
}
