import type { Env } from '../../platform/env.js';
import { billingConfigOf } from '../pricing/index.js';
import type { TPublicConfig } from './site.schemas.js';

export function publicConfig(env: Env): TPublicConfig {
  const braintree = Boolean(env.BRAINTREE_MERCHANT_ID && env.BRAINTREE_PUBLIC_KEY && env.BRAINTREE_PRIVATE_KEY);
  return {
    mediaUrl: env.MEDIA_PUBLIC_URL,
    paymentMode: braintree ? 'braintree' : 'local',
    features: { distribution: env.FEATURE_DISTRIBUTION, blog: env.FEATURE_BLOG },
    noticeBanner: env.NOTICE_BANNER_TEXT ?? null,
    video: env.HOME_VIDEO_URL ? { embedUrl: env.HOME_VIDEO_URL, host: new URL(env.HOME_VIDEO_URL).hostname } : null,
    seller: { ...billingConfigOf(env).seller, contactEmail: contactEmailOf(env) },
    pluginBundleUrl: env.PLUGIN_BUNDLE_URL ?? null,
    analytics: env.ANALYTICS_URL ? { endpoint: env.ANALYTICS_URL, site: env.ANALYTICS_SITE ?? new URL(env.PUBLIC_URL).host } : null,
  };
}

/**
 * Third-party origins the page may reach, for the Content-Security-Policy: exactly the configured
 * video host (frames) and analytics endpoint (connections), nothing when they are not configured.
 */
export function configuredThirdPartyOrigins(env: Env): { frame: string[]; connect: string[] } {
  return {
    frame: env.HOME_VIDEO_URL ? [new URL(env.HOME_VIDEO_URL).origin] : [],
    connect: env.ANALYTICS_URL ? [new URL(env.ANALYTICS_URL).origin] : [],
  };
}

/** CONTACT_EMAIL, else the address inside MAIL_FROM (`Name <address>` or a bare address). */
function contactEmailOf(env: Env): string {
  if (env.CONTACT_EMAIL) return env.CONTACT_EMAIL;
  return /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM.trim();
}
