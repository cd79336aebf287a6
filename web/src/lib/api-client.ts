/**
 * One fetch wrapper for the public API (storefront.md §7: everything under /api, no auth).
 * storefront.md §8: any non-OK response is raised as 'Error: {status}'.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message = `Error: ${status}`,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export function buildUrl(path: string, params?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

export async function apiGet<T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<T> {
  const res = await fetch(buildUrl(path, params), { signal, headers: { accept: 'application/json' } });
  if (!res.ok) throw new ApiError(res.status);
  return (await res.json()) as T;
}

export async function apiPost<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const res = await fetch(buildUrl(path), {
    method: 'POST',
    signal,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new ApiError(res.status);
  return (await res.json()) as T;
}

/** storefront.md §8: an aborted request is ignored. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
