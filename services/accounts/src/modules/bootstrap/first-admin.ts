import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { normalizeEmail, normalizeUsername } from '../admins/admin-input.ts';
import { countAdmins, insertAdmin } from '../admins/admins.repository.ts';
import type { PasswordHasher } from '../passwords/password-hasher.ts';
import { assertPasswordAcceptable } from '../passwords/password-policy.ts';

export interface FirstAdminSettings {
  NODE_ENV: string;
  ADMIN_USERNAME?: string;
  ADMIN_EMAIL?: string;
  ADMIN_PASSWORD?: string;
}

export type FirstAdminOutcome = 'created' | 'exists' | 'not-configured';

// Any constant: serializes replicas starting together so only one creates the first admin.
const BOOTSTRAP_LOCK = 4_242_001;

/**
 * docs/design.md Authentication: the first super admin comes from configuration when no admin exists.
 * There is no built-in password: production refuses to start without ADMIN_USERNAME, ADMIN_EMAIL and
 * ADMIN_PASSWORD while the table is empty; development starts and says how to create one.
 */
export async function ensureFirstSuperAdmin(
  db: Kysely<Database>,
  hasher: PasswordHasher,
  settings: FirstAdminSettings,
): Promise<FirstAdminOutcome> {
  const { ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD } = settings;
  const configured = Boolean(ADMIN_USERNAME && ADMIN_EMAIL && ADMIN_PASSWORD);
  if (configured) {
    // Fail on a bad setting even when admins exist, so a typo is found on the first deploy.
    assertPasswordAcceptable(ADMIN_PASSWORD, {
      username: normalizeUsername(ADMIN_USERNAME),
      email: normalizeEmail(ADMIN_EMAIL),
    });
  }
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`.execute(trx);
    if ((await countAdmins(trx)) > 0) return 'exists';
    if (!configured) {
      if (settings.NODE_ENV === 'production')
        throw new Error(
          'No admin exists: set ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD to create the first super admin',
        );
      return 'not-configured';
    }
    await insertAdmin(trx, {
      username: normalizeUsername(ADMIN_USERNAME),
      email: normalizeEmail(ADMIN_EMAIL),
      passwordHash: await hasher.hash(ADMIN_PASSWORD!),
      role: 'super_admin',
    });
    return 'created';
  });
}
