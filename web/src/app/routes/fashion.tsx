import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

// Placeholder until the issue-5 page lands.
export default function FashionRoute() {
  return (
    <PagePlaceholder
      title="Fashion Collection"
      description="Shop all celebrity outfits from your favorite TV shows."
    />
  );
}
