import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import {
  TOAST_DURATION_BLANK_MS,
  TOAST_DURATION_ERROR_MS,
  TOAST_DURATION_LOADING_MS,
  TOAST_DURATION_SUCCESS_MS,
} from '../config/constants.ts';

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* storefront.md §9 toast durations: blank 4 s, error 4 s, success 2 s, loading unlimited */}
      <Toaster
        position="top-center"
        toastOptions={{
          blank: { duration: TOAST_DURATION_BLANK_MS },
          error: { duration: TOAST_DURATION_ERROR_MS },
          success: { duration: TOAST_DURATION_SUCCESS_MS },
          loading: { duration: TOAST_DURATION_LOADING_MS },
        }}
      />
    </QueryClientProvider>
  );
}
