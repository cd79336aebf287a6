import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, SelectQueryBuilder } from 'kysely';
import type { Database, LinkTable, PostTable } from '../../src/db/database.ts';

/** Rows of our own projection tables, written directly as the projection consumer would. */
export type PostValues = Partial<Insertable<PostTable>>;
/** A link's columns, and its next check (its schedule row's; due at once when absent). */
export type LinkValues = Partial<Insertable<LinkTable>> & { next_check_at?: Date };
type LinkIds = SelectQueryBuilder<Database, 'link_validation.links', { id: string }>;

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

/** Sets the next check of the links `which` selects (from link_validation.links). */
export async function setNextCheck(
  db: Kysely<Database>,
  at: Date,
  which: (links: LinkIds) => LinkIds,
): Promise<void> {
  await db
    .updateTable('link_validation.link_schedule')
    .set({ next_check_at: at })
    .where('link_id', 'in', which(db.selectFrom('link_validation.links').select('id')))
    .execute();
}

/** A link's next check, from its schedule row. */
export async function nextCheckOf(db: Kysely<Database>, linkId: string): Promise<Date> {
  const row = await db
    .selectFrom('link_validation.link_schedule')
    .select('next_check_at')
    .where('link_id', '=', linkId)
    .executeTakeFirstOrThrow();
  return row.next_check_at;
}

export async function insertLink(
  db: Kysely<Database>,
  postId: string,
  linkIndex: number,
  { next_check_at: nextCheckAt, ...values }: LinkValues = {},
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
  if (nextCheckAt) await setNextCheck(db, nextCheckAt, (links) => links.where('id', '=', id));
  return id;
}

/** Clears posts (links, checks and outbox rows go with them or are cleared too). */
export async function clearLinkHealth(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('link_validation.health_outbox').execute();
  await db.deleteFrom('link_validation.posts').execute();
}
