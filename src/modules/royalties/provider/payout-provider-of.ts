import type { Platform } from '../../../platform/context.js';
import type { Env } from '../../../platform/env.js';
import type { Logger } from '../../../platform/log.js';
import type { TPayments } from '../royalties.schemas.js';
import { createLocalPayoutProvider } from './local-payout-provider.js';
import type { PayoutProvider } from './payout-provider.js';
import { createPayPalPayoutProvider } from './paypal-payout-provider.js';

type PayoutEnv = Pick<Env, 'PAYOUT_PROVIDER' | 'PAYPAL_API_BASE' | 'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET' | 'PAYPAL_FEE_PERCENT' | 'PAYPAL_FEE_MAX' | 'DATA_DIR'>;

const providers = new WeakMap<PayoutEnv, PayoutProvider>();

/** The payouts provider PAYOUT_PROVIDER names, one per configuration (PayPal's token is reused while valid). */
export function payoutProviderOf(env: PayoutEnv): PayoutProvider {
  const known = providers.get(env);
  if (known) return known;
  const provider = createProvider(env);
  providers.set(env, provider);
  return provider;
}

/** The environment check made sure PayPal's keys are there. */
function createProvider(env: PayoutEnv): PayoutProvider {
  if (env.PAYOUT_PROVIDER === 'paypal') {
    return createPayPalPayoutProvider({
      apiBase: env.PAYPAL_API_BASE,
      clientId: env.PAYPAL_CLIENT_ID!,
      clientSecret: env.PAYPAL_CLIENT_SECRET!,
      feePercent: env.PAYPAL_FEE_PERCENT,
      feeMaxMinor: Math.round(env.PAYPAL_FEE_MAX * 100),
    });
  }
  return createLocalPayoutProvider(env.DATA_DIR);
}

/** The threshold and the fee, as the payments screen shows them before anything is paid. */
export function payoutRulesOf(env: Pick<Env, 'PAYOUT_PROVIDER' | 'PAYOUT_MIN' | 'PAYPAL_FEE_PERCENT' | 'PAYPAL_FEE_MAX'>): TPayments['rules'] {
  const paypal = env.PAYOUT_PROVIDER === 'paypal';
  return {
    provider: env.PAYOUT_PROVIDER,
    minMinor: Math.round(env.PAYOUT_MIN * 100),
    feePercent: paypal ? env.PAYPAL_FEE_PERCENT : 0,
    feeMaxMinor: paypal ? Math.round(env.PAYPAL_FEE_MAX * 100) : 0,
  };
}

/** What a payout run through the running product needs: its provider, threshold, mailer and address. */
export function payoutContextOf(platform: Pick<Platform, 'db' | 'env' | 'mailer'>, log: Pick<Logger, 'error'>) {
  return { db: platform.db, provider: payoutProviderOf(platform.env), payoutMin: platform.env.PAYOUT_MIN, mailer: platform.mailer, publicUrl: platform.env.PUBLIC_URL, log };
}
