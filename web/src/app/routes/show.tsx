import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

// Placeholder: celebrity and show pages belong to a later issue.
export default function ShowRoute() {
  return <PagePlaceholder title="Show" description="Shop the exact clothes worn on your favorite TV show." />;
}
