import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import { containsPattern } from '@celebstyle/db';
import type { Database, AdminRow, AdminsTable } from '../../db/database.ts';

export async function findAdminById(db: Kysely<Database>, id: string): Promise<AdminRow | undefined> {
  return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findAdminByUsername(
  db: Kysely<Database>,
  username: string,
): Promise<AdminRow | undefined> {
  return db
    .selectFrom('admins')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function countAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** admin.md §7: page, limit and a search over username and e-mail; newest first. */
export async function listAdmins(
  db: Kysely<Database>,
  query: { page: number; limit: number; search?: string },
) {
  let base = db.selectFrom('admins');
  const term = query.search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    base = base.where((eb) => eb.or([eb('username', 'ilike', pattern), eb('email', 'ilike', pattern)]));
  }
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

export async function adminStats(db: Kysely<Database>, recentSince: Date) {
  return db
    .selectFrom('admins')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.countAll<number>().filterWhere('is_active', '=', true).as('active'),
      eb.fn.countAll<number>().filterWhere('last_login_at', '>=', recentSince).as('recentLogins'),
    ])
    .executeTakeFirstOrThrow();
}

export async function insertAdmin(
  db: Kysely<Database>,
  admin: { username: string; email: string; passwordHash: string; role: AdminRow['role'] },
): Promise<AdminRow> {
  return db
    .insertInto('admins')
    .values({
      username: admin.username,
      email: admin.email,
      password_hash: admin.passwordHash,
      role: admin.role,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateAdmin(
  db: Kysely<Database>,
  id: string,
  changes: Updateable<AdminsTable>,
): Promise<AdminRow> {
  return db
    .updateTable('admins')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Raises the token version with the other changes, revoking every access token at once. */
export async function updateAdminRevokingTokens(
  db: Kysely<Database>,
  id: string,
  changes: Updateable<AdminsTable>,
): Promise<AdminRow> {
  return db
    .updateTable('admins')
    .set((eb) => ({ ...changes, updated_at: new Date(), token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A sign-in, and whether the password it was made with passes today's password rules. */
export async function recordLogin(
  db: Kysely<Database>,
  id: string,
  passwordChangeRequired: boolean,
): Promise<AdminRow> {
  return db
    .updateTable('admins')
    .set({ last_login_at: new Date(), password_change_required: passwordChangeRequired })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A stronger hash of the same password: sessions stay valid, so no token version change. */
export async function updatePasswordHash(
  db: Kysely<Database>,
  id: string,
  passwordHash: string,
): Promise<void> {
  await db.updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

export async function deleteAdmin(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('admins').where('id', '=', id).execute();
}

/**
 * Locks the active super admins (a handful of rows) and the target for the rest of the transaction,
 * so two super admins demoting each other at the same moment cannot leave none.
 */
export async function lockActiveSuperAdmins(db: Transaction<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('admins')
    .select('id')
    .where('role', '=', 'super_admin')
    .where('is_active', '=', true)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

export async function insertTombstone(db: Kysely<Database>, adminId: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('admin_tombstones')
    .values({ admin_id: adminId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('admin_id').doUpdateSet({ expires_at: expiresAt }))
    .execute();
}
