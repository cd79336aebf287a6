import { Link } from 'react-router';
import { useSession } from '../../../lib/session.tsx';
import { RECENT_LOGIN_DAYS, type AdminStats, type AlertStats, type PostStats } from '../api/dashboard-api.ts';
import { DashboardTiles } from './dashboard-tiles.tsx';
import { useAdminStats, useAlertStats, usePostStats } from '../api/dashboard-queries.ts';
import { StatGroup, type StatCard } from './stat-cards.tsx';
import './dashboard.css';

// admin.md §2 Dashboard: the post cards link to the posts list, filtered by status or platform.
const postCards = (stats: PostStats): StatCard[] => [
  { key: 'total', label: 'Total Posts', value: stats.total, to: '/posts' },
  { key: 'pending', label: 'Pending', value: stats.byStatus.pending, to: '/posts?status=pending' },
  { key: 'approved', label: 'Approved', value: stats.byStatus.approved, to: '/posts?status=approved' },
  { key: 'today', label: 'Today', value: stats.today },
  {
    key: 'bigblondehair',
    label: 'bigblondehair',
    value: stats.byPlatform.bigblondehair,
    to: '/posts?platform=bigblondehair',
  },
  { key: 'wornontv', label: 'wornontv', value: stats.byPlatform.wornontv, to: '/posts?platform=wornontv' },
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

const alertCards = (stats: AlertStats): StatCard[] => [
  { key: 'alerts-active', label: 'Active Alerts', value: stats.active },
  { key: 'alerts-confirmed', label: 'Confirmed', value: stats.confirmed },
  { key: 'alerts-sent', label: 'Sent', value: stats.sentLast7Days, hint: 'Last 7 days' },
  { key: 'alerts-unsubscribed', label: 'Unsubscribed', value: stats.unsubscribed },
];

/**
 * admin.md §2 Dashboard: tiles worth opening first (dashboard-tiles.tsx: posts to review, link
 * health and its trend, links needing attention, the link-check backlog, support waiting), then
 * post statistics for every admin; admin statistics and the Manage Accounts
 * link for super admins only (§6), whose stats call other admins never make. Each group loads and
 * fails on its own: one failed call leaves the other group on screen.
 */
export default function DashboardPage() {
  const { state } = useSession();
  const role = state.status === 'signed-in' ? state.admin.role : null;
  const posts = usePostStats();
  const admins = useAdminStats(role === 'super_admin');
  const alerts = useAlertStats();

  if (!role) return null;
  return (
    <section className="dashboard">
      <div className="page-head">
        <h1>Dashboard</h1>
      </div>

      <DashboardTiles />

      <StatGroup title="Post Statistics" query={posts} cards={postCards} />

      <StatGroup title="Shopper Alerts" query={alerts} cards={alertCards} />

      {role === 'super_admin' && (
        <StatGroup
          title="Admin Statistics"
          query={admins}
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
