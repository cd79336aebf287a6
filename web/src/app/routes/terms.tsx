import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

// Placeholder: the newsletter engineer (issue 6 item 6) replaces this route module.
export default function TermsRoute() {
  return <PagePlaceholder title="Terms of Service" description="The terms that apply to using CelebStyle." />;
}
