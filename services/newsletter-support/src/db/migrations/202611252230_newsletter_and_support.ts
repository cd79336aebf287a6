/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

/**
 * The service owns two schemas (docs/design.md, Data ownership): `newsletter` (subscribers and the
 * e-mail outbox) and `support` (support requests). One migration folder for both; the migrator's
 * bookkeeping lives in `newsletter`, and every table here names its schema explicitly.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create schema if not exists newsletter`.execute(db);
  await sql`create schema if not exists support`.execute(db);

  await db.schema
    .withSchema('newsletter')
    .createTable('subscribers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'confirmed', 'unsubscribed')`),
    )
    // storefront.md §7 double opt-in: only a SHA-256 of the token is stored, so a database leak
    // confirms nobody.
    .addColumn('confirm_token_hash', 'text', (c) => c.unique())
    .addColumn('confirm_token_expires_at', 'timestamptz')
    .addColumn('confirmation_sent_at', 'timestamptz')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('unsubscribed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .withSchema('newsletter')
    .createTable('email_outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('headers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  // The sweeper scans unsent rows only.
  await sql`create index email_outbox_unsent_idx on newsletter.email_outbox (created_at) where status in ('pending', 'sending')`.execute(
    db,
  );

  await db.schema
    .withSchema('support')
    .createTable('support_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) =>
      c.notNull().check(sql`priority in ('low', 'medium', 'high', 'urgent')`),
    )
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('unread', 'in-progress', 'resolved', 'archived')`),
    )
    .addColumn('response_text', 'text')
    .addColumn('response_sent_at', 'timestamptz')
    .addColumn('responded_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index support_requests_created_idx on support.support_requests (created_at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.withSchema('support').dropTable('support_requests').execute();
  await db.schema.withSchema('newsletter').dropTable('email_outbox').execute();
  await db.schema.withSchema('newsletter').dropTable('subscribers').execute();
}
