import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session.tsx';
import { AccountInactive } from './account-inactive.tsx';

export const CHANGE_PASSWORD_PATH = '/change-password';

/** admin.md §4 Session: the guard on every admin route except login. */
export function RequireAdmin({
  superAdmin = false,
  children,
}: {
  superAdmin?: boolean;
  children: ReactNode;
}) {
  const { state, passwordChangeDue } = useSession();
  const location = useLocation();
  const navigate = useNavigate();

  if (state.status === 'checking') return <p className="center">Checking authentication...</p>;
  // the whole URL asked for, query included: sign-in comes back to the same filtered view
  const asked = `${location.pathname}${location.search}${location.hash}`;
  if (state.status === 'signed-out') return <Navigate to="/login" replace state={{ from: asked }} />;
  if (!state.admin.isActive) return <AccountInactive />;
  // A password too easy to guess: asked once per sign-in, never locked out ('Not Now').
  if (passwordChangeDue && location.pathname !== CHANGE_PASSWORD_PATH) {
    return <Navigate to={CHANGE_PASSWORD_PATH} replace state={{ from: asked }} />;
  }
  if (superAdmin && state.admin.role !== 'super_admin') {
    return (
      <section className="center">
        <h1>Access Denied</h1>
        <p>You need super admin privileges to access this page</p>
        <button onClick={() => void navigate(-1)}>Go Back</button>
      </section>
    );
  }
  return <>{children}</>;
}
