import { useSiteConfig } from '../../lib/site-config.js';

/** FEATURE_BLOG (GET /api/config): false until the config is known, so nothing flashes up and goes. */
export function useBlogEnabled(): boolean {
  return useSiteConfig().data?.features.blog ?? false;
}
