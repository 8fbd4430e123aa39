export { feedbackRouter } from './feedback.trpc.js';
export { feedbackGraphql } from './feedback.graphql.js';
export { sendDueCommentDigests, startCommentDigests } from './comment-digest.service.js';
export * from './feedback.schemas.js';
