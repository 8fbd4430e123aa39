import type { Platform } from '../../../platform/context.js';
import type { DistributionProvider } from './distribution-provider.js';
import { createLocalProvider } from './local-provider.js';

const providers = new WeakMap<Platform['env'], DistributionProvider>();

/**
 * The platform's distributor, chosen by DISTRIBUTION_PROVIDER once. Accounts, artists, labels and
 * participants stay in the product's database with every provider: the sftp provider differs only
 * in how releases reach the stores (the releases module).
 */
export function distributionProviderOf(platform: Pick<Platform, 'env'>): DistributionProvider {
  let provider = providers.get(platform.env);
  if (!provider) {
    switch (platform.env.DISTRIBUTION_PROVIDER) {
      case 'local':
      case 'sftp':
        provider = createLocalProvider();
        break;
    }
    providers.set(platform.env, provider);
  }
  return provider;
}
