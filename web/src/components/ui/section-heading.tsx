import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function SectionHeading({
  title,
  eyebrow,
  links = [],
  children,
}: {
  title: ReactNode;
  eyebrow?: string;
  links?: { to: string; label: string; onClick?: () => void }[];
  children?: ReactNode;
}) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        {eyebrow && (
          <p className="text-xs font-semibold tracking-[0.25em] text-gold-ink uppercase">{eyebrow}</p>
        )}
        <h2 className="font-display text-2xl break-words md:text-3xl">{title}</h2>
      </div>
      {children}
      {links.length > 0 && (
        <div className="flex gap-4">
          {links.map((l) => (
            <Link
              key={l.label}
              to={l.to}
              onClick={l.onClick}
              className="text-sm font-semibold underline-offset-4 hover:underline"
            >
              {l.label}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}

/** storefront.md §8 section fallback notices ('... Using fallback data.'). */
export function FallbackNotice({
  children,
  tone = 'neutral',
}: {
  children: ReactNode;
  tone?: 'neutral' | 'yellow';
}) {
  return (
    <p
      role="status"
      className={`mb-4 rounded-lg px-3 py-2 text-sm ${tone === 'yellow' ? 'bg-yellow-50 text-yellow-800' : 'bg-neutral-100 text-neutral-700'}`}
    >
      {children}
    </p>
  );
}
