import type { ColumnType, Generated, Selectable } from 'kysely';

/** Set by the database on insert unless given. */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface AdminsTable {
  id: Generated<string>;
  username: string;
  email: string;
  password_hash: string;
  role: 'admin' | 'super_admin';
  is_active: Generated<boolean>;
  token_version: Generated<number>;
  last_login_at: Date | null;
  password_changed_at: DefaultedTimestamp;
  password_change_required: Generated<boolean>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  admin_id: string;
  family_id: string;
  token_hash: Buffer;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  family_expires_at: Timestamp;
  used_at: Date | null;
  revoked_at: Date | null;
}

export interface AdminTombstonesTable {
  admin_id: string;
  expires_at: Timestamp;
}

/** One entry of the audit log (every service's admin writes; contracts' AuditEntry). */
export interface AuditLogTable {
  id: string;
  occurred_at: Timestamp;
  actor_id: string;
  actor_username: string;
  action: string;
  target_type: string;
  target_id: string;
  target_label: string | null;
  changes: ColumnType<unknown, string, string>;
  batch_id: string | null;
  service: string;
  recorded_at: DefaultedTimestamp;
}

/** The accounts schema (docs/design.md: Data ownership). */
export interface Database {
  admins: AdminsTable;
  refresh_tokens: RefreshTokensTable;
  admin_tombstones: AdminTombstonesTable;
  audit_log: AuditLogTable;
}

export type AdminRow = Selectable<AdminsTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
