import { TrendingPage } from '../../features/trending/components/trending-page.tsx';

export default function TrendingRoute() {
  return <TrendingPage />;
}
