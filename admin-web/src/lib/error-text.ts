import { ApiError } from './api-client.ts';

/**
 * The text a screen shows for a failed call (admin.md §8): the server's own message for a refusal
 * it explained (a 4xx, e.g. 'Dorit Kemsley still has 75 posts: reassign or delete them first'),
 * else the screen's fallback ('Failed to delete celebrity').
 */
export function errorText(fallback: string, error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.message || fallback;
  }
  return fallback;
}
