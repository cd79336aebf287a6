import {
  AdminTokenSettings,
  BaseConfig,
  ConfigError,
  DatabasePoolSetting,
  DatabaseSettings,
  MetricsSettings,
  RetentionSettings,
  PortSetting,
  RedisSettings,
  ShutdownSettings,
  TrustedGatewaySetting,
  UrlSetting,
  loadConfig,
} from '@celebstyle/service-kit';
import { Type } from '@sinclair/typebox';
import { fileURLToPath } from 'node:url';

/** `.data/` at the repository root holds local runtime state (git-ignored), here the .eml outbox. */
export const DEFAULT_MAIL_OUTBOX_DIR = fileURLToPath(new URL('../../../.data/outbox', import.meta.url));

const Optional = Type.Optional(Type.String());

/** Settings both processes read (server and worker). */
export const SharedSettings = {
  ...BaseConfig,
  ...DatabaseSettings,
  ...RedisSettings,
};

/** What composing e-mails needs: the server's request e-mails and the worker's alert e-mails. */
const MailComposeSettings = {
  PUBLIC_SITE_URL: UrlSetting('http://127.0.0.1:3000', ['http', 'https']),
  MAIL_FROM: Type.String({ default: 'CelebStyle <no-reply@celebstyle.example>', minLength: 3 }),
  SUPPORT_TEAM_EMAIL: Type.String({ default: 'support@celebstyle.example', minLength: 3 }),
  /** HMAC key of one-click unsubscribe links; required in production (see mailComposeProblems). */
  NEWSLETTER_SIGNING_SECRET: Optional,
  // Same names and defaults as the gateway's /api/site-config, so e-mails and pages link alike.
  SOCIAL_INSTAGRAM_URL: Type.String({ default: 'https://www.instagram.com/celebstyle' }),
  SOCIAL_TIKTOK_URL: Type.String({ default: 'https://www.tiktok.com/@celebstyle' }),
  SOCIAL_PINTEREST_URL: Type.String({ default: 'https://www.pinterest.com/celebstyle' }),
  SOCIAL_FACEBOOK_URL: Type.String({ default: 'https://www.facebook.com/celebstyle' }),
  SOCIAL_X_URL: Type.String({ default: 'https://x.com/celebstyle' }),
};

/** Settings of the HTTP server (src/server.ts). */
export const ServerSettings = {
  ...SharedSettings,
  PORT: PortSetting(3003),
  ...DatabasePoolSetting(10),
  ...ShutdownSettings,
  ...AdminTokenSettings,
  ...MailComposeSettings,
  ...TrustedGatewaySetting,
  /** Port of /metrics apart from PORT (the metrics port Kubernetes declares); 0: only on PORT. */
  ...MetricsSettings,
  /** link-validation, asked for a look's links when a shopper sets an alert (internal route). */
  LINK_VALIDATION_URL: UrlSetting('http://127.0.0.1:3004', ['http', 'https']),
};

/** Settings of the e-mail worker (src/worker.ts). */
export const WorkerSettings = {
  ...SharedSettings,
  ...DatabasePoolSetting(10),
  ...ShutdownSettings,
  /** smtp://user:pass@host:587 or smtps://...; required in production; unset in development: .eml files in MAIL_OUTBOX_DIR. */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_OUTBOX_DIR: Type.String({ default: DEFAULT_MAIL_OUTBOX_DIR, minLength: 1 }),
  EMAIL_WORKER_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 100, default: 5 }),
  /** How long a claimed outbox row is reserved for one send; a worker that died holding it is retried after. */
  EMAIL_SEND_LEASE_MS: Type.Integer({ minimum: 5_000, maximum: 3_600_000, default: 120_000 }),
  /** How long a job (a delivery, an alert event or digest) stays claimed by a worker that died before another worker runs it. */
  EMAIL_JOB_LOCK_MS: Type.Integer({ minimum: 1_000, maximum: 600_000, default: 30_000 }),
  /** How long sent and given-up e-mails stay in the outbox. */
  ...RetentionSettings,
  /** Port of the worker's /metrics (on HOST); 0 leaves it off. */
  ...MetricsSettings,
  /** Alert e-mails are composed in the worker. */
  ...MailComposeSettings,
  // Same names and defaults as the gateway's, so an alert's Shop Now link is the storefront's.
  AFFILIATE_REDIRECT_BASE_URL: UrlSetting('https://go.skimresources.com/', ['http', 'https']),
  AFFILIATE_PARTNER_ID: Type.String({ default: 'celebstyle-dev' }),
  /** Alerts firing within this window go in one e-mail per address. */
  ALERT_GROUP_WINDOW_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 30_000 }),
};

const DEV_SIGNING_SECRET = 'development-only-newsletter-signing-secret';

/** Production needs a real signing secret and an HTTPS site (RFC 8058 one-click links). */
function mailComposeProblems(config: {
  NODE_ENV: string;
  NEWSLETTER_SIGNING_SECRET?: string;
  PUBLIC_SITE_URL: string;
}) {
  const problems: string[] = [];
  if (config.NODE_ENV !== 'production') return problems;
  if (!config.NEWSLETTER_SIGNING_SECRET || config.NEWSLETTER_SIGNING_SECRET.length < 32)
    problems.push('NEWSLETTER_SIGNING_SECRET is required in production (at least 32 characters)');
  // RFC 8058: the one-click unsubscribe link must be HTTPS.
  if (!config.PUBLIC_SITE_URL.startsWith('https://'))
    problems.push('PUBLIC_SITE_URL must be https:// in production (RFC 8058 one-click unsubscribe)');
  return problems;
}

export function loadServerConfig(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(ServerSettings, env);
  const problems = mailComposeProblems(config);
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...config, NEWSLETTER_SIGNING_SECRET: config.NEWSLETTER_SIGNING_SECRET ?? DEV_SIGNING_SECRET };
}

export function loadWorkerConfig(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(WorkerSettings, env);
  const problems = mailComposeProblems(config);
  // The .eml folder is a development stand-in: in production it would swallow every e-mail.
  if (config.NODE_ENV === 'production' && !config.SMTP_URL)
    problems.push('SMTP_URL is required in production (smtp://user:pass@host:587)');
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...config, NEWSLETTER_SIGNING_SECRET: config.NEWSLETTER_SIGNING_SECRET ?? DEV_SIGNING_SECRET };
}

/** The e-mail composing settings, as the server and the worker read them. */
export function mailSettingsOf(
  config: ReturnType<typeof loadServerConfig> | ReturnType<typeof loadWorkerConfig>,
) {
  return {
    siteUrl: config.PUBLIC_SITE_URL.replace(/\/+$/, ''),
    from: config.MAIL_FROM,
    supportTeamEmail: config.SUPPORT_TEAM_EMAIL,
    signingSecret: config.NEWSLETTER_SIGNING_SECRET,
    social: {
      instagram: config.SOCIAL_INSTAGRAM_URL,
      tiktok: config.SOCIAL_TIKTOK_URL,
      pinterest: config.SOCIAL_PINTEREST_URL,
      facebook: config.SOCIAL_FACEBOOK_URL,
      x: config.SOCIAL_X_URL,
    },
  };
}
