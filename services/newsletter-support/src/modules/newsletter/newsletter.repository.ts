import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Subscriber } from '../../db/database.ts';

const SUBSCRIBERS = 'newsletter.subscribers' as const;

/** Makes sure a row exists for the address, then locks it for the rest of the transaction. */
export async function lockSubscriber(trx: Transaction<Database>, email: string): Promise<Subscriber> {
  await trx
    .insertInto(SUBSCRIBERS)
    .values({ email, status: 'pending' })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return trx
    .selectFrom(SUBSCRIBERS)
    .selectAll()
    .where('email', '=', email)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function storeConfirmationToken(
  db: Kysely<Database>,
  id: string,
  tokenHash: string,
  expiresAt: Date,
  sentAt: Date,
): Promise<void> {
  await db
    .updateTable(SUBSCRIBERS)
    .set({
      status: 'pending',
      confirm_token_hash: tokenHash,
      confirm_token_expires_at: expiresAt,
      confirmation_sent_at: sentAt,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function findByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<Subscriber | undefined> {
  return db
    .selectFrom(SUBSCRIBERS)
    .selectAll()
    .where('confirm_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Single use: the token hash is cleared in the same statement that confirms. */
export async function confirmByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable(SUBSCRIBERS)
    .set({
      status: 'confirmed',
      confirmed_at: now,
      confirm_token_hash: null,
      confirm_token_expires_at: null,
      updated_at: sql<Date>`now()`,
    })
    .where('confirm_token_hash', '=', tokenHash)
    .where('status', '=', 'pending')
    .where('confirm_token_expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Pending or confirmed → unsubscribed; answers whether anything changed. */
export async function unsubscribeByEmail(db: Kysely<Database>, email: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable(SUBSCRIBERS)
    .set({
      status: 'unsubscribed',
      unsubscribed_at: now,
      confirm_token_hash: null,
      confirm_token_expires_at: null,
      updated_at: sql<Date>`now()`,
    })
    .where('email', '=', email)
    .where('status', 'in', ['pending', 'confirmed'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
