/**
 * The product's social media profiles for the footer. Empty until the real profiles are
 * known: the footer shows no links rather than invented ones. Add `{ label, href }` entries here.
 */
export const SOCIAL_LINKS: readonly { label: string; href: string }[] = [];
