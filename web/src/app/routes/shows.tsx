import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

// Placeholder: celebrity and show pages belong to a later issue.
export default function ShowsRoute() {
  return (
    <PagePlaceholder
      title="Discover TV Fashion"
      description="Shop the exact clothes worn by your favorite TV characters"
    />
  );
}
