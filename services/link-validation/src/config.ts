import {
  AdminTokenSettings,
  BaseConfig,
  ConfigError,
  DatabasePoolSetting,
  DatabaseSettings,
  MetricsSettings,
  PortSetting,
  RedisSettings,
  RetentionSettings,
  ShutdownSettings,
  TrustedGatewaySetting,
  loadConfig,
} from '@celebstyle/service-kit';
import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_CHECK_TIMEOUT_MS } from './modules/link-check-engine/link-checker.ts';
import { DEFAULT_POLITENESS } from './modules/scheduling/host-politeness.ts';
import { DEFAULT_CHECK_HISTORY_DAYS } from './modules/history/history-retention.ts';
import { DEFAULT_CHECK_INTERVALS } from './modules/scheduling/check-intervals.ts';

const DAY_MS = 24 * 60 * 60_000;

/** Settings the migrate CLI reads. */
export const SharedSettings = {
  ...BaseConfig,
  ...DatabaseSettings,
};

/** Settings of the HTTP server (src/server.ts). */
export const ServerSettings = {
  ...SharedSettings,
  PORT: PortSetting(3004),
  ...DatabasePoolSetting(10),
  ...ShutdownSettings,
  /** Admin token versions (immediate revocation), the check-now queue (QUEUE_PREFIX: the worker's), readiness. */
  ...RedisSettings,
  ...AdminTokenSettings,
  /** The gateway's addresses: X-Forwarded-For from them names the client. */
  ...TrustedGatewaySetting,
  /** Port of /metrics apart from PORT (the metrics port Kubernetes declares); 0: only on PORT. */
  ...MetricsSettings,
};

/** Settings of the link-check worker (src/worker.ts). */
export const WorkerSettings = {
  ...SharedSettings,
  ...RedisSettings,
  ...RetentionSettings,
  /** Days of check rows kept (each link's newest always stays; daily counts are kept for good). */
  LINK_CHECK_HISTORY_DAYS: Type.Integer({ minimum: 90, maximum: 3650, default: DEFAULT_CHECK_HISTORY_DAYS }),
  ...DatabasePoolSetting(10),
  ...ShutdownSettings,
  /** Checks one worker process runs at once. */
  LINK_CHECK_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  /** Checks in flight at once per retailer (registrable domain), across every worker. */
  LINK_CHECK_HOST_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 50,
    default: DEFAULT_POLITENESS.maxInFlight,
  }),
  /** Least time between the starts of two checks of one retailer, across every worker. */
  LINK_CHECK_HOST_INTERVAL_MS: Type.Integer({
    minimum: 0,
    maximum: 600_000,
    default: DEFAULT_POLITENESS.minIntervalMs,
  }),
  LINK_CHECK_TIMEOUT_MS: Type.Integer({
    minimum: 10_000,
    maximum: 120_000,
    default: DEFAULT_CHECK_TIMEOUT_MS,
  }),
  /** How long a check job stays claimed by a worker that stopped answering (killed): then it runs again. */
  LINK_CHECK_LOCK_MS: Type.Integer({ minimum: 1_000, maximum: 600_000, default: 30_000 }),
  /** How soon an active link is checked again (the demo stack shortens it to show price drops within minutes). */
  LINK_CHECK_ACTIVE_INTERVAL_MS: Type.Integer({
    minimum: 60_000,
    maximum: 7 * DAY_MS,
    default: DEFAULT_CHECK_INTERVALS.activeMs,
  }),
  /** How soon a sold-out link is checked again (the demo stack shortens it to show restocks within minutes). */
  LINK_CHECK_SOLD_OUT_INTERVAL_MS: Type.Integer({
    minimum: 60_000,
    maximum: 7 * DAY_MS,
    default: DEFAULT_CHECK_INTERVALS.soldOutMs,
  }),
  /** How often the scheduler looks for due links. */
  LINK_CHECK_SWEEP_MS: Type.Integer({ minimum: 1_000, maximum: 3_600_000, default: 30_000 }),
  /** curl --resolve pins, comma-separated host:port:address (local demo farms and tests; never production). */
  LINK_CHECK_RESOLVE: Type.String({ default: '' }),
  /** Contact pinned hosts only (the launcher sets it: a development stack reaches its local farm and nothing else). */
  LINK_CHECK_PINNED_ONLY: Type.Boolean({ default: false }),
  /** Port of the worker's /metrics (on HOST); 0 leaves it off. */
  ...MetricsSettings,
};

export type ServerConfig = Static<ReturnType<typeof Type.Object<typeof ServerSettings>>>;
export type WorkerConfig = Static<ReturnType<typeof Type.Object<typeof WorkerSettings>>>;

export function loadServerConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  return loadConfig(ServerSettings, env);
}

export function loadWorkerConfig(env: Record<string, string | undefined> = process.env): WorkerConfig {
  const config = loadConfig(WorkerSettings, env);
  if (config.NODE_ENV === 'production' && config.LINK_CHECK_RESOLVE.trim() !== '') {
    throw new ConfigError([
      'LINK_CHECK_RESOLVE must be empty in production (pins are for local farms and tests)',
    ]);
  }
  return config;
}
