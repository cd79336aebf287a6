import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { passwordError } from '../../../lib/password-rules.ts';
import { useSession } from '../../../lib/session.tsx';
import { notify } from '../../../lib/toast.tsx';
import { changePassword } from '../api/auth-api.ts';
import './change-password.css';

/** What the guard says when it brings an admin here, and the page they were going to. */
export const WEAK_PASSWORD_NOTICE =
  'Your password is too easy to guess: it is a common password or pattern, or contains your username or email. Please choose a new password.';

/**
 * The signed-in admin's own password. An admin whose password is too easy to guess is brought here
 * once per sign-in (the guard) and may choose 'Not Now': nothing is locked. Submit is disabled while
 * a field is empty or the confirmation differs, as on Reset Password (admin.md §5).
 */
export default function ChangePasswordPage() {
  const { state, replaceSession, passwordChangeDue, postponePasswordChange } = useSession();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/';
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => {
      replaceSession(answer);
      notify.success(answer.message);
      void navigate(from, { replace: true });
    },
  });
  const asked = state.status === 'signed-in' && state.admin.passwordChangeRequired;
  const mismatch = confirm !== '' && next !== confirm;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = passwordError(next, confirm);
    setProblem(found);
    if (found || change.isPending) return;
    change.mutate({ currentPassword: current, newPassword: next, confirmPassword: confirm });
  }

  function leave() {
    if (passwordChangeDue) postponePasswordChange();
    void navigate(from, { replace: true });
  }

  const error = problem ?? change.error?.message ?? null;
  return (
    <section className="change-password">
      <h1>Change Password</h1>
      {asked && <p className="notice">{WEAK_PASSWORD_NOTICE}</p>}
      <form onSubmit={submit} noValidate aria-label="Change password">
        <label>
          Current Password
          <input
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </label>
        <label>
          New Password
          <input
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
        </label>
        <label>
          Confirm New Password
          <input
            type="password"
            autoComplete="new-password"
            aria-invalid={mismatch || undefined}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </label>
        {error && (
          <p role="alert" className="banner">
            {error}
          </p>
        )}
        <div className="buttons">
          <button type="button" className="secondary" disabled={change.isPending} onClick={leave}>
            {asked ? 'Not Now' : 'Cancel'}
          </button>
          <button type="submit" disabled={change.isPending || !current || !next || !confirm || mismatch}>
            {change.isPending ? 'Changing...' : 'Change Password'}
          </button>
        </div>
      </form>
    </section>
  );
}
