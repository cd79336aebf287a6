import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@celebstyle/contracts';
import { Navigate, useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { AccountInactive } from './account-inactive.tsx';

export function LoginPage() {
  const { state, login } = useSession();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const signIn = useMutation({
    mutationFn: (credentials: { username: string; password: string }) =>
      login(credentials.username, credentials.password),
    // answers cached for whoever used this browser before are not this admin's
    onSuccess: () => queryClient.clear(),
  });
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  // admin.md §2: an authenticated user goes to the page they asked for, otherwise to /admin.
  if (state.status === 'signed-in') return <Navigate to={from} replace />;

  function submit(event: FormEvent) {
    event.preventDefault();
    const name = username.trim();
    setMissing(!name || !password);
    if (!name || !password) return;
    signIn.mutate({ username: name, password });
  }

  const error = missing
    ? 'Please enter both username and password'
    : signIn.error
      ? signIn.error.message || 'Login failed. Please try again.'
      : null;
  const busy = signIn.isPending;

  // admin.md §4 Session: an inactive account sees 'Account Inactive', not a failed sign-in.
  if (signIn.error instanceof ApiError && signIn.error.code === ErrorCode.accountInactive) {
    return (
      <main className="login">
        <Brand />
        <div className="login-card">
          <AccountInactive onBack={() => signIn.reset()} />
        </div>
      </main>
    );
  }

  return (
    <main className="login">
      <Brand />
      <form className="login-card" onSubmit={submit} noValidate aria-label="Admin sign-in">
        <h1>Admin Console</h1>
        <p className="login-lead">Sign in to moderate looks, shows and shopping links.</p>
        <label>
          Username
          <input
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
      <a className="login-site" href="/">
        Back to the storefront
      </a>
    </main>
  );
}

/** The storefront's wordmark, so staff know whose console this is. */
function Brand() {
  return (
    <p className="login-brand">
      Celeb<span>Style</span>
    </p>
  );
}
