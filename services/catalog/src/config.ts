import {
  AdminTokenSettings,
  BaseConfig,
  DatabasePoolSetting,
  DatabaseSettings,
  loadConfig,
  MetricsSettings,
  PortSetting,
  RedisSettings,
  RetentionSettings,
  ShutdownSettings,
  TrustedGatewaySetting,
  UrlSetting,
} from '@celebstyle/service-kit';
import { Type, type Static } from '@sinclair/typebox';

const CatalogConfig = {
  ...BaseConfig,
  PORT: PortSetting(3001),
  ...DatabaseSettings,
  ...DatabasePoolSetting(20),
  ...ShutdownSettings,
  /** QUEUE_PREFIX is also the prefix of the catalog's Redis keys. */
  ...RedisSettings,
  /** How often the catalog worker moves buffered view counts from Redis to PostgreSQL. */
  VIEW_FLUSH_INTERVAL_MS: Type.Integer({ minimum: 1000, maximum: 3_600_000, default: 10_000 }),
  /** How often the catalog worker sweeps post-changed events left in the outbox onto their queue. */
  POST_EVENTS_SWEEP_MS: Type.Integer({ minimum: 500, maximum: 600_000, default: 5_000 }),
  /** How long published post-changed events stay in the outbox (catalog worker). */
  ...RetentionSettings,
  /** TVmaze's public API (show enrichment, catalog worker); tests point it at a local fake. */
  TVMAZE_BASE_URL: UrlSetting('https://api.tvmaze.com', ['http', 'https']),
  /** TVmaze's published rate limit: at most this many calls per TVMAZE_WINDOW_MS, across workers. */
  TVMAZE_MAX_CALLS: Type.Integer({ minimum: 1, maximum: 1000, default: 20 }),
  TVMAZE_WINDOW_MS: Type.Integer({ minimum: 100, maximum: 3_600_000, default: 10_000 }),
  /** The storefront's address: share content links to its product pages. */
  PUBLIC_SITE_URL: UrlSetting('http://localhost:3000', ['http', 'https']),
  /** Social publishing (the Late API): without a key and accounts, publishing answers 503. */
  LATE_API_KEY: Type.Optional(Type.String()),
  LATE_API_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** Comma-separated platform=accountId pairs, e.g. instagram=acc_1,facebook=acc_2. */
  LATE_ACCOUNT_IDS: Type.Optional(Type.String()),
  /** The accounts public keys: admin routes check tokens with them. */
  ...AdminTokenSettings,
  /** The gateway's addresses: X-Forwarded-For from them names the client. */
  ...TrustedGatewaySetting,
  /** Port of /metrics apart from PORT (on HOST; the worker's only one); 0 leaves it off (the server still answers on PORT). */
  ...MetricsSettings,
};

export type CatalogConfig = Static<ReturnType<typeof Type.Object<typeof CatalogConfig>>>;

export function loadCatalogConfig(env: Record<string, string | undefined> = process.env): CatalogConfig {
  return loadConfig(CatalogConfig, env);
}

/** The catalog worker's settings: the same, with a smaller pool by default (a few jobs at once). */
export function loadCatalogWorkerConfig(
  env: Record<string, string | undefined> = process.env,
): CatalogConfig {
  return loadConfig({ ...CatalogConfig, ...DatabasePoolSetting(4) }, env);
}
