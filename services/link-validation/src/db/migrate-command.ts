// CLI: `npm run migrate -w @celebstyle/link-validation` brings this service's schema up to date on DATABASE_URL.
import { runMigrateCommand } from '@celebstyle/db';
import { BaseConfig, configOrExit, DatabaseSettings, loadConfig } from '@celebstyle/service-kit';
import * as migration from './migrate.ts';

const config = configOrExit('link-validation-migrate', () =>
  loadConfig({ ...BaseConfig, ...DatabaseSettings }),
);
await runMigrateCommand('link-validation', config.DATABASE_URL, migration);
