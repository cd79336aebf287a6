import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

// Placeholder: celebrity and show pages belong to a later issue.
export default function CelebrityRoute() {
  return <PagePlaceholder title="Celebrity" description="Shop the looks of your favorite stars." />;
}
