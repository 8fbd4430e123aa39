import type { Platform } from '../../../platform/context.js';
import type { DistributionProvider } from './distribution-provider.js';
import { createLocalProvider } from './local-provider.js';

const providers = new WeakMap<Platform['env'], DistributionProvider>();

/** The platform's distributor, chosen by DISTRIBUTION_PROVIDER once. */
export function distributionProviderOf(platform: Pick<Platform, 'env'>): DistributionProvider {
  let provider = providers.get(platform.env);
  if (!provider) {
    switch (platform.env.DISTRIBUTION_PROVIDER) {
      case 'local':
        provider = createLocalProvider();
        break;
    }
    providers.set(platform.env, provider);
  }
  return provider;
}
