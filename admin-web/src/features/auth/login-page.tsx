import { useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/session.tsx';

export function LoginPage() {
  const { state, login } = useSession();
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  // admin.md §2: an authenticated user goes to the page they asked for, otherwise to /admin.
  if (state.status === 'signed-in') return <Navigate to={from} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = username.trim();
    if (!name || !password) {
      setError('Please enter both username and password');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await login(name, password);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'Login failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login">
      <form onSubmit={submit} noValidate aria-label="Admin sign-in">
        <h1>Admin Console</h1>
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
    </main>
  );
}
