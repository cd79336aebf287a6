import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  type Guard,
} from '@celebstyle/service-kit';
import type { Database, AdminRow } from '../db/database.ts';
import { findAdminById } from '../modules/admins/admins.repository.ts';
import { isSessionEnded } from '../modules/tokens/refresh-token.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler chains for accounts routes (service-kit guard, then the database check). */
    guard: { admin: Guard[]; superAdmin: Guard[] };
  }
  interface FastifyRequest {
    /** The signed-in admin's current row, loaded by the guard chain. */
    currentAdmin: AdminRow | null;
  }
}

export interface AuthPluginOptions {
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
 * revocation even if Redis lost its keys.
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const verify = createTokenVerifier({
      jwks: options.jwks,
      issuer: options.issuer,
      audience: options.audience,
    });
    const guards = createAuthGuards(verify, redisTokenVersions(options.redis));

    async function loadCurrentAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const claims = request.admin!;
      if (!UUID_PATTERN.test(claims.sessionId)) throw revoked();
      const [row, sessionEnded] = await Promise.all([
        findAdminById(options.db, claims.id),
        isSessionEnded(options.db, claims.sessionId),
      ]);
      if (!row || !row.is_active || row.token_version > claims.tokenVersion || sessionEnded) throw revoked();
      request.currentAdmin = row;
    }
    async function requireSuperAdminRow(request: FastifyRequest): Promise<void> {
      if (request.currentAdmin?.role !== 'super_admin')
        throw forbidden('You need super admin privileges to access this page');
    }

    app.decorateRequest('currentAdmin', null);
    app.decorate('guard', {
      admin: [guards.requireAdmin, loadCurrentAdmin],
      superAdmin: [guards.requireSuperAdmin, loadCurrentAdmin, requireSuperAdminRow],
    });
  },
  { name: 'accounts-auth' },
);
