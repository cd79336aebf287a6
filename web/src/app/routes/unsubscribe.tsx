import { Seo } from '../../components/seo.tsx';
import { Unsubscribe } from '../../features/newsletter/components/unsubscribe.tsx';

export default function UnsubscribeRoute() {
  return (
    <>
      <Seo title="Unsubscribe" description="Unsubscribe from the CelebStyle newsletter." />
      <Unsubscribe />
    </>
  );
}
