// `npm run chaos`: the fault-injection suite (deploy/README.md, Fault-injection suite). Starts the
// whole product on its own PostgreSQL and Redis, runs a steady load, injects one fault after another,
// then checks that nothing accepted was lost. Exits 1 on any loss, wrong answer, hang or no recovery.
import { badAnswer, faultAt, settle } from './assertions.ts';
import { Cleanup, startChaosEnvironment, type ChaosEnvironment } from './environment.ts';
import { FAULTS, runFault, type FaultRun } from './faults.ts';
import { LoadGenerator } from './load.ts';
import { Probes } from './probes.ts';
import { faultTable, summary } from './report.ts';

const SEED_POSTS = 200;
/** Pinned demo-farm links (the only ones a development stack checks). */
const PINNED_LINK = `original_url ~ '^https?://[^/]*\\.localhost:3005(/|$)'`;
/** Faults whose kill can fall between the SMTP server's accept and the outbox row's 'sent'. */
const AT_LEAST_ONCE_FAULTS = new Set([
  'kill -9 newsletter-worker',
  'kill -9 newsletter-worker after an SMTP accept',
]);

const began = Date.now();
const elapsed = () => `${((Date.now() - began) / 1000).toFixed(0).padStart(4)} s`;
const log = (line: string) => console.log(`chaos ${elapsed()} | ${line}`);
const recentProcessLines: string[] = [];
const processLog = (line: string) => {
  recentProcessLines.push(line);
  if (recentProcessLines.length > 80) recentProcessLines.shift();
  if (process.env.CHAOS_VERBOSE) console.log(line);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Each child process, PostgreSQL and Redis take an 'exit' listener (killed with the suite).
process.setMaxListeners(50);
const cleanup = new Cleanup();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping everything the suite started`);
    void cleanup.run().finally(() => process.exit(130));
  });
}

/** Waits until the catalogue's links are projected and every due one has had its first check. */
async function waitForFirstChecks(probes: Probes): Promise<number> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const [row] = await probes
      .query<{ total: string; due: string }>(
        `select count(*) filter (where ${PINNED_LINK}) as total,
                count(*) filter (where ${PINNED_LINK} and s.next_check_at <= now()) as due
           from link_validation.links join link_validation.link_schedule s on s.link_id = links.id`,
      )
      .catch(() => [{ total: '0', due: '0' }]);
    const total = Number(row!.total);
    if (total > 0 && Number(row!.due) === 0) return total;
    if (Date.now() > deadline)
      throw new Error(`links not checked within 120 s (${row!.due} of ${total} due)`);
    await sleep(1_000);
  }
}

async function adminToken(env: ChaosEnvironment): Promise<string> {
  const res = await fetch(`${env.stack.url}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: env.stack.admin.username, password: env.stack.admin.password }),
  });
  if (!res.ok) throw new Error(`admin sign-in answered ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function main(): Promise<boolean> {
  log(`starting the stack: own PostgreSQL and Redis, ${SEED_POSTS} posts, demo retailer farm`);
  const env = await startChaosEnvironment({ seedPosts: SEED_POSTS, log, processLog }, cleanup);
  const probes = new Probes(env.redisUrl, env.databaseUrl, env.queuePrefix);
  cleanup.add(() => probes.close());
  log(`stack up at ${env.stack.url}; waiting for the first link checks`);
  const links = await waitForFirstChecks(probes);
  const linkIds = (
    await probes.query<{ id: string }>(`select id from link_validation.links where ${PINNED_LINK} limit 200`)
  ).map((r) => r.id);
  log(`${links} links checked once; starting the load`);

  const load = new LoadGenerator({
    gatewayUrl: env.stack.url,
    adminToken: await adminToken(env),
    linkIds,
    runId: String(began),
  });
  load.start();
  await sleep(3_000);

  const runs: FaultRun[] = [];
  // CHAOS_ONLY=name,name runs only those faults (for working on one; CI runs them all).
  const only = process.env.CHAOS_ONLY?.split(',').map((name) => name.trim());
  for (const fault of FAULTS.filter((f) => !only || only.includes(f.name))) {
    log(`fault: ${fault.name}`);
    const run = await runFault(fault, env, probes, load);
    runs.push(run);
    log(
      run.recoveredAt === undefined
        ? `  ${run.note}; NOT recovered`
        : `  ${run.note}; recovered ${((run.recoveredAt - run.restoredAt) / 1000).toFixed(1)} s after (at ${new Date(run.recoveredAt).toISOString()})`,
    );
    await sleep(2_000);
  }
  const faultsEndedAt = Date.now();
  await load.stop();
  log('faults done, load stopped; waiting for queued work to finish');
  const data = await settle(probes, env.smtp, load.outcomes, faultsEndedAt, log);

  console.log('');
  console.log(faultTable(runs, load.outcomes, data));
  console.log('');
  console.log(summary(runs, load.outcomes, data));
  console.log('');

  const failures: string[] = [];
  const bad = load.outcomes.map(badAnswer).filter((b): b is string => b !== undefined);
  if (bad.length > 0)
    failures.push(`${bad.length} wrong answer(s): ${[...new Set(bad)].slice(0, 8).join('; ')}`);
  for (const run of runs)
    if (run.recoveredAt === undefined) failures.push(`${run.name}: no recovery within the bound`);
  if (data.lost.length > 0)
    failures.push(
      `${data.lost.length} item(s) lost: ${data.lost
        .slice(0, 8)
        .map((l) => l.what)
        .join('; ')}`,
    );
  const unexplained = data.duplicates.filter(
    (d) => d.count > 2 || !AT_LEAST_ONCE_FAULTS.has(faultAt(runs, d.at)?.name ?? ''),
  );
  if (unexplained.length > 0)
    failures.push(
      `e-mails sent twice outside the at-least-once window: ${unexplained.map((d) => d.what).join('; ')}`,
    );

  // Nobody restarts a process that ended by itself: one that did has not recovered.
  for (const name of env.stack.processes)
    if (env.stack.control.pid(name) === undefined)
      failures.push(`${name} is not running: it exited by itself`);
  for (const failure of failures) log(`FAIL ${failure}`);
  if (failures.length > 0) {
    console.log('last lines of the stack:');
    for (const line of recentProcessLines) console.log(line);
  }
  return failures.length === 0;
}

let passed = false;
try {
  passed = await main();
} catch (error) {
  log(`FAIL ${(error as Error).stack ?? String(error)}`);
  for (const line of recentProcessLines) console.log(line);
}
await cleanup.run();
log(`${passed ? 'passed' : 'FAILED'} in ${((Date.now() - began) / 1000).toFixed(0)} s`);
process.exit(passed ? 0 : 1);
