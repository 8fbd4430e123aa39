import express from 'express';
import type { Platform } from '../../platform/context.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { parseInput } from '../../platform/validation.js';
import { codecCheck, startCodecCheck } from './codec-check.service.js';
import { startBounce } from './media-jobs.service.js';
import { ZCodecCheckInput, ZStartBounceInput } from './streaming.schemas.js';

/**
 * POST /api/masters/bounce {trackId, styleId, intensity?, toneAmount?, widthAmount?, dynamicsAmount?}: 202 with the bounce's job, which runs on its own.
 * POST /api/masters/:id/codec-check: 202 with the check (started, joined, or already done);
 * GET /api/masters/:id/codec-check: where it stands, with its figures once done.
 */
export function streamingRest(platform: Platform) {
  const router = express.Router();
  router.post('/masters/bounce', async (req, res) => {
    res.status(202).json(await startBounce(contextOfRequest(platform, req), parseInput(ZStartBounceInput, req.body ?? {})));
  });
  router.post('/masters/:id/codec-check', async (req, res) => {
    res.status(202).json(await startCodecCheck(contextOfRequest(platform, req), parseInput(ZCodecCheckInput, { masterId: req.params.id })));
  });
  router.get('/masters/:id/codec-check', async (req, res) => {
    res.json(await codecCheck(contextOfRequest(platform, req), parseInput(ZCodecCheckInput, { masterId: req.params.id })));
  });
  return router;
}
