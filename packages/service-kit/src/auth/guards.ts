import { ErrorCode } from '@celebstyle/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { AuthenticatedAdmin } from './access-token.ts';
import type { TokenVersionSource } from './revocation.ts';
import type { TokenVerifier } from './token-verifier.ts';

declare module 'fastify' {
  interface FastifyRequest {
    admin: AuthenticatedAdmin | null;
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface AuthGuards {
  requireAdmin: Guard;
  requireSuperAdmin: Guard;
  /** Verifies a bearer header without a route context (the gateway uses this). */
  authenticate(authorization: string | undefined): Promise<AuthenticatedAdmin>;
}

export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+([A-Za-z0-9\-_.]+)$/i.exec(authorization.trim());
  return match ? match[1]! : null;
}

export function createAuthGuards(verify: TokenVerifier, versions: TokenVersionSource): AuthGuards {
  async function authenticate(authorization: string | undefined): Promise<AuthenticatedAdmin> {
    const token = bearerToken(authorization);
    if (!token) throw new AppError(401, ErrorCode.unauthorized, 'Authentication required');
    const admin = await verify(token);
    const current = await versions.currentState(admin.id, admin.sessionId).catch(() => {
      throw new AppError(503, ErrorCode.serviceUnavailable, 'Authentication is temporarily unavailable');
    });
    const versionRaised = current.version !== null && current.version > admin.tokenVersion;
    if (versionRaised || current.sessionEnded) {
      throw new AppError(401, ErrorCode.tokenRevoked, 'Session is no longer valid, please sign in again');
    }
    return admin;
  }

  const requireAdmin: Guard = async (request) => {
    request.admin = await authenticate(request.headers.authorization);
  };
  const requireSuperAdmin: Guard = async (request) => {
    const admin = await authenticate(request.headers.authorization);
    request.admin = admin;
    if (admin.role !== 'super_admin') {
      throw new AppError(403, ErrorCode.forbidden, 'You need super admin privileges to access this page');
    }
  };
  return { requireAdmin, requireSuperAdmin, authenticate };
}
