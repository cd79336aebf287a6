import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, PostEventKind } from '../../db/database.ts';

const isoMs = (expression: RawBuilder<unknown>) =>
  sql`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const epochMs = (expression: RawBuilder<unknown>) =>
  sql`floor(extract(epoch from ${expression}) * 1000)::bigint`;

/** The PostChangedEvent `post` object of posts row `p`, with its links in position order. */
const postSnapshot = sql`jsonb_build_object(
  'title', p.title, 'status', p.status, 'platform', p.platform, 'celebrity', p.celebrity,
  'show', p.show, 'brand', p.brand, 'productType', p.product_type, 'mainImage', p.main_image,
  'enhancedImage', p.enhanced_image, 'createdAt', ${isoMs(sql`p.created_at`)},
  'links', coalesce((
    select jsonb_agg(jsonb_build_object('_id', l.id, 'text', l.text, 'url', l.url,
      'realUrl', l.real_url, 'position', l.position) order by l.position)
    from affiliate_links l where l.post_id = p.id), '[]'::jsonb))`;

/**
 * Writes one post-changed event per post into the outbox, inside the caller's transaction, from
 * the posts as they are now (call it after the change). The version is the post's updatedAt in ms:
 * writers raise updated_at by at least 1 ms per change (see nextUpdatedAt), so it only grows.
 * `postsWhere` selects the posts (an SQL condition over posts row `p`).
 */
export async function recordPostEvents(
  db: Kysely<Database>,
  kind: Exclude<PostEventKind, 'deleted'>,
  postsWhere: RawBuilder<unknown>,
): Promise<string[]> {
  const version = epochMs(sql`p.updated_at`);
  const { rows } = await sql<{ id: string }>`
    insert into post_events_outbox (post_id, kind, version, payload)
    select p.id, ${kind}, ${version}, jsonb_build_object(
      'kind', ${kind}::text, 'postId', p.id, 'version', ${version},
      'occurredAt', ${isoMs(sql`clock_timestamp()`)}, 'post', ${postSnapshot})
    from posts p where ${postsWhere}
    returning id`.execute(db);
  return rows.map((row) => row.id);
}

/** The same for posts about to be deleted (call it before the delete): `post` is null. */
export async function recordPostDeletions(
  db: Kysely<Database>,
  postIds: readonly string[],
): Promise<string[]> {
  if (postIds.length === 0) return [];
  return recordDeletionsWhere(db, sql`p.id = any(${sql.val(postIds)}::uuid[])`);
}

/** Deletion events for every post matching `postsWhere` (over posts row `p`), before the delete. */
export async function recordDeletionsWhere(
  db: Kysely<Database>,
  postsWhere: RawBuilder<unknown>,
): Promise<string[]> {
  const version = epochMs(nextUpdatedAt(sql`p.updated_at`));
  const { rows } = await sql<{ id: string }>`
    insert into post_events_outbox (post_id, kind, version, payload)
    select p.id, 'deleted', ${version}, jsonb_build_object(
      'kind', 'deleted', 'postId', p.id, 'version', ${version},
      'occurredAt', ${isoMs(sql`clock_timestamp()`)}, 'post', null)
    from posts p where ${postsWhere}
    returning id`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * A post's next updated_at: now, but always at least 1 ms past the previous one, so two changes in
 * the same millisecond (one transaction's now()) still give two increasing event versions.
 */
export function nextUpdatedAt(current: RawBuilder<unknown>): RawBuilder<Date> {
  return sql<Date>`greatest(now(), date_trunc('milliseconds', ${current}) + interval '1 millisecond')`;
}
