import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths.ts';

export type ServiceName = 'catalog' | 'accounts' | 'newsletter-support' | 'link-validation';
export const SERVICE_NAMES: ServiceName[] = ['catalog', 'accounts', 'newsletter-support', 'link-validation'];

/** TEAM.md: fixed ports. */
export const DEFAULT_PORTS: Record<ServiceName | 'gateway', number> = {
  gateway: 3000,
  catalog: 3001,
  accounts: 3002,
  'newsletter-support': 3003,
  'link-validation': 3004,
};

/** What every process gets; each entry below adds its own. */
export interface StackSettings {
  nodeEnv: string;
  logLevel: string;
  host: string;
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  ports: Record<ServiceName | 'gateway', number>;
  jwksFile: string;
  privateKeyFile: string;
  admin: { username: string; email: string; password: string };
  publicSiteUrl: string;
  newsletterSigningSecret: string;
  mailOutboxDir: string;
  /** Extra variables for every process (tests and the benchmark raise the rate limit, for example). */
  extraEnv: Record<string, string>;
  /** Run the demo retailer farm and pin its names for the link-check worker (`npm start` only). */
  demoShops?: boolean;
}

/** The demo retailer farm's fixed port: the demo catalogue's links name it (services/link-validation demo-shops). */
export const DEMO_SHOPS_PORT = 3005;

export interface ProcessSpec {
  name: string;
  /** Workspace folder, relative to the repository root; the process runs there. */
  workspace: string;
  /** Entry file, relative to the workspace. */
  entry: string;
  kind: 'http' | 'worker';
  /** Port of an HTTP process, for the launcher's readiness wait. */
  port?: number;
  env: Record<string, string>;
}

const http = (host: string, port: number) => `http://${host}:${port}`;

/**
 * Every process of the product: each service's HTTP server, its workers, and the gateway. Entries
 * whose workspace or entry file does not exist yet are skipped (services land one by one).
 */
export function processTable(s: StackSettings): ProcessSpec[] {
  const common = {
    NODE_ENV: s.nodeEnv,
    LOG_LEVEL: s.logLevel,
    HOST: s.host,
    DATABASE_URL: s.databaseUrl,
    REDIS_URL: s.redisUrl,
    QUEUE_PREFIX: s.queuePrefix,
    AUTH_JWKS_FILE: s.jwksFile,
    ...s.extraEnv,
  };
  const service = (name: ServiceName, env: Record<string, string> = {}): ProcessSpec => ({
    name,
    workspace: `services/${name}`,
    entry: 'src/server.ts',
    kind: 'http',
    port: s.ports[name],
    env: { ...common, PORT: String(s.ports[name]), ...env },
  });
  const worker = (
    name: string,
    workspace: string,
    entry: string,
    env: Record<string, string> = {},
  ): ProcessSpec => ({
    name,
    workspace,
    entry,
    kind: 'worker',
    env: { ...common, ...env },
  });
  const newsletterEnv = {
    PUBLIC_SITE_URL: s.publicSiteUrl,
    NEWSLETTER_SIGNING_SECRET: s.newsletterSigningSecret,
    MAIL_OUTBOX_DIR: s.mailOutboxDir,
  };

  const table: ProcessSpec[] = [
    service('catalog'),
    worker('catalog-worker', 'services/catalog', 'src/worker.ts'),
    service('accounts', {
      AUTH_PRIVATE_KEY_FILE: s.privateKeyFile,
      ADMIN_USERNAME: s.admin.username,
      ADMIN_EMAIL: s.admin.email,
      ADMIN_PASSWORD: s.admin.password,
    }),
    service('newsletter-support', newsletterEnv),
    worker('newsletter-worker', 'services/newsletter-support', 'src/worker.ts', newsletterEnv),
    service('link-validation'),
    // A development stack checks links on its own machine only: hosts without a pin are never
    // contacted (not even looked up), so no link check leaves the machine.
    worker('link-validation-worker', 'services/link-validation', 'src/worker.ts', {
      LINK_CHECK_PINNED_ONLY: 'true',
      LINK_CHECK_RESOLVE: s.demoShops ? `*.localhost:${DEMO_SHOPS_PORT}:127.0.0.1` : '',
      // The demo farm is ours and local: no need to space its checks a second apart, and the
      // picture should fill within minutes of a fresh start.
      ...(s.demoShops ? { LINK_CHECK_HOST_INTERVAL_MS: '100', LINK_CHECK_SWEEP_MS: '5000' } : {}),
    }),

    ...(s.demoShops
      ? [
          {
            name: 'demo-shops',
            workspace: 'services/link-validation',
            entry: 'src/demo-shops-server.ts',
            kind: 'http' as const,
            port: DEMO_SHOPS_PORT,
            env: { ...common, HOST: '127.0.0.1', PORT: String(DEMO_SHOPS_PORT) },
          },
        ]
      : []),

    {
      name: 'gateway',
      workspace: 'gateway',
      entry: 'src/server.ts',
      kind: 'http',
      port: s.ports.gateway,
      env: {
        ...common,
        PORT: String(s.ports.gateway),
        CATALOG_URL: http(s.host, s.ports.catalog),
        ACCOUNTS_URL: http(s.host, s.ports.accounts),
        NEWSLETTER_SUPPORT_URL: http(s.host, s.ports['newsletter-support']),
        LINK_VALIDATION_URL: http(s.host, s.ports['link-validation']),
        PUBLIC_SITE_URL: s.publicSiteUrl,
      },
    },
  ];
  return table.filter((p) => existsSync(path.join(REPO_ROOT, p.workspace, p.entry)));
}
