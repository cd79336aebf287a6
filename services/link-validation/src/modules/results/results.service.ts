import {
  BrokenLinkStatuses,
  LinkValidationLimits,
  LinkValidationText,
  type LinkValidationFilterOptions,
  type LinkValidationFilters,
  type LinkValidationResultsAnswer,
  type LinkValidationStats,
  type PostLinkDetails,
  pageFacts,
} from '@celebstyle/contracts';
import { notFound } from '@celebstyle/service-kit';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/database.ts';
import type { AuditDeps } from '../audit/link-validation-audit.ts';
import type { AnswerCache } from './answer-cache.ts';
import { parseResultFilters, type ResultFilters } from './result-filters.ts';
import { toLinkFields, toPostFields, toResult } from './result-row.ts';
import { countPostsByMask, maskQuery } from './post-mask-count.ts';
import { exportFileName, resultsCsv } from './results-csv.ts';
import * as repository from './results.repository.ts';

/** The results, and (for a status change) where its audit entry goes. */
export interface ResultsDeps extends AuditDeps {
  db: Kysely<Database>;
  /** filterOptions change only with posts and retailers: one read per period is enough. */
  filterOptions: AnswerCache<LinkValidationFilterOptions>;
  /**
   * Matching-post totals by filters: a page turn or a new sort (§4.4) keeps the filters, and the
   * exact count is the one costly part of a results call on a large table.
   */
  totals: AnswerCache<number>;
}

/** The filters that decide the total (not the sort, not the page). */
const totalsKey = ({ sortBy: _sortBy, sortOrder: _sortOrder, ...filters }: ResultFilters) =>
  JSON.stringify(filters);

/**
 * §2.2 results, paged by post: total counts matching posts, and a page holds up to `limit` posts
 * with all their matching links (at most 100 each, §9), since the table groups rows by post.
 */
export async function getResults(
  deps: ResultsDeps,
  query: LinkValidationFilters & { page: number; limit: number },
): Promise<LinkValidationResultsAnswer> {
  const filters = parseResultFilters(query);
  const [total, postIds, filterOptions] = await Promise.all([
    countTotal(deps, filters),
    repository.pageOfPostIds(deps.db, filters, (query.page - 1) * query.limit, query.limit),
    deps.filterOptions.get('all', () => repository.filterOptions(deps.db)),
  ]);
  const rows = await repository.matchingLinksOfPosts(
    deps.db,
    filters,
    postIds,
    LinkValidationLimits.linksPerPostMax,
  );
  const { currentPage, totalPages, hasPrevPage, hasNextPage } = pageFacts(query.page, query.limit, total);
  return {
    results: rows.map(toResult),
    // link-health-and-routes.md §3 list response: page, pages and total.
    pagination: { page: currentPage, pages: totalPages, total, hasPrevPage, hasNextPage },
    filterOptions,
  };
}

/**
 * The exact number of matching posts: from the per-post link masks when the filters are ones they
 * answer (status alone, the quick filters: a sum over a few hundred rows, never cached), else
 * counted from the tables and reused for a while.
 */
function countTotal(deps: ResultsDeps, filters: ResultFilters): Promise<number> {
  const mask = maskQuery(filters);
  if (mask) return countPostsByMask(deps.db, mask);
  return deps.totals.get(totalsKey(filters), () => repository.countMatchingPosts(deps.db, filters));
}

const percent = (part: number, total: number) => (total === 0 ? 0 : Math.round((part * 1000) / total) / 10);

/** §3 stats over every link of every post that is not deleted; percentages to one decimal. */
export async function getStats(deps: ResultsDeps): Promise<LinkValidationStats> {
  const counts = await repository.statusCounts(deps.db, BrokenLinkStatuses);
  return {
    totalLinks: counts.total,
    activeLinks: counts.active,
    activePercentage: percent(counts.active, counts.total),
    brokenLinks: counts.broken,
    brokenPercentage: percent(counts.broken, counts.total),
    soldOutLinks: counts.soldOut,
    soldOutPercentage: percent(counts.soldOut, counts.total),
    unknownLinks: counts.unknown,
    unknownPercentage: percent(counts.unknown, counts.total),
  };
}

/** §2.3 details dialog: the post, its link count and its first 100 links by linkIndex. */
export async function getPostLinks(deps: ResultsDeps, postId: string): Promise<PostLinkDetails> {
  const post = await repository.findLivePost(deps.db, postId);
  if (!post) throw notFound(LinkValidationText.postNotFound);
  const filters = parseResultFilters({ postId, sortBy: 'linkIndex', sortOrder: 'asc' });
  const [totalLinks, rows] = await Promise.all([
    repository.countLinksOfPost(deps.db, postId),
    repository.matchingLinksOfPosts(deps.db, filters, [postId], LinkValidationLimits.linksPerPostMax),
  ]);
  return { ...toPostFields(post), totalLinks, links: rows.map(toLinkFields) };
}

/**
 * §7 export: the matching links in display order (posts by the sort, links by linkIndex), counted
 * in rows (links), at most 10,000 (§9). The rows are read in one query (bounded) and streamed out
 * as CSV.
 */
export async function exportResults(
  deps: ResultsDeps,
  body: LinkValidationFilters & { page: number; limit: number },
  now: Date = new Date(),
): Promise<{ fileName: string; csv: Readable; cutAt: number | null }> {
  const filters = parseResultFilters(body);
  const limit = Math.min(body.limit, LinkValidationLimits.exportRowsMax);
  // One row more than asked says whether more links match than the file holds.
  const rows = await repository.matchingLinkRows(deps.db, filters, (body.page - 1) * limit, limit + 1);
  const cutShort = rows.length > limit;
  return {
    fileName: exportFileName(now),
    csv: resultsCsv(cutShort ? rows.slice(0, limit) : rows),
    cutAt: cutShort ? limit : null,
  };
}
