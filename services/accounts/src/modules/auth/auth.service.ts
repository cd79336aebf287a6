import { randomUUID } from 'node:crypto';
import {
  AccountsErrorCode,
  AccountsMessage,
  ErrorCode,
  type ChangePasswordAnswer,
  type ChangePasswordBody,
  type LoginAnswer,
  type RefreshAnswer,
} from '@celebstyle/contracts';
import { AppError, badRequest, serviceUnavailable, unauthorized } from '@celebstyle/service-kit';
import type { Kysely } from 'kysely';
import type { Database, AdminRow } from '../../db/database.ts';
import { toAdminRecord } from '../admins/admin-record.ts';
import {
  findAdminById,
  findAdminByUsername,
  recordLogin,
  updateAdminRevokingTokens,
  updatePasswordHash,
} from '../admins/admins.repository.ts';
import { recordAccountsAudit } from '../audit-log/accounts-audit.ts';
import type { PasswordHasher } from '../passwords/password-hasher.ts';
import { assertPasswordAcceptable, isPasswordAcceptable } from '../passwords/password-policy.ts';
import type { AccessTokenSigner } from '../tokens/access-token-signer.ts';
import {
  REFRESH_FAMILY_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
  hashRefreshToken,
  newRefreshToken,
} from '../tokens/refresh-token.ts';
import * as tokens from '../tokens/refresh-token.repository.ts';
import type { TokenVersionPublisher } from '../tokens/token-versions.ts';
import type { LoginThrottle } from './login-throttle.ts';

export interface AuthServiceDeps {
  db: Kysely<Database>;
  hasher: PasswordHasher;
  sign: AccessTokenSigner;
  /** The lifetime `sign` gives access tokens, reported as expiresIn. */
  accessTokenTtlSeconds: number;
  /** How long a spent refresh token may still be redeemed (REFRESH_REUSE_GRACE_SECONDS); 0: never. */
  refreshReuseGraceMs: number;
  throttle: LoginThrottle;
  versions: TokenVersionPublisher;
  onPublishError: (error: unknown) => void;
}

const invalidCredentials = () =>
  unauthorized(AccountsMessage.invalidCredentials, AccountsErrorCode.invalidCredentials);
const invalidRefresh = () => unauthorized(AccountsMessage.refreshInvalid, AccountsErrorCode.refreshInvalid);

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * admin.md §7 Session: login. An unknown username and a wrong password answer the same and cost
   * the same (a dummy hash is verified), so neither the answer nor its timing tells them apart.
   */
  async login(input: { username?: string; password?: string }, address: string): Promise<LoginAnswer> {
    const username = (input.username ?? '').trim();
    const password = input.password ?? '';
    if (username === '' || password === '') throw badRequest(AccountsMessage.credentialsRequired);
    await this.deps.throttle.attempt(username, address);

    const admin = await findAdminByUsername(this.deps.db, username);
    const valid = admin
      ? await this.deps.hasher.verify(admin.password_hash, password)
      : await this.deps.hasher.verifyAgainstDummy(password);
    if (!admin || !valid) throw invalidCredentials();
    // Told only to whoever knows the password: admin.md §4 'Account Inactive'.
    if (!admin.is_active) throw new AppError(403, ErrorCode.accountInactive, AccountsMessage.accountInactive);

    await this.deps.throttle.succeeded(username, address);
    // OWASP: raise old hashes to the current cost while the password is at hand.
    if (this.deps.hasher.needsRehash(admin.password_hash)) {
      await updatePasswordHash(this.deps.db, admin.id, await this.deps.hasher.hash(password));
    }
    // ASVS 6.2: a password that fails today's rules is let in, and its owner asked to change it.
    const weak = !isPasswordAcceptable(password, admin);
    const signedIn = await this.deps.db.transaction().execute(async (trx) => {
      const row = await recordLogin(trx, admin.id, weak);
      const self = { id: row.id, username: row.username };
      await recordAccountsAudit(trx, self, 'auth.sign-in', { id: row.id, label: row.username });
      return row;
    });
    await tokens.deleteExpiredForAdmin(this.deps.db, admin.id);
    return this.startSession(signedIn);
  }

  /**
   * The signed-in admin's own new password, held to the same rules as any other. The current
   * password is checked under the sign-in limits (a stolen access token must not make guessing
   * cheaper). Every session of the admin ends, this one too; the answer is a new session.
   */
  async changeOwnPassword(
    adminId: string,
    body: ChangePasswordBody,
    address: string,
  ): Promise<ChangePasswordAnswer> {
    const admin = await findAdminById(this.deps.db, adminId);
    if (!admin) throw invalidCredentials();
    const password = assertPasswordAcceptable(body.newPassword, admin, body.confirmPassword);
    await this.deps.throttle.attempt(admin.username, address);
    if (!(await this.deps.hasher.verify(admin.password_hash, body.currentPassword ?? ''))) {
      throw badRequest(AccountsMessage.currentPasswordWrong, AccountsErrorCode.currentPasswordWrong);
    }
    await this.deps.throttle.succeeded(admin.username, address);
    if (password === body.currentPassword)
      throw badRequest(AccountsMessage.passwordUnchanged, AccountsErrorCode.invalidPassword);
    const passwordHash = await this.deps.hasher.hash(password);
    const changed = await this.deps.db.transaction().execute(async (trx) => {
      await tokens.revokeAllForAdmin(trx, admin.id);
      const row = await updateAdminRevokingTokens(trx, admin.id, {
        password_hash: passwordHash,
        password_changed_at: new Date(),
        password_change_required: false,
      });
      const self = { id: row.id, username: row.username };
      await recordAccountsAudit(trx, self, 'admin.change-password', { id: row.id, label: row.username }, [
        { field: 'password', before: '[hidden]', after: '[hidden]' },
      ]);
      return row;
    });
    return { message: AccountsMessage.passwordChanged, ...(await this.startSession(changed)) };
  }

  /** A new sign-in session (refresh-token family) and its first tokens. */
  private async startSession(admin: AdminRow): Promise<LoginAnswer> {
    await this.publishVersion(admin);
    const familyId = randomUUID();
    const familyExpiresAt = new Date(Date.now() + REFRESH_FAMILY_TTL_MS);
    const refreshToken = await issueRefreshToken(this.deps.db, admin.id, familyId, familyExpiresAt);
    return {
      accessToken: await this.deps.sign(subjectOf(admin), familyId),
      refreshToken,
      expiresIn: this.deps.accessTokenTtlSeconds,
      admin: toAdminRecord(admin),
    };
  }

  /**
   * Single use with rotation: the presented token is spent and a new one of the same family returned.
   * A spent or revoked token presented again means it was stolen (or the thief used it first): the
   * whole family is revoked, ending the session for both. The exception is the grace window right
   * after the rotation: two tabs that refreshed with the same token at nearly the same moment each
   * get a new token of the session (the token's first use still dates the window, so it never grows).
   */
  async refresh(refreshToken: string): Promise<RefreshAnswer> {
    const hash = hashRefreshToken(refreshToken);
    const outcome = await this.deps.db.transaction().execute(async (trx) => {
      const row = await tokens.findRefreshTokenForUpdate(trx, hash);
      if (!row) return { kind: 'invalid' as const };
      if (row.used_at && (row.revoked_at || !this.withinReuseGrace(row.used_at))) {
        await tokens.revokeFamily(trx, row.family_id);
        return { kind: 'reused' as const, familyId: row.family_id };
      }
      // Revoked but never used: the session was ended (sign-out, deactivation, new password).
      if (row.revoked_at) return { kind: 'ended' as const };
      if (new Date(row.expires_at).getTime() <= Date.now()) return { kind: 'invalid' as const };
      const admin = await findAdminById(trx, row.admin_id);
      if (!admin || !admin.is_active) {
        await tokens.revokeFamily(trx, row.family_id);
        return { kind: 'invalid' as const };
      }
      if (!row.used_at) await tokens.markRefreshTokenUsed(trx, row.id);
      const next = await issueRefreshToken(trx, admin.id, row.family_id, new Date(row.family_expires_at));
      return { kind: 'ok' as const, admin, familyId: row.family_id, next };
    });
    if (outcome.kind === 'reused') {
      await this.endSessions([outcome.familyId]);
      throw unauthorized(AccountsMessage.refreshReused, AccountsErrorCode.refreshReused);
    }
    if (outcome.kind === 'ended')
      throw unauthorized(AccountsMessage.sessionEnded, AccountsErrorCode.sessionEnded);
    if (outcome.kind === 'invalid') throw invalidRefresh();
    const { admin, familyId, next } = outcome;
    await tokens.deleteExpiredForAdmin(this.deps.db, admin.id);
    await this.publishVersion(admin);
    return {
      accessToken: await this.deps.sign(subjectOf(admin), familyId),
      refreshToken: next,
      expiresIn: this.deps.accessTokenTtlSeconds,
    };
  }

  private withinReuseGrace(usedAt: Date): boolean {
    return Date.now() - new Date(usedAt).getTime() < this.deps.refreshReuseGraceMs;
  }

  /** Every guard must know the version a new token carries; without Redis they answer 503 anyway. */
  private async publishVersion(admin: AdminRow): Promise<void> {
    await this.deps.versions.publish(admin.id, admin.token_version).catch(() => {
      throw serviceUnavailable('Sign-in is temporarily unavailable, please try again shortly');
    });
  }

  /**
   * Ends the session the access token belongs to, and the one of a refresh token sent with it: their
   * refresh tokens at once, their access tokens on the next request everywhere.
   */
  async logout(
    admin: { id: string; username: string },
    sessionId: string,
    refreshToken: string | undefined,
  ): Promise<void> {
    const ended = [sessionId];
    if (refreshToken) {
      const row = await tokens.findRefreshToken(this.deps.db, hashRefreshToken(refreshToken));
      if (row && row.admin_id === admin.id) ended.push(row.family_id);
    }
    await this.deps.db.transaction().execute(async (trx) => {
      for (const familyId of ended) await tokens.revokeFamily(trx, familyId);
      await recordAccountsAudit(trx, admin, 'auth.sign-out', { id: admin.id, label: admin.username });
    });
    await this.endSessions(ended);
  }

  /**
   * The revocation is already in PostgreSQL; if Redis misses it now, the periodic re-publish
   * (token-version-sync.ts) repairs it within a minute, and accounts itself checks its database.
   */
  private async endSessions(sessionIds: string[]): Promise<void> {
    await this.deps.versions.publishSessionsEnded(sessionIds).catch(this.deps.onPublishError);
  }
}

async function issueRefreshToken(
  db: Kysely<Database>,
  adminId: string,
  familyId: string,
  familyExpiresAt: Date,
): Promise<string> {
  const { token, hash } = newRefreshToken();
  const expiresAt = new Date(Math.min(Date.now() + REFRESH_TOKEN_TTL_MS, familyExpiresAt.getTime()));
  await tokens.insertRefreshToken(db, { adminId, familyId, hash, expiresAt, familyExpiresAt });
  return token;
}

const subjectOf = (admin: AdminRow) => ({
  id: admin.id,
  username: admin.username,
  role: admin.role,
  tokenVersion: admin.token_version,
});
