import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { useApiReachable } from '../lib/connection.ts';
import { useSession } from '../lib/session.tsx';
import { SECTIONS, sectionOf } from './sections.ts';

/**
 * admin.md §2 Admin shell: the sidebar (every section in the spec's order; Accounts for super admins
 * only) and a header with the open section's title, the signed-in admin, Online (Offline while the
 * API cannot be reached) and Sign out.
 */
export function Shell() {
  const { state, logout } = useSession();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const title = sectionOf(pathname)?.title;
  const online = useApiReachable();
  const navigation = useNavigation();

  useEffect(() => {
    document.title = title ? `${title} - CelebStyle Admin` : 'CelebStyle Admin';
  }, [title]);

  if (state.status !== 'signed-in') return null;
  const { admin } = state;

  async function signOut() {
    await logout();
    // the next admin signing in on this browser must not see this one's cached answers
    queryClient.clear();
  }

  return (
    <div className="shell">
      <nav aria-label="Admin">
        {SECTIONS.filter((section) => !section.superAdminOnly || admin.role === 'super_admin').map(
          (section) => (
            <NavLink key={section.path} to={section.path} end={section.path === '/'}>
              {section.label}
            </NavLink>
          ),
        )}
      </nav>
      {/* the open screen stays while the next one's code and loader are on the way */}
      <div className="content" aria-busy={navigation.state !== 'idle'}>
        <header>
          <p className="section-title">{title}</p>
          <span title={admin.email}>{admin.username}</span>{' '}
          <span className="header-email" title={admin.email}>
            {admin.email}
          </span>{' '}
          <span>{admin.role === 'super_admin' ? 'Super Admin' : 'Admin'}</span>{' '}
          <span
            role="status"
            className={online ? 'online' : 'offline'}
            title={
              online ? undefined : 'The console cannot reach the server; it tries again every few seconds.'
            }
          >
            {online ? 'Online' : 'Offline'}
          </span>{' '}
          <Link to="/change-password">Change password</Link>{' '}
          <button onClick={() => void signOut()}>Sign out</button>
        </header>
        <Outlet />
      </div>
    </div>
  );
}
