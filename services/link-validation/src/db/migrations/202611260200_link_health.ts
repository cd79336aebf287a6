/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

/**
 * Link health: the projection of catalog posts and their links (kept from post-changed events;
 * link-validation never reads the catalog's tables), each link's current verdict and schedule,
 * the history of checks, and the outbox of link-health-changed events.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const schema = db.schema.withSchema('link_validation');

  await schema
    .createTable('posts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // PostChangedEvent.version: an event older than this changes nothing.
    .addColumn('version', 'bigint', (c) => c.notNull())
    // A deleted post keeps its row (and version) so a late, older event cannot bring it back.
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('celebrity', 'text', (c) => c.notNull())
    .addColumn('show', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('main_image', 'text')
    .addColumn('enhanced_image', 'text')
    .addColumn('post_created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await schema
    .createIndex('posts_created_idx')
    .on('posts')
    .columns(['post_created_at desc', 'id'])
    .where(sql.ref('deleted'), '=', false)
    .execute();

  await schema
    .createTable('links')
    // The catalog's affiliate link id.
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('post_id', 'uuid', (c) =>
      c.notNull().references('link_validation.posts.id').onDelete('cascade'),
    )
    .addColumn('link_index', 'integer', (c) => c.notNull())
    .addColumn('link_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('original_url', 'text', (c) => c.notNull())
    // The catalog's own resolved URL, if it has one.
    .addColumn('catalog_real_url', 'text')
    // The storefront's cleaned URL (url-cleaning with the active rules) at the last check.
    .addColumn('clean_url', 'text')
    // The published verdict (link-health-and-routes.md §3), 'unknown' until the first check.
    .addColumn('link_status', 'text', (c) => c.notNull().defaultTo('unknown'))
    .addColumn('confidence', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('http_status', 'integer')
    .addColumn('final_url', 'text')
    .addColumn('retailer', 'text')
    .addColumn('retailer_domain', 'text')
    .addColumn('stock_status', 'text')
    .addColumn('price', sql`numeric(14, 2)`)
    .addColumn('currency', 'text')
    .addColumn('response_time', 'integer')
    .addColumn('error_message', 'text')
    .addColumn('recommendation', 'text')
    .addColumn('validation_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_checked', 'timestamptz')
    .addColumn('next_check_at', 'timestamptz', (c) =>
      // Milliseconds, as check jobs carry it (due-links.ts compares the two).
      c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    // Checks in a row whose verdict differed from the published one (two strikes before a flip).
    .addColumn('strikes', 'integer', (c) => c.notNull().defaultTo(0))
    // Checks in a row that could not judge the link (unknown, server_error, access_denied): backoff.
    .addColumn('error_streak', 'integer', (c) => c.notNull().defaultTo(0))
    // An admin's status change (link-status route): who, when, why, and the verdict it replaced.
    .addColumn('status_changed_by', 'text')
    .addColumn('status_changed_at', 'timestamptz')
    .addColumn('status_notes', 'text')
    .addColumn('overridden_status', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await schema.createIndex('links_post_idx').on('links').columns(['post_id', 'link_index']).execute();
  await schema.createIndex('links_due_idx').on('links').column('next_check_at').execute();
  await schema.createIndex('links_status_idx').on('links').columns(['link_status', 'post_id']).execute();
  await schema.createIndex('links_retailer_idx').on('links').columns(['retailer', 'post_id']).execute();

  await schema
    .createTable('link_checks')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('link_id', 'uuid', (c) =>
      c.notNull().references('link_validation.links.id').onDelete('cascade'),
    )
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('link_status', 'text', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('confidence', 'real', (c) => c.notNull())
    .addColumn('response_time', 'integer')
    .addColumn('error_message', 'text')
    .execute();
  await schema
    .createIndex('link_checks_link_idx')
    .on('link_checks')
    .columns(['link_id', 'checked_at desc'])
    .execute();
  await schema.createIndex('link_checks_time_idx').on('link_checks').column('checked_at').execute();

  await schema
    .createTable('health_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await schema
    .createIndex('health_outbox_pending_idx')
    .on('health_outbox')
    .column('id')
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const schema = db.schema.withSchema('link_validation');
  await schema.dropTable('health_outbox').execute();
  await schema.dropTable('link_checks').execute();
  await schema.dropTable('links').execute();
  await schema.dropTable('posts').execute();
}
