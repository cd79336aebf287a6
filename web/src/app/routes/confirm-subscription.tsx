import { Seo } from '../../components/seo.tsx';
import { ConfirmSubscription } from '../../features/newsletter/components/confirm-subscription.tsx';

export default function ConfirmSubscriptionRoute() {
  return (
    <>
      <Seo title="Confirm Subscription" description="Confirm your CelebStyle newsletter subscription." />
      <ConfirmSubscription />
    </>
  );
}
