export { addPaymentMethod, clientToken, pay, priceInfo, reconcilePendingPayments, removePaymentMethod, savedPaymentMethods } from './payments.service.js';
export { installPaymentGateway, paymentGatewayOf } from './gateway/gateway-of.js';
export { createLocalGateway, LOCAL_CLIENT_TOKEN_PREFIX } from './gateway/local-gateway.js';
export type { PaymentGateway, SaleRequest, SaleResult, SavedPaymentMethod } from './gateway/payment-gateway.js';
export { paymentsRouter } from './payments.trpc.js';
export { paymentsRest } from './payments.rest.js';
export { paymentsGraphql } from './payments.graphql.js';
export { albumPriceInfo, payAlbum } from './album-purchase.service.js';
export * from './payments.schemas.js';
// The whole file is the charge side of the distribution subscription, which that module drives.
export * from './subscription-charges.js';
export { installSubscriptionBilling, subscriptionBillingOf, createLocalSubscriptions, type SubscriptionBilling, type RenewalResult } from './gateway/subscription-billing.js';
export { createLocalVault } from './gateway/local-vault.js';
export { billingConfigFor } from './gateway/gateway-of.js';
export { declineKeyOf, describeGatewayAnswer, type GatewayAnswer } from './gateway/decline-reasons.js';
