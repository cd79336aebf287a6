import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

// Placeholder until the issue-5 page lands.
export default function DemoProductRoute() {
  return <PagePlaceholder title="Product" description="Shop this celebrity look." />;
}
