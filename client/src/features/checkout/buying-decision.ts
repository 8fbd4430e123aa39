export type OptionNumber = 0 | 1 | 2;

/**
 * The option only goes up. Every owner owns option 0; a
 * master that does not exist yet owns nothing but 0 either. An option at or below the owned one
 * downloads; a higher one opens checkout.
 */
export function actionFor(option: OptionNumber, ownedOption: number | null): 'download' | 'checkout' {
  return option <= (ownedOption ?? 0) ? 'download' : 'checkout';
}
