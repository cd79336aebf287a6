import DashboardPage from '../../features/dashboard/components/dashboard-page.tsx';

/** admin.md §2 Dashboard (/admin). */
export default function DashboardRoute() {
  return <DashboardPage />;
}
