import express from 'express';
import type { Platform } from '../../platform/context.js';
import { parseInput } from '../../platform/validation.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { ZPayInput, ZPriceInfoInput } from './payments.schemas.js';
import { clientToken, pay, priceInfo } from './payments.service.js';

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
  return router;
}
