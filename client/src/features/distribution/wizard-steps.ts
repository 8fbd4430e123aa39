import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The release wizard's six steps (spec §2); the side navigation shows all but the last. */
export const WIZARD_STEPS: readonly { path: string; label: MessageDescriptor }[] = [
  { path: 'track', label: msg`Track` },
  { path: 'artwork', label: msg`Artwork` },
  { path: 'track-details', label: msg`Track details` },
  { path: 'participants', label: msg`Participants` },
  { path: 'outlet-details', label: msg`Outlet details` },
  { path: 'distribute', label: msg`Distribute` },
];
