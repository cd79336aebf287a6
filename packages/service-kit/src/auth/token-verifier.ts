import { readFileSync } from 'node:fs';
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import { ErrorCode } from '@celebstyle/contracts';
import { AppError } from '../errors.ts';
import { rememberVerifiedTokens, type VerifiedToken } from './verified-token-cache.ts';
import {
  ACCESS_TOKEN_ALGORITHMS,
  ACCESS_TOKEN_TYPE,
  type AccessTokenClaims,
  type AuthenticatedAdmin,
} from './access-token.ts';

export interface TokenVerifierOptions {
  /** The public keys as a JWK Set; several keys (by kid) allow rotation without downtime. */
  jwks: JSONWebKeySet;
  issuer: string;
  audience: string;
  /**
   * Tokens remembered as verified until their expiry (verified-token-cache.ts); 0 verifies every
   * time. Default 10,000.
   */
  cacheEntries?: number;
}

export const DEFAULT_VERIFIED_TOKEN_CACHE_ENTRIES = 10_000;

export type TokenVerifier = (token: string) => Promise<AuthenticatedAdmin>;

/** Reads the public JWK Set from AUTH_JWKS (inline JSON) or AUTH_JWKS_FILE (a path). */
export function readJwks(inline: string | undefined, file: string | undefined): JSONWebKeySet {
  const text = inline && inline.trim() !== '' ? inline : file ? readFileSync(file, 'utf8') : undefined;
  if (!text) throw new Error('AUTH_JWKS or AUTH_JWKS_FILE is required (the accounts public keys)');
  const parsed = JSON.parse(text) as JSONWebKeySet;
  if (!Array.isArray(parsed.keys) || parsed.keys.length === 0) throw new Error('AUTH_JWKS has no keys');
  for (const key of parsed.keys) {
    if ('d' in key) throw new Error('AUTH_JWKS must hold public keys only: a private key was given');
  }
  return parsed;
}

const invalid = (message: string, code: string = ErrorCode.tokenInvalid) => new AppError(401, code, message);

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const keys = createLocalJWKSet(options.jwks);
  const verify = async (token: string): Promise<VerifiedToken> => {
    try {
      const { payload } = await jwtVerify<Partial<AccessTokenClaims>>(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: [...ACCESS_TOKEN_ALGORITHMS],
        typ: ACCESS_TOKEN_TYPE,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      const { sub, username, role, ver, sid, exp } = payload;
      if (typeof sub !== 'string' || typeof username !== 'string' || typeof ver !== 'number')
        throw invalid('Invalid access token');
      if (typeof sid !== 'string' || sid === '') throw invalid('Invalid access token');
      if (role !== 'admin' && role !== 'super_admin') throw invalid('Invalid access token');
      if (typeof exp !== 'number') throw invalid('Invalid access token');
      return { admin: { id: sub, username, role, tokenVersion: ver, sessionId: sid }, expiresAt: exp };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWTExpired)
        throw invalid('Access token expired', ErrorCode.tokenExpired);
      throw invalid('Invalid access token');
    }
  };
  const entries = options.cacheEntries ?? DEFAULT_VERIFIED_TOKEN_CACHE_ENTRIES;
  if (entries <= 0) return async (token) => (await verify(token)).admin;
  return rememberVerifiedTokens(verify, { maxEntries: entries });
}
