import DashboardPage from '../../features/dashboard/dashboard-page.tsx';

/** admin.md §2 Dashboard (/admin). */
export default function DashboardRoute() {
  return <DashboardPage />;
}
