import { afterEach, describe, expect, it } from 'vitest';
import { resetWizard, uploadEnded, uploadStarted, wizardStore } from './wizard-store.js';

describe('the wizard store', () => {
  afterEach(() => resetWizard());

  it('when uploads start and end, then the uploads in progress are exactly those not ended, once each', () => {
    uploadStarted('m1');
    uploadStarted('m2');
    uploadStarted('m1');
    uploadEnded('m1');
    expect(wizardStore.getState().uploadingMasterIds).toEqual(['m2', 'm1']);
    uploadEnded('m3');
    uploadEnded('m2');
    uploadEnded('m1');
    expect(wizardStore.getState().uploadingMasterIds).toEqual([]);
  });
});
