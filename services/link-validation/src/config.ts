import { AdminTokenSettings, BaseConfig, PortSetting, UrlSetting, loadConfig } from '@celebstyle/service-kit';
import type { Static, Type } from '@sinclair/typebox';

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
  ...AdminTokenSettings,
};

export type ServerConfig = Static<ReturnType<typeof Type.Object<typeof ServerSettings>>>;

export function loadServerConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  return loadConfig(ServerSettings, env);
}
