import { pipeline } from 'node:stream/promises';
import express from 'express';
import type { Platform } from '../../platform/context.js';
import { parseInput } from '../../platform/validation.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { ZMasterDownloadInput } from './downloads.schemas.js';
import { masterDownload } from './downloads.service.js';

export function downloadsRest(platform: Platform) {
  const router = express.Router();
  router.get('/download/master/:masterId/:buyingOption', async (req, res) => {
    const input = parseInput(ZMasterDownloadInput, req.params);
    const download = await masterDownload(contextOfRequest(platform, req), input);
    res.setHeader('Content-Type', download.contentType);
    res.setHeader('Content-Length', String(download.size));
    res.setHeader('X-File-Name', encodeURIComponent(download.fileName));
    res.setHeader('Cache-Control', 'private, no-store');
    res.attachment(download.fileName);
    // pipeline keeps backpressure (the file is read as fast as the client takes it) and closes the
    // file when the client goes away; an error after the headers went out ends the response.
    await pipeline(platform.storage.read(download.key), res);
  });
  return router;
}
