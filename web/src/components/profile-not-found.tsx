import { Link } from 'react-router';
import { HttpStatus, Seo } from './seo.tsx';

/**
 * storefront.md §2 celebrity and show pages: the panel shown when a profile cannot be shown, with a
 * way back to the directory. The page decides the message (not found or failed to load).
 */
export function ProfileNotFound({
  title,
  name,
  message,
  browseTo,
  browseLabel,
  missing = false,
}: {
  title: string;
  name: string;
  message: string;
  browseTo: string;
  browseLabel: string;
  /** The profile does not exist (a 404 page), rather than failed to load. */
  missing?: boolean;
}) {
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      {missing && <HttpStatus code={404} />}
      <Seo title={title} description={`No fashion content for ${name} yet.`} />
      <h1 className="font-display text-3xl">{title}</h1>
      <p className="mt-3 text-neutral-600">{message}</p>
      <Link
        to={browseTo}
        className="mt-6 inline-block rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white"
      >
        {browseLabel}
      </Link>
    </div>
  );
}
