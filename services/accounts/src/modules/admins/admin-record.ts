import type { AdminRecord } from '@celebstyle/contracts';
import type { AdminRow } from '../../db/database.ts';

/** The only way an admin leaves the service: named fields, never the hash or the token version. */
export function toAdminRecord(row: AdminRow): AdminRecord {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    isActive: row.is_active,
    createdAt: new Date(row.created_at).toISOString(),
    lastLogin: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
    passwordChangeRequired: row.password_change_required,
  };
}
