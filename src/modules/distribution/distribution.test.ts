import { describe, expect, it } from 'vitest';
import { artistProblems, labelProblems, participantProblems, setupProblems } from './distribution.schemas.js';
import { addMonths, subscriptionActive } from './subscription.service.js';

describe('subscription periods', () => {
  it('when a year is added, then the calendar day is kept, and 29 February becomes 28 February', () => {
    expect(addMonths(new Date('2026-03-15T10:00:00Z'), 12).toISOString()).toBe('2027-03-15T10:00:00.000Z');
    expect(addMonths(new Date('2028-02-29T08:30:00Z'), 12).toISOString()).toBe('2029-02-28T08:30:00.000Z');
  });

  it('when a month is added to the 31st, then it ends on the last day of the shorter month', () => {
    expect(addMonths(new Date('2027-01-31T00:00:00Z'), 1).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2027-12-31T00:00:00Z'), 2).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('when the status and dates vary, then the add-on is on while paid, in grace, or canceled within the paid period', () => {
    const now = new Date('2027-06-01T00:00:00Z');
    const before = new Date('2027-05-01T00:00:00Z');
    const after = new Date('2027-07-01T00:00:00Z');
    expect(subscriptionActive({ status: 'active', current_period_end: before, grace_until: null }, now)).toBe(true);
    expect(subscriptionActive({ status: 'past_due', current_period_end: before, grace_until: after }, now)).toBe(true);
    expect(subscriptionActive({ status: 'past_due', current_period_end: before, grace_until: before }, now)).toBe(false);
    expect(subscriptionActive({ status: 'canceled', current_period_end: after, grace_until: null }, now)).toBe(true);
    expect(subscriptionActive({ status: 'canceled', current_period_end: before, grace_until: null }, now)).toBe(false);
    expect(subscriptionActive({ status: 'ended', current_period_end: after, grace_until: null }, now)).toBe(false);
  });
});

describe('distribution rules shared by the dialogs and the service', () => {
  it('when an artist is created or renamed, then the name is required and unique without case, and only creating needs a country', () => {
    const others = [{ name: 'Erika' }];
    expect(artistProblems({ name: ' ', country: 'US' }, others, true)).toEqual(['distribution.nameRequired']);
    expect(artistProblems({ name: 'ERIKA ', country: 'US' }, others, true)).toEqual(['distribution.nameNotUnique']);
    expect(artistProblems({ name: 'Max', country: '' }, others, true)).toEqual(['distribution.countryRequired']);
    expect(artistProblems({ name: 'Max', country: 'ZZ' }, others, true)).toEqual(['distribution.countryRequired']);
    expect(artistProblems({ name: 'Max' }, others, false)).toEqual([]);
    expect(artistProblems({ name: 'Max', country: 'de' }, others, true)).toEqual([]);
  });

  it('when a participant is checked, then every problem is listed', () => {
    expect(participantProblems({ name: '', email: '' }, [])).toEqual(['distribution.nameRequired', 'distribution.participantPayPalEmailRequired']);
    expect(participantProblems({ name: 'max', email: 'max@example' }, [{ name: 'Max' }])).toEqual(['distribution.nameNotUnique', 'global.message.invalidEmail']);
    expect(participantProblems({ name: 'Max', email: ' max@example.com ' }, [])).toEqual([]);
  });

  it('when the label or the initial form is checked, then blank names and a bad e-mail are refused', () => {
    expect(labelProblems({ name: '  ' })).toEqual(['distribution.nameRequired']);
    const form = { artistName: 'A', artistCountry: 'US', participantName: 'P', participantPayPalEmail: 'p@example.com', labelName: 'L' };
    expect(setupProblems(form)).toEqual([]);
    expect(setupProblems({ ...form, labelName: '' })).toEqual(['distribution.nameRequired']);
    expect(setupProblems({ ...form, participantPayPalEmail: 'nope' })).toEqual(['global.message.invalidEmail']);
  });
});
