import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths.ts';

export type ServiceName = 'catalog' | 'accounts' | 'newsletter-support' | 'link-validation';
export const SERVICE_NAMES: ServiceName[] = ['catalog', 'accounts', 'newsletter-support', 'link-validation'];

/** Fixed ports (README.md, Configuration: PORT). */
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
  /**
   * Extra variables for every process (tests and the benchmark raise the rate limit, for example);
   * they win over a process's own defaults below, except its port.
   */
  extraEnv: Record<string, string>;
  /** Run the demo retailer farm and pin its names for the link-check worker (`npm start` only). */
  demoShops?: boolean;
}

/** The demo retailer farm's fixed port: the demo catalogue's links name it (services/link-validation demo-shops). */
export const DEMO_SHOPS_PORT = 3005;
/** How soon the demo stack checks a link again, sold out or not (hours elsewhere). */
const DEMO_RECHECK_MS = 3 * 60_000;

export type RoleName = ServiceName | 'gateway';

/**
 * A role is one container image: a workspace's compiled processes (its HTTP server, its workers,
 * its migration command) and the production dependencies of that workspace only.
 */
export interface Role {
  name: RoleName;
  /** Workspace folder, relative to the repository root. */
  workspace: string;
  /** Image name (without registry and tag) in docker-compose.yml and Kubernetes. */
  image: string;
  /** The service's own migration command, where it owns a schema. */
  migrateEntry?: string;
}

const serviceRole = (name: ServiceName): Role => ({
  name,
  workspace: `services/${name}`,
  image: `celebstyle-${name}`,
  migrateEntry: 'src/db/migrate-command.ts',
});

export const ROLES: Record<RoleName, Role> = {
  catalog: serviceRole('catalog'),
  accounts: serviceRole('accounts'),
  'newsletter-support': serviceRole('newsletter-support'),
  'link-validation': serviceRole('link-validation'),
  gateway: { name: 'gateway', workspace: 'gateway', image: 'celebstyle-gateway' },
};

/** The order migrations run in (a first run may create shared extensions, so one after the other). */
export const MIGRATION_ORDER: ServiceName[] = [...SERVICE_NAMES];

/** A process that runs in production: one Deployment in Kubernetes, one service in docker-compose.yml. */
export interface ProcessDefinition {
  /** Process, Deployment, compose service and (for HTTP) Kubernetes Service name. */
  name: string;
  role: RoleName;
  /** Entry file, relative to the role's workspace (TypeScript source; compiled: see compiledEntry). */
  entry: string;
  kind: 'http' | 'worker';
  /**
   * What production must give the process (its defaults point at this machine or are development
   * values): `secrets` from Secret objects, `settings` from configuration (a ConfigMap, compose's
   * environment). Kubernetes and docker-compose.yml are checked against these (deploy/test).
   */
  production: { secrets: string[]; settings: string[] };
}

const SHARED_SETTINGS = ['NODE_ENV', 'LOG_LEVEL', 'HOST', 'QUEUE_PREFIX'];
const DATA = ['DATABASE_URL', 'REDIS_URL'];
const service = (secrets: string[], settings: string[] = []) => ({
  secrets: [...DATA, 'AUTH_JWKS', ...secrets],
  settings: [...SHARED_SETTINGS, 'PORT', ...settings],
});
const worker = (secrets: string[] = [], settings: string[] = []) => ({
  secrets: [...DATA, ...secrets],
  settings: [...SHARED_SETTINGS, ...settings],
});

/** Every production process (the launcher adds the demo retailer farm for `npm start`). */
export const PROCESSES: ProcessDefinition[] = [
  {
    name: 'catalog',
    role: 'catalog',
    entry: 'src/server.ts',
    kind: 'http',
    production: service([], ['PUBLIC_SITE_URL']),
  },
  { name: 'catalog-worker', role: 'catalog', entry: 'src/worker.ts', kind: 'worker', production: worker() },
  {
    name: 'accounts',
    role: 'accounts',
    entry: 'src/server.ts',
    kind: 'http',
    // ADMIN_*: the first super admin, needed until one exists (README: first admin, production).
    production: service(
      ['AUTH_PRIVATE_KEY', 'ADMIN_USERNAME', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'],
      ['TRUSTED_GATEWAY_ADDRESSES'],
    ),
  },
  // The audit log's consumer (every service's audit outbox) and its retention purge.
  {
    name: 'accounts-worker',
    role: 'accounts',
    entry: 'src/worker.ts',
    kind: 'worker',
    production: worker(),
  },
  {
    name: 'newsletter-support',
    role: 'newsletter-support',
    entry: 'src/server.ts',
    kind: 'http',
    // LINK_VALIDATION_URL: a look's links when a shopper sets an alert (an internal route).
    production: service(
      ['NEWSLETTER_SIGNING_SECRET'],
      [
        'PUBLIC_SITE_URL',
        'TRUSTED_GATEWAY_ADDRESSES',
        'MAIL_FROM',
        'SUPPORT_TEAM_EMAIL',
        'LINK_VALIDATION_URL',
      ],
    ),
  },
  {
    name: 'newsletter-worker',
    role: 'newsletter-support',
    entry: 'src/worker.ts',
    kind: 'worker',
    // It composes the shopper alerts' e-mails: their links, one-click unsubscribe and Shop Now.
    production: worker(
      ['SMTP_URL', 'NEWSLETTER_SIGNING_SECRET'],
      ['PUBLIC_SITE_URL', 'MAIL_FROM', 'AFFILIATE_PARTNER_ID'],
    ),
  },
  {
    name: 'link-validation',
    role: 'link-validation',
    entry: 'src/server.ts',
    kind: 'http',
    production: service([]),
  },
  {
    name: 'link-validation-worker',
    role: 'link-validation',
    entry: 'src/worker.ts',
    kind: 'worker',
    production: worker(),
  },
  {
    name: 'gateway',
    role: 'gateway',
    entry: 'src/server.ts',
    kind: 'http',
    production: {
      secrets: ['REDIS_URL', 'AUTH_JWKS'],
      settings: [
        ...SHARED_SETTINGS,
        'PORT',
        'CATALOG_URL',
        'ACCOUNTS_URL',
        'NEWSLETTER_SUPPORT_URL',
        'LINK_VALIDATION_URL',
        'PUBLIC_SITE_URL',
        'TRUST_PROXY',
        'AFFILIATE_PARTNER_ID',
      ],
    },
  },
];

/**
 * The one synchronous call between services (docs/design.md, How services talk): newsletter-support
 * reads a look's links from link-validation's internal route when a shopper sets an alert. The
 * network policies open exactly these paths besides the gateway's (deploy/test checks them).
 */
export const SERVICE_CALLS: readonly { from: ServiceName; to: ServiceName }[] = [
  { from: 'newsletter-support', to: 'link-validation' },
];

/** Where `npm run build` writes an entry: `src/server.ts` becomes `dist/server.js`. */
export function compiledEntry(entry: string): string {
  return entry.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js');
}

/** The production command of a file of a role, from the image's working directory (/app). */
export function compiledCommand(role: RoleName, entry: string): string[] {
  return ['node', '--enable-source-maps', `${ROLES[role].workspace}/${compiledEntry(entry)}`];
}

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
 * Every process of the product with its environment: each entry of PROCESSES (each service's HTTP
 * server, its workers, and the gateway), plus the demo retailer farm when asked. Entries whose
 * workspace or entry file does not exist yet are skipped (services land one by one).
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
  const newsletterEnv = {
    PUBLIC_SITE_URL: s.publicSiteUrl,
    NEWSLETTER_SIGNING_SECRET: s.newsletterSigningSecret,
    MAIL_OUTBOX_DIR: s.mailOutboxDir,
  };
  const ownEnv: Record<string, Record<string, string>> = {
    accounts: {
      AUTH_PRIVATE_KEY_FILE: s.privateKeyFile,
      ADMIN_USERNAME: s.admin.username,
      ADMIN_EMAIL: s.admin.email,
      ADMIN_PASSWORD: s.admin.password,
    },
    // Nor does a show lookup: TVmaze is asked on the demo farm, which knows no show (the show stays
    // as it is), or, without the farm, at a loopback port nothing serves (the lookup fails and
    // retries). Set TVMAZE_BASE_URL=https://api.tvmaze.com in the environment to use the real one.
    'catalog-worker': {
      TVMAZE_BASE_URL: s.demoShops ? `http://127.0.0.1:${DEMO_SHOPS_PORT}/tvmaze` : 'http://127.0.0.1:9',
    },
    'newsletter-support': { ...newsletterEnv, LINK_VALIDATION_URL: http(s.host, s.ports['link-validation']) },
    'newsletter-worker': newsletterEnv,
    // A development stack checks links on its own machine only: hosts without a pin are never
    // contacted (not even looked up), so no link check leaves the machine.
    'link-validation-worker': {
      LINK_CHECK_PINNED_ONLY: 'true',
      LINK_CHECK_RESOLVE: s.demoShops ? `*.localhost:${DEMO_SHOPS_PORT}:127.0.0.1` : '',
      // The demo farm is ours and local: no need to space its checks a second apart, and the
      // picture should fill within minutes of a fresh start. A restock or a price change made
      // with the farm's control route is checked within minutes (shopper alert demos), not hours.
      ...(s.demoShops
        ? {
            LINK_CHECK_HOST_INTERVAL_MS: '100',
            LINK_CHECK_SWEEP_MS: '5000',
            LINK_CHECK_SOLD_OUT_INTERVAL_MS: String(DEMO_RECHECK_MS),
            LINK_CHECK_ACTIVE_INTERVAL_MS: String(DEMO_RECHECK_MS),
          }
        : {}),
    },
    gateway: {
      CATALOG_URL: http(s.host, s.ports.catalog),
      ACCOUNTS_URL: http(s.host, s.ports.accounts),
      NEWSLETTER_SUPPORT_URL: http(s.host, s.ports['newsletter-support']),
      LINK_VALIDATION_URL: http(s.host, s.ports['link-validation']),
      PUBLIC_SITE_URL: s.publicSiteUrl,
    },
  };

  const table: ProcessSpec[] = PROCESSES.map((p) => {
    const port = p.kind === 'http' ? s.ports[p.role] : undefined;
    return {
      name: p.name,
      workspace: ROLES[p.role].workspace,
      entry: p.entry,
      kind: p.kind,
      ...(port === undefined ? {} : { port }),
      // The extra environment is a caller's deliberate choice (a test pinning its fake shops for
      // the link-check worker), so it wins over a process's own defaults; the port does not move.
      env: {
        ...common,
        ...ownEnv[p.name],
        ...s.extraEnv,
        ...(port === undefined ? {} : { PORT: String(port) }),
      },
    };
  });
  if (s.demoShops) {
    // Before the gateway, as the launcher starts the table in order.
    table.splice(table.length - 1, 0, {
      name: 'demo-shops',
      workspace: 'services/link-validation',
      entry: 'src/demo-shops-server.ts',
      kind: 'http',
      port: DEMO_SHOPS_PORT,
      env: { ...common, HOST: '127.0.0.1', PORT: String(DEMO_SHOPS_PORT) },
    });
  }
  return table.filter((p) => existsSync(path.join(REPO_ROOT, p.workspace, p.entry)));
}
