/** The royalty screens as one on-demand chunk (app/route-chunks.ts). */
export { AnalyticsPage } from './analytics-page.js';
export { PaymentsPage } from './payments-page.js';
export { ConfirmPayoutAddressPage } from './confirm-payout-address-page.js';
