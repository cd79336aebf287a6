/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (docs/conventions.md) */
import { sql, type Kysely } from 'kysely';

// Frozen in time: imports nothing from the app.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admins')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('admin')
        .check(sql`role in ('admin', 'super_admin')`),
    )
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    // Raised to revoke every access token of the admin at once (service-kit auth/revocation.ts).
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Usernames and e-mails are unique regardless of case.
  await sql`create unique index admins_username_key on admins (lower(username))`.execute(db);
  await sql`create unique index admins_email_key on admins (lower(email))`.execute(db);
  await db.schema.createIndex('admins_created_at_idx').on('admins').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('admin_id', 'uuid', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    // One family per sign-in; every rotation stays in it, so a replayed token revokes the session.
    .addColumn('family_id', 'uuid', (c) => c.notNull())
    // SHA-256 of the opaque token: the token itself is never stored.
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('family_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_admin_idx').on('refresh_tokens').column('admin_id').execute();

  // A deleted admin's row is gone, but its access tokens live up to 15 minutes: the tombstone lets
  // accounts re-publish the revocation to Redis after a Redis restart until they have all expired.
  await db.schema
    .createTable('admin_tombstones')
    .addColumn('admin_id', 'uuid', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_tombstones').execute();
  await db.schema.dropTable('refresh_tokens').execute();
  await db.schema.dropTable('admins').execute();
}
