import { BUYING_OPTIONS } from '../pricing/buying-options.js';

export type OptionNumber = 0 | 1 | 2;

/**
 * Spec §1 and decisions.md ("Audio"): the option only goes up. Every owner owns option 0; a
 * master that does not exist yet owns nothing but 0 either. An option at or below the owned one
 * downloads; a higher one opens checkout.
 */
export function actionFor(option: OptionNumber, ownedOption: number | null): 'download' | 'checkout' {
  return option <= (ownedOption ?? 0) ? 'download' : 'checkout';
}

/** What moving up to `option` costs, before coupon and VAT: the difference to the owned option. */
export function upgradeCostOf(option: OptionNumber, ownedOption: number | null): number {
  const owned = Math.max(0, Math.min(2, ownedOption ?? 0));
  const cents = Math.round(priceOf(option) * 100) - Math.round(priceOf(owned as OptionNumber) * 100);
  return Math.max(0, cents) / 100;
}

export function priceOf(option: OptionNumber): number {
  return BUYING_OPTIONS.find((entry) => entry.option === option)?.price ?? 0;
}

export const isOptionNumber = (value: number): value is OptionNumber => value === 0 || value === 1 || value === 2;
