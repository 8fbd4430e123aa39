/** The public surface of this feature: other features import only from here. */
export { AnalyzingOverlay } from './components/analyzing-overlay.js';
export { MasterPlayer } from './components/master-player.js';
export { MasteringSessionProvider, useMasteringSession } from './mastering-session.js';
