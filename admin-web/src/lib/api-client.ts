import { API_BASE } from '../config/constants.ts';
import { tokenStore } from './token-store.ts';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
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
  });
  if (!res.ok) return false;
  const body = (await res.json()) as { accessToken: string; refreshToken?: string };
  tokenStore.save(body.accessToken, body.refreshToken);
  return true;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  const token = tokenStore.access();
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${API_BASE}${path}`, { ...init, headers });
}

/**
 * admin.md §4 Session: a 401 triggers one refresh attempt for that request; if the refresh fails the
 * tokens are cleared and the user goes to the login page.
 */
export async function adminRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  let res = await send(path, init);
  if (res.status === 401) {
    if (await refreshTokens()) {
      res = await send(path, init);
    } else {
      tokenStore.clear();
      onSessionLost();
    }
  }
  if (!res.ok) {
    // admin.md §8: the message from the response's error field, otherwise the HTTP error status.
    const body = (await res.json().catch(() => null)) as { message?: string; error?: string } | null;
    throw new ApiError(res.status, body?.message ?? body?.error ?? `Error: ${res.status}`);
  }
  return (await res.json()) as T;
}
