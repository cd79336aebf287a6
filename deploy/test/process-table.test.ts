import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.ts';
import { DEFAULT_PORTS, processTable, type StackSettings } from '../src/process-table.ts';

const settings: StackSettings = {
  nodeEnv: 'development',
  logLevel: 'info',
  host: '127.0.0.1',
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/celebstyle',
  redisUrl: 'redis://127.0.0.1:6379',
  queuePrefix: 'celebstyle',
  ports: { ...DEFAULT_PORTS },
  jwksFile: '/keys/jwks.json',
  privateKeyFile: '/keys/private.jwk.json',
  admin: { username: 'admin', email: 'admin@celebstyle.localhost', password: 'pw-123456789' },
  publicSiteUrl: 'http://localhost:3000',
  newsletterSigningSecret: 'secret',
  mailOutboxDir: '/outbox',
  extraEnv: { RATE_LIMIT_MAX: '1000000' },
};

describe('process table', () => {
  const table = processTable(settings);

  it('lists only processes whose entry file exists, always with the gateway', () => {
    expect(table.map((p) => p.name)).toContain('gateway');
    for (const p of table) expect(existsSync(path.join(REPO_ROOT, p.workspace, p.entry)), p.name).toBe(true);
  });

  it('gives every process the shared settings and its own port', () => {
    for (const p of table) {
      expect(p.env).toMatchObject({
        DATABASE_URL: settings.databaseUrl,
        REDIS_URL: settings.redisUrl,
        QUEUE_PREFIX: 'celebstyle',
        AUTH_JWKS_FILE: '/keys/jwks.json',
        RATE_LIMIT_MAX: '1000000',
      });
      if (p.kind === 'http') expect(p.env.PORT).toBe(String(p.port));
    }
  });

  it('points the gateway at every service and gives only accounts the private key and first admin', () => {
    const gateway = table.find((p) => p.name === 'gateway')!;
    expect(gateway.env).toMatchObject({
      PORT: '3000',
      CATALOG_URL: 'http://127.0.0.1:3001',
      ACCOUNTS_URL: 'http://127.0.0.1:3002',
      NEWSLETTER_SUPPORT_URL: 'http://127.0.0.1:3003',
      LINK_VALIDATION_URL: 'http://127.0.0.1:3004',
    });
    for (const p of table) {
      const isAccounts = p.name === 'accounts';
      expect('AUTH_PRIVATE_KEY_FILE' in p.env, p.name).toBe(isAccounts);
      expect('ADMIN_PASSWORD' in p.env, p.name).toBe(isAccounts);
    }
  });

  it('runs the link-check worker in pinned-only mode, so a development stack contacts no outside host', () => {
    const worker = table.find((p) => p.name === 'link-validation-worker');
    expect(worker?.entry).toBe('src/worker.ts');
    expect(worker?.env.LINK_CHECK_PINNED_ONLY).toBe('true');
  });

  it('sends the show lookups of the catalog worker to loopback, never to TVmaze, unless the caller says so', () => {
    const lookups = (extra: Partial<StackSettings>) =>
      new URL(
        processTable({ ...settings, ...extra }).find((p) => p.name === 'catalog-worker')!.env
          .TVMAZE_BASE_URL!,
      );
    expect(lookups({}).hostname).toBe('127.0.0.1');
    expect(lookups({ demoShops: true }).host).toBe('127.0.0.1:3005');
    expect(lookups({ extraEnv: { TVMAZE_BASE_URL: 'http://127.0.0.1:4321' } }).port).toBe('4321');
  });

  it('runs the demo shops and pins their names for the worker only when asked (npm start)', () => {
    expect(table.some((p) => p.name === 'demo-shops')).toBe(false);
    const demo = processTable({ ...settings, demoShops: true });
    const shops = demo.find((p) => p.name === 'demo-shops');
    expect(shops).toMatchObject({ kind: 'http', port: 3005, entry: 'src/demo-shops-server.ts' });
    expect(shops?.env.HOST).toBe('127.0.0.1');
    const demoWorker = demo.find((p) => p.name === 'link-validation-worker');
    expect(demoWorker?.env.LINK_CHECK_RESOLVE).toBe('*.localhost:3005:127.0.0.1');
    // a restock made with the farm's control route reaches shopper alerts within minutes
    expect(Number(demoWorker?.env.LINK_CHECK_SOLD_OUT_INTERVAL_MS)).toBeLessThanOrEqual(5 * 60_000);
    expect(table.find((p) => p.name === 'link-validation-worker')?.env).not.toHaveProperty(
      'LINK_CHECK_SOLD_OUT_INTERVAL_MS',
    );
  });

  it('lets the extra environment win over the per-process defaults, so a test can pin its fake shops', () => {
    const pins = 'www.vesper-shop.localhost:41234:127.0.0.1';
    const pinned = processTable({
      ...settings,
      extraEnv: { LINK_CHECK_RESOLVE: pins, LINK_CHECK_SWEEP_MS: '1000', PORT: '1' },
    });
    const worker = pinned.find((p) => p.name === 'link-validation-worker');
    expect(worker?.env).toMatchObject({
      LINK_CHECK_RESOLVE: pins,
      LINK_CHECK_SWEEP_MS: '1000',
      LINK_CHECK_PINNED_ONLY: 'true',
    });
    // each HTTP process keeps the port the stack gave it
    for (const p of pinned) if (p.kind === 'http') expect(p.env.PORT, p.name).toBe(String(p.port));
  });
});
