import { Link } from 'react-router';
import type { PublicPost } from '@celebstyle/contracts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { SIMILAR_LOOKS } from '../../../config/constants.ts';
import { paths } from '../../../config/paths.ts';
import { postImage } from '../../../lib/catalog/posts.ts';
import { useSimilarLooks } from '../api/use-similar-looks.ts';

const row = 'flex items-center gap-3 px-3 py-2';

/** A short list of other looks of the same celebrity (else show), each leading to its product page. */
export function SimilarLooks({ post }: { post: Pick<PublicPost, '_id' | 'celebrity' | 'show'> }) {
  const similar = useSimilarLooks(post);
  return (
    <section aria-labelledby="similar-looks" data-testid="similar-looks">
      <h3 id="similar-looks" className="text-xs font-semibold tracking-[0.2em] text-neutral-500 uppercase">
        Similar looks
      </h3>
      {similar.loading ? (
        <ul className="mt-2 divide-y divide-neutral-200 rounded-xl ring-1 ring-neutral-200" aria-hidden>
          {Array.from({ length: SIMILAR_LOOKS }, (_, i) => (
            <li key={i} className={row}>
              <Skeleton className="h-15 w-12 shrink-0 rounded-md" />
              <Skeleton className="h-5 w-2/3" />
            </li>
          ))}
        </ul>
      ) : similar.posts.length > 0 ? (
        <ul className="mt-2 divide-y divide-neutral-200 rounded-xl ring-1 ring-neutral-200">
          {similar.posts.map((look) => (
            <li key={look._id}>
              <Link to={paths.product(look._id)} className={`${row} text-sm hover:bg-neutral-50`}>
                <SafeImage
                  src={postImage(look)}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="h-15 w-12 shrink-0 rounded-md"
                />
                <span className="min-w-0">
                  <span className="line-clamp-2 font-medium">{look.title}</span>
                  <span className="block truncate text-xs text-neutral-500">
                    {[look.celebrity, look.show].filter(Boolean).join(' · ')}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <Link to={paths.fashion()} className="mt-2 inline-block text-sm font-semibold underline">
          Browse All Outfits
        </Link>
      )}
    </section>
  );
}
