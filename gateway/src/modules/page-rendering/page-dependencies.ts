import { AsyncLocalStorage } from 'node:async_hooks';
import { UUID_PATTERN } from '@celebstyle/contracts';

/** The posts read by the render running in this async context. */
const postsOfRender = new AsyncLocalStorage<Set<string>>();

/**
 * Runs one render and collects the id of every post its API reads answered: the render cache keeps
 * the page only as long as none of them changes (render-cache.ts).
 */
export async function collectingPostsRead<T>(
  render: () => Promise<T>,
): Promise<{ result: T; posts: Set<string> }> {
  const posts = new Set<string>();
  const result = await postsOfRender.run(posts, render);
  return { result, posts };
}

/** Notes the posts in one API answer of the current render (any `_id` that is a post id). */
export function notePostsRead(json: string): void {
  const posts = postsOfRender.getStore();
  if (!posts) return;
  let answer: unknown;
  try {
    answer = JSON.parse(json);
  } catch {
    return;
  }
  collectIds(answer, posts);
}

function collectIds(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectIds(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      // Posts carry `_id` (storefront.md §3); ids of links, shows or people may come along too,
      // which costs a stamp read that never changes, never a stale page.
      if (key === '_id' && typeof field === 'string' && UUID_PATTERN.test(field))
        into.add(field.toLowerCase());
      else if (typeof field === 'object') collectIds(field, into);
    }
  }
}
