import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

// The toaster is not needed for the first paint: it mounts once the page is idle (a toast raised
// before that is kept by react-hot-toast's store and shown when it mounts).
const AppToaster = lazy(() => import('./toaster.tsx'));

function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(done, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(done, 1500);
    return () => clearTimeout(timer);
  }, []);
  return idle;
}

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const idle = useIdle();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {idle && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
