import {
  AccountsErrorCode,
  AccountsMessage,
  canonicalUuid,
  RECENT_LOGIN_DAYS,
  type AdminListAnswer,
  type AdminListQuery,
  type AdminRecord,
  type AdminStats,
  type CreateAdminBody,
  type ResetPasswordBody,
  type UpdateAdminBody,
  pageFacts,
} from '@celebstyle/contracts';
import { changedFields, type AuditAction } from '@celebstyle/contracts';
import { AppError, conflict, forbidden, notFound } from '@celebstyle/service-kit';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, AdminRow, AdminsTable } from '../../db/database.ts';
import type { PasswordHasher } from '../passwords/password-hasher.ts';
import { assertPasswordAcceptable } from '../passwords/password-policy.ts';
import { AUDITED_ADMIN_FIELDS, auditedAdmin, recordAccountsAudit } from '../audit-log/accounts-audit.ts';
import { revokeAllForAdmin } from '../tokens/refresh-token.repository.ts';
import { TOMBSTONE_TTL_MS, type TokenVersionPublisher } from '../tokens/token-versions.ts';
import { normalizeEmail, normalizeUsername } from './admin-input.ts';
import { toAdminRecord } from './admin-record.ts';
import * as repo from './admins.repository.ts';
import { translateUniqueViolation } from './unique-violation.ts';

/** Who asks: an authenticated super admin, or null for the shell command (admin-command.ts). */
export type Actor = { id: string; username: string } | null;

/** The audit log's actor for the shell command, which has no admin behind it. */
const COMMAND_LINE = { id: 'command-line', username: '(command line)' };
const auditActor = (actor: Actor) => actor ?? COMMAND_LINE;
/** A password is never shown, only that it changed. */
const PASSWORD_CHANGE = [{ field: 'password', before: '[hidden]', after: '[hidden]' }];

/** admin.md §5, §6 self-protection: ids compared in their canonical form, as PostgreSQL compares them. */
const isSelf = (actor: Actor, id: string): boolean =>
  actor !== null && canonicalUuid(actor.id) === canonicalUuid(id);

export interface AdminsServiceDeps {
  db: Kysely<Database>;
  hasher: PasswordHasher;
  versions: TokenVersionPublisher;
  /** Called when mirroring a version to Redis fails; the periodic re-publish repairs it. */
  onPublishError(error: unknown): void;
}

type Change = 'revoke-access' | 'revoke-all' | 'none';

export class AdminsService {
  constructor(private readonly deps: AdminsServiceDeps) {}

  async list(query: AdminListQuery): Promise<AdminListAnswer> {
    const { rows, total } = await repo.listAdmins(this.deps.db, query);
    return {
      admins: rows.map(toAdminRecord),
      pagination: { totalAdmins: total, limit: query.limit, ...pageFacts(query.page, query.limit, total) },
    };
  }

  /** recentLogins: admins who signed in within the last RECENT_LOGIN_DAYS (7) days. */
  async stats(): Promise<AdminStats> {
    const since = new Date(Date.now() - RECENT_LOGIN_DAYS * 24 * 3600 * 1000);
    return repo.adminStats(this.deps.db, since);
  }

  async create(actor: Actor, body: CreateAdminBody): Promise<AdminRecord> {
    const username = normalizeUsername(body.username);
    const email = normalizeEmail(body.email);
    const password = assertPasswordAcceptable(body.password, { username, email }, body.confirmPassword);
    const passwordHash = await this.deps.hasher.hash(password);
    const row = await this.deps.db
      .transaction()
      .execute(async (trx) => {
        const created = await repo.insertAdmin(trx, {
          username,
          email,
          passwordHash,
          role: body.role ?? 'admin',
        });
        const changes = changedFields(null, auditedAdmin(created), AUDITED_ADMIN_FIELDS);
        const target = { id: created.id, label: created.username };
        await recordAccountsAudit(trx, auditActor(actor), 'admin.create', target, changes);
        return created;
      })
      .catch((error: unknown) => {
        throw translateUniqueViolation(error);
      });
    await this.publish(row);
    return toAdminRecord(row);
  }

  /** admin.md §5 Edit admin: username and e-mail required; nobody changes their own role or active flag. */
  async update(actor: Actor, id: string, body: UpdateAdminBody): Promise<AdminRecord> {
    const username = normalizeUsername(body.username);
    const email = normalizeEmail(body.email);
    return this.change(actor, id, 'admin.update', (target, superAdmins) => {
      const role = body.role ?? target.role;
      const isActive = body.isActive ?? target.is_active;
      if (isSelf(actor, id) && role !== target.role) throw selfError(AccountsMessage.ownRole);
      if (isSelf(actor, id) && isActive !== target.is_active) throw selfError(AccountsMessage.ownActiveFlag);
      assertNotLastSuperAdmin(target, superAdmins, role === 'super_admin' && isActive);
      const revoke: Change =
        !isActive && target.is_active ? 'revoke-all' : role !== target.role ? 'revoke-access' : 'none';
      return { changes: { username, email, role, is_active: isActive }, revoke };
    });
  }

  async activate(actor: Actor, id: string): Promise<AdminRecord> {
    return this.change(actor, id, 'admin.activate', () => {
      if (isSelf(actor, id)) throw selfError(AccountsMessage.ownActiveFlag);
      return { changes: { is_active: true }, revoke: 'none' };
    });
  }

  async deactivate(actor: Actor, id: string): Promise<AdminRecord> {
    return this.change(actor, id, 'admin.deactivate', (target, superAdmins) => {
      if (isSelf(actor, id)) throw selfError(AccountsMessage.ownDeactivate);
      assertNotLastSuperAdmin(target, superAdmins, false);
      return { changes: { is_active: false }, revoke: target.is_active ? 'revoke-all' : 'none' };
    });
  }

  /**
   * A new password ends every session of the admin: access tokens and refresh tokens. It is held to
   * the rules with the admin's username and e-mail; checked again under the lock, in case either
   * changed while the password was hashed.
   */
  async resetPassword(actor: Actor, id: string, body: ResetPasswordBody): Promise<AdminRecord> {
    const target = await repo.findAdminById(this.deps.db, id);
    if (!target) throw notFound(AccountsMessage.adminNotFound);
    const password = assertPasswordAcceptable(body.newPassword, target, body.confirmPassword);
    const passwordHash = await this.deps.hasher.hash(password);
    return this.change(actor, id, 'admin.reset-password', (locked) => {
      assertPasswordAcceptable(password, locked);
      return {
        changes: {
          password_hash: passwordHash,
          password_changed_at: new Date(),
          password_change_required: false,
        },
        revoke: 'revoke-all',
      };
    });
  }

  async delete(actor: Actor, id: string): Promise<void> {
    if (isSelf(actor, id)) throw selfError(AccountsMessage.ownDelete);
    await this.deps.db.transaction().execute(async (trx) => {
      const { target, superAdmins } = await this.lockTarget(trx, actor, id);
      assertNotLastSuperAdmin(target, superAdmins, false);
      await repo.insertTombstone(trx, id, new Date(Date.now() + TOMBSTONE_TTL_MS));
      await repo.deleteAdmin(trx, id); // refresh tokens go with it (on delete cascade)
      const changes = changedFields(auditedAdmin(target), null, AUDITED_ADMIN_FIELDS);
      await recordAccountsAudit(
        trx,
        auditActor(actor),
        'admin.delete',
        { id, label: target.username },
        changes,
      );
    });
    await this.deps.versions.publishDeleted(id).catch(this.deps.onPublishError);
  }

  private async change(
    actor: Actor,
    id: string,
    action: AuditAction,
    decide: (target: AdminRow, superAdmins: string[]) => { changes: Updateable<AdminsTable>; revoke: Change },
  ): Promise<AdminRecord> {
    const row = await this.deps.db
      .transaction()
      .execute(async (trx) => {
        const { target, superAdmins } = await this.lockTarget(trx, actor, id);
        const { changes, revoke } = decide(target, superAdmins);
        if (revoke === 'revoke-all') await revokeAllForAdmin(trx, id);
        const updated =
          revoke === 'none'
            ? await repo.updateAdmin(trx, id, changes)
            : await repo.updateAdminRevokingTokens(trx, id, changes);
        const audited = [
          ...changedFields(auditedAdmin(target), auditedAdmin(updated), AUDITED_ADMIN_FIELDS),
          ...(changes.password_hash ? PASSWORD_CHANGE : []),
        ];
        await recordAccountsAudit(trx, auditActor(actor), action, { id, label: updated.username }, audited);
        return updated;
      })
      .catch((error: unknown) => {
        throw translateUniqueViolation(error);
      });
    await this.publish(row);
    return toAdminRecord(row);
  }

  /** Locks the super admins and the target, and checks the actor still is an active super admin. */
  private async lockTarget(trx: Transaction<Database>, actor: Actor, id: string) {
    const superAdmins = await repo.lockActiveSuperAdmins(trx);
    if (actor && !superAdmins.includes(actor.id))
      throw forbidden('You need super admin privileges to access this page');
    const target = await trx
      .selectFrom('admins')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!target) throw notFound(AccountsMessage.adminNotFound);
    return { target, superAdmins };
  }

  private async publish(row: AdminRow): Promise<void> {
    await this.deps.versions.publish(row.id, row.token_version).catch(this.deps.onPublishError);
  }
}

const selfError = (message: string) => new AppError(403, AccountsErrorCode.selfModification, message);

/** Beyond the spec: the last active super admin is never demoted, deactivated or deleted. */
function assertNotLastSuperAdmin(
  target: AdminRow,
  activeSuperAdmins: string[],
  staysActiveSuperAdmin: boolean,
) {
  const isActiveSuperAdmin = activeSuperAdmins.includes(target.id);
  if (isActiveSuperAdmin && !staysActiveSuperAdmin && activeSuperAdmins.length <= 1)
    throw conflict(AccountsMessage.lastSuperAdmin, AccountsErrorCode.lastSuperAdmin);
}
