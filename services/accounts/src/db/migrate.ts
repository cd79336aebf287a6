import { createDb } from '@celebstyle/db';
import { loadConfig } from '@celebstyle/service-kit';
import { DatabaseSettings } from '../config.ts';
import { ACCOUNTS_SCHEMA, migrate } from './migrate-accounts.ts';

// CLI: npm run migrate -w @celebstyle/accounts
const config = loadConfig(DatabaseSettings);
const db = createDb({ connectionString: config.DATABASE_URL, schema: ACCOUNTS_SCHEMA, max: 1 });
try {
  await migrate(db);
  console.log('accounts: migrations applied');
} finally {
  await db.destroy();
}
