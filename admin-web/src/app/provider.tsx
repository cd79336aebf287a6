import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppToaster } from '../components/toaster.tsx';
import { SessionProvider } from '../lib/session.tsx';

/**
 * Everything the screens share: server state (TanStack Query, the client the router's loaders
 * prefetch into), the session, the toasts.
 */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {children}
        <AppToaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
