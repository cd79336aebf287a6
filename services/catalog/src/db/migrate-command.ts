// CLI: migrate the catalog schema on DATABASE_URL (`npm run migrate -w @celebstyle/catalog`).
import { loadCatalogConfig } from '../config.ts';
import { connectCatalogDb } from './connect.ts';
import { migrate } from './migrate-to-latest.ts';

const config = loadCatalogConfig();
const db = connectCatalogDb(config.DATABASE_URL, { max: 1, applicationName: 'catalog-migrate' });
try {
  await migrate(db);
  console.log('catalog: migrations up to date');
} catch (error) {
  console.error('catalog: migration failed', error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
