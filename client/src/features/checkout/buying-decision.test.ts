import { describe, expect, it } from 'vitest';
import { actionFor } from './buying-decision.js';

describe('the option only goes up', () => {
  it('when an option is at or below the owned one, then it downloads', () => {
    expect(actionFor(0, 0)).toBe('download');
    expect(actionFor(0, 2)).toBe('download');
    expect(actionFor(1, 1)).toBe('download');
    expect(actionFor(1, 2)).toBe('download');
    expect(actionFor(2, 2)).toBe('download');
  });

  it('when an option is above the owned one, then it opens checkout', () => {
    expect(actionFor(1, 0)).toBe('checkout');
    expect(actionFor(2, 0)).toBe('checkout');
    expect(actionFor(2, 1)).toBe('checkout');
  });

  it('when no master exists yet, then only the free option downloads (every owner owns option 0)', () => {
    expect(actionFor(0, null)).toBe('download');
    expect(actionFor(1, null)).toBe('checkout');
    expect(actionFor(2, null)).toBe('checkout');
  });
});
