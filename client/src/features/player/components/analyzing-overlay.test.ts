import { describe, expect, it } from 'vitest';
import { analyzingView } from './analyzing-overlay.js';

const preparing = (stage: 'preparing' | 'dynamics' | 'eq' | 'done', progressInPercent: number, iteration = 0) => ({
  trackId: 't',
  processed: false,
  fixing: false,
  stage,
  iteration,
  progressInPercent,
});

describe('analyzing overlay', () => {
  it('when each preparation stage reaches 100 %, then the overlay still names that stage, and says finalizing only when done', () => {
    const steps = [preparing('preparing', 100), preparing('dynamics', 100, 3), preparing('eq', 100), preparing('done', 100)].map(
      (progress) => analyzingView(progress, null)?.step.message,
    );
    expect(steps).toEqual(['Preparing your track', 'Shaping the dynamics (pass {iteration})', 'Balancing the EQ: {percent} %', 'Finalizing…']);
  });

  it('when a bounce reaches 100 % and is not processed yet, then it is finalizing', () => {
    const bounce = { trackId: 't', styleId: 4, processed: false, progressInPercent: 100 };
    expect(analyzingView(null, bounce)?.step.message).toBe('Finalizing…');
    expect(analyzingView(null, { ...bounce, progressInPercent: 40 })?.step.message).toBe('Bouncing: {percent} %');
  });
});
