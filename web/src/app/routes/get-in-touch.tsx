import { Seo } from '../../components/seo.tsx';
import { SupportForm } from '../../features/support/components/support-form.tsx';

/** storefront.md §2 Get in touch. */
export default function GetInTouchRoute() {
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <Seo
        title="Get in Touch"
        description="Questions about a look, a partnership or the site? Send the CelebStyle team a message."
      />
      <h1 className="font-display text-4xl">Get in Touch</h1>
      <p className="mt-3 text-neutral-600">
        Spotted a look you can't find, have a partnership idea or found a problem on the site? Send us a
        message and we'll get back to you as soon as possible.
      </p>
      <div className="mt-10">
        <SupportForm />
      </div>
    </div>
  );
}
