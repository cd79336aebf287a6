import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

// Placeholder until the issue-5 page lands.
export default function TopPicksRoute() {
  return <PagePlaceholder title="Top Picks" description="Editor's choice and most viewed celebrity looks." />;
}
