import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { JSONWebKeySet } from 'jose';
import type { Kysely } from 'kysely';
import { ErrorCode, UUID_PATTERN } from '@celebstyle/contracts';
import {
  AppError,
  createAuthGuards,
  createTokenVerifier,
  forbidden,
  redisTokenVersions,
  type AuthGuards,
} from '@celebstyle/service-kit';
import type { Database } from '../db/database.ts';
import { findAdminById } from '../modules/admins/admins.repository.ts';
import { isSessionEnded } from '../modules/tokens/refresh-token.repository.ts';

/** accounts' admin guards: the shape every service's context carries (docs/conventions.md, Service layout). */
export type AdminGuards = Pick<AuthGuards, 'requireAdmin' | 'requireSuperAdmin'>;

export interface AdminGuardsOptions {
  db: Kysely<Database>;
  redis: Redis;
  jwks: JSONWebKeySet;
  issuer: string;
  audience: string;
}

const revoked = () =>
  new AppError(401, ErrorCode.tokenRevoked, 'Session is no longer valid, please sign in again');

/**
 * service-kit's guards (signature, issuer, audience, expiry, typ, algorithm, token version in Redis),
 * then, because accounts owns the truth, the admin's row: it must exist, be active and not have a newer
 * token version, and the token's sign-in session must not have ended. So accounts enforces
 * revocation even if Redis lost its keys. The row is left on `request.currentAdmin`.
 */
export function createAdminGuards(options: AdminGuardsOptions): AdminGuards {
  const verify = createTokenVerifier({
    jwks: options.jwks,
    issuer: options.issuer,
    audience: options.audience,
  });
  const guards = createAuthGuards(verify, redisTokenVersions(options.redis));

  async function loadCurrentAdmin(request: FastifyRequest): Promise<void> {
    const claims = request.admin!;
    if (!UUID_PATTERN.test(claims.sessionId)) throw revoked();
    const [row, sessionEnded] = await Promise.all([
      findAdminById(options.db, claims.id),
      isSessionEnded(options.db, claims.sessionId),
    ]);
    if (!row || !row.is_active || row.token_version > claims.tokenVersion || sessionEnded) throw revoked();
    request.currentAdmin = row;
  }

  return {
    async requireAdmin(request, reply) {
      await guards.requireAdmin(request, reply);
      await loadCurrentAdmin(request);
    },
    async requireSuperAdmin(request, reply) {
      await guards.requireSuperAdmin(request, reply);
      await loadCurrentAdmin(request);
      if (request.currentAdmin?.role !== 'super_admin')
        throw forbidden('You need super admin privileges to access this page');
    },
  };
}
