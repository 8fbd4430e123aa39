import { useQuery } from '@tanstack/react-query';
import type { TPublicConfig } from '../../../src/modules/site/site.schemas.js';
import { useApiFetch } from './api-fetch.js';

/** GET /api/config: media address, payment mode, features, notice banner. */
export function useSiteConfig() {
  const apiFetch = useApiFetch();
  return useQuery({
    queryKey: ['site-config'],
    queryFn: async ({ signal }): Promise<TPublicConfig> => {
      const response = await apiFetch('/api/config', { signal, headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error('global.error.server');
      return (await response.json()) as TPublicConfig;
    },
    staleTime: 5 * 60_000,
  });
}
