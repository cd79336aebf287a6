import type { ErrorBody, LoginAnswer } from '@celebstyle/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { adminRequest, ApiError, setSessionLostHandler } from './api-client.ts';
import { PASSWORD_CHANGE_POSTPONED_KEY } from '../config/constants.ts';
import { watchOtherTabs } from './other-tab-sign-in.ts';
import { readProfileAtStart } from './profile-at-start.ts';
import { publishSession, type SessionState } from './session-gate.ts';
import { tokenStore } from './token-store.ts';

/** What a sign-in or a password change answers: a new session. */
type NewSession = Pick<LoginAnswer, 'accessToken' | 'refreshToken' | 'admin'>;

interface Session {
  state: SessionState;
  login(username: string, password: string): Promise<void>;
  logout(): Promise<void>;
  /** Takes the new session a password change answers. */
  replaceSession(answer: NewSession): void;
  /** The signed-in admin's password is too easy to guess and they have not chosen 'Not Now'. */
  passwordChangeDue: boolean;
  postponePasswordChange(): void;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, keepState] = useState<SessionState>(() =>
    tokenStore.access() ? { status: 'checking' } : { status: 'signed-out' },
  );
  // route loaders read the session outside React: each change reaches them as it is made
  const setState = useCallback((next: SessionState) => {
    publishSession(next);
    keepState(next);
  }, []);
  useEffect(() => {
    publishSession(state);
    // unknown again once this provider is gone: a loader waits for the next one's answer instead
    return () => publishSession({ status: 'checking' });
  }, [state]);
  const [postponedBy, setPostponedBy] = useState(() => sessionStorage.getItem(PASSWORD_CHANGE_POSTPONED_KEY));
  const queryClient = useQueryClient();

  // admin.md §4: a failed refresh signs the admin out; the route guard then sends them to the
  // sign-in page with the URL they were on, query included, to come back to.
  useEffect(() => {
    const ended = () => {
      setState({ status: 'signed-out' });
      // what this tab has cached belongs to the session that ended
      queryClient.clear();
    };
    setSessionLostHandler(ended);
    // Every tab shares one session: signing out in one signs out all, signing in in one signs in all.
    const stopWatching = watchOtherTabs((change) =>
      change === 'signed-in' ? setState({ status: 'checking' }) : ended(),
    );
    return () => {
      setSessionLostHandler(() => {});
      stopWatching();
    };
  }, [queryClient, setState]);

  // admin.md §4: at start, if tokens exist, the profile is fetched; if that fails, the user is logged out.
  // Only tokens the API refused are removed: clearing them signs out every tab, and tokens that
  // met a gateway that did not answer may still be good (this tab asks again at its next load).
  useEffect(() => {
    if (state.status !== 'checking') return;
    let current = true;
    void readProfileAtStart().then((found) => {
      if (!current) return;
      if (found.kind === 'signed-in') {
        setState({ status: 'signed-in', admin: found.admin });
        return;
      }
      if (found.kind === 'refused') tokenStore.clear();
      setState({ status: 'signed-out' });
    });
    return () => {
      current = false;
    };
  }, [state.status, setState]);

  const login = useCallback(
    async (username: string, password: string) => {
      const res = await fetch('/api/admin/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      const body = (await res.json().catch(() => null)) as (Partial<LoginAnswer> & Partial<ErrorBody>) | null;
      if (!res.ok || !body?.accessToken || !body.admin) {
        throw new ApiError(
          res.status,
          body?.message ?? 'Login failed. Please try again.',
          body?.code ?? null,
        );
      }
      tokenStore.save(body.accessToken, body.refreshToken);
      // A new sign-in asks again about a weak password.
      sessionStorage.removeItem(PASSWORD_CHANGE_POSTPONED_KEY);
      setPostponedBy(null);
      setState({ status: 'signed-in', admin: body.admin });
    },
    [setState],
  );

  const replaceSession = useCallback(
    (answer: NewSession) => {
      tokenStore.save(answer.accessToken, answer.refreshToken);
      setState({ status: 'signed-in', admin: answer.admin });
    },
    [setState],
  );

  const signedInId = state.status === 'signed-in' ? state.admin._id : null;
  const postponePasswordChange = useCallback(() => {
    if (!signedInId) return;
    sessionStorage.setItem(PASSWORD_CHANGE_POSTPONED_KEY, signedInId);
    setPostponedBy(signedInId);
  }, [signedInId]);
  const passwordChangeDue =
    state.status === 'signed-in' && state.admin.passwordChangeRequired && postponedBy !== state.admin._id;

  const logout = useCallback(async () => {
    await adminRequest('/admin/auth/logout', {
      method: 'POST',
      body: JSON.stringify({ refreshToken: tokenStore.refresh() }),
    }).catch(() => undefined);
    tokenStore.clear();
    setState({ status: 'signed-out' });
  }, [setState]);

  const value = useMemo(
    () => ({ state, login, logout, replaceSession, passwordChangeDue, postponePasswordChange }),
    [state, login, logout, replaceSession, passwordChangeDue, postponePasswordChange],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
