/** The public surface of this feature: other features import only from here. */
export { CommentsSection } from './components/comments-section.js';
export { CommentDigestSetting } from './components/digest-setting.js';
export { RatingPanel } from './components/rating-panel.js';
export { AverageStars } from './components/stars.js';
export { useRatingSummaries } from './use-rating-summaries.js';
export { type TrackTalk, useTrackTalk } from './use-track-talk.js';
