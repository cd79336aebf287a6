import { Link } from 'react-router';
import { HttpStatus, Seo } from '../../components/seo.tsx';

/** storefront.md §2: any other path shows '404 - Page Not Found'. */
export default function NotFoundRoute() {
  return (
    <div className="mx-auto max-w-xl px-6 py-28 text-center">
      <HttpStatus code={404} />
      <Seo title="404 - Page Not Found" description="The page you are looking for does not exist." />
      <h1 className="font-display text-4xl">404 - Page Not Found</h1>
      <p className="mt-4 text-neutral-600">The page you are looking for does not exist or has moved.</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white"
      >
        Back to Home
      </Link>
    </div>
  );
}
