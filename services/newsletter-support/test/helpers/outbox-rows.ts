import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import { writeOutbox } from '../../src/modules/email/email-dispatch.ts';
import { renderSupportConfirmation } from '../../src/modules/email/templates/support-emails.ts';
import { testMailSettings } from './app.ts';

export const outboxRows = (db: Kysely<Database>) =>
  db.selectFrom('newsletter.email_outbox').selectAll().orderBy('created_at').execute();

export const subscriberRow = (db: Kysely<Database>, email: string) =>
  db.selectFrom('newsletter.subscribers').selectAll().where('email', '=', email).executeTakeFirst();

/** An outbox row written as a request would, without putting it on the queue (the sweep sends it). */
export async function writeUnqueued(db: Kysely<Database>, to: string) {
  const email = renderSupportConfirmation(testMailSettings, {
    requestId: 'SR-20261125-ABCDEF',
    name: 'Eve',
    email: to,
    subject: 'Feedback',
    category: 'Other',
    priority: 'low',
    message: 'Hello',
  });
  const [row] = await writeOutbox(db, testMailSettings, [{ kind: 'support-confirmation', to, email }]);
  return row!;
}
