import { useState } from 'react';
import { Link } from 'react-router';
import type { Show } from '@celebstyle/contracts';
import { useShows } from '../../../lib/catalog/shows.ts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { DirectoryGrid } from '../../../components/ui/directory-grid.tsx';
import { FeaturedDirectorySection } from '../../../components/ui/featured-directory-section.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { DirectorySearch, LetterFilter, matchesLetter } from '../../../components/ui/directory-filters.tsx';
import { Seo } from '../../../components/seo.tsx';
import { paths } from '../../../config/paths.ts';
import { FALLBACK_SHOWS } from '../../../lib/fallback-data.ts';
import { FallbackNotice } from '../../../components/ui/section-heading.tsx';
import { usePhoneLayout } from '../../../lib/use-media-query.ts';
import { PhoneOrWide } from '../../../components/ui/phone-or-wide.tsx';

/** 'Bravo · 351 looks' under a show's name. */
const showMeta = (show: Show) =>
  [show.network, `${show.postCount} ${show.postCount === 1 ? 'look' : 'looks'}`].filter(Boolean).join(' · ');

function ShowCard({ show }: { show: Show }) {
  return (
    <Link to={paths.show(show.name)} className="group block text-center">
      <SafeImage
        src={show.mediumImage ?? show.originalImage}
        alt={show.name}
        loading="lazy"
        className="aspect-square w-full rounded-2xl"
      />
      <span className="mt-2 line-clamp-2 text-sm font-semibold group-hover:underline">{show.name}</span>
      <span className="block text-xs text-neutral-500">{showMeta(show)}</span>
    </Link>
  );
}

/** One line of the phone layout's show list. */
function ShowRow({ show }: { show: Show }) {
  return (
    <Link
      to={paths.show(show.name)}
      className="flex items-center gap-3 rounded-xl p-2 ring-1 ring-neutral-200 hover:bg-neutral-50"
    >
      <SafeImage
        src={show.mediumImage ?? show.originalImage}
        alt=""
        loading="lazy"
        className="size-12 shrink-0 rounded-full"
      />
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold">{show.name}</span>
        <span className="block text-xs text-neutral-500">{showMeta(show)}</span>
      </span>
    </Link>
  );
}

const SEARCH_LIST_ID = 'find-shows';

/**
 * storefront.md §2 Show directory (/shows). Under 640 px: 4 featured shows with View More, and the
 * search and filter list.
 */
export function ShowDirectory() {
  const shows = useShows({ page: 1, limit: 200, sort: 'postCount' });
  const [search, setSearch] = useState('');
  const [network, setNetwork] = useState('All');
  const [letter, setLetter] = useState('All');
  const [page, setPage] = useState(1);
  const phone = usePhoneLayout();
  // §4: the list falls back to built-in sample data on failure, under the §8 message
  const all = shows.isError ? FALLBACK_SHOWS : (shows.data?.shows ?? []);
  const networks = ['All', ...new Set(all.map((s) => s.network).filter((n): n is string => !!n))];
  const term = search.trim().toLowerCase();
  const matching = all.filter(
    (s) =>
      matchesLetter(s.name, letter) &&
      // §5: the network filter is a substring match
      (network === 'All' || (s.network ?? '').toLowerCase().includes(network.toLowerCase())) &&
      (!term || s.name.toLowerCase().includes(term)),
  );
  return (
    <div>
      <Seo
        title="Discover TV Fashion"
        description="Shop the exact clothes worn by your favorite TV characters"
      />
      <section className="bg-neutral-50 px-6 py-14 text-center">
        <h1 className="font-display text-4xl md:text-5xl">Discover TV Fashion</h1>
        <p className="mt-3 text-neutral-600">Shop the exact clothes worn by your favorite TV characters</p>
      </section>
      <div className="mx-auto max-w-7xl px-4 py-10 md:px-6">
        {shows.isPending ? (
          <Spinner label="Loading shows" />
        ) : (
          <>
            {shows.isError && <FallbackNotice>Failed to load shows</FallbackNotice>}
            <FeaturedDirectorySection
              title="Featured Shows"
              items={all}
              phone={phone}
              morePath={paths.shows()}
              listId={SEARCH_LIST_ID}
              renderCard={(s) => <ShowCard key={s._id} show={s} />}
            />
            <h2 id={SEARCH_LIST_ID} className="mt-14 mb-4 scroll-mt-24 font-display text-2xl">
              Find Shows
            </h2>
            <DirectorySearch
              label="Search shows"
              value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(1);
              }}
            />
            <div className="mb-3 flex flex-wrap gap-2" role="group" aria-label="Network">
              {networks.map((n) => (
                <button
                  key={n}
                  type="button"
                  aria-pressed={network === n}
                  onClick={() => {
                    setNetwork(n);
                    setPage(1);
                  }}
                  className={`rounded-full px-3 py-1 text-xs font-semibold ring-1 ${network === n ? 'bg-ink text-white ring-ink' : 'ring-neutral-300'}`}
                >
                  {n}
                </button>
              ))}
            </div>
            <LetterFilter
              value={letter}
              onChange={(l) => {
                setLetter(l);
                setPage(1);
              }}
            />
            <PhoneOrWide
              phone={phone}
              narrow={
                <DirectoryGrid
                  items={matching}
                  page={page}
                  onPage={setPage}
                  emptyText="No shows found"
                  layout="list"
                  renderItem={(s) => <ShowRow key={s._id} show={s} />}
                />
              }
              wide={
                <DirectoryGrid
                  items={matching}
                  page={page}
                  onPage={setPage}
                  emptyText="No shows found"
                  renderItem={(s) => <ShowCard key={s._id} show={s} />}
                />
              }
            />
          </>
        )}
      </div>
    </div>
  );
}
