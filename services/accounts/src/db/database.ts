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

/** The accounts schema (docs/design.md: Data ownership). */
export interface Database {
  admins: AdminsTable;
  refresh_tokens: RefreshTokensTable;
  admin_tombstones: AdminTombstonesTable;
}

export type AdminRow = Selectable<AdminsTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
