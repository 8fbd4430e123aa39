import { pipeline } from 'node:stream/promises';
import express from 'express';
import type { Platform } from '../../platform/context.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { parseInput } from '../../platform/validation.js';
import { ZIdInput, ZReferenceFromMasterInput } from './masters.schemas.js';
import { listReferences, referenceAudio, referenceFromMaster, removeReference } from './references.service.js';

/**
 * GET /api/references: the caller's reference tracks; POST /api/references/from-master {masterId}
 * makes one of the caller's masters a reference; DELETE /api/references/:id removes one of
 * them (anyone else's: 404); GET /api/references/:id/audio is its WAV for the owner's player only
 * (never stored by a cache, never offered as a download). They are uploaded through POST /api/upload
 * with `reference=true`.
 */
export function referencesRest(platform: Platform) {
  const router = express.Router();
  router.get('/references', async (req, res) => {
    res.json(await listReferences(contextOfRequest(platform, req)));
  });
  router.get('/references/:id/audio', async (req, res) => {
    const audio = await referenceAudio(contextOfRequest(platform, req), parseInput(ZIdInput, { id: req.params.id }));
    res.setHeader('Content-Type', 'audio/wav');
    res.setHeader('Content-Length', String(audio.size));
    res.setHeader('Content-Disposition', 'inline');
    res.setHeader('Cache-Control', 'private, no-store');
    await pipeline(platform.storage.read(audio.key), res);
  });
  router.post('/references/from-master', async (req, res) => {
    res.json(await referenceFromMaster(contextOfRequest(platform, req), parseInput(ZReferenceFromMasterInput, req.body)));
  });
  router.delete('/references/:id', async (req, res) => {
    res.json(await removeReference(contextOfRequest(platform, req), parseInput(ZIdInput, { id: req.params.id })));
  });
  return router;
}
