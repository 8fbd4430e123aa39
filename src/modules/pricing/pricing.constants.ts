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
