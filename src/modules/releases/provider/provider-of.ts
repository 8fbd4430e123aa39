import type { Platform } from '../../../platform/context.js';
import { createLocalReleaseProvider } from './local-release-provider.js';
import type { ReleaseProvider } from './release-provider.js';
import { createSftpReleaseProvider } from './sftp-release-provider.js';

const providers = new WeakMap<Platform['env'], ReleaseProvider>();

/** The platform's distributor for releases, chosen by DISTRIBUTION_PROVIDER once. */
export function releaseProviderOf(platform: Pick<Platform, 'env' | 'storage'>): ReleaseProvider {
  let provider = providers.get(platform.env);
  if (!provider) {
    switch (platform.env.DISTRIBUTION_PROVIDER) {
      case 'local':
        provider = createLocalReleaseProvider(platform);
        break;
      case 'sftp':
        provider = createSftpReleaseProvider(platform);
        break;
    }
    providers.set(platform.env, provider);
  }
  return provider;
}

/**
 * Puts another provider in place for this platform: tests use it to stand in a distributor that
 * fails (album creation retries, cancel ignoring failures).
 */
export function useReleaseProvider(platform: Pick<Platform, 'env'>, provider: ReleaseProvider): void {
  providers.set(platform.env, provider);
}
