import { takeEarlyAnswer } from './early-answers.ts';

/**
 * One fetch wrapper for the public API (storefront.md §7: everything under /api, no auth).
 * storefront.md §8: any non-OK response is raised as 'Error: {status}'.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's own message of a refused (4xx) request, e.g. 'Please enter a valid email address'. */
    readonly serverMessage?: string,
    /** Seconds from the Retry-After header of a 429 or 503, when the server sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`Error: ${status}`);
    this.name = 'ApiError';
  }
}

/** The server's message of a refused (4xx) request, if it sent one (storefront.md §8: "shows the message"). */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/**
 * Reads the answer whatever its status: an error body left unread keeps the request open in the
 * browser (and its connection out of the pool). A 4xx keeps the server's message; a 5xx never
 * shows its text.
 */
async function readAnswer<T>(res: Response): Promise<T> {
  const answer = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const message = (answer as { message?: unknown } | null)?.message;
    const retryAfter = Number(res.headers.get('retry-after') ?? NaN);
    throw new ApiError(
      res.status,
      res.status < 500 && typeof message === 'string' ? message : undefined,
      Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
    );
  }
  return answer as T;
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

/** How a server render reads the API: a relative /api URL has no origin to go to there. */
export type ServerApiFetch = (url: string) => Promise<Response>;
let serverApiFetch: ServerApiFetch | null = null;

/** Set once by the server renderer (entry-server.tsx); the browser never calls it. */
export function setServerApiFetch(fetchApi: ServerApiFetch): void {
  serverApiFetch = fetchApi;
}

export async function apiGet<T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<T> {
  const url = buildUrl(path, params);
  const res = await (serverApiFetch?.(url) ??
    takeEarlyAnswer(url) ??
    fetch(url, { signal, headers: { accept: 'application/json' } }));
  return readAnswer<T>(res);
}

export async function apiPost<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const res = await fetch(buildUrl(path), {
    method: 'POST',
    signal,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return readAnswer<T>(res);
}

/** storefront.md §8: an aborted request is ignored. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Marks a query whose failure leaves nothing of its page to show (a product, a profile, the Fashion
 * listing): when such a query fails on the server with a 5xx or no answer, the page is answered as
 * the error page with a 5xx status. Other queries fail inside their page as in the browser (the
 * home sections' sample data, a section's retry panel).
 */
export const CRITICAL_QUERY_META = { critical: true } as const;

export function isCriticalQuery(meta: Record<string, unknown> | undefined): boolean {
  return meta?.critical === true;
}
