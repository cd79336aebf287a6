import type { Kysely } from 'kysely';
import type { Database, NewPost } from '../../src/db/database.ts';

const BASE = new Date('2026-10-01T12:00:00Z').getTime();
// Every post of a test file gets its own hour, in insertion order, so "newest first" is unambiguous.
let sequence = 0;

/** Inserts one post per spec (created one hour apart, in order) with optional affiliate links. */
export async function addPosts(
  db: Kysely<Database>,
  specs: (Partial<NewPost> & { links?: string[] })[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, { links, ...spec }] of specs.entries()) {
    const created = new Date(BASE + sequence++ * 3_600_000);
    const row = await db
      .insertInto('posts')
      .values({
        title: `Look ${i}`,
        celebrity: 'Someone',
        show: 'Some Show',
        brand: 'Zara',
        product_type: 'Dress',
        platform: 'wornontv',
        status: 'approved',
        created_at: created,
        updated_at: created,
        ...spec,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
    if (links && links.length > 0) {
      await db
        .insertInto('affiliate_links')
        .values(
          links.map((text, position) => ({
            post_id: row.id,
            position,
            text,
            url: `https://shop.example/${position}`,
          })),
        )
        .execute();
    }
  }
  return ids;
}
