import express from 'express';
import type { Platform } from './platform/context.js';
import { accountsRest } from './modules/accounts/index.js';
import { siteRest } from './modules/site/index.js';
import { couponsRest } from './modules/coupons/index.js';
import { downloadsRest } from './modules/downloads/index.js';
import { paymentsRest } from './modules/payments/index.js';
import { invoicesRest } from './modules/invoices/index.js';
import { referencesRest, uploadRest } from './modules/masters/index.js';
import { streamingRest } from './modules/streaming/index.js';
import { blogRest } from './modules/blog/index.js';
import { demosRest } from './modules/demos/index.js';
import { distributionRest } from './modules/distribution/index.js';
import { releasesRest } from './modules/releases/index.js';
import { royaltiesRest } from './modules/royalties/index.js';
import { albumsRest } from './modules/albums/index.js';

/** The REST adapters under /api, one router per domain module. */
export function restRoutes(platform: Platform) {
  const api = express.Router();
  for (const domainRest of [siteRest, accountsRest, uploadRest, referencesRest, streamingRest, albumsRest, couponsRest, paymentsRest, invoicesRest, downloadsRest, blogRest, demosRest, distributionRest, releasesRest, royaltiesRest]) {
    api.use(domainRest(platform));
  }
  return api;
}
