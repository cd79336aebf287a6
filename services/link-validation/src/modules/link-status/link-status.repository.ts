import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Tx = Transaction<Database>;

export interface LockedLink {
  id: string;
  post_id: string;
  link_status: string;
  overridden_status: string | null;
  status_notes: string | null;
  /** The offer and facts a link-health event carries (packages/queue LinkHealthChangedEvent). */
  stock_status: string | null;
  price: string | null;
  currency: string | null;
  retailer: string | null;
  link_text: string;
  original_url: string;
  catalog_real_url: string | null;
  clean_url: string | null;
}

export async function postIsLive(db: Kysely<Database>, postId: string): Promise<boolean> {
  const row = await db
    .selectFrom('link_validation.posts')
    .select('id')
    .where('id', '=', postId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}

/** The post's title, as an audit entry names the link's post. */
export async function postTitle(db: Kysely<Database>, postId: string): Promise<string> {
  const row = await db
    .selectFrom('link_validation.posts')
    .select('title')
    .where('id', '=', postId)
    .executeTakeFirst();
  return row?.title ?? postId;
}

/** The link, locked until the transaction ends so a check cannot write between read and update. */
export async function lockLink(tx: Tx, postId: string, linkIndex: number): Promise<LockedLink | undefined> {
  return tx
    .selectFrom('link_validation.links')
    .select([
      'id',
      'post_id',
      'link_status',
      'overridden_status',
      'status_notes',
      'stock_status',
      'price',
      'currency',
      'retailer',
      'link_text',
      'original_url',
      'catalog_real_url',
      'clean_url',
    ])
    .where('post_id', '=', postId)
    .where('link_index', '=', linkIndex)
    .forUpdate()
    .executeTakeFirst();
}

export interface StatusOverride {
  linkStatus: string;
  overriddenStatus: string | null;
  changedBy: string;
  notes: string | null;
}

export async function writeOverride(tx: Tx, linkId: string, change: StatusOverride): Promise<Date> {
  const row = await tx
    .updateTable('link_validation.links')
    .set({
      link_status: change.linkStatus,
      overridden_status: change.overriddenStatus,
      status_changed_by: change.changedBy,
      status_changed_at: sql<Date>`now()`,
      status_notes: change.notes,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', linkId)
    .returning('status_changed_at')
    .executeTakeFirstOrThrow();
  return row.status_changed_at!;
}

export async function enqueueHealthEvent(tx: Tx, payload: object): Promise<void> {
  await tx
    .insertInto('link_validation.health_outbox')
    .values({ payload: JSON.stringify(payload) })
    .execute();
}
