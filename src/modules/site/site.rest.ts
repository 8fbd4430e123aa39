import express from 'express';
import type { Platform } from '../../platform/context.js';
import { publicConfig } from './site.service.js';

export function siteRest(platform: Platform) {
  const router = express.Router();
  router.get('/config', (_req, res) => {
    res.json(publicConfig(platform.env));
  });
  return router;
}
