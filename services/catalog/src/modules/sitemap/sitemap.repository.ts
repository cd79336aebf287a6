import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export async function sitemapSummary(db: Kysely<Database>) {
  const row = await db
    .selectFrom('posts')
    .where('status', '=', 'approved')
    .select((eb) => [eb.fn.countAll<string>().as('posts'), eb.fn.max('updated_at').as('lastmod')])
    .executeTakeFirstOrThrow();
  return { posts: Number(row.posts), lastmod: row.lastmod ? new Date(row.lastmod).toISOString() : null };
}

/**
 * One sitemap file of approved posts, in id order. Offset rather than keyset: a file is named by
 * its number, the offset is bounded by the post count, and the gateway keeps each file for an hour.
 */
export async function sitemapPosts(db: Kysely<Database>, file: number, size: number) {
  const rows = await db
    .selectFrom('posts')
    .where('status', '=', 'approved')
    .select(['id', 'updated_at'])
    .orderBy('id')
    .limit(size)
    .offset((file - 1) * size)
    .execute();
  return { posts: rows.map((r) => ({ id: r.id, lastmod: new Date(r.updated_at).toISOString() })) };
}

async function namesWithApprovedPosts(db: Kysely<Database>, column: 'celebrity' | 'show') {
  const rows = await db
    .selectFrom('posts')
    .where('status', '=', 'approved')
    .where(column, '<>', '')
    .select((eb) => [eb.ref(column).as('name'), eb.fn.max('updated_at').as('lastmod')])
    .groupBy(column)
    .orderBy(column)
    .execute();
  return rows.map((r) => ({ name: r.name, lastmod: new Date(r.lastmod).toISOString() }));
}

export async function sitemapProfiles(db: Kysely<Database>) {
  const [celebrities, shows] = await Promise.all([
    namesWithApprovedPosts(db, 'celebrity'),
    namesWithApprovedPosts(db, 'show'),
  ]);
  return { celebrities, shows };
}
