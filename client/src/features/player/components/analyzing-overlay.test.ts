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

  it('when the job waits for a slot of the media process, then the overlay says so with the place in line', () => {
    const queued = { ...preparing('preparing', 0), queuePosition: 3 };
    const view = analyzingView(queued, null);
    expect(view?.step.message).toBe('Waiting in line: you are number {position}');
    expect(view?.step.values).toEqual({ position: 3 });
    expect(analyzingView(preparing('preparing', 0), null)?.step.message).toBe('Preparing your track');
    const bounce = { trackId: 't', styleId: 4, processed: false, progressInPercent: 0, queuePosition: 1 };
    expect(analyzingView(null, bounce)?.step.message).toBe('Waiting in line: you are number {position}');
  });
});
