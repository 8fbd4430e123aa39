export { FeedbackWidget } from './components/feedback-widget.js';
