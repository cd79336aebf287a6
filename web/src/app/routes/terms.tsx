import { Seo } from '../../components/seo.tsx';
import { TermsPage } from '../../features/terms/components/terms-page.tsx';

export default function TermsRoute() {
  return (
    <>
      <Seo
        title="Terms of Service"
        description="CelebStyle Terms of Service and Privacy Policy: eligibility, purchases, governing law and contact."
      />
      <TermsPage />
    </>
  );
}
