import { ApiError, buildUrl } from '../../../lib/api-client.ts';

/**
 * Like the shared client, but a refused request keeps the server's message (storefront.md §8:
 * "failure shows the message"), e.g. 'Please enter a valid email address' or an expired link.
 */
export async function sendJson<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(buildUrl(path), {
    method,
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => null)) as { message?: unknown } | null;
  if (!res.ok) {
    const message = res.status < 500 && typeof answer?.message === 'string' ? answer.message : undefined;
    throw new ApiError(res.status, message);
  }
  return answer as T;
}

/** The server's message of a refused request (4xx), if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status < 500 && !error.message.startsWith('Error: '))
    return error.message;
  return undefined;
}
