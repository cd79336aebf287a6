import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type } from '@sinclair/typebox';
import {
  AdminTokenSettings,
  BaseConfig,
  MetricsSettings,
  PortSetting,
  RedisSettings,
  ShutdownSettings,
  UrlSetting,
  loadConfig,
} from '@celebstyle/service-kit';
import { UPSTREAM_SERVICES, type UpstreamName } from './route-table.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const http = ['http', 'https'];
const OptionalString = Type.String({ default: '' });

export const GatewaySettings = {
  ...BaseConfig,
  PORT: PortSetting(3000),
  ...ShutdownSettings,
  CATALOG_URL: UrlSetting(UPSTREAM_SERVICES.catalog.defaultUrl, http),
  ACCOUNTS_URL: UrlSetting(UPSTREAM_SERVICES.accounts.defaultUrl, http),
  NEWSLETTER_SUPPORT_URL: UrlSetting(UPSTREAM_SERVICES['newsletter-support'].defaultUrl, http),
  LINK_VALIDATION_URL: UrlSetting(UPSTREAM_SERVICES['link-validation'].defaultUrl, http),
  /** QUEUE_PREFIX: the key prefix of the gateway's own Redis keys (rate-limit counters). */
  ...RedisSettings,
  /** The accounts public keys, issuer and audience: the admin token check. */
  ...AdminTokenSettings,
  /** Public address of the site; default http://localhost:{PORT}. */
  PUBLIC_SITE_URL: OptionalString,
  AFFILIATE_REDIRECT_BASE_URL: UrlSetting('https://go.skimresources.com/', http),
  AFFILIATE_PARTNER_ID: Type.String({ default: 'celebstyle-dev' }),
  SOCIAL_INSTAGRAM_URL: Type.String({ default: 'https://www.instagram.com/celebstyle' }),
  SOCIAL_TIKTOK_URL: Type.String({ default: 'https://www.tiktok.com/@celebstyle' }),
  SOCIAL_PINTEREST_URL: Type.String({ default: 'https://www.pinterest.com/celebstyle' }),
  SOCIAL_FACEBOOK_URL: Type.String({ default: 'https://www.facebook.com/celebstyle' }),
  SOCIAL_X_URL: Type.String({ default: 'https://x.com/celebstyle' }),
  /** Longest wait for an upstream's answer headers before answering 504. */
  UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 300_000, default: 15_000 }),
  /** Requests per client address per window (a global limit; the services add tighter ones). */
  RATE_LIMIT_MAX: Type.Integer({ minimum: 1, default: 3000 }),
  RATE_LIMIT_WINDOW_MS: Type.Integer({ minimum: 1000, default: 60_000 }),
  /**
   * Who in front of the gateway may name the client in X-Forwarded-For: `false` (nobody, the
   * default), the number of proxy hops (`1` behind one load balancer or ingress), or their
   * addresses/CIDRs. `true` is refused: it would take the left-most entry, which a client writes.
   */
  TRUST_PROXY: Type.String({ default: 'false', pattern: '^(?!true$)[A-Za-z0-9.:/,]+$' }),
  WEB_DIST_DIR: Type.String({ default: path.join(repoRoot, 'web', 'dist') }),
  ADMIN_WEB_DIST_DIR: Type.String({ default: path.join(repoRoot, 'admin-web', 'dist') }),
  /** web's server bundle; when missing, storefront pages are the static app's shell. */
  WEB_SERVER_ENTRY: Type.String({ default: path.join(repoRoot, 'web', 'dist-server', 'entry-server.js') }),
  /** How long a server-rendered page is kept per URL (a catalog change retires it sooner); 0: off. */
  PAGE_CACHE_TTL_MS: Type.Integer({ minimum: 0, maximum: 600_000, default: 30_000 }),
  /** Longest wait for a server render before the static shell answers instead. */
  PAGE_RENDER_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 5_000 }),
  /** Port of the gateway's /metrics (on HOST), apart from its public port; 0 leaves it off. */
  ...MetricsSettings,
};

export type GatewayConfig = ReturnType<typeof loadGatewayConfig>;

export type TrustProxyOption = false | string | ((address: string, hop: number) => boolean);

/** TRUST_PROXY as Fastify's trustProxy takes it: false, the first n hops, or an address list. */
export function trustProxyOption(value: string): TrustProxyOption {
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(GatewaySettings, env);
  return {
    ...config,
    PUBLIC_SITE_URL: config.PUBLIC_SITE_URL || `http://localhost:${config.PORT || 3000}`,
  };
}

export function upstreamUrl(config: GatewayConfig, name: UpstreamName): string {
  return config[UPSTREAM_SERVICES[name].urlVariable];
}
