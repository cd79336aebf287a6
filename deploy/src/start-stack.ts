import path from 'node:path';
import { ManagedProcess, waitForHealthy, type LogSink } from './child-process.ts';
import { buildWebApps } from './build-apps.ts';
import {
  ensureDevAdmin,
  ensureDevKeys,
  ensureDevNewsletterSecret,
  type AdminCredentials,
} from './dev-secrets.ts';
import { freePort } from './free-port.ts';
import { migrateAll } from './migrate-all.ts';
import { DEFAULT_DATABASE_URL, DEFAULT_DATA_DIR, DEFAULT_QUEUE_PREFIX, DEFAULT_REDIS_URL } from './paths.ts';
import { ensurePostgres, type PostgresHandle } from './postgres.ts';
import {
  DEFAULT_PORTS,
  processTable,
  SERVICE_NAMES,
  type ServiceName,
  type StackSettings,
} from './process-table.ts';
import { ensureRedis, type RedisHandle } from './redis.ts';
import { seedCatalogWhenEmpty } from './seed-catalog.ts';

export interface StartStackOptions {
  /** Gateway port; 0 picks a free one. Default PORT or 3000. */
  port?: number;
  /** Service ports; 0 picks free ones. Default the fixed ports 3001-3004. */
  servicePorts?: Partial<Record<ServiceName, number>>;
  host?: string;
  /** Default DATABASE_URL or postgres://postgres@127.0.0.1:5432/celebstyle; its database is created when missing. */
  databaseUrl?: string;
  /** Default REDIS_URL or redis://127.0.0.1:6379. */
  redisUrl?: string;
  /** Prefix of every Redis key and BullMQ queue (QUEUE_PREFIX); give tests their own. */
  queuePrefix?: string;
  /** Runtime state: dev keys, dev admin, outbox, redis-server data. Default <repo>/.data. */
  dataDir?: string;
  /** Where an embedded PostgreSQL keeps its data when none answers. Default <dataDir>/postgres. */
  postgresDataDir?: string;
  /** Build web apps whose dist is missing or stale. Default true. */
  build?: boolean;
  /** Posts to seed when the catalogue is empty, or false to never seed. Default 2000. */
  seedPosts?: number | false;
  /**
   * Run the demo retailer farm (services/link-validation demo-shops) on its fixed port and pin its
   * names for the link-check worker, so the demo catalogue's links get checked. `npm start` does;
   * test stacks do not (their link-check worker then queues nothing: it is pinned-only).
   */
  demoShops?: boolean;
  /** Start worker processes too. Default true. */
  workers?: boolean;
  /** Start only these services (and the gateway); default every service that exists. */
  services?: ServiceName[];
  logLevel?: string;
  nodeEnv?: string;
  /** Extra environment for every process (e.g. RATE_LIMIT_MAX for load tests). */
  env?: Record<string, string>;
  /** Where prefixed log lines go. Default console.log. */
  log?: LogSink;
}

export interface RunningStack {
  /** The gateway's base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  /** Base URL of each running service, for tests that call one directly. */
  services: Partial<Record<ServiceName, string>>;
  admin: AdminCredentials;
  /** The public JWK Set every verifier reads (AUTH_JWKS_FILE). */
  jwksFile: string;
  embeddedPostgres: boolean;
  processes: string[];
  /** Crash, stop and start single processes of the running stack (the fault-injection suite). */
  control: ProcessControl;
  /** Stops the gateway, then services and workers (gracefully), then what the launcher started. */
  stop(): Promise<void>;
}

/** One process of a running stack, by its process-table name (e.g. 'newsletter-worker'). */
export interface ProcessControl {
  /** The running process's id, or undefined while it is not running. */
  pid(name: string): number | undefined;
  /** Sends the signal (SIGKILL: a crash, no shutdown code runs) and waits until it has exited. */
  kill(name: string, signal: NodeJS.Signals): Promise<void>;
  /** Graceful stop (SIGTERM, SIGKILL after the grace period). */
  stop(name: string): Promise<void>;
  /** Starts a stopped or killed process again with the same settings; an HTTP one until /healthz answers. */
  start(name: string): Promise<void>;
}

/** A fixed port as given, or for 0 a free one not already handed to another process of this stack. */
async function resolvePort(
  wanted: number | undefined,
  fallback: number,
  host: string,
  taken: Set<number>,
): Promise<number> {
  let port = wanted ?? fallback;
  while (port === 0 || taken.has(port)) port = await freePort(host);
  taken.add(port);
  return port;
}

/** Starts the whole product: infrastructure, build, migrations, seed, services, workers, gateway. */
export async function startStack(options: StartStackOptions = {}): Promise<RunningStack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const host = options.host ?? '127.0.0.1';
  const dataDir = path.resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const queuePrefix = options.queuePrefix ?? process.env.QUEUE_PREFIX ?? DEFAULT_QUEUE_PREFIX;

  const cleanups: Array<() => Promise<void>> = [];
  const processes: ManagedProcess[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const gateway = processes.filter((p) => p.spec.name === 'gateway');
    await Promise.all(gateway.map((p) => p.stop()));
    await Promise.all(processes.filter((p) => p.spec.name !== 'gateway').map((p) => p.stop()));
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((e: Error) => log(`stop      | ${e.message}`));
  };

  try {
    const postgres: PostgresHandle = await ensurePostgres(
      databaseUrl,
      path.resolve(options.postgresDataDir ?? path.join(dataDir, 'postgres')),
      log,
    );
    cleanups.push(() => postgres.stop());
    const redis: RedisHandle = await ensureRedis(redisUrl, path.join(dataDir, 'redis'), log);
    cleanups.push(() => redis.stop());

    const keys = await ensureDevKeys(dataDir);
    const admin = process.env.ADMIN_PASSWORD
      ? {
          username: process.env.ADMIN_USERNAME ?? 'admin',
          email: process.env.ADMIN_EMAIL ?? 'admin@celebstyle.localhost',
          password: process.env.ADMIN_PASSWORD,
        }
      : ensureDevAdmin(dataDir);

    if (options.build ?? true) await buildWebApps(log);
    await migrateAll(databaseUrl, log);
    const infraEnv = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, QUEUE_PREFIX: queuePrefix };
    if (options.seedPosts !== false) {
      // The demo's link health (cleaning rules for the demo shops, chart history) only beside them.
      await seedCatalogWhenEmpty(infraEnv, options.seedPosts ?? 2000, log, {
        demoLinkHealth: options.demoShops === true,
      });
    }

    const taken = new Set<number>();
    const gatewayPort = await resolvePort(
      options.port,
      Number(process.env.PORT ?? DEFAULT_PORTS.gateway),
      host,
      taken,
    );
    const ports = { gateway: gatewayPort } as StackSettings['ports'];
    for (const name of SERVICE_NAMES) {
      ports[name] = await resolvePort(options.servicePorts?.[name], DEFAULT_PORTS[name], host, taken);
    }
    const url = `http://${host}:${ports.gateway}`;

    const settings: StackSettings = {
      nodeEnv: options.nodeEnv ?? 'development',
      logLevel: options.logLevel ?? process.env.LOG_LEVEL ?? 'info',
      host,
      databaseUrl,
      redisUrl,
      queuePrefix,
      ports,
      jwksFile: process.env.AUTH_JWKS_FILE ?? keys.jwksFile,
      privateKeyFile: process.env.AUTH_PRIVATE_KEY_FILE ?? keys.privateKeyFile,
      admin,
      publicSiteUrl: process.env.PUBLIC_SITE_URL ?? `http://localhost:${ports.gateway}`,
      newsletterSigningSecret: process.env.NEWSLETTER_SIGNING_SECRET ?? ensureDevNewsletterSecret(dataDir),
      mailOutboxDir: process.env.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox'),
      extraEnv: options.env ?? {},
      demoShops: options.demoShops ?? false,
    };

    const wanted = (workspace: string) =>
      !options.services ||
      workspace === 'gateway' ||
      options.services.some((name) => workspace === `services/${name}`);
    const table = processTable(settings).filter(
      (p) => wanted(p.workspace) && ((options.workers ?? true) || p.kind === 'http'),
    );
    const width = Math.max(9, ...table.map((p) => p.name.length));
    const onUnexpectedExit = (spec: { name: string }, code: number | null) =>
      log(`launcher  | ${spec.name} exited unexpectedly (code ${code ?? 'signal'})`);
    const start = (spec: (typeof table)[number]) => {
      const proc = new ManagedProcess(spec, log, width, onUnexpectedExit);
      processes.push(proc);
      return proc;
    };
    // The newest process started under a name (a restarted one replaces the killed one).
    const current = (name: string) => {
      const proc = processes.findLast((p) => p.spec.name === name);
      if (!proc) throw new Error(`no process named ${name} in this stack`);
      return proc;
    };
    const control: ProcessControl = {
      pid: (name) => (current(name).running ? current(name).child.pid : undefined),
      kill: (name, signal) => current(name).kill(signal),
      stop: (name) => current(name).stop(),
      async start(name) {
        if (stopped) throw new Error('the stack is stopped');
        const previous = current(name);
        if (previous.running) throw new Error(`${name} is running`);
        const proc = start(previous.spec);
        if (proc.spec.kind === 'http') await waitForHealthy(proc, `http://${host}:${proc.spec.port}`);
      },
    };

    // Services and workers first, the gateway last, so its first request finds them listening.
    const backends = table.filter((p) => p.name !== 'gateway').map(start);
    await Promise.all(
      backends
        .filter((p) => p.spec.kind === 'http')
        .map((p) => waitForHealthy(p, `http://${host}:${p.spec.port}`)),
    );
    const gatewaySpec = table.find((p) => p.name === 'gateway');
    if (!gatewaySpec) throw new Error('gateway/src/server.ts is missing');
    await waitForHealthy(start(gatewaySpec), url);

    const services: RunningStack['services'] = {};
    for (const p of backends)
      if (p.spec.kind === 'http') services[p.spec.name as ServiceName] = `http://${host}:${p.spec.port}`;
    return {
      url,
      databaseUrl,
      redisUrl,
      queuePrefix,
      services,
      admin,
      jwksFile: settings.jwksFile,
      embeddedPostgres: postgres.embedded,
      processes: table.map((p) => p.name),
      control,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
