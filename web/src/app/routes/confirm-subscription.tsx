import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

// Placeholder: the newsletter engineer (issue 6 item 6) replaces this route module.
export default function ConfirmSubscriptionRoute() {
  return (
    <PagePlaceholder title="Confirm Subscription" description="Confirming your newsletter subscription." />
  );
}
