/** What the launcher (deploy/) and tests use from this service. */
export { migrate } from './db/migrate.ts';
export { buildApp } from './app.ts';
export { createEmailQueue } from './modules/email/email-queue.ts';
export { httpAlertTargets } from './modules/alerts/alert-targets.ts';
export type { Database } from './db/database.ts';
