import { MARQUEE_LOOP_S } from '../../../config/constants.ts';
import { StreamingWordmark } from './streaming-wordmark.tsx';

/** storefront.md §2: 7 streaming services, looping logo strip (15 s loop). Inline SVG wordmarks, no image requests. */
export const STREAMING_SERVICE_NAMES = [
  'Netflix',
  'HBO Max',
  'Hulu',
  'Prime Video',
  'Apple TV+',
  'Disney+',
  'Peacock',
];

export function AsSeenOn() {
  const strip = [...STREAMING_SERVICE_NAMES, ...STREAMING_SERVICE_NAMES];
  return (
    <section className="overflow-hidden border-y border-neutral-200 py-8" aria-label="As seen on">
      <p className="mb-5 text-center text-xs font-semibold tracking-[0.3em] text-neutral-500 uppercase">
        As seen on
      </p>
      <div className="relative [mask-image:linear-gradient(90deg,transparent,black_10%,black_90%,transparent)]">
        <ul
          className="animate-marquee flex w-max items-center gap-14"
          style={{ animationDuration: `${MARQUEE_LOOP_S}s` }}
        >
          {strip.map((name, i) => (
            <li key={i} aria-hidden={i >= STREAMING_SERVICE_NAMES.length} className="text-neutral-500">
              <StreamingWordmark name={name} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
