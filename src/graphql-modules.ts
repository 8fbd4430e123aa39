import type { GraphqlModule } from './platform/graphql/graphql-module.js';
import { accountsGraphql } from './modules/accounts/index.js';
import { addressesGraphql } from './modules/addresses/index.js';
import { invoicesGraphql } from './modules/invoices/index.js';
import { catalogueGraphql } from './modules/catalogue/index.js';
import { faqGraphql } from './modules/faq/index.js';
import { mastersGraphql } from './modules/masters/index.js';
import { sharingGraphql } from './modules/sharing/index.js';
import { streamingGraphql } from './modules/streaming/index.js';
import { feedbackGraphql } from './modules/feedback/index.js';
import { distributionGraphql } from './modules/distribution/index.js';
import { releasesGraphql } from './modules/releases/index.js';
import { royaltiesGraphql } from './modules/royalties/index.js';
import { albumsGraphql } from './modules/albums/index.js';
import { paymentsGraphql } from './modules/payments/index.js';

/** The GraphQL schema, one part per domain module. */
export const graphqlModules: GraphqlModule[] = [
  catalogueGraphql,
  faqGraphql,
  accountsGraphql,
  addressesGraphql,
  invoicesGraphql,
  mastersGraphql,
  streamingGraphql,
  sharingGraphql,
  feedbackGraphql,
  distributionGraphql,
  releasesGraphql,
  royaltiesGraphql,
  albumsGraphql,
  paymentsGraphql,
];
