import {
  BaseConfig,
  DEFAULT_TOKEN_AUDIENCE,
  DEFAULT_TOKEN_ISSUER,
  PortSetting,
  UrlSetting,
  loadConfig,
} from '@celebstyle/service-kit';
import { Type, type Static } from '@sinclair/typebox';

const Optional = Type.Optional(Type.String());

/** Settings the migrate CLI reads. */
export const SharedSettings = {
  ...BaseConfig,
  DATABASE_URL: UrlSetting('postgres://postgres@127.0.0.1:5432/celebstyle', ['postgres', 'postgresql']),
};

/** Settings of the HTTP server (src/server.ts). */
export const ServerSettings = {
  ...SharedSettings,
  PORT: PortSetting(3004),
  /** Admin token versions (immediate revocation) and readiness. */
  REDIS_URL: UrlSetting('redis://127.0.0.1:6379', ['redis', 'rediss']),
  AUTH_JWKS: Optional,
  AUTH_JWKS_FILE: Optional,
  AUTH_ISSUER: Type.String({ default: DEFAULT_TOKEN_ISSUER }),
  AUTH_AUDIENCE: Type.String({ default: DEFAULT_TOKEN_AUDIENCE }),
};

export type ServerConfig = Static<ReturnType<typeof Type.Object<typeof ServerSettings>>>;

export function loadServerConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  return loadConfig(ServerSettings, env);
}
