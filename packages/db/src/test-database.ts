import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  /** Connection string of the fresh database. */
  url: string;
  name: string;
  /** Drops the database (terminating stray connections first). */
  drop(): Promise<void>;
}

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Creates a throw-away database on the server named by TEST_DATABASE_URL for one test file.
 * Call drop() in afterAll. Real PostgreSQL, never a mock.
 */
export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const name = `${prefix.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `No PostgreSQL answers at TEST_DATABASE_URL (${serverUrl}). Start one, or point TEST_DATABASE_URL at one.`,
      { cause: error },
    );
  }
  try {
    await admin.query(`create database "${name}"`);
    // A throw-away database need not wait for each commit to reach the disk: a crash of the server
    // would lose it anyway. Commits stay atomic and visible to every session at once.
    await admin.query(`alter database "${name}" set synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(serverUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        // Pools end their connections without waiting for the server to see them go; give those a
        // moment to leave, so that the forced drop only ends connections a test really leaked (ending
        // a closing one makes its client raise 'terminating connection' as an uncaught error).
        for (let i = 0; i < 40; i += 1) {
          const { rows } = await client.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
