// CLI: `npm run migrate -w @celebstyle/accounts` brings this service's schema up to date on DATABASE_URL.
import { runMigrateCommand } from '@celebstyle/db';
import { BaseConfig, configOrExit, DatabaseSettings, loadConfig } from '@celebstyle/service-kit';
import * as migration from './migrate.ts';

const config = configOrExit('accounts-migrate', () => loadConfig({ ...BaseConfig, ...DatabaseSettings }));
await runMigrateCommand('accounts', config.DATABASE_URL, migration);
