import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // staff expect what they changed a moment ago: answers are fresh for 30 s only
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // a 4xx is an answer (and a 401 has had its refresh already): retry network and 5xx failures, once
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
