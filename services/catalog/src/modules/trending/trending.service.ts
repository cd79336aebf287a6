import type { TrendingCelebrity } from '@celebstyle/contracts';
import { derivedAnswers } from '../../lib/derived-answers.ts';
import type { Directories } from './directories.service.ts';
import type { NameEntry } from './name-directory.repository.ts';

const heads = derivedAnswers<NameEntry[], TrendingCelebrity[]>();

/**
 * GET /api/posts/trending-celebrities (README, Trending celebrities). The celebrity directory is
 * already ranked in SQL by the trending rule, so the answer is its head.
 */
export async function trendingCelebrities(
  directories: Directories,
  limit: number,
): Promise<TrendingCelebrity[]> {
  const entries = await directories.celebrities();
  return heads(entries, String(limit), () =>
    entries.slice(0, limit).map(({ name, count, imageUrl }) => ({ name, count, imageUrl })),
  );
}
