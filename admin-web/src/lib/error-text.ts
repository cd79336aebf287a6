import { ApiError } from './api-client.ts';

/**
 * The server's own explanation of a refusal (admin.md §8): the message of a 4xx, e.g. 'Dorit Kemsley
 * still has 75 posts: reassign or delete them first'. Null for anything else: a 5xx hides its cause,
 * and a 401 that reaches a screen means the session is gone (the user is on the way to sign-in).
 */
export function serverMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.message || null;
  }
  return null;
}

/** The text a screen shows for a failed call: the server's message, else the screen's fallback. */
export function errorText(fallback: string, error: unknown): string {
  return serverMessage(error) ?? fallback;
}
