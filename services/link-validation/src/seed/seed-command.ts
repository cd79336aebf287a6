// CLI: npm run seed -w @celebstyle/link-validation -- --links 5000
// The demo's cleaning rules and past chart history (demo-link-health.ts); the launcher runs it
// right after seeding the demo catalogue. Does nothing where rules or past history exist.
import { parseArgs } from 'node:util';
import { configOrExit, loadConfig } from '@celebstyle/service-kit';
import { SharedSettings } from '../config.ts';
import { connectDb } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemoLinkHealth } from './demo-link-health.ts';

const { values } = parseArgs({ options: { links: { type: 'string', default: '5000' } } });
const links = Number(values.links);
if (!Number.isInteger(links) || links < 0 || links > 50_000_000)
  throw new Error('--links must be 0..50000000');

const config = configOrExit('link-validation-seed', () => loadConfig(SharedSettings));
const db = connectDb(config.DATABASE_URL, { max: 1, applicationName: 'link-validation-seed' });
try {
  await migrate(db);
  const seeded = await seedDemoLinkHealth(db, { links });
  console.log(
    `link-validation demo: ${seeded.rules} cleaning rules, ${seeded.historyRows} rows of past daily counts`,
  );
} finally {
  await db.destroy();
}
