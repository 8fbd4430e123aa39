import type { Platform } from '../../../platform/context.js';
import { billingConfigOf, type BillingConfig } from '../../pricing/index.js';
import { braintreeConfigured, createBraintreeGateway } from './braintree-gateway.js';
import { createDatabaseLedger, createLocalGateway } from './local-gateway.js';
import { createLocalVault } from './local-vault.js';
import type { PaymentGateway } from './payment-gateway.js';

const gateways = new WeakMap<Platform['env'], PaymentGateway>();
const billing = new WeakMap<Platform['env'], BillingConfig>();

/** The platform's gateway, built once from its configuration: Braintree when its keys are set. */
export function paymentGatewayOf(platform: Pick<Platform, 'env' | 'log'> & Partial<Pick<Platform, 'db'>>): PaymentGateway {
  let gateway = gateways.get(platform.env);
  if (!gateway) {
    gateway = braintreeConfigured(platform.env) ? createBraintreeGateway(platform.env, platform.log) : platform.db
        ? createLocalGateway(createLocalVault(platform.db), createDatabaseLedger(platform.db))
        : createLocalGateway();
    gateways.set(platform.env, gateway);
  }
  return gateway;
}

/** Puts another gateway in place for a platform (tests count charges through this). */
export function installPaymentGateway(platform: Pick<Platform, 'env'>, gateway: PaymentGateway): void {
  gateways.set(platform.env, gateway);
}

export function billingConfigFor(platform: Pick<Platform, 'env'>): BillingConfig {
  let config = billing.get(platform.env);
  if (!config) {
    config = billingConfigOf(platform.env);
    billing.set(platform.env, config);
  }
  return config;
}
