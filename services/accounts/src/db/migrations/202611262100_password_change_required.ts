/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (docs/conventions.md) */
import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app.
export async function up(db: Kysely<any>): Promise<void> {
  // Set at each sign-in from the password given there: true when it fails the password rules, so the
  // console asks for a new one. Nothing is refused because of it.
  await db.schema
    .alterTable('admins')
    .addColumn('password_change_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admins').dropColumn('password_change_required').execute();
}
