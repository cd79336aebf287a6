/** What the launcher (deploy/) and tests use from this service. */
export { migrate, schema } from './db/migrate.ts';
export { buildApp, type AppDeps } from './app.ts';
export { startEmailWorker, type EmailWorker, type EmailWorkerOptions } from './modules/email/email-worker.ts';
export { folderTransport, smtpTransport, type MailTransport } from './modules/email/mail-transport.ts';
export { createEmailQueue } from './modules/email/email-queue.ts';
export type { Database } from './db/database.ts';
export { httpAlertTargets } from './modules/alerts/alert-targets.ts';
