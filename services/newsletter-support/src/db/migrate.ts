import { createDb } from '@celebstyle/db';
import { loadConfig, BaseConfig } from '@celebstyle/service-kit';
import { SharedSettings } from '../config.ts';
import { migrate } from './run-migrations.ts';

/** CLI: `npm run migrate -w @celebstyle/newsletter-support` migrates the newsletter and support schemas. */
const config = loadConfig({ ...BaseConfig, DATABASE_URL: SharedSettings.DATABASE_URL });
const db = createDb({ connectionString: config.DATABASE_URL });
try {
  await migrate(db);
  console.log('newsletter-support: schemas newsletter and support are up to date');
} finally {
  await db.destroy();
}
