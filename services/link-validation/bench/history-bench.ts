/**
 * Link health history benchmark (README "Link health over time"): seeds 140,000 links of 56,000
 * posts (1% of posts deleted) with 10 checks each over the last 90 days (1.4 million check rows) in
 * a throw-away database, rebuilds the daily-count log from that history (what the migration does
 * on an existing database), then times GET /history through the app as an admin, the cost the
 * triggers add to a check's insert, and a compaction.
 * Run: npm run bench:history -w @celebstyle/link-validation
 */
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { compactHealthDeltas, healthDeltas } from '../src/modules/history/link-health-history.repository.ts';
import { windowDays } from '../src/modules/history/link-health-history.service.ts';
import { startHarness } from '../test/helpers/app.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? '56000');
const LINKS = Number(process.env.BENCH_LINKS ?? '140000');
const CHECKS_PER_LINK = Number(process.env.BENCH_CHECKS_PER_LINK ?? '10');
const RUNS = Number(process.env.BENCH_RUNS ?? '50');
const TRIGGER_SAMPLE = Number(process.env.BENCH_TRIGGER_SAMPLE ?? '3000');

// The tests' world: a throw-away database (migrated), a Redis prefix of its own, the app.
const h = await startHarness('history_bench');
const { app, db } = h;
const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(1);
const ms = (value: number) => value.toFixed(1);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  let started = performance.now();
  await db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`
      insert into link_validation.posts (id, version, deleted, title, status, platform, celebrity, show, brand,
        product_type, post_created_at)
      select md5('post' || n)::uuid, 1, n % 100 = 0, 'Look ' || n, 'approved', 'wornontv', 'Celebrity', 'Show',
        'Brand', 'Dress', now() - interval '120 days'
      from generate_series(1::bigint, ${POSTS}) n`.execute(trx);
    await sql`
      insert into link_validation.links (id, post_id, link_index, original_url, created_at)
      select md5('link' || k)::uuid, md5('post' || (1 + k % ${POSTS}))::uuid, (k / ${POSTS})::int,
        'https://shop' || k % 400 || '.example/p/' || k, now() - interval '100 days'
      from generate_series(0::bigint, ${LINKS - 1}) k`.execute(trx);
    // The bulk load goes in without the per-check trigger; the log is rebuilt from it below.
    await sql`alter table link_validation.link_checks disable trigger link_health_on_check`.execute(trx);
    await sql`
      insert into link_validation.link_checks (link_id, checked_at, link_status, http_status, confidence)
      select md5('link' || k)::uuid,
        now() - (90 - j * (90.0 / ${CHECKS_PER_LINK})) * interval '1 day' + (abs(hashtext('t' || k || j)) % 1440) * interval '1 minute',
        (array['active','active','active','active','active','active','active','active','active','active',
               'active','active','active','active','sold_out','404','server_error','access_denied','product_removed','unknown'])
          [1 + abs(hashtext('s' || k || j)) % 20],
        200, 0.9
      from generate_series(0::bigint, ${LINKS - 1}) k, generate_series(0, ${CHECKS_PER_LINK - 1}) j`.execute(
      trx,
    );
    await sql`alter table link_validation.link_checks enable trigger link_health_on_check`.execute(trx);
  });
  await sql`vacuum (analyze) link_validation.link_checks`.execute(db);
  await sql`vacuum (analyze) link_validation.links`.execute(db);
  console.log(`seeded ${LINKS} links, ${LINKS * CHECKS_PER_LINK} checks in ${seconds(started)} s`);

  started = performance.now();
  await db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`select link_validation.rebuild_link_health_deltas()`.execute(trx);
  });
  const logRows = async () =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from link_validation.link_health_deltas`.execute(db))
        .rows[0]!.n,
    );
  console.log(
    `rebuilt the daily-count log from the history in ${seconds(started)} s: ${await logRows()} rows`,
  );

  const authorization = `Bearer ${await h.signer.sign({ sub: randomUUID(), ver: 1 })}`;

  const timeHistory = async (label: string, days: number) => {
    const url = `/api/admin/link-validation/history?days=${days}`;
    const first = await app.inject({ method: 'GET', url, headers: { authorization } });
    if (first.statusCode !== 200) throw new Error(`history answered ${first.statusCode}: ${first.body}`);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const at = performance.now();
      await app.inject({ method: 'GET', url, headers: { authorization } });
      times.push(performance.now() - at);
    }
    times.sort((a, b) => a - b);
    const today = (first.json().days as { total: number; active: number }[]).at(-1)!;
    console.log(
      `GET /history?days=${days} (${label}): p50 ${ms(percentile(times, 50))} ms, p99 ${ms(percentile(times, 99))} ms` +
        ` (${RUNS} runs; today ${today.total} links, ${today.active} active)`,
    );
  };
  await timeHistory('compact log', 90);
  await timeHistory('compact log', 365);
  const timeQuery = async (days: number) => {
    const window = windowDays(days, new Date());
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const at = performance.now();
      await healthDeltas(db, window[0]!, window.at(-1)!);
      times.push(performance.now() - at);
    }
    times.sort((a, b) => a - b);
    console.log(
      `its query alone, days=${days}: p50 ${ms(percentile(times, 50))} ms, p99 ${ms(percentile(times, 99))} ms`,
    );
  };
  await timeQuery(90);

  // The check worker's write: one check row per statement, with and without the trigger.
  const ids = (
    await sql<{
      id: string;
    }>`select id from link_validation.links order by id limit ${TRIGGER_SAMPLE}`.execute(db)
  ).rows.map((row) => row.id);
  const insertChecks = async (status: (index: number) => string) => {
    const at = performance.now();
    for (const [index, id] of ids.entries()) {
      await db
        .insertInto('link_validation.link_checks')
        .values({
          link_id: id,
          checked_at: new Date(),
          link_status: status(index),
          confidence: 0.9,
          http_status: 200,
        })
        .execute();
    }
    return ((performance.now() - at) * 1000) / ids.length;
  };
  await sql`alter table link_validation.link_checks disable trigger link_health_on_check`.execute(db);
  const without = await insertChecks(() => 'active');
  await sql`alter table link_validation.link_checks enable trigger link_health_on_check`.execute(db);
  const withTrigger = await insertChecks((index) => (index % 2 === 0 ? '404' : 'active'));
  console.log(
    `one check insert: ${without.toFixed(0)} µs without the trigger, ${withTrigger.toFixed(0)} µs with it` +
      ` (${TRIGGER_SAMPLE} inserts each; half of them change the link's group)`,
  );
  console.log(`log rows after those checks: ${await logRows()}`);
  await timeHistory('after the checks, before compaction', 90);
  started = performance.now();
  const removed = await compactHealthDeltas(db);
  console.log(`compaction removed ${removed} rows in ${seconds(started)} s; log rows: ${await logRows()}`);
} finally {
  await h.close();
}
