import { Type } from '@sinclair/typebox';
import { ConfigError } from '../config.ts';
import type { Redis } from 'ioredis';
import { DEFAULT_TOKEN_AUDIENCE, DEFAULT_TOKEN_ISSUER } from './access-token.ts';
import { createAuthGuards, type AuthGuards } from './guards.ts';
import { redisTokenVersions } from './revocation.ts';
import { createTokenVerifier, readJwks } from './token-verifier.ts';

/**
 * The settings of a process that checks admin access tokens (the services' admin routes, the gateway,
 * accounts' own guards): the accounts public keys, issuer and audience. Defined once here.
 */
export const AdminTokenSettings = {
  /** The JWK Set inline, or AUTH_JWKS_FILE: its path. */
  AUTH_JWKS: Type.Optional(Type.String()),
  AUTH_JWKS_FILE: Type.Optional(Type.String()),
  AUTH_ISSUER: Type.String({ default: DEFAULT_TOKEN_ISSUER, minLength: 1 }),
  AUTH_AUDIENCE: Type.String({ default: DEFAULT_TOKEN_AUDIENCE, minLength: 1 }),
};

export interface AdminTokenConfig {
  AUTH_JWKS?: string;
  AUTH_JWKS_FILE?: string;
  AUTH_ISSUER: string;
  AUTH_AUDIENCE: string;
}

export const hasAdminTokenKeys = (config: AdminTokenConfig): boolean =>
  Boolean(config.AUTH_JWKS?.trim() || config.AUTH_JWKS_FILE);

/**
 * requireAdmin / requireSuperAdmin on the configured public keys, with revocation through the token
 * versions accounts keeps in Redis. Throws when no keys are configured (see hasAdminTokenKeys).
 */
export function adminGuardsFromConfig(config: AdminTokenConfig, redis: Redis): AuthGuards {
  const verify = createTokenVerifier({
    jwks: readJwks(config.AUTH_JWKS, config.AUTH_JWKS_FILE),
    issuer: config.AUTH_ISSUER,
    audience: config.AUTH_AUDIENCE,
  });
  return createAuthGuards(verify, redisTokenVersions(redis));
}

/**
 * A service's admin guards, as every service's server.ts makes them: on the configured public keys,
 * or null when none are configured (its admin routes then answer 503; see guardAdminRoutes).
 */
export function adminGuardsIfConfigured(config: AdminTokenConfig, redis: Redis): AuthGuards | null {
  return hasAdminTokenKeys(config) ? adminGuardsFromConfig(config, redis) : null;
}

/** Production never starts without the public keys: its admin routes would all answer 503. */
export function requireAdminTokenKeysInProduction<C extends AdminTokenConfig & { NODE_ENV: string }>(
  config: C,
): C {
  if (config.NODE_ENV === 'production' && !hasAdminTokenKeys(config))
    throw new ConfigError([
      'AUTH_JWKS or AUTH_JWKS_FILE is required in production (admin routes check tokens)',
    ]);
  return config;
}
