import { useState } from 'react';
import { Link } from 'react-router';
import type { Show } from '@celebstyle/contracts';
import { useShows } from '../../../lib/catalog/shows.ts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { Carousel } from '../../../components/ui/carousel.tsx';
import { DirectoryGrid } from '../../../components/ui/directory-grid.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { DirectorySearch, LetterFilter, matchesLetter } from '../../../components/ui/directory-filters.tsx';
import { Seo } from '../../../components/seo.tsx';
import { paths } from '../../../config/paths.ts';
import { FEATURED_CAROUSEL_ITEMS } from '../../../config/constants.ts';

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
      <span className="block text-xs text-neutral-500">
        {[show.network, `${show.postCount} ${show.postCount === 1 ? 'look' : 'looks'}`]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </Link>
  );
}

/** storefront.md §2 Show directory (/shows). */
export function ShowDirectory() {
  const shows = useShows({ page: 1, limit: 200, sort: 'postCount' });
  const [search, setSearch] = useState('');
  const [network, setNetwork] = useState('All');
  const [letter, setLetter] = useState('All');
  const [page, setPage] = useState(1);
  const all = shows.data?.shows ?? [];
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
        ) : shows.isError ? (
          <p className="py-10 text-center text-neutral-600">Failed to load shows</p>
        ) : (
          <>
            <h2 className="mb-4 font-display text-2xl">Featured Shows</h2>
            <Carousel label="Featured Shows" slideClass="basis-1/2 sm:basis-1/3 md:basis-1/4 lg:basis-1/6">
              {all.slice(0, FEATURED_CAROUSEL_ITEMS).map((s) => (
                <ShowCard key={s._id} show={s} />
              ))}
            </Carousel>
            <h2 className="mt-14 mb-4 font-display text-2xl">Find Shows</h2>
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
            <DirectoryGrid
              items={matching}
              page={page}
              onPage={setPage}
              emptyText="No shows found"
              renderItem={(s) => <ShowCard key={s._id} show={s} />}
            />
          </>
        )}
      </div>
    </div>
  );
}
