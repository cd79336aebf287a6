import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

// Placeholder until the issue-5 page lands.
export default function TrendingRoute() {
  return <PagePlaceholder title="Trending" description="Trending celebrity outfits right now." />;
}
