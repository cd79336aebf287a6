import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../src/lib/query-client.ts';
import { SessionProvider } from '../src/lib/session.tsx';

/**
 * The app's query client (its freshness, which decides whether a screen asks again for what its
 * loader prefetched) without retries, so a failed call shows its error at once.
 */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  const { queries } = client.getDefaultOptions();
  client.setDefaultOptions({ queries: { ...queries, retry: false }, mutations: { retry: false } });
  return client;
}

/**
 * What the app wraps every screen in (src/app/provider.tsx), with a fresh query cache per render
 * unless the test hands one in (the router's loaders prefetch into the cache the screens read).
 */
export function TestProviders({ queryClient, children }: { queryClient?: QueryClient; children: ReactNode }) {
  const [client] = useState(
    () =>
      queryClient ??
      new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>{children}</SessionProvider>
    </QueryClientProvider>
  );
}
