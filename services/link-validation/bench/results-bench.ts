/**
 * Results API benchmark (README "Results benchmark"): seeds 200,000 posts and 500,000 links with
 * generate_series in a throw-away database, then times GET /results (each quick filter, other
 * filters, each sort, a deep page) and the 10,000-row CSV export through the app, as an admin.
 * Run: npm run bench:results -w @celebstyle/link-validation
 * BENCH_DATABASE_URL reuses a database (seeded when empty, kept afterwards) across runs.
 */
import { createDb, createTestDatabase } from '@celebstyle/db';
import { createProducerConnection, createTestRedis, whenRedisReady } from '@celebstyle/queue';
import {
  createAuthGuards,
  createTokenVerifier,
  DEFAULT_TOKEN_AUDIENCE,
  DEFAULT_TOKEN_ISSUER,
  redisTokenVersions,
} from '@celebstyle/service-kit';
import { createTokenSigner } from '@celebstyle/service-kit/testing';
import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/index.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? '200000');
const LINKS = Number(process.env.BENCH_LINKS ?? '500000');
const RUNS = Number(process.env.BENCH_RUNS ?? '100');
const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? '5');

const ownDatabase = process.env.BENCH_DATABASE_URL ? null : await createTestDatabase('lv_results_bench');
const db = createDb<Database>({
  connectionString: process.env.BENCH_DATABASE_URL ?? ownDatabase!.url,
  max: 10,
});
await migrate(db);

/** Statuses in a plausible mix; values are chosen by hashing the row number, so runs are repeatable. */
async function seed(db: Kysely<Database>) {
  const started = performance.now();
  // The pool's statement timeout is for requests; one transaction without it loads the rows.
  await db.transaction().execute(async (database) => {
    await sql`set local statement_timeout = 0`.execute(database);
    await sql`truncate link_validation.posts cascade`.execute(database);
    await sql`
    insert into link_validation.posts (id, version, title, status, platform, celebrity, show, brand,
      product_type, main_image, post_created_at)
    select md5('post' || n)::uuid, 1, 'Look ' || n || ' ' || md5(n::text), (array['approved','pending','hidden','rejected'])[1 + n % 4],
      (array['wornontv','bigblondehair'])[1 + n % 2], 'Celebrity ' || (n * 7919) % 2000, 'Show ' || (n * 104729) % 500,
      'Brand ' || (n * 31) % 300, 'Type ' || n % 20, 'https://img.example/' || n || '.jpg',
      timestamptz '2024-01-01' + (n * interval '5 minutes')
    from generate_series(1::bigint, ${POSTS}) n`.execute(database);
    await sql`
    insert into link_validation.links (id, post_id, link_index, link_text, original_url, clean_url, final_url,
      link_status, confidence, http_status, retailer, stock_status, price, currency, response_time,
      recommendation, validation_count, last_checked)
    select md5('link' || k)::uuid, md5('post' || (1 + k % ${POSTS}))::uuid, (k / ${POSTS})::int, 'Shop item ' || k,
      'https://shop' || k % 400 || '.example/p/' || k || '?utm_source=celebstyle',
      'https://shop' || k % 400 || '.example/p/' || k, 'https://www.shop' || k % 400 || '.example/p/' || k,
      (array['active','active','active','active','active','active','sold_out','sold_out','404','unknown',
             'invalid','server_error','redirect_error','access_denied','product_removed','unknown'])[1 + abs(hashtext('s' || k)) % 16],
      (abs(hashtext('c' || k)) % 100) / 100.0, 200, 'Retailer ' || abs(hashtext('r' || k)) % 400, 'in_stock', (k % 500) + 0.99, 'USD', 100 + k % 900,
      (array['equivalent','use_original','use_cleaned_url','investigate', null])[1 + abs(hashtext('m' || k)) % 5], k % 20,
      now() - (abs(hashtext('t' || k)) % 43200) * interval '1 minute'
    from generate_series(0::bigint, ${LINKS - 1}) k`.execute(database);
    // The links' schedule rows came with them (a trigger), all due now: spread over the next day.
    await sql`update link_validation.link_schedule
      set next_check_at = now() + (abs(hashtext(link_id::text)) % 1440) * interval '1 minute'`.execute(
      database,
    );
  });
  // Statistics for the planner and the visibility map for index-only scans, as autovacuum would.
  await sql`vacuum (analyze) link_validation.posts`.execute(db);
  await sql`vacuum (analyze) link_validation.links`.execute(db);
  await sql`vacuum (analyze) link_validation.link_schedule`.execute(db);
  return (performance.now() - started) / 1000;
}

const existing = await db
  .selectFrom('link_validation.links')
  .select((eb) => eb.fn.countAll<string>().as('n'))
  .executeTakeFirstOrThrow();
const seedSeconds = Number(existing.n) === 0 ? await seed(db) : 0;

const testRedis = await createTestRedis('lv_results_bench');
const redis = createProducerConnection(testRedis.url);
await whenRedisReady(redis);
const signer = await createTokenSigner();
const verify = createTokenVerifier({
  jwks: signer.jwks,
  issuer: DEFAULT_TOKEN_ISSUER,
  audience: DEFAULT_TOKEN_AUDIENCE,
});
const guards = createAuthGuards(verify, redisTokenVersions(redis));
// Every call counts its matching posts (the cold case: first call with new filters)...
const app = await buildApp({
  db,
  redis,
  keyPrefix: testRedis.prefix,
  guards,
  logLevel: 'silent',
  resultsCacheMaxAgeMs: { filterOptions: 30_000, totals: 0 },
});
// ...or reuses the total, as a page turn or a new sort with the same filters does.
const reusingApp = await buildApp({
  db,
  redis,
  keyPrefix: testRedis.prefix,
  guards,
  logLevel: 'silent',
  resultsCacheMaxAgeMs: { filterOptions: 30_000, totals: 3_600_000 },
});
await app.ready();
await reusingApp.ready();
const authorization = `Bearer ${await signer.sign({ sub: randomUUID(), ver: 1 })}`;

const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
const broken = 'linkStatus=404,invalid,server_error,redirect_error,access_denied,product_removed';
const onePost = (await db.selectFrom('link_validation.posts').select('id').limit(1).executeTakeFirstOrThrow())
  .id;
const scenarios: [string, string][] = [
  ['default (linkStatus=active, postCreated desc)', 'linkStatus=active'],
  ['no filter', ''],
  ['page 100', 'linkStatus=active&page=100'],
  ['Needs Attention (404)', 'linkStatus=404'],
  ['Recently Fixed', `linkStatus=active&validatedAfter=${weekAgo}`],
  ['High Confidence', 'linkStatus=active&minConfidence=0.8'],
  ['Low Confidence', 'linkStatus=active&maxConfidence=0.4'],
  ['Sold Out', 'linkStatus=sold_out'],
  ['Broken Links', broken],
  ['Broken + celebrity', `${broken}&celebrity=Celebrity%2042`],
  ['retailer', 'linkStatus=active&retailer=Retailer%2017'],
  ['show + brand', 'show=Show%2012&brand=Brand%2033'],
  [
    'recommendation + dates',
    'recommendation=investigate&validatedAfter=2026-11-01&validatedBefore=2026-11-20',
  ],
  ['search (rare)', 'linkStatus=active&search=md5-not-there'],
  ['search (post title)', 'search=Look%2012345%20'],
  ['dialog (postId, linkIndex asc, 100)', `postId=${onePost}&limit=100&sortBy=linkIndex&sortOrder=asc`],
  ...(['postTitle', 'celebrity', 'show', 'brand', 'platform', 'postStatus', 'postCreated'] as const).flatMap(
    (field) =>
      (['asc', 'desc'] as const).map((order): [string, string] => [
        `sort ${field} ${order}`,
        `linkStatus=active&sortBy=${field}&sortOrder=${order}`,
      ]),
  ),
];

const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function time(request: () => Promise<{ statusCode: number; body: string }>, runs: number) {
  const times: number[] = [];
  await request(); // warm-up: plans cached, pages in memory
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const answer = await request();
    times.push(performance.now() - started);
    if (answer.statusCode !== 200)
      throw new Error(`status ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

console.log(
  `seeded ${POSTS} posts / ${LINKS} links${seedSeconds ? ` in ${seedSeconds.toFixed(1)} s` : ' (reused)'}`,
);
console.log('| results query | p50 ms | p99 ms | p50 ms, total reused | p99 ms, total reused |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [name, query] of scenarios) {
  const url = `/api/admin/link-validation/results?${query}`;
  const cold = await time(() => app.inject({ method: 'GET', url, headers: { authorization } }), RUNS);
  const warm = await time(() => reusingApp.inject({ method: 'GET', url, headers: { authorization } }), RUNS);
  console.log(
    `| ${name} | ${cold.p50.toFixed(1)} | ${cold.p99.toFixed(1)} | ${warm.p50.toFixed(1)} | ${warm.p99.toFixed(1)} |`,
  );
}
const stats = await time(
  () => app.inject({ method: 'GET', url: '/api/admin/link-validation/stats', headers: { authorization } }),
  10,
);
console.log(`| stats | ${stats.p50.toFixed(1)} | ${stats.p99.toFixed(1)} |`);
let rows = 0;
const csv = await time(async () => {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/admin/link-validation/export',
    payload: {},
    headers: { authorization },
  });
  rows = answer.body.split('\r\n').length - 2;
  return answer;
}, EXPORT_RUNS);
console.log(
  `| CSV export, ${rows} rows | ${csv.p50.toFixed(1)} | ${csv.p99.toFixed(1)} (max of ${EXPORT_RUNS}) |`,
);

await app.close();
await reusingApp.close();
redis.disconnect();
await testRedis.cleanup();
await db.destroy();
await ownDatabase?.drop();
