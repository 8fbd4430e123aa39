/**
 * Dialogs in on-demand chunks (the home page's first load leaves them out).
 * - The sign-in, style details and prices dialogs open from the home page: fetched once it is idle (HOME_DIALOGS in
 *   dialogs-host.tsx), so they are there when the visitor asks for them.
 * - The others open only from pages that load on demand: each such page fetches them with its own
 *   chunk (route-chunks.ts).
 */
export const loadAuthDialogs = () => import('../features/auth/components/auth-dialogs.js');
export const loadStyleDetailsDialog = () => import('../features/catalogue/components/style-details-dialog.js');
export const loadPricesDialog = () => import('../features/pricing/components/prices-dialog.js');
export const loadFreePluginDialog = () => import('../features/pricing/components/free-plugin-dialog.js');
export const loadCheckoutTrackDialog = () => import('../features/checkout/components/checkout-track-dialog.js');
export const loadMasterDialogs = () => import('../features/masters/components/master-dialogs.js');
export const loadPlayerExpiredDialog = () => import('../features/player/components/player-expired-dialog.js');
export const loadDistributionDialogs = () => import('../features/distribution/components/distribution-dialogs.js');
