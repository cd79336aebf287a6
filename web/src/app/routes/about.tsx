import { Seo } from '../../components/seo.tsx';
import { AboutPage } from '../../features/about/components/about-page.tsx';
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form.tsx';

/** storefront.md §2 About, with the newsletter section. */
export default function AboutRoute() {
  return (
    <>
      <Seo
        title="About"
        description="Where Fashion Meets Accessibility: how CelebStyle finds the outfits celebrities wear on TV."
      />
      <AboutPage newsletter={<NewsletterForm variant="page" />} />
    </>
  );
}
