import type { AdminRecord, LoginAnswer } from '@celebstyle/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { adminRequest, ApiError } from './api-client.ts';
import { tokenStore } from './token-store.ts';

type SessionState =
  { status: 'checking' } | { status: 'signed-out' } | { status: 'signed-in'; admin: AdminRecord };

interface Session {
  state: SessionState;
  login(username: string, password: string): Promise<void>;
  logout(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() =>
    tokenStore.access() ? { status: 'checking' } : { status: 'signed-out' },
  );

  // admin.md §4: at start, if tokens exist, the profile is fetched; if that fails, the user is logged out.
  useEffect(() => {
    if (state.status !== 'checking') return;
    adminRequest<AdminRecord | { admin: AdminRecord }>('/admin/auth/profile')
      .then((body) => setState({ status: 'signed-in', admin: 'admin' in body ? body.admin : body }))
      .catch(() => {
        tokenStore.clear();
        setState({ status: 'signed-out' });
      });
  }, [state.status]);

  const login = useCallback(async (username: string, password: string) => {
    const res = await fetch('/api/admin/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const body = (await res.json().catch(() => null)) as
      (Partial<LoginAnswer> & { message?: string; code?: string }) | null;
    if (!res.ok || !body?.accessToken || !body.admin) {
      throw new ApiError(res.status, body?.message ?? 'Login failed. Please try again.', body?.code ?? null);
    }
    tokenStore.save(body.accessToken, body.refreshToken);
    setState({ status: 'signed-in', admin: body.admin });
  }, []);

  const logout = useCallback(async () => {
    await adminRequest('/admin/auth/logout', {
      method: 'POST',
      body: JSON.stringify({ refreshToken: tokenStore.refresh() }),
    }).catch(() => undefined);
    tokenStore.clear();
    setState({ status: 'signed-out' });
  }, []);

  const value = useMemo(() => ({ state, login, logout }), [state, login, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
