import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

// Placeholder: celebrity and show pages belong to a later issue.
export default function CelebritiesRoute() {
  return (
    <PagePlaceholder
      title="Celebrity Style Spotlight"
      description="Find and shop the looks of your favorite stars"
    />
  );
}
