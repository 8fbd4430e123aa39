/**
 * Plain values of pricing, without zod, so the home page's first load can show prices without the
 * schema library; pricing.schemas.ts re-exports them and prices with them.
 */

/**
 * The price list, in integer cents; the same figures apply in USD and EUR. Shared
 * with the client so it shows exactly what the server charges (pricing.config.ts prices with it).
 */
export const LIST_PRICE_CENTS = [0, 299, 699] as const;

/** The price box's quality master: 10, with 17.99 struck through. */
export const PRICE_BOX_CENTS = { price: 1000, listPrice: 1799 } as const;

/**
 * VAT on a net amount: cents x basis points is exact in integers, then one rounding, half up. The
 * one definition: invoices (totalsFor) charge it and the SPA shows prices with it.
 */
export function vatCentsOf(netCents: number, rateBp: number): number {
  return Math.floor((netCents * rateBp + 5000) / 10000);
}
