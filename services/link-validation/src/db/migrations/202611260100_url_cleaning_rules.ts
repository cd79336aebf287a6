/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

/**
 * link-health-and-routes.md §2.4, §3: URL cleaning rules. No rows are seeded: with no rule for its
 * domain a link stays unchanged (packages/url-cleaning cleanUrl), so an empty table is a safe start.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create schema if not exists link_validation`.execute(db);
  await db.schema
    .withSchema('link_validation')
    .createTable('url_cleaning_rules')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // stored as normalizeDomain() gives it, so uniqueness holds for 'https://www.Shop.com/' and 'shop.com'
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('preserve_params', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.withSchema('link_validation').dropTable('url_cleaning_rules').execute();
}
