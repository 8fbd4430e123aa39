import express from 'express';
import type { Platform } from '../../platform/context.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { parseInput } from '../../platform/validation.js';
import { ZDemoAudioInput } from './demos.schemas.js';
import { demoAudioKey } from './demos.service.js';

/**
 * Spec §7 "demo MP3s from a delivery host": here the demo's own files from our host, WAV, with
 * byte ranges (sendFile answers Range), so the browser can seek and switch versions mid-play.
 */
export function demosRest(platform: Platform) {
  const router = express.Router();
  router.get('/demos/:masterId/:version', async (req, res) => {
    const key = await demoAudioKey(contextOfRequest(platform, req), parseInput(ZDemoAudioInput, req.params));
    await new Promise<void>((resolve, reject) =>
      res.sendFile(platform.storage.pathOf(key), { headers: { 'Content-Type': 'audio/wav', 'Cache-Control': 'public, max-age=3600' } }, (error) =>
        error && !res.headersSent ? reject(error) : resolve(),
      ),
    );
  });
  return router;
}
