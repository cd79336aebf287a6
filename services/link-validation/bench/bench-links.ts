import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/database.ts';

/** One approved post per link, with the link at `urlOf(index)`, all due now (the worker benches). */
export async function seedBenchLinks(
  db: Kysely<Database>,
  count: number,
  urlOf: (index: number) => string,
): Promise<void> {
  const posts = Array.from({ length: count }, (_, index) => ({ id: randomUUID(), index }));
  for (let start = 0; start < posts.length; start += 1_000) {
    const batch = posts.slice(start, start + 1_000);
    await db
      .insertInto('link_validation.posts')
      .values(
        batch.map(({ id }) => ({
          id,
          version: 1,
          status: 'approved',
          platform: 'wornontv',
          celebrity: 'C',
          show: 'S',
          brand: 'B',
          product_type: 'Dress',
          main_image: null,
          enhanced_image: null,
          post_created_at: new Date(),
        })),
      )
      .execute();
    await db
      .insertInto('link_validation.links')
      .values(
        batch.map(({ id, index }) => ({
          id: randomUUID(),
          post_id: id,
          link_index: 0,
          original_url: urlOf(index),
          catalog_real_url: null,
          clean_url: null,
          http_status: null,
          final_url: null,
          retailer: null,
          retailer_domain: null,
          stock_status: null,
          price: null,
          currency: null,
          response_time: null,
          error_message: null,
          recommendation: null,
          status_changed_by: null,
          status_changed_at: null,
          status_notes: null,
          overridden_status: null,
        })),
      )
      .execute();
  }
}

/** Sets every link's next check (its schedule row's) to `at`. */
export async function setAllDue(db: Kysely<Database>, at: Date): Promise<void> {
  await db.updateTable('link_validation.link_schedule').set({ next_check_at: at }).execute();
}

/** Links checked at least `round` times. */
export async function countChecked(db: Kysely<Database>, round: number): Promise<number> {
  const { rows } = await sql<{ checked: number }>`
    select count(*)::int as checked from link_validation.links where validation_count >= ${round}`.execute(
    db,
  );
  return rows[0]!.checked;
}

/** The fake shop (bench-farm.ts) in a process of its own, so its CPU is not the bench's; its port. */
export async function startBenchShop(settings: {
  latencyMs: number;
  pageBytes: number;
}): Promise<{ port: number; process: ChildProcess }> {
  const shop = spawn(process.execPath, ['--import', 'tsx', 'bench/bench-farm.ts'], {
    cwd: new URL('..', import.meta.url),
    env: { ...process.env, LATENCY_MS: String(settings.latencyMs), PAGE_BYTES: String(settings.pageBytes) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [portLine] = (await once(shop.stdout!, 'data')) as [Buffer];
  return { port: Number(portLine.toString().trim()), process: shop };
}
