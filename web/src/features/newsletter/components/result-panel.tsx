import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Tone = 'loading' | 'success' | 'error' | 'idle';

const ICONS: Record<Tone, string> = { loading: '…', success: '✓', error: '!', idle: '✉' };
const TONES: Record<Tone, string> = {
  loading: 'bg-neutral-100 text-neutral-500',
  success: 'bg-emerald-100 text-emerald-700',
  error: 'bg-red-100 text-red-700',
  idle: 'bg-neutral-100 text-neutral-500',
};

/** The card the confirm and unsubscribe pages show for each of their states (storefront.md §4). */
export function ResultPanel({ tone, title, children }: { tone: Tone; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-6 py-20 text-center" aria-busy={tone === 'loading'}>
      <div
        aria-hidden="true"
        className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full text-2xl font-bold ${TONES[tone]} ${tone === 'loading' ? 'animate-pulse' : ''}`}
      >
        {ICONS[tone]}
      </div>
      <h1 className="font-display mt-6 text-3xl">{title}</h1>
      <div role={tone === 'error' ? 'alert' : 'status'} className="mt-4 text-neutral-700">
        {children}
      </div>
      <Link
        to="/"
        className="mt-8 inline-block rounded-md bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-neutral-800"
      >
        Back to Home
      </Link>
    </div>
  );
}
