/**
 * Measures: argon2id hash time alone, sign-in median latency, and requests
 * per second of an authenticated admin read with and without the guard.
 * Run: npm run bench -w @celebstyle/accounts   (needs the local PostgreSQL and Redis, like the tests)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { createDb, createTestDatabase } from '@celebstyle/db';
import { createProducerConnection, createTestRedis } from '@celebstyle/queue';
import { AdminRecord } from '@celebstyle/contracts';
import { createAuthGuards, createTokenVerifier, redisTokenVersions } from '@celebstyle/service-kit';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { migrate, schema as ACCOUNTS_SCHEMA } from '../src/db/migrate.ts';
import { generateSigningKeyPair } from '../src/keys/generate-key-pair.ts';
import { importSigningKey } from '../src/keys/signing-key.ts';
import { toAdminRecord } from '../src/modules/admins/admin-record.ts';
import { findAdminById, insertAdmin } from '../src/modules/admins/admins.repository.ts';
import { createPasswordHasher, OWASP_ARGON2ID } from '../src/modules/passwords/password-hasher.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PASSWORD = 'bench password 123';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function timeIt(times: number, fn: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return samples;
}

const database = await createTestDatabase('accounts_bench');
const testRedis = await createTestRedis('accounts-bench');
const db = createDb<Database>({ connectionString: database.url, schema: ACCOUNTS_SCHEMA, max: 10 });
const redis = createProducerConnection(testRedis.url, { keyPrefix: `${testRedis.prefix}:` });
try {
  await migrate(db);
  const options = { algorithm: 2 as Algorithm, ...OWASP_ARGON2ID };
  const stored = await hash(PASSWORD, options);
  const hashMs = median(await timeIt(20, () => hash(PASSWORD, options)));
  const verifyMs = median(await timeIt(20, () => verify(stored, PASSWORD)));

  const hasher = await createPasswordHasher(OWASP_ARGON2ID);
  const admin = await insertAdmin(db, {
    username: 'bench',
    email: 'bench@example.com',
    passwordHash: stored,
    role: 'super_admin',
  });
  const signingKey = await importSigningKey((await generateSigningKeyPair()).privateJwk);
  const app = await buildApp({
    db,
    redis,
    signingKey,
    jwks: null,
    issuer: 'celebstyle-accounts',
    audience: 'celebstyle-admin',
    hasher,
    keyPrefix: testRedis.prefix,
    logLevel: 'silent',
    loginLimits: { perUsername: 1e9, perAddress: 1e9, windowSeconds: 60 },
  });
  // The same read without the guard: one primary-key lookup and the same answer schema.
  app.get('/bench/profile-unguarded', { schema: { response: { 200: AdminRecord } } }, async () =>
    toAdminRecord((await findAdminById(db, admin.id))!),
  );
  // What every other service pays: service-kit's guard alone (signature check and one Redis GET).
  const kitGuards = createAuthGuards(
    createTokenVerifier({
      jwks: { keys: [signingKey.publicJwk] },
      issuer: 'celebstyle-accounts',
      audience: 'celebstyle-admin',
    }),
    redisTokenVersions(redis),
  );
  app.get(
    '/bench/profile-kit-guard',
    { onRequest: kitGuards.requireAdmin, schema: { response: { 200: AdminRecord } } },
    async (request) => toAdminRecord((await findAdminById(db, request.admin!.id))!),
  );
  const base = await app.listen({ host: '127.0.0.1', port: 0 });

  let accessToken = '';
  const loginMs = median(
    await timeIt(30, async () => {
      const res = await fetch(`${base}/api/admin/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'bench', password: PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`login answered ${res.status}`);
      accessToken = ((await res.json()) as { accessToken: string }).accessToken;
    }),
  );

  const run = async (path: string, headers: Record<string, string>, duration: number) => {
    const cpuBefore = process.cpuUsage();
    const result = await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration, headers });
    const cpu = process.cpuUsage(cpuBefore);
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      // CPU of this process (server and load generator) per request: steadier than wall-clock
      // throughput when other work shares the machine.
      cpuUsPerRequest: Math.round((cpu.user + cpu.system) / result.requests.total),
    };
  };
  const bearer = { authorization: `Bearer ${accessToken}` };
  const targets = {
    guarded: ['/api/admin/auth/profile', bearer],
    kitGuarded: ['/bench/profile-kit-guard', bearer],
    unguarded: ['/bench/profile-unguarded', {}],
  } as const;
  // Warm up every target (JIT, pool connections), then alternate them for ROUNDS rounds and keep each
  // one's median round, so that a change in background load hits all three alike.
  for (const [path, headers] of Object.values(targets)) await run(path, headers, 2);
  const rounds: Record<keyof typeof targets, Array<Awaited<ReturnType<typeof run>>>> = {
    guarded: [],
    kitGuarded: [],
    unguarded: [],
  };
  const entries = Object.entries(targets);
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with another target, so no target always runs first.
    const order = [...entries.slice(round % entries.length), ...entries.slice(0, round % entries.length)];
    for (const [name, [path, headers]] of order) {
      rounds[name as keyof typeof targets].push(await run(path, headers, DURATION_S));
    }
  }
  const medianRound = (name: keyof typeof targets) =>
    [...rounds[name]].sort((a, b) => a.rps - b.rps)[Math.floor(ROUNDS / 2)]!;
  const guarded = medianRound('guarded');
  const kitGuarded = medianRound('kitGuarded');
  const unguarded = medianRound('unguarded');
  await app.close();

  const summary = {
    when: new Date().toISOString(),
    node: process.version,
    argon2id: OWASP_ARGON2ID,
    hashMedianMs: Number(hashMs.toFixed(1)),
    verifyMedianMs: Number(verifyMs.toFixed(1)),
    loginMedianMs: Number(loginMs.toFixed(1)),
    load: { connections: CONNECTIONS, durationS: DURATION_S, rounds: ROUNDS },
    /** accounts' own chain: service-kit guard, then the admin's row (exists, active, version). */
    guardedProfile: guarded,
    /** service-kit's guard alone, as the other services use it, then the same lookup. */
    kitGuardedProfile: kitGuarded,
    unguardedProfile: unguarded,
    /** Requests per second of every round, to show the spread on a shared machine. */
    roundsRps: Object.fromEntries(
      Object.entries(rounds).map(([name, list]) => [name, list.map((r) => r.rps)]),
    ),
    loadAverage: loadavg().map((value) => Number(value.toFixed(1))),
    guardedToUnguardedRatio: Number((guarded.rps / unguarded.rps).toFixed(2)),
    kitGuardedToUnguardedRatio: Number((kitGuarded.rps / unguarded.rps).toFixed(2)),
    cpuPerRequestRatioGuardedToUnguarded: Number(
      (guarded.cpuUsPerRequest / unguarded.cpuUsPerRequest).toFixed(2),
    ),
  };
  // The repository's git-ignored runtime folder (.data/), which no formatter or commit touches.
  const folder = fileURLToPath(new URL('../../../.data/bench/', import.meta.url));
  mkdirSync(folder, { recursive: true });
  writeFileSync(`${folder}accounts-latest.json`, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(JSON.stringify(summary, null, 2));
} finally {
  await db.destroy();
  redis.disconnect();
  await testRedis.cleanup();
  await database.drop();
}
