// `npm run bench` (not a test): cold start, gateway overhead and the catalogue reads at 2,000 and
// 200,000 posts, a guarded admin read, then the link-validation benchmarks (worker, ceiling,
// results and CSV). Flags: --quick (3 s runs, smaller link-validation runs), --only a,b (scenario
// name parts; `link` selects the link-validation benchmarks, `--only link` runs only them),
// --sizes 2000,200000, --events-wait 600 (seconds allowed for the seeded change feed's backlog).
// Each size gets its own throw-away database and Redis prefix, dropped after.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createTestDatabase } from '@celebstyle/db';
import { createTestRedis } from '@celebstyle/queue';
import { coldPass, type ColdPass } from './cold-paths.ts';
import { settlePostEvents, type PostEventsBacklog } from './queue-drain.ts';
import { REPO_ROOT } from '../src/paths.ts';
import { startStack, type RunningStack } from '../src/start-stack.ts';
import { guardCostMicroseconds, type GuardCost } from './guard-cost.ts';
import { runLinkValidationBenches } from './link-validation-benches.ts';
import { measure, type LoadResult } from './load.ts';
import { printReport, type Measurement } from './report.ts';
import { sampleValues } from './sample-values.ts';
import { cycledPaths, fillPath, READ_SCENARIOS, variedPaths } from './scenarios.ts';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    sizes: { type: 'string', default: '2000,200000' },
    // How long to wait for the seeded post-changed events to be consumed before pausing the rest.
    'events-wait': { type: 'string', default: '600' },
  },
});
const seconds = flags.quick ? 3 : 10;
const connections = 50;
const sizes = flags.sizes
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const only = flags.only?.split(',').map((s) => s.trim().toLowerCase());
const scenarios = READ_SCENARIOS.filter((s) => !only || only.some((o) => s.name.toLowerCase().includes(o)));
const runLinkBenches = !only || only.includes('link');
const runStack = !only || only.some((o) => o !== 'link');
const say = (line: string) => console.log(`bench     | ${line}`);
/** Every request asks as a browser does, so compression is part of what is measured. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * Seeding 200,000 posts writes about a gigabyte that PostgreSQL's checkpointer would otherwise flush
 * in the background, spread over the next minutes, while the reads are measured: flush it now.
 */
async function settleDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

/**
 * A fresh start announces every seeded post on the change feed: the catalog worker sweeps the
 * outbox onto the post-events queue in its first minute or two. Measure after that, not during it.
 */
async function waitForOutboxDrained(url: string, timeoutMs = 600_000): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    while (Date.now() - started < timeoutMs) {
      const { rows } = await client
        .query<{ n: number }>(
          'select count(*)::int as n from catalog.post_events_outbox where published_at is null',
        )
        .catch(() => ({ rows: [{ n: 0 }] }));
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await client.end();
  }
  return Date.now() - started;
}

/** Resolves true at the first 200, false when the route is not built (JSON 404 "Route ... not found"). */
async function waitFor200(url: string, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(url).catch(() => null);
    if (res?.status === 200) return true;
    if (res?.status === 404) {
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      if (body.message?.startsWith('Route ')) return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer 200`);
}

async function adminToken(stack: RunningStack): Promise<string | null> {
  const res = await fetch(`${stack.url}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: stack.admin.username, password: stack.admin.password }),
  }).catch(() => null);
  if (!res?.ok) return null;
  return ((await res.json()) as { accessToken?: string }).accessToken ?? null;
}

/** 'not built' when the route does not exist yet (JSON 404 "Route ... not found"), else null. */
async function probe(url: string, headers: Record<string, string>): Promise<string | null> {
  const res = await fetch(url, { headers }).catch(() => null);
  if (!res) return 'no answer';
  if (res.status === 200) return null;
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  if (res.status === 404 && body.message?.startsWith('Route ')) return 'not built';
  return `answers ${res.status}`;
}

async function measureSize(posts: number, measurements: Measurement[]): Promise<number | null> {
  const database = await createTestDatabase(`bench_${posts}`);
  const redis = await createTestRedis(`bench-${posts}`);
  const started = Date.now();
  let coldStartMs: number | null = null;
  let stack: RunningStack | undefined;
  let backlog: PostEventsBacklog | undefined;
  try {
    say(
      `${posts} posts: starting the stack on a fresh database (migrate, seed ${posts} posts, start every process)`,
    );
    stack = await startStack({
      port: 0,
      servicePorts: { catalog: 0, accounts: 0, 'newsletter-support': 0, 'link-validation': 0 },
      databaseUrl: database.url,
      redisUrl: redis.url,
      queuePrefix: redis.prefix,
      seedPosts: posts,
      logLevel: 'warn',
      env: { RATE_LIMIT_MAX: '1000000000' },
      log: (line) => {
        if (/seed .*posts in|ERROR|FATAL|exited/.test(line)) console.log(line);
      },
    });
    if (await waitFor200(`${stack.url}/api/posts`)) {
      coldStartMs = Date.now() - started;
      say(`${posts} posts: first 200 from /api/posts after ${(coldStartMs / 1000).toFixed(1)} s`);
    } else {
      say(
        `${posts} posts: GET /api/posts is not built yet (stack up after ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }

    const drainMs = await waitForOutboxDrained(database.url);
    say(
      `${posts} posts: every seeded post announced on post-events after ${(drainMs / 1000).toFixed(1)} s more`,
    );
    backlog = await settlePostEvents(redis.url, redis.prefix, say, Number(flags['events-wait']) * 1000);
    say(
      backlog.left === 0
        ? `${posts} posts: the link-validation worker consumed every post-changed event after ${(backlog.waitedMs / 1000).toFixed(1)} s more`
        : `${posts} posts: ${backlog.left} post-changed events still queued after ${(backlog.waitedMs / 1000).toFixed(1)} s: post-events paused while the reads are measured`,
    );
    postEventsLeft[posts] = backlog.left;
    await settleDatabase(database.url);
    const values = await sampleValues(stack.url);
    const token = scenarios.some((s) => s.admin) ? await adminToken(stack) : null;
    if (token) {
      guardCosts[posts] = await guardCostMicroseconds(stack.jwksFile, redis.url, token);
      say(
        `${posts} posts: the gateway's token check alone costs ${guardCosts[posts].remembered} µs per request (${guardCosts[posts].verifiedEveryTime} µs verifying the signature every time)`,
      );
    }
    for (const scenario of scenarios) {
      const pathname = fillPath(scenario.path, values);
      const base = {
        scenario: scenario.name,
        target: scenario.target,
        posts,
        informational: !!scenario.vary,
      };
      if (!pathname) {
        measurements.push({ ...base, via: 'gateway', skipped: 'no sample data' });
        continue;
      }
      if (scenario.vary && posts < scenario.vary.minPosts) {
        measurements.push({ ...base, via: 'gateway', skipped: `needs ${scenario.vary.minPosts} posts` });
        continue;
      }
      if (scenario.admin && !token) {
        measurements.push({ ...base, via: 'gateway', skipped: 'accounts not running' });
        continue;
      }
      const headers: Record<string, string> = {
        ...BROWSER_HEADERS,
        ...(scenario.admin && token ? { authorization: `Bearer ${token}` } : {}),
      };
      const targets: Array<['gateway' | 'direct', string]> = [['gateway', stack.url]];
      const direct = scenario.direct ? stack.services[scenario.direct] : undefined;
      if (direct) targets.push(['direct', direct]);
      for (const [via, baseUrl] of targets) {
        const cycle = scenario.cycle?.map((p) => fillPath(p, values)).filter((p): p is string => p !== null);
        const nextPath = scenario.vary
          ? variedPaths(pathname, scenario.vary)
          : cycle && cycle.length > 0
            ? cycledPaths(cycle)
            : undefined;
        const skipped = await probe(baseUrl + (nextPath?.() ?? pathname), headers);
        if (skipped) {
          measurements.push({ ...base, via, skipped });
          say(`${posts} posts: ${scenario.name} via ${via}: ${skipped}`);
          continue;
        }
        // Warm-up run, discarded: JIT, connection pools and caches settle before the measured run.
        const load = { connections, headers, nextPath };
        await measure(baseUrl + pathname, { ...load, seconds: flags.quick ? 1 : 2 });
        const result: LoadResult = await measure(baseUrl + pathname, { ...load, seconds });
        measurements.push({ ...base, via, result });
        say(
          `${posts} posts: ${scenario.name} via ${via}: median ${result.medianMs} ms, p99 ${result.p99Ms} ms, ${Math.round(result.requestsPerSecond)} req/s` +
            (result.non2xx || result.errors ? ` (${result.non2xx} non-2xx, ${result.errors} errors)` : ''),
        );
      }
      const cycle = scenario.cycle?.map((p) => fillPath(p, values)).filter((p): p is string => p !== null);
      const measured = measurements.some(
        (x) => x.scenario === scenario.name && x.posts === posts && x.result,
      );
      if (measured && cycle && cycle.length > 0) {
        const [via, baseUrl] = direct ? (['direct', direct] as const) : (['gateway', stack.url] as const);
        const pass = await coldPass(baseUrl, cycle, headers, redis);
        coldPasses.push({ scenario: scenario.name, posts, via, ...pass });
        say(
          `${posts} posts: ${scenario.name}, each once after a cache reset, one at a time via ${via}: median ${pass.medianMs} ms, p99 ${pass.p99Ms} ms, max ${pass.maxMs} ms; slowest:`,
        );
        for (const { path: slow, ms } of pass.slowest) say(`    ${ms} ms  ${slow}`);
      }
    }
  } finally {
    await backlog?.resume();
    await stack?.stop();
    await redis.cleanup();
    await database.drop();
  }
  return coldStartMs;
}

const measurements: Measurement[] = [];
const coldStarts: Record<number, number | null> = {};
const guardCosts: Record<number, GuardCost> = {};
const postEventsLeft: Record<number, number> = {};
const coldPasses: Array<ColdPass & { scenario: string; posts: number; via: string }> = [];
if (runStack) for (const posts of sizes) coldStarts[posts] = await measureSize(posts, measurements);
const linkFailures = runLinkBenches ? await runLinkValidationBenches(flags.quick, say) : [];
if (linkFailures.length > 0) {
  say(`link-validation benchmarks that failed: ${linkFailures.join(', ')}`);
  process.exitCode = 1;
}
if (!runStack) process.exit();

const report = {
  date: new Date().toISOString(),
  seconds,
  connections,
  cpus: os.cpus().length,
  loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))),
  coldStartMs: coldStarts,
  guardCostMicroseconds: guardCosts,
  measurements,
  coldPasses,
  postEventsLeft,
};
printReport(report);
const dir = path.join(REPO_ROOT, '.data', 'bench-results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `bench-${report.date.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
say(`raw figures written to ${path.relative(REPO_ROOT, file)}`);
