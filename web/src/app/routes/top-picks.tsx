import { TopPicksPage } from '../../features/top-picks/components/top-picks-page.tsx';

export default function TopPicksRoute() {
  return <TopPicksPage />;
}
