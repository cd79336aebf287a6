import { createDb } from '@celebstyle/db';
import { loadConfig } from '@celebstyle/service-kit';
import { SharedSettings } from '../config.ts';
import { LINK_VALIDATION_SCHEMA, migrate } from './run-migrations.ts';

/** CLI: `npm run migrate -w @celebstyle/link-validation` migrates the link_validation schema. */
const config = loadConfig(SharedSettings);
const db = createDb({ connectionString: config.DATABASE_URL });
try {
  await migrate(db);
  console.log(`link-validation: schema ${LINK_VALIDATION_SCHEMA} is up to date`);
} finally {
  await db.destroy();
}
