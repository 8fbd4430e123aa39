import { router } from './platform/trpc/trpc.js';
import { accountsRouter } from './modules/accounts/index.js';
import { addressesRouter } from './modules/addresses/index.js';
import { invoicesRouter } from './modules/invoices/index.js';
import { catalogueRouter } from './modules/catalogue/index.js';
import { faqRouter } from './modules/faq/index.js';
import { mastersRouter, referencesRouter, tracksRouter } from './modules/masters/index.js';
import { masteringRouter } from './modules/streaming/index.js';
import { siteRouter } from './modules/site/index.js';
import { couponsRouter } from './modules/coupons/index.js';
import { paymentsRouter } from './modules/payments/index.js';
import { pricingRouter } from './modules/pricing/index.js';
import { sharingRouter } from './modules/sharing/index.js';
import { distributionRouter } from './modules/distribution/index.js';
import { feedbackRouter } from './modules/feedback/index.js';
import { blogRouter } from './modules/blog/index.js';
import { demosRouter } from './modules/demos/index.js';
import { releasesRouter } from './modules/releases/index.js';
import { royaltiesRouter } from './modules/royalties/index.js';
import { albumsRouter } from './modules/albums/index.js';

/** The public tRPC API: one sub-router per domain module. */
export const appRouter = router({
  accounts: accountsRouter,
  addresses: addressesRouter,
  invoices: invoicesRouter,
  catalogue: catalogueRouter,
  faq: faqRouter,
  masters: mastersRouter,
  mastering: masteringRouter,
  references: referencesRouter,
  tracks: tracksRouter,
  site: siteRouter,
  coupons: couponsRouter,
  payments: paymentsRouter,
  pricing: pricingRouter,
  sharing: sharingRouter,
  distribution: distributionRouter,
  feedback: feedbackRouter,
  blog: blogRouter,
  demos: demosRouter,
  releases: releasesRouter,
  royalties: royaltiesRouter,
  albums: albumsRouter,
});

export type AppRouter = typeof appRouter;
