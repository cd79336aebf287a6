import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/index.ts';

const child = fileURLToPath(new URL('./fixtures/connection-lost-in-transaction.ts', import.meta.url));
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('db_pool');
});
afterAll(async () => {
  await database.drop();
});

describe('createDb', () => {
  it('survives PostgreSQL ending a connection a transaction holds: that transaction fails, the pool goes on', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', child], {
      env: { ...process.env, DATABASE_URL: database.url },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).not.toContain("Unhandled 'error' event");
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { outcome: string; after: number };
    expect(result.outcome).toMatch(/^failed: /);
    expect(result.after).toBe(1);
  });
});
