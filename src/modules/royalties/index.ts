export { royaltiesRouter } from './royalties.trpc.js';
export * from './royalties.schemas.js';
export { importStatement, importStatementFile, runPayouts, pollPayouts, settlePayoutRun, adjustBalance, releaseHold, listFeedback, type PayoutContext } from './royalties.service.js';
export { payoutContextOf, payoutProviderOf } from './provider/payout-provider-of.js';
export { payoutsDirOf } from './provider/local-payout-provider.js';
export { royaltiesRest } from './royalties.rest.js';
export { royaltiesGraphql } from './royalties.graphql.js';
