import type { Env } from '../../platform/env.js';
import type { TPublicConfig } from './site.schemas.js';

export function publicConfig(env: Env): TPublicConfig {
  const braintree = Boolean(env.BRAINTREE_MERCHANT_ID && env.BRAINTREE_PUBLIC_KEY && env.BRAINTREE_PRIVATE_KEY);
  return {
    mediaUrl: env.MEDIA_PUBLIC_URL,
    paymentMode: braintree ? 'braintree' : 'local',
    features: { distribution: env.FEATURE_DISTRIBUTION, blog: env.FEATURE_BLOG },
    noticeBanner: env.NOTICE_BANNER_TEXT ?? null,
  };
}
