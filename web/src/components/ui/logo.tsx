import { Link } from 'react-router';
import { SITE_TAGLINE } from '../../config/constants.ts';

/** Wordmark; `secondary` is the light-header logo of storefront.md §2. */
export function Logo({ secondary = false, className = '' }: { secondary?: boolean; className?: string }) {
  return (
    <Link to="/" className={`inline-flex flex-col items-center ${className}`}>
      <span
        className={`font-display text-2xl leading-none tracking-[0.2em] uppercase md:text-3xl ${
          secondary ? 'text-ink' : 'text-white'
        }`}
      >
        {/* the name is the visible text (no aria-label that would differ from it) */}
        Celeb<span className={secondary ? 'text-gold-ink' : 'text-gold'}>Style</span>
      </span>
      <span
        className={`mt-1 hidden text-[10px] tracking-[0.3em] uppercase sm:block ${
          secondary ? 'text-neutral-500' : 'text-white/70'
        }`}
      >
        {SITE_TAGLINE}
      </span>
    </Link>
  );
}
