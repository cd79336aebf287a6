import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { createTestRedis, type TestRedis } from '@celebstyle/queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBackend, roleEntries, type BackendBuild } from '../src/build/backend-build.ts';
import { waitForHttp } from '../src/child-process.ts';
import { freePort } from '../src/free-port.ts';
import { REPO_ROOT } from '../src/paths.ts';
import { PROCESSES, ROLES, compiledEntry, type RoleName } from '../src/process-table.ts';
import { DEVELOPMENT_ONLY, productionDependencies } from './support/production-dependencies.ts';

const run = promisify(execFile);
const roles = Object.keys(ROLES) as RoleName[];

describe('npm run build: the backend compiled ahead of time', () => {
  let build: BackendBuild;
  beforeAll(async () => {
    build = await buildBackend();
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

  describe('the catalog image, as its runtime stage assembles it', () => {
    let app: string;
    let database: TestDatabase;
    let redis: TestRedis;
    let server: ChildProcess | undefined;

    beforeAll(async () => {
      // deploy/Dockerfile's runtime stage: the manifests, `npm ci --omit=dev` for the role's workspace
      // (offline: from the npm cache the development install filled), then the compiled files.
      app = mkdtempSync(path.join(tmpdir(), 'celebstyle-runtime-'));
      const { stdout } = await run(
        'git',
        ['ls-files', 'package.json', '*/package.json', 'package-lock.json', '.npmrc'],
        {
          cwd: REPO_ROOT,
        },
      );
      for (const file of stdout.split('\n').filter(Boolean)) {
        mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
        cpSync(path.join(REPO_ROOT, file), path.join(app, file));
      }
      await run(
        'npm',
        [
          'ci',
          '--omit=dev',
          '--offline',
          '--no-audit',
          '--no-fund',
          '--ignore-scripts',
          '--workspace',
          'services/catalog',
        ],
        { cwd: app, timeout: 240_000 },
      );
      cpSync(path.join(REPO_ROOT, 'services/catalog/dist'), path.join(app, 'services/catalog/dist'), {
        recursive: true,
      });
      database = await createTestDatabase('deploy_compiled');
      redis = await createTestRedis('deploy-compiled');
    }, 300_000);

    afterAll(async () => {
      if (server && server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server!.once('exit', resolve));
      }
      await database?.drop();
      await redis?.cleanup();
      if (app) rmSync(app, { recursive: true, force: true });
    });

    it('holds no development tool', () => {
      for (const tool of DEVELOPMENT_ONLY)
        expect(existsSync(path.join(app, 'node_modules', tool)), tool).toBe(false);
    });

    it('migrates and serves with node alone: /healthz and /readyz answer 200, a read answers from PostgreSQL', async () => {
      const env = {
        PATH: process.env.PATH,
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        QUEUE_PREFIX: redis.prefix,
        LOG_LEVEL: 'warn',
      };
      await run('node', ['services/catalog/dist/db/migrate-command.js'], { cwd: app, env });
      const port = await freePort();
      server = spawn('node', ['--enable-source-maps', 'services/catalog/dist/server.js'], {
        cwd: app,
        env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const url = `http://127.0.0.1:${port}`;
      // A cold start on a loaded two-core machine has taken over 30 s.
      await waitForHttp(`${url}/healthz`, server, 'the compiled catalog', 120_000);
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ checks: { postgres: 'ok' } });
      const posts = await fetch(`${url}/api/posts?limit=1`);
      expect(posts.status).toBe(200);
      expect(await posts.json()).toMatchObject({ posts: [], pagination: { totalPosts: 0 } });

      server.kill('SIGTERM');
      const code = await new Promise((resolve) => server!.once('exit', (c) => resolve(c)));
      expect(code).toBe(0);
    }, 300_000);
  });
});
