export { feedbackRouter } from './feedback.trpc.js';
export { feedbackGraphql } from './feedback.graphql.js';
export { DIGEST_SWEEP_MS, sendDueCommentDigests } from './comment-digest.service.js';
export * from './feedback.schemas.js';
