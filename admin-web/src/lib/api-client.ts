import type { ErrorBody, RefreshAnswer } from '@celebstyle/contracts';
import { API_BASE } from '../config/constants.ts';
import { reportAnswer, reportNoAnswer } from './connection.ts';
import { refreshUnderLock } from './token-refresh-lock.ts';
import { tokenStore } from './token-store.ts';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** The error answer's `code` (contracts' ErrorCode), when it had one. */
    public readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** Called when the session is lost for good (refresh failed): the app sends the user to /admin/login. */
let onSessionLost: () => void = () => {};
export function setSessionLostHandler(handler: () => void) {
  onSessionLost = handler;
}

async function refreshTokens(): Promise<boolean> {
  const refreshToken = tokenStore.refresh();
  if (!refreshToken) return false;
  const res = await fetch(`${API_BASE}/admin/auth/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  }).catch(() => null);
  if (!res?.ok) return false;
  const body = (await res.json()) as RefreshAnswer;
  tokenStore.save(body.accessToken, body.refreshToken);
  return true;
}

/**
 * The refresh under way, shared by every request of this tab that met a 401 meanwhile. Refresh
 * tokens rotate and the accounts service treats a second use of the same one as theft (it ends the
 * session), so concurrent 401s must wait for one refresh instead of each sending the same refresh
 * token; other tabs wait on the same Web Lock and take the tokens this one stored.
 */
let refreshing: Promise<boolean> | null = null;

function refreshOnce(): Promise<boolean> {
  refreshing ??= refreshUnderLock(tokenStore.access(), refreshTokens)
    .then((ok) => {
      if (!ok) {
        // cleared and reported once, however many requests were waiting for this refresh
        tokenStore.clear();
        onSessionLost();
      }
      return ok;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function send(path: string, init: RequestInit, token: string | null): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (init.body) headers.set('content-type', 'application/json');
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { ...init, headers });
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) reportNoAnswer();
    throw error;
  }
  reportAnswer();
  return res;
}

/**
 * admin.md §4 Session: a 401 triggers one refresh attempt for that request, then one retry with the
 * new token; if the refresh fails the tokens are cleared and the user goes to the login page.
 * Answers the Response as it came, ok or not: for calls whose answer is not JSON (a CSV download).
 */
export async function adminFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const sentWith = tokenStore.access();
  const res = await send(path, init, sentWith);
  if (res.status !== 401) return res;
  // Another request may already have refreshed since this one was sent: retry with that token.
  const current = tokenStore.access();
  const fresh = current && current !== sentWith ? true : await refreshOnce();
  return fresh ? send(path, init, tokenStore.access()) : res;
}

/** A JSON call through adminFetch; a failure throws an ApiError. */
export async function adminRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await adminFetch(path, init);
  if (!res.ok) {
    // admin.md §8: the message from the response's error field, otherwise the HTTP error status.
    const body = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
    throw new ApiError(res.status, body?.message ?? body?.error ?? `Error: ${res.status}`);
  }
  return (await res.json()) as T;
}
