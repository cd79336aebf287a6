import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

// The toaster is not needed for the first paint, nor while the page loads: it mounts at the
// visitor's first interaction, or once the page has been idle for a while (a toast raised before
// that is kept by react-hot-toast's store and shown when it mounts).
const AppToaster = lazy(() => import('./toaster.tsx'));

const INTERACTIONS = ['pointerdown', 'keydown', 'scroll'] as const;
const TOASTER_IDLE_MS = 10_000;

function useToasterWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    for (const type of INTERACTIONS) window.addEventListener(type, want, { once: true, passive: true });
    const timer = setTimeout(want, TOASTER_IDLE_MS);
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, want);
      clearTimeout(timer);
    };
  }, []);
  return wanted;
}

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const toasterWanted = useToasterWanted();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {toasterWanted && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
