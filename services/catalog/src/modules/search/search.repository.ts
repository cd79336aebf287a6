import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';

/** One word of the search term, as the 'simple' parser of search_vector reads it. */
export interface TermToken {
  token: string;
  /** Some indexed word starts with the token (a partial word such as 'housewiv'). */
  hasPrefix: boolean;
  /** Indexed words most like the token by trigram similarity (a typo such as 'loubotin'). */
  similar: string[];
}

const MAX_TOKENS = 8;
const SIMILAR_WORDS = 3;
/**
 * pg_trgm's `%` (threshold 0.3) finds candidates through the index; 0.4 then keeps real corrections
 * ('gucchi' → gucci 0.44, 'loubotin' → louboutin 0.58) and drops fragments ('loubotin' → lou 0.3).
 */
const MIN_SIMILARITY = 0.4;

/**
 * Splits a term with the same parser as search_vector and looks each word up in the search_words
 * dictionary (migration 202611252240): a prefix probe on its C-collated btree, and the nearest words
 * through its trigram GIN index.
 */
export async function tokenizeTerm(db: Kysely<Database>, term: string): Promise<TermToken[]> {
  const { rows } = await sql<TermToken>`
    with tokens as (
      select t from unnest(tsvector_to_array(to_tsvector('simple'::regconfig, ${term}))) as t
      order by length(t) desc, t limit ${MAX_TOKENS}
    )
    select t as token,
      exists (
        select 1 from search_words w
        where w.word like replace(replace(replace(t, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
      ) as "hasPrefix",
      array(
        select w.word from search_words w
        where length(t) >= 3 and w.word % t and similarity(w.word, t) >= ${MIN_SIMILARITY}
        order by similarity(w.word, t) desc, w.word limit ${SIMILAR_WORDS}
      ) as similar
    from tokens`.execute(db);
  return rows;
}

export interface RankedPostIds {
  ids: string[];
  total: number;
}

/**
 * How many matches are ranked: the newest SEARCH_CANDIDATES approved matches (a bounded plan; a broad
 * term such as 'housewiv' matches about half of the catalogue, and ranking all of them is slow).
 */
export const SEARCH_CANDIDATES = 1000;

/**
 * The ranking both searches share, as `with candidates … select … from candidates, q … order by`:
 * the newest SEARCH_CANDIDATES approved posts matching the tsquery, through the GIN index on
 * search_vector, with `columns` besides what the ranking reads; `select` is what is answered of them,
 * ranked by ts_rank over the weighted vector (title and celebrity A, show and brand B, product type C,
 * description D), then newest first.
 */
function rankedMatches(query: string, columns: RawBuilder<unknown>, select: RawBuilder<unknown>) {
  return sql`
    with candidates as materialized (
      select id, created_at, search_vector${columns} from posts, cast(${query} as tsquery) as q
      where status = 'approved' and search_vector @@ q
      order by created_at desc, id desc limit ${SEARCH_CANDIDATES}
    )
    select ${select} from candidates, cast(${query} as tsquery) as q
    order by ts_rank(search_vector, q) desc, created_at desc, id desc`;
}

/** Approved posts matching the tsquery, ranked (rankedMatches); total counts the candidates. */
export async function searchPostIds(
  db: Kysely<Database>,
  query: string,
  offset: number,
  limit: number,
): Promise<RankedPostIds> {
  const ranked = rankedMatches(query, sql``, sql`id, (count(*) over ())::int as total`);
  const { rows } = await sql<{
    id: string;
    total: number;
  }>`${ranked} offset ${offset} limit ${limit}`.execute(db);
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: rows[0]!.total };
  if (offset === 0) return { ids: [], total: 0 };
  const { rows: counted } = await sql<{ total: number }>`
    select count(*)::int as total from (
      select 1 from posts where status = 'approved' and search_vector @@ cast(${query} as tsquery)
      limit ${SEARCH_CANDIDATES}
    ) capped`.execute(db);
  return { ids: [], total: counted[0]?.total ?? 0 };
}

export interface SearchPostCard {
  _id: string;
  title: string;
  celebrity: string;
  show: string;
  image: string | null;
}

/** The header's post results: ranked like searchPostIds (rankedMatches), without counting. */
export async function searchPostCards(
  db: Kysely<Database>,
  query: string,
  limit: number,
): Promise<SearchPostCard[]> {
  const ranked = rankedMatches(
    query,
    sql`, title, celebrity, show, coalesce(enhanced_image, main_image) as image`,
    sql`id as "_id", title, celebrity, show, image`,
  );
  const { rows } = await sql<SearchPostCard>`${ranked} limit ${limit}`.execute(db);
  return rows;
}
