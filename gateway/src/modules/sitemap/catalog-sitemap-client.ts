import type { SitemapPosts, SitemapProfiles, SitemapSummary } from '@celebstyle/contracts';
import { AppError } from '@celebstyle/service-kit';
import { ErrorCode } from '@celebstyle/contracts';

/** The catalog's internal sitemap reads (services/catalog, routes/sitemap), straight to the service. */
export function catalogSitemapClient(catalogUrl: string, timeoutMs: number, perFile: number) {
  async function read<T>(path: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(new URL(path, catalogUrl), { signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new AppError(503, ErrorCode.serviceUnavailable, 'The sitemap is not available right now');
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new AppError(503, ErrorCode.serviceUnavailable, 'The sitemap is not available right now');
    }
    return (await res.json()) as T;
  }
  return {
    summary: () => read<SitemapSummary>('/internal/sitemap/summary'),
    profiles: () => read<SitemapProfiles>('/internal/sitemap/profiles'),
    posts: (file: number) => read<SitemapPosts>(`/internal/sitemap/posts?file=${file}&size=${perFile}`),
  };
}
