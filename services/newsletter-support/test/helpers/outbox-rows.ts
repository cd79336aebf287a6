import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';

export const outboxRows = (db: Kysely<Database>) =>
  db.selectFrom('newsletter.email_outbox').selectAll().orderBy('created_at').execute();

export const subscriberRow = (db: Kysely<Database>, email: string) =>
  db.selectFrom('newsletter.subscribers').selectAll().where('email', '=', email).executeTakeFirst();
