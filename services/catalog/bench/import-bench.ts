// Benchmark: npm run bench:import -w @celebstyle/catalog — 10,000 posts through `import-posts`
// into a throw-away database, then the same file again (every row unchanged). Target: under 10 s.
import { createTestDatabase } from '@celebstyle/db';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ROWS = 10_000;

const rows = Array.from({ length: ROWS }, (_, n) => ({
  url: `https://wornontv.net/bench-${n}/`,
  title: `Look ${n}`,
  description: 'A look.',
  celebrity: `Celebrity ${n % 300}`,
  show: `Show ${n % 40}`,
  brand: `Brand ${n % 90}`,
  productType: 'Dress',
  platform: 'wornontv',
  mainImage: `https://img.example/${n}.jpg`,
  affiliateLinks: [{ text: 'Dress $49', url: `https://shop.example/${n}`, realUrl: null }],
}));

const db = await createTestDatabase('bench_import');
const dir = await mkdtemp(path.join(tmpdir(), 'catalog-import-bench-'));
try {
  const file = path.join(dir, 'posts.ndjson');
  await writeFile(file, rows.map((r) => JSON.stringify(r)).join('\n'));
  const env = {
    ...process.env,
    DATABASE_URL: db.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `bench-import-${process.pid}`,
    LOG_LEVEL: 'silent',
  };
  const run = async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/import-posts.ts', file],
      {
        env,
        cwd: path.resolve(import.meta.dirname, '..'),
      },
    );
    return JSON.parse(stdout) as { created: number; unchanged: number; durationMs: number };
  };
  const first = await run();
  const again = await run();
  console.log(
    `import of ${ROWS.toLocaleString('en')} rows (created ${first.created}): ${first.durationMs} ms`,
  );
  console.log(`the same file again (unchanged ${again.unchanged}): ${again.durationMs} ms`);
  console.log(`target: under 10,000 ms — ${first.durationMs < 10_000 ? 'met' : 'NOT met'}`);
} finally {
  await rm(dir, { recursive: true, force: true });
  await db.drop();
}
