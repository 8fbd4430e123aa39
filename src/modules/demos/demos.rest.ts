import express from 'express';
import type { Platform } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { StorageKeyMissingError, withLocalFile } from '../../platform/storage/file-storage.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { parseInput } from '../../platform/validation.js';
import { ZDemoAudioInput } from './demos.schemas.js';
import { demoAudioKey } from './demos.service.js';

/**
 * The demo's own files from our host, WAV, with
 * byte ranges (sendFile answers Range), so the browser can seek and switch versions mid-play.
 */
export function demosRest(platform: Platform) {
  const router = express.Router();
  router.get('/demos/:masterId/:version', async (req, res) => {
    const key = await demoAudioKey(contextOfRequest(platform, req), parseInput(ZDemoAudioInput, req.params));
    // A local copy (on disk, the stored file itself) so sendFile keeps answering ranges and validators.
    await withLocalFile(platform.storage, key, (file) =>
      new Promise<void>((resolve, reject) =>
        res.sendFile(file, { headers: { 'Content-Type': 'audio/wav', 'Cache-Control': 'public, max-age=3600' } }, (error) =>
          error && !res.headersSent ? reject(error) : resolve(),
        ),
      ),
    ).catch((error: unknown) => {
      throw error instanceof StorageKeyMissingError ? notFound('demo audio') : error;
    });
  });
  return router;
}
