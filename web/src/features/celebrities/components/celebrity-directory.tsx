import { useState } from 'react';
import { Link } from 'react-router';
import { useTrendingCelebrities } from '../../../lib/catalog/people-and-shows.ts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { DirectoryGrid } from '../../../components/ui/directory-grid.tsx';
import { FeaturedDirectorySection } from '../../../components/ui/featured-directory-section.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { DirectorySearch, LetterFilter, matchesLetter } from '../../../components/ui/directory-filters.tsx';
import { Seo } from '../../../components/seo.tsx';
import { paths } from '../../../config/paths.ts';
import { FALLBACK_CELEBRITIES } from '../../../lib/fallback-data.ts';
import { FallbackNotice } from '../../../components/ui/section-heading.tsx';
import { CELEBRITY_DIRECTORY_SIZE } from '../../../config/constants.ts';
import { usePhoneLayout } from '../../../lib/use-media-query.ts';
import { PhoneOrWide } from '../../../components/ui/phone-or-wide.tsx';
import { useSearchParam } from '../../../lib/use-search-param.ts';

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

/** One line of the phone layout's Celebrity Search list. */
function CelebrityRow({ c }: { c: Celebrity }) {
  return (
    <Link
      to={paths.celebrity(c.name)}
      className="flex items-center gap-3 rounded-xl p-2 ring-1 ring-neutral-200 hover:bg-neutral-50"
    >
      <SafeImage src={c.imageUrl} alt="" loading="lazy" className="size-12 shrink-0 rounded-full" />
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold">{c.name}</span>
        <span className="block text-xs text-neutral-500">
          {c.count} {c.count === 1 ? 'look' : 'looks'}
        </span>
      </span>
    </Link>
  );
}

const SEARCH_LIST_ID = 'celebrity-search';

/**
 * storefront.md §2 Celebrity directory (/celebrity). Under 640 px: 4 featured cards with View More,
 * and a Celebrity Search list with the same search and letter filters.
 */
export function CelebrityDirectory() {
  const celebrities = useTrendingCelebrities(CELEBRITY_DIRECTORY_SIZE);
  const [search, setSearch] = useState('');
  const [letter, setLetter] = useSearchParam('letter', 'All');
  const [page, setPage] = useState(1);
  const phone = usePhoneLayout();
  // §4: the list falls back to built-in sample data on failure, under the §8 message
  const all = celebrities.isError ? FALLBACK_CELEBRITIES : (celebrities.data ?? []);
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
        ) : (
          <>
            {celebrities.isError && <FallbackNotice>Failed to load celebrities</FallbackNotice>}
            <FeaturedDirectorySection
              title="Featured Celebrities"
              items={all}
              phone={phone}
              morePath={paths.celebrities()}
              listId={SEARCH_LIST_ID}
              renderCard={(c) => <CelebrityCard key={c.name} c={c} />}
            />
            <h2 id={SEARCH_LIST_ID} className="mt-14 mb-4 scroll-mt-24 font-display text-2xl">
              <PhoneOrWide phone={phone} narrow="Celebrity Search" wide="Find Celebrities" />
            </h2>
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
            <PhoneOrWide
              phone={phone}
              narrow={
                <DirectoryGrid
                  items={matching}
                  page={page}
                  onPage={setPage}
                  emptyText="No celebrities found"
                  layout="list"
                  renderItem={(c) => <CelebrityRow key={c.name} c={c} />}
                />
              }
              wide={
                <DirectoryGrid
                  items={matching}
                  page={page}
                  onPage={setPage}
                  emptyText="No celebrities found"
                  renderItem={(c) => <CelebrityCard key={c.name} c={c} />}
                />
              }
            />
          </>
        )}
      </div>
    </div>
  );
}
