import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TSectionName } from '../../../../../src/modules/releases/releases.schemas.js';
import { NEW_RELEASE_PATH, RELEASE_WIZARD_STEPS, type TReleaseWizardStep } from '../../../../../src/modules/site/site.constants.js';

/**
 * The six steps of the release wizard (top navigation has 6 steps, the side navigation 5
 * links on wide screens: every step but distribute) and the draft sections each step edits,
 * whose flags the navigation shows.
 */
export const RELEASE_STEPS = RELEASE_WIZARD_STEPS;
export type ReleaseStep = TReleaseWizardStep;

export { NEW_RELEASE_PATH };
export const stepPath = (step: ReleaseStep) => `${NEW_RELEASE_PATH}/${step}`;

export const STEP_LABELS: Record<ReleaseStep, MessageDescriptor> = {
  track: msg`Tracks`,
  artwork: msg`Artwork`,
  'track-details': msg`Track details`,
  participants: msg`Participants`,
  'outlet-details': msg`Stores and dates`,
  distribute: msg`Check and distribute`,
};

/** The sections a step edits; distribute edits none (it checks them all). */
export const STEP_SECTIONS: Record<ReleaseStep, readonly TSectionName[]> = {
  track: ['trackList'],
  artwork: ['artwork', 'album'],
  'track-details': ['trackList'],
  participants: ['participants'],
  'outlet-details': ['outletDetails'],
  distribute: [],
};

export const SIDE_STEPS = RELEASE_STEPS.filter((step) => step !== 'distribute');

export function stepOfPath(pathname: string): ReleaseStep | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return (RELEASE_STEPS as readonly string[]).includes(last ?? '') ? (last as ReleaseStep) : null;
}

export function neighbours(step: ReleaseStep): { previous: ReleaseStep | null; next: ReleaseStep | null } {
  const index = RELEASE_STEPS.indexOf(step);
  return { previous: RELEASE_STEPS[index - 1] ?? null, next: RELEASE_STEPS[index + 1] ?? null };
}
