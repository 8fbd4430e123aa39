import express from 'express';
import type { Platform } from '../../platform/context.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { parseInput } from '../../platform/validation.js';
import { ZConfirmPayoutAddressInput, ZFeedbackInput } from './royalties.schemas.js';
import { analytics, confirmPayoutAddress, payments, sendFeedback } from './royalties.service.js';

/** REST mirror of the royalty screens under /api/distribution (the caller's own figures only). */
export function royaltiesRest(platform: Platform) {
  const router = express.Router();
  const ctx = (req: express.Request) => contextOfRequest(platform, req);
  router.get('/distribution/analytics', async (req, res) => {
    res.json(await analytics(ctx(req)));
  });
  router.get('/distribution/payments', async (req, res) => {
    res.json(await payments(ctx(req)));
  });
  router.post('/distribution/feedback', async (req, res) => {
    res.status(201).json(await sendFeedback(ctx(req), parseInput(ZFeedbackInput, req.body ?? {})));
  });
  router.post('/distribution/payout-address/confirm', async (req, res) => {
    res.json(await confirmPayoutAddress(ctx(req), parseInput(ZConfirmPayoutAddressInput, req.body ?? {})));
  });
  return router;
}
