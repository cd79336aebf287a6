import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

// Placeholder until the issue-5 page lands.
export default function HomeRoute() {
  return (
    <PagePlaceholder
      title="CelebStyle"
      description="Your VIP Access to Celebrity Style: shop the outfits celebrities wear on TV."
    />
  );
}
