import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@celebstyle/contracts';
import { apiGet } from './api-client.ts';

/** GET /api/site-config (answered by the gateway): run-time settings, never baked into the bundle. */
export function getSiteConfig(signal?: AbortSignal): Promise<SiteConfig> {
  return apiGet<SiteConfig>('/site-config', undefined, signal);
}

export const getSiteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['site-config'],
    queryFn: ({ signal }) => getSiteConfig(signal),
    staleTime: Infinity,
  });

export function useSiteConfig() {
  return useQuery(getSiteConfigQueryOptions());
}
