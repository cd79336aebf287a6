import type { Kysely, Transaction } from 'kysely';
import type { Database, RefreshTokenRow } from '../../db/database.ts';

export async function insertRefreshToken(
  db: Kysely<Database>,
  row: { adminId: string; familyId: string; hash: Buffer; expiresAt: Date; familyExpiresAt: Date },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      admin_id: row.adminId,
      family_id: row.familyId,
      token_hash: row.hash,
      expires_at: row.expiresAt,
      family_expires_at: row.familyExpiresAt,
    })
    .execute();
}

/** Locks the row so that two refreshes with the same token run one after the other. */
export async function findRefreshTokenForUpdate(db: Transaction<Database>, hash: Buffer) {
  return db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', hash)
    .forUpdate()
    .executeTakeFirst() as Promise<RefreshTokenRow | undefined>;
}

export async function findRefreshToken(
  db: Kysely<Database>,
  hash: Buffer,
): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

export async function markRefreshTokenUsed(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ used_at: new Date() }).where('id', '=', id).execute();
}

export async function revokeFamily(db: Kysely<Database>, familyId: string): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A sign-in session ended once any token of its family was revoked (revokeFamily revokes them all). */
export async function isSessionEnded(db: Kysely<Database>, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeAllForAdmin(db: Kysely<Database>, adminId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('admin_id', '=', adminId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Keeps the table small: expired rows can no longer be replayed, so reuse detection does not need them. */
export async function deleteExpiredForAdmin(db: Kysely<Database>, adminId: string): Promise<void> {
  await db
    .deleteFrom('refresh_tokens')
    .where('admin_id', '=', adminId)
    .where('expires_at', '<', new Date())
    .execute();
}
