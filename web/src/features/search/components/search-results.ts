import { paths } from '../../../config/paths.ts';
import type { GlobalSearchAnswer } from '../api/get-global-search.ts';

export type SearchOption = {
  id: string;
  group: 'Posts' | 'Celebrities' | 'Shows';
  label: string;
  detail: string;
  href: string;
  image: string | null;
};

/** Flattens the grouped answer into the option order the dropdown shows and the keyboard walks. */
export function toSearchOptions(answer: GlobalSearchAnswer, perGroup = Infinity): SearchOption[] {
  const posts = answer.posts.slice(0, perGroup).map((p): SearchOption => ({
    id: `post-${p._id}`,
    group: 'Posts',
    label: p.title,
    detail: [p.celebrity, p.show].filter(Boolean).join(' · '),
    href: paths.product(p._id),
    image: p.image,
  }));
  const celebrities = answer.celebrities.slice(0, perGroup).map((c): SearchOption => ({
    id: `celebrity-${c.name}`,
    group: 'Celebrities',
    label: c.name,
    detail: `${c.count} ${c.count === 1 ? 'look' : 'looks'}`,
    href: `/celebrity/${c.slug}`,
    image: c.imageUrl,
  }));
  const shows = answer.shows.slice(0, perGroup).map((s): SearchOption => ({
    id: `show-${s.name}`,
    group: 'Shows',
    label: s.name,
    detail: [s.network, `${s.count} ${s.count === 1 ? 'look' : 'looks'}`].filter(Boolean).join(' · '),
    href: `/show/${s.slug}`,
    image: s.imageUrl,
  }));
  return [...posts, ...celebrities, ...shows];
}
