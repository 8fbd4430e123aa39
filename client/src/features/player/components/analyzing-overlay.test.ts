import { describe, expect, it } from 'vitest';
import { analyzingView, forwardOnly, preparationStepNumber, stepOf, type AnalyzingView } from './analyzing-overlay.js';

const preparing = (stage: 'preparing' | 'dynamics' | 'eq' | 'done', progressInPercent: number, iteration = 0) => ({
  trackId: 't',
  processed: false,
  fixing: false,
  stage,
  iteration,
  progressInPercent,
});
const bounce = (progressInPercent: number) => ({ trackId: 't', styleId: 4, processed: false, progressInPercent });

/** The views the overlay shows for a sequence of reports, held forward as the component does. */
function shownFor(reports: (AnalyzingView | null)[]): (AnalyzingView | null)[] {
  let shown: AnalyzingView | null = null;
  return reports.map((report) => (shown = forwardOnly(shown, report)));
}

describe('analyzing overlay', () => {
  it('when each preparation stage reaches 100 %, then the overlay still names that stage, and says finishing only when done', () => {
    const steps = [preparing('preparing', 100), preparing('dynamics', 100, 3), preparing('eq', 100), preparing('done', 100)].map((progress) => stepOf(analyzingView(progress, null)!).message);
    expect(steps).toEqual(['Preparing your track', 'Shaping the dynamics (pass {iteration})', 'Balancing the EQ', 'Finishing the analysis…']);
  });

  it('when the stages report their own 0-100 %, then the bar shows one percent over the whole preparation that only grows and never reads 100 while it runs', () => {
    const reports = [preparing('preparing', 0), preparing('preparing', 73), preparing('preparing', 100), preparing('dynamics', 0), preparing('dynamics', 50, 9), preparing('dynamics', 100, 20), preparing('eq', 0), preparing('eq', 100), preparing('done', 100)];
    const percents = shownFor(reports.map((report) => analyzingView(report, null))).map((view) => view!.percent);
    for (let i = 1; i < percents.length; i++) expect(percents[i]!, percents.join(' ')).toBeGreaterThanOrEqual(percents[i - 1]!);
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(99);
    expect(Math.max(...percents)).toBeLessThan(100);
    // Old behaviour: 73 % of the analysis, then 0 % when the dynamics began.
    expect(percents[3]).toBeGreaterThan(0);
    expect(percents[4]! - percents[3]!).toBeGreaterThan(20);
  });

  it('when two fitting threads report their passes out of order, then the pass shown never goes down, nor the stage', () => {
    const reports = [preparing('dynamics', 10, 2), preparing('dynamics', 10, 1), preparing('dynamics', 5, 3), preparing('eq', 0), preparing('dynamics', 90, 2)];
    const shown = shownFor(reports.map((report) => analyzingView(report, null)));
    expect(shown.map((view) => view!.iteration)).toEqual([2, 2, 3, 3, 3]);
    expect(shown.map((view) => stepOf(view!).message)).toEqual([
      'Shaping the dynamics (pass {iteration})',
      'Shaping the dynamics (pass {iteration})',
      'Shaping the dynamics (pass {iteration})',
      'Balancing the EQ',
      'Balancing the EQ',
    ]);
    expect(shown.map((view) => preparationStepNumber(view!))).toEqual([2, 2, 2, 3, 3]);
  });

  it('when one job ends and another begins, then the new one starts from its own progress', () => {
    const first = shownFor([analyzingView(preparing('eq', 100), null), null, analyzingView(preparing('preparing', 0), null)]);
    expect(first.map((view) => view?.percent ?? null)).toEqual([99, null, 0]);
    const [prepared, bouncing] = shownFor([analyzingView(preparing('eq', 50), null), analyzingView(null, bounce(10))]);
    expect(prepared!.kind).toBe('preparation');
    expect(bouncing).toMatchObject({ kind: 'bounce', percent: 10 });
  });

  it('when a bounce reports 100 % and is not processed yet, then it is finishing at 99 %; its percent never falls back', () => {
    expect(stepOf(analyzingView(null, bounce(100))!).message).toBe('Finishing your master…');
    expect(analyzingView(null, bounce(100))!.percent).toBe(99);
    expect(stepOf(analyzingView(null, bounce(99))!).message).toBe('Finishing your master…');
    expect(stepOf(analyzingView(null, bounce(40))!).message).toBe('Bouncing: {percent} %');
    expect(shownFor([bounce(95), bounce(30), bounce(98)].map((b) => analyzingView(null, b))).map((view) => view!.percent)).toEqual([95, 95, 98]);
  });

  it('when the job waits in line, then the overlay says how many are ahead, and that it is next when nobody is', () => {
    const view = analyzingView({ ...preparing('preparing', 0), queuePosition: 3 }, null)!;
    expect(stepOf(view).message).toBe('Waiting in line: {ahead} ahead of you');
    expect(stepOf(view).values).toEqual({ ahead: 2 });
    expect(stepOf(analyzingView(preparing('preparing', 0), null)!).message).toBe('Preparing your track');
    expect(stepOf(analyzingView(null, { ...bounce(0), queuePosition: 1 })!).message).toBe('You are next: this starts as soon as a running job finishes');
  });
});
