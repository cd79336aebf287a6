import { NavLink, Outlet } from 'react-router';
import { useSession } from '../features/auth/session.tsx';

/**
 * admin.md §2 Admin shell. The sidebar lists the screens that exist so far, in the spec's order
 * (Dashboard, Support, URL Settings, and Accounts for super admins only); each later screen adds its
 * link here as it lands (Posts, Celebrities, Shows, Link Validation).
 */
export function Shell() {
  const { state, logout } = useSession();
  if (state.status !== 'signed-in') return null;
  const { admin } = state;
  return (
    <div className="shell">
      <nav aria-label="Admin">
        <NavLink to="/" end>
          Dashboard
        </NavLink>
        <NavLink to="/support">Support</NavLink>
        <NavLink to="/url-settings">URL Settings</NavLink>
        {admin.role === 'super_admin' && <NavLink to="/accounts">Accounts</NavLink>}
      </nav>
      <div className="content">
        <header>
          <span>{admin.username}</span> <span>{admin.email}</span>{' '}
          <span>{admin.role === 'super_admin' ? 'Super Admin' : 'Admin'}</span>{' '}
          <span className="online">Online</span> <button onClick={() => void logout()}>Sign out</button>
        </header>
        <Outlet />
      </div>
    </div>
  );
}
