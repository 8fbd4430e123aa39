import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Version } from '../audio/player-controller.js';

/** What each version is called wherever the player names it (switch, badge, announcements). */
export const VERSION_NAMES: Readonly<Record<Version, MessageDescriptor>> = {
  original: msg`Original`,
  mastered: msg`Mastered`,
  reference: msg`Reference`,
};
