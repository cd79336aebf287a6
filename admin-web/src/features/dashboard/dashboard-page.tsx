import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../features/auth/session.tsx';
import {
  dashboardApi,
  RECENT_LOGIN_DAYS,
  type AdminStats,
  type PostStats,
} from '../../features/dashboard/api.ts';
import { StatGroup, type Loadable, type StatCard } from '../../features/dashboard/stat-cards.tsx';
import '../../features/dashboard/dashboard.css';

// The spec links these cards to /admin/posts?status=… and ?platform=…; the links come with the Posts screen.
const postCards = (stats: PostStats): StatCard[] => [
  { key: 'total', label: 'Total Posts', value: stats.total },
  { key: 'pending', label: 'Pending', value: stats.byStatus.pending },
  { key: 'approved', label: 'Approved', value: stats.byStatus.approved },
  { key: 'today', label: 'Today', value: stats.today },
  { key: 'bigblondehair', label: 'bigblondehair', value: stats.byPlatform.bigblondehair },
  { key: 'wornontv', label: 'wornontv', value: stats.byPlatform.wornontv },
];

const adminCards = (stats: AdminStats): StatCard[] => [
  { key: 'admins-total', label: 'Total Admins', value: stats.total },
  { key: 'admins-active', label: 'Active Admins', value: stats.active },
  {
    key: 'recent-logins',
    label: 'Recent Logins',
    value: stats.recentLogins,
    hint: `Last ${RECENT_LOGIN_DAYS} days`,
  },
];

/**
 * admin.md §2 Dashboard: post statistics for every admin; admin statistics and the Manage Accounts
 * link for super admins only (§6), whose stats call other admins never make.
 */
export default function Dashboard() {
  const { state } = useSession();
  const role = state.status === 'signed-in' ? state.admin.role : null;
  const [posts, setPosts] = useState<Loadable<PostStats>>({ status: 'loading' });
  const [admins, setAdmins] = useState<Loadable<AdminStats>>({ status: 'loading' });

  useEffect(() => {
    if (!role) return;
    let live = true;
    // Each group loads and fails on its own: one failed call leaves the other group on screen.
    dashboardApi.postStats().then(
      (data) => live && setPosts({ status: 'loaded', data }),
      () => live && setPosts({ status: 'failed' }),
    );
    if (role === 'super_admin') {
      dashboardApi.adminStats().then(
        (data) => live && setAdmins({ status: 'loaded', data }),
        () => live && setAdmins({ status: 'failed' }),
      );
    }
    return () => {
      live = false;
    };
  }, [role]);

  if (!role) return null;
  return (
    <section className="dashboard">
      <div className="page-head">
        <h1>Dashboard</h1>
      </div>

      <StatGroup title="Post Statistics" load={posts} cards={postCards} />

      {role === 'super_admin' && (
        <StatGroup
          title="Admin Statistics"
          load={admins}
          cards={adminCards}
          actions={<Link to="/accounts">Manage Accounts</Link>}
        />
      )}

      <nav className="panel" aria-label="Quick links">
        <ul className="dashboard-links">
          <li>
            <Link to="/support">Support</Link>
          </li>
        </ul>
      </nav>
    </section>
  );
}
