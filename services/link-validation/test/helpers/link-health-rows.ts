import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database, LinkTable, PostTable } from '../../src/db/database.ts';

/** Rows of our own projection tables, written directly as the projection consumer would. */
export type PostValues = Partial<Insertable<PostTable>>;
export type LinkValues = Partial<Insertable<LinkTable>>;

let sequence = 0;

export async function insertPost(db: Kysely<Database>, values: PostValues = {}): Promise<string> {
  sequence += 1;
  const id = values.id ?? randomUUID();
  await db
    .insertInto('link_validation.posts')
    .values({
      id,
      version: 1,
      title: `Post ${sequence}`,
      status: 'approved',
      platform: 'wornontv',
      celebrity: 'Zendaya',
      show: 'Euphoria',
      brand: 'Prada',
      product_type: 'Dress',
      main_image: `https://img.example/${sequence}.jpg`,
      enhanced_image: null,
      post_created_at: new Date(Date.UTC(2026, 0, 1) + sequence * 60_000),
      ...values,
    })
    .execute();
  return id;
}

export async function insertLink(
  db: Kysely<Database>,
  postId: string,
  linkIndex: number,
  values: LinkValues = {},
): Promise<string> {
  const id = values.id ?? randomUUID();
  await db
    .insertInto('link_validation.links')
    .values({
      id,
      post_id: postId,
      link_index: linkIndex,
      link_text: `Link ${linkIndex}`,
      original_url: `https://shop.example/p/${id}`,
      link_status: 'active',
      confidence: 0.95,
      retailer: 'Shop Example',
      last_checked: new Date(),
      ...values,
    })
    .execute();
  return id;
}

/** Clears posts (links, checks and outbox rows go with them or are cleared too). */
export async function clearLinkHealth(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('link_validation.health_outbox').execute();
  await db.deleteFrom('link_validation.posts').execute();
}
