import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { COVERAGE, STEPS } from './about-content.ts';
import { FaqAccordion } from './faq-accordion.tsx';

const section = 'mx-auto max-w-6xl px-6 py-16';
const h2 = 'font-display text-3xl';

/**
 * storefront.md §2 About: hero, Our Story, What We Cover, four steps, a newsletter section and the
 * FAQ. The newsletter form comes in as `newsletter` (features never import each other).
 */
export function AboutPage({ newsletter }: { newsletter: ReactNode }) {
  return (
    <div>
      <section className="bg-ink px-6 py-24 text-center text-white">
        <p className="text-xs font-semibold tracking-[0.3em] text-gold uppercase">About CelebStyle</p>
        <h1 className="font-display mx-auto mt-4 max-w-3xl text-4xl sm:text-5xl">
          Where Fashion Meets Accessibility
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-white/75">
          We find the outfits your favourite stars wear on TV and on the red carpet, and show you where to buy
          them, or something just like them.
        </p>
        <Link
          to="/fashion"
          className="mt-8 inline-block rounded-md bg-gold px-6 py-3 text-sm font-semibold text-ink hover:bg-gold/90"
        >
          Explore Fashion Now
        </Link>
      </section>

      <section aria-labelledby="our-story" className={`${section} grid gap-10 md:grid-cols-2`}>
        <h2 id="our-story" className={h2}>
          Our Story
        </h2>
        <div className="space-y-4 text-neutral-700">
          <p>
            CelebStyle started with a simple question asked in every group chat: "Where is that jacket from?"
            Finding the answer took hours of pausing episodes and searching shop after shop.
          </p>
          <p>
            So we made it our job. Our editors watch the shows, identify the pieces and link them, so you can
            go from screen to shopping bag in minutes, whatever your budget.
          </p>
        </div>
      </section>

      <section aria-labelledby="what-we-cover" className="bg-neutral-50">
        <div className={section}>
          <h2 id="what-we-cover" className={h2}>
            What We Cover
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {COVERAGE.map((item) => (
              <li key={item.title} className="rounded-lg bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold">{item.title}</h3>
                <p className="mt-2 text-sm text-neutral-600">{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="how-we-find" className={section}>
        <h2 id="how-we-find" className={h2}>
          How We Find the Styles
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-lg border border-neutral-200 p-6">
              <span className="font-display text-3xl text-gold-ink">{index + 1}</span>
              <h3 className="mt-2 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-neutral-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-label="Newsletter" className="bg-neutral-50">
        <div className="mx-auto max-w-2xl px-6 py-16">{newsletter}</div>
      </section>

      <section aria-labelledby="faq" className="mx-auto max-w-3xl px-6 py-16">
        <h2 id="faq" className={h2}>
          Frequently Asked Questions
        </h2>
        <div className="mt-8">
          <FaqAccordion />
        </div>
      </section>
    </div>
  );
}
