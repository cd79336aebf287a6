import { TERMS_SECTIONS } from './terms-sections.tsx';

/** storefront.md §2 Terms of Service: a table of contents and 16 anchored sections. */
export function TermsPage() {
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="font-display text-4xl">Terms of Service</h1>
      <p className="mt-3 text-sm text-neutral-500">Also our Privacy Policy.</p>
      <nav aria-labelledby="terms-contents" className="mt-10 rounded-lg bg-neutral-50 p-6">
        <h2 id="terms-contents" className="text-sm font-semibold tracking-[0.2em] uppercase">
          Contents
        </h2>
        <ol className="mt-4 grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
          {TERMS_SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-neutral-700 underline-offset-2 hover:underline">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {TERMS_SECTIONS.map((s, index) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-12 scroll-mt-24">
          <h2 id={`${s.id}-title`} className="font-display text-2xl">
            {index + 1}. {s.title}
          </h2>
          <div className="mt-3 leading-relaxed text-neutral-700">{s.body}</div>
        </section>
      ))}
    </div>
  );
}
