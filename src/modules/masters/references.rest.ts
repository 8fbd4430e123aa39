import express from 'express';
import type { Platform } from '../../platform/context.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { parseInput } from '../../platform/validation.js';
import { ZIdInput } from './masters.schemas.js';
import { listReferences, removeReference } from './references.service.js';

/**
 * GET /api/references: the caller's reference tracks; DELETE /api/references/:id removes one of
 * them (anyone else's: 404). They are uploaded through POST /api/upload with `reference=true`; no
 * route serves their files.
 */
export function referencesRest(platform: Platform) {
  const router = express.Router();
  router.get('/references', async (req, res) => {
    res.json(await listReferences(contextOfRequest(platform, req)));
  });
  router.delete('/references/:id', async (req, res) => {
    res.json(await removeReference(contextOfRequest(platform, req), parseInput(ZIdInput, { id: req.params.id })));
  });
  return router;
}
