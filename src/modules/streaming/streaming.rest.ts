import express from 'express';
import type { Platform } from '../../platform/context.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { parseInput } from '../../platform/validation.js';
import { startBounce } from './media-jobs.service.js';
import { ZStartBounceInput } from './streaming.schemas.js';

/** POST /api/masters/bounce {trackId, styleId, intensity?, toneAmount?, widthAmount?, dynamicsAmount?}: 202 with the bounce's job, which runs on its own. */
export function streamingRest(platform: Platform) {
  const router = express.Router();
  router.post('/masters/bounce', async (req, res) => {
    res.status(202).json(await startBounce(contextOfRequest(platform, req), parseInput(ZStartBounceInput, req.body ?? {})));
  });
  return router;
}
