// CLI: `npm run migrate -w @celebstyle/newsletter-support` brings this service's schema up to date on DATABASE_URL.
import { runMigrateCommand } from '@celebstyle/db';
import { BaseConfig, configOrExit, DatabaseSettings, loadConfig } from '@celebstyle/service-kit';
import * as migration from './migrate.ts';

const config = configOrExit('newsletter-support-migrate', () =>
  loadConfig({ ...BaseConfig, ...DatabaseSettings }),
);
await runMigrateCommand('newsletter-support', config.DATABASE_URL, migration);
