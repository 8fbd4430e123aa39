import { vatCentsOf } from '../../../../src/modules/pricing/pricing.constants.js';
import type { TShownPrices } from '../../../../src/modules/pricing/pricing.schemas.js';
import { trpc } from '../../lib/trpc.js';
import { useAuthStatus } from '../auth/index.js';

/**
 * The visitor's country as the browser's languages tell it (the region of "de-AT", "fr-FR"), or
 * nothing when none names a region. The server takes a signed-in caller's invoice address instead.
 */
export function countryGuess(languages: readonly string[] = navigator.languages ?? [navigator.language]): string | undefined {
  for (const tag of languages) {
    const region = tag.split('-').slice(1).find((part) => /^[A-Za-z]{2}$/.test(part));
    if (region) return region.toUpperCase();
  }
  return undefined;
}

/**
 * The prices with VAT as this caller should see them (the server's pricing.shownPrices, the one
 * VAT rule): gross "incl. VAT" for EU consumers, net "excl. VAT" for businesses with a VAT id.
 */
export function useShownPrices() {
  const country = countryGuess();
  // A session being restored decides by its invoice address: asking before would answer for a visitor.
  const restoring = useAuthStatus() === 'restoring';
  return trpc.pricing.shownPrices.useQuery(country ? { country } : undefined, { staleTime: 5 * 60_000, enabled: !restoring });
}

/**
 * A net amount (an upgrade's difference, say) as the basis shows it: with its VAT added for a
 * consumer, rounded once as checkout rounds it, else as it is.
 */
export function shownAmountOf(prices: Pick<TShownPrices, 'basis' | 'vatRate'>, net: number): number {
  if (prices.basis !== 'inclVat') return net;
  const cents = Math.round(net * 100);
  return (cents + vatCentsOf(cents, Math.round(prices.vatRate * 100))) / 100;
}
