import express from 'express';
import type { Platform } from '../../platform/context.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { validateCoupon } from './coupons.service.js';
import { ZValidateCouponInput } from './coupons.schemas.js';
import { parseInput } from '../../platform/validation.js';

export function couponsRest(platform: Platform) {
  const router = express.Router();
  router.post('/coupon/validate', async (req, res) => {
    const input = parseInput(ZValidateCouponInput, req.body);
    res.json(await validateCoupon(contextOfRequest(platform, req), input));
  });
  return router;
}
