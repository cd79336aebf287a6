import { useState } from 'react';
import { Link } from 'react-router';
import { useTrendingCelebrities } from '../../../lib/catalog/people-and-shows.ts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { Carousel } from '../../../components/ui/carousel.tsx';
import { DirectoryGrid } from '../../../components/ui/directory-grid.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { DirectorySearch, LetterFilter, matchesLetter } from '../../../components/ui/directory-filters.tsx';
import { Seo } from '../../../components/seo.tsx';
import { paths } from '../../../config/paths.ts';
import { FEATURED_CAROUSEL_ITEMS } from '../../../config/constants.ts';

type Celebrity = { name: string; count: number; imageUrl: string | null };

function CelebrityCard({ c }: { c: Celebrity }) {
  return (
    <Link to={paths.celebrity(c.name)} className="group block text-center">
      <SafeImage src={c.imageUrl} alt={c.name} loading="lazy" className="aspect-square w-full rounded-2xl" />
      <span className="mt-2 block truncate text-sm font-semibold group-hover:underline">{c.name}</span>
      <span className="block text-xs text-neutral-500">
        {c.count} {c.count === 1 ? 'look' : 'looks'}
      </span>
    </Link>
  );
}

/** storefront.md §2 Celebrity directory (/celebrity). */
export function CelebrityDirectory() {
  const celebrities = useTrendingCelebrities(200);
  const [search, setSearch] = useState('');
  const [letter, setLetter] = useState('All');
  const [page, setPage] = useState(1);
  const all = celebrities.data ?? [];
  const term = search.trim().toLowerCase();
  const matching = all.filter(
    (c) => matchesLetter(c.name, letter) && (!term || c.name.toLowerCase().includes(term)),
  );
  return (
    <div>
      <Seo title="Celebrity Style Spotlight" description="Find and shop the looks of your favorite stars" />
      <section className="bg-neutral-50 px-6 py-14 text-center">
        <h1 className="font-display text-4xl md:text-5xl">Celebrity Style Spotlight</h1>
        <p className="mt-3 text-neutral-600">Find and shop the looks of your favorite stars</p>
      </section>
      <div className="mx-auto max-w-7xl px-4 py-10 md:px-6">
        {celebrities.isPending ? (
          <Spinner label="Loading celebrities" />
        ) : celebrities.isError ? (
          <p className="py-10 text-center text-neutral-600">Failed to load celebrities</p>
        ) : (
          <>
            <h2 className="mb-4 font-display text-2xl">Featured Celebrities</h2>
            <Carousel
              label="Featured Celebrities"
              slideClass="basis-1/2 sm:basis-1/3 md:basis-1/4 lg:basis-1/6"
            >
              {all.slice(0, FEATURED_CAROUSEL_ITEMS).map((c) => (
                <CelebrityCard key={c.name} c={c} />
              ))}
            </Carousel>
            <h2 className="mt-14 mb-4 font-display text-2xl">Find Celebrities</h2>
            <DirectorySearch
              label="Search celebrities"
              value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(1);
              }}
            />
            <LetterFilter
              value={letter}
              onChange={(l) => {
                setLetter(l);
                setPage(1); // §4: changing a letter filter resets the page
              }}
            />
            <DirectoryGrid
              items={matching}
              page={page}
              onPage={setPage}
              emptyText="No celebrities found"
              renderItem={(c) => <CelebrityCard key={c.name} c={c} />}
            />
          </>
        )}
      </div>
    </div>
  );
}
