// `npm run migrate`: every service's migrations on DATABASE_URL (its database is created when missing).
import { migrateAll } from './migrate-all.ts';
import { DEFAULT_DATABASE_URL } from './paths.ts';
import { ensureDatabase, postgresAnswers } from './postgres.ts';

const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
if (!(await postgresAnswers(url))) {
  console.error(
    `migrate: no PostgreSQL answers at ${new URL(url).host} (set DATABASE_URL, or run npm start, which starts one)`,
  );
  process.exit(1);
}
try {
  await ensureDatabase(url);
  const migrated = await migrateAll(url, (line) => console.log(line));
  console.log(`migrate: ${migrated.length} services up to date (${migrated.join(', ')})`);
} catch (error) {
  console.error(`migrate: ${(error as Error).message}`);
  process.exit(1);
}
