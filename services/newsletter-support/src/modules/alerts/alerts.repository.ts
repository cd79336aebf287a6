import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface AlertAddressRow {
  id: string;
  email: string;
  confirmed_at: Date | null;
  confirm_token_hash: string | null;
  confirm_token_expires_at: Date | null;
  confirmation_sent_at: Date | null;
}

/** The address's row, created when new, locked until the transaction ends. */
export async function lockAddress(trx: Transaction<Database>, email: string): Promise<AlertAddressRow> {
  await trx
    .insertInto('alerts.addresses')
    .values({ email })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return trx
    .selectFrom('alerts.addresses')
    .select([
      'id',
      'email',
      'confirmed_at',
      'confirm_token_hash',
      'confirm_token_expires_at',
      'confirmation_sent_at',
    ])
    .where('email', '=', email)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export interface NewAlert {
  addressId: string;
  postId: string;
  linkId: string | null;
  kind: 'back_in_stock' | 'price_drop';
  targetPrice: number | null;
  postTitle: string;
  active: boolean;
  expiresAt: Date;
  now: Date;
  /** The links the alert watches, with their price now. */
  links: { linkId: string; price: number | null; currency: string | null }[];
}

/**
 * Stores an alert, or renews the live one of the same address, look, link and kind (a new target
 * price, 90 more days, today's prices as the new reference). Returns its id.
 */
export async function upsertAlert(trx: Transaction<Database>, alert: NewAlert): Promise<string> {
  const existing = await trx
    .selectFrom('alerts.alerts')
    .select('id')
    .where('address_id', '=', alert.addressId)
    .where('post_id', '=', alert.postId)
    .where((eb) => (alert.linkId ? eb('link_id', '=', alert.linkId) : eb('link_id', 'is', null)))
    .where('kind', '=', alert.kind)
    .where('status', 'in', ['pending', 'active'])
    .executeTakeFirst();
  let id: string;
  if (existing) {
    id = existing.id;
    await trx
      .updateTable('alerts.alerts')
      .set({ target_price: alert.targetPrice, expires_at: alert.expiresAt, post_title: alert.postTitle })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('alerts.alert_links').where('alert_id', '=', id).execute();
  } else {
    const row = await trx
      .insertInto('alerts.alerts')
      .values({
        address_id: alert.addressId,
        post_id: alert.postId,
        link_id: alert.linkId,
        kind: alert.kind,
        target_price: alert.targetPrice,
        post_title: alert.postTitle,
        status: alert.active ? 'active' : 'pending',
        confirmed_at: alert.active ? alert.now : null,
        expires_at: alert.expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  }
  if (alert.links.length > 0) {
    await trx
      .insertInto('alerts.alert_links')
      .values(
        alert.links.map((link) => ({
          alert_id: id,
          link_id: link.linkId,
          baseline_price: link.price,
          currency: link.currency,
        })),
      )
      .execute();
  }
  return id;
}

export async function storeAddressToken(
  trx: Transaction<Database>,
  addressId: string,
  hash: string,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('alerts.addresses')
    .set({ confirm_token_hash: hash, confirm_token_expires_at: expiresAt, confirmation_sent_at: now })
    .where('id', '=', addressId)
    .execute();
}

/**
 * Confirms the address holding this unexpired token and turns its pending alerts on (their 90 days
 * count from now). The token is single use. Returns false when no such token is live.
 */
export async function confirmAddress(
  db: Kysely<Database>,
  hash: string,
  now: Date,
  lifetimeMs: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const address = await trx
      .updateTable('alerts.addresses')
      .set({ confirmed_at: now, confirm_token_hash: null, confirm_token_expires_at: null })
      .where('confirm_token_hash', '=', hash)
      .where('confirm_token_expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    if (!address) return false;
    await trx
      .updateTable('alerts.alerts')
      .set({ status: 'active', confirmed_at: now, expires_at: new Date(now.getTime() + lifetimeMs) })
      .where('address_id', '=', address.id)
      .where('status', '=', 'pending')
      .execute();
    return true;
  });
}

export async function findAddressByToken(db: Kysely<Database>, hash: string) {
  return db
    .selectFrom('alerts.addresses')
    .select(['id', 'confirm_token_expires_at'])
    .where('confirm_token_hash', '=', hash)
    .executeTakeFirst();
}

/** Ends live alerts: these ids, or every one of an address. Returns how many were live. */
export async function unsubscribeAlerts(
  db: Kysely<Database>,
  target: { alertIds: string[] } | { email: string },
  now: Date,
): Promise<number> {
  const result = await db
    .updateTable('alerts.alerts')
    .set({ status: 'unsubscribed', ended_at: now })
    .where('status', 'in', ['pending', 'active'])
    .where((eb) =>
      'alertIds' in target
        ? eb('id', 'in', target.alertIds)
        : eb(
            'address_id',
            'in',
            eb.selectFrom('alerts.addresses').select('id').where('email', '=', target.email),
          ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Records `checkedAt` as the link's last applied check, and locks it until the transaction ends
 * (events of one link apply one at a time). False when a later check was applied already: the
 * event is stale. The same time again (a redelivered event) is not stale.
 */
export async function advanceLinkCheck(
  trx: Transaction<Database>,
  linkId: string,
  checkedAt: Date,
): Promise<boolean> {
  const row = await trx
    .insertInto('alerts.link_checks')
    .values({ link_id: linkId, checked_at: checkedAt })
    .onConflict((oc) =>
      oc
        .column('link_id')
        .doUpdateSet({ checked_at: checkedAt })
        .where('alerts.link_checks.checked_at', '<=', checkedAt),
    )
    .returning('link_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends alerts past their 90 days (the retention job); they stop firing at expires_at anyway. */
export async function expireAlerts(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .updateTable('alerts.alerts')
    .set({ status: 'ended', end_reason: 'expired', ended_at: now })
    .where('status', 'in', ['pending', 'active'])
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Admin Dashboard counts. */
export async function alertStats(db: Kysely<Database>, now: Date) {
  const row = await db
    .selectFrom('alerts.alerts')
    .select([
      sql<string>`count(*) filter (where status = 'active' and expires_at > ${now})`.as('active'),
      sql<string>`count(*) filter (where confirmed_at is not null)`.as('confirmed'),
      sql<string>`count(*) filter (where status = 'unsubscribed')`.as('unsubscribed'),
    ])
    .executeTakeFirstOrThrow();
  const sent = await db
    .selectFrom('alerts.notifications')
    .select(sql<string>`count(*)`.as('sent'))
    .where('emailed_at', '>', new Date(now.getTime() - 7 * 24 * 3600 * 1000))
    .executeTakeFirstOrThrow();
  return {
    active: Number(row.active),
    confirmed: Number(row.confirmed),
    sentLast7Days: Number(sent.sent),
    unsubscribed: Number(row.unsubscribed),
  };
}

/** Shoppers waiting on one link: live, confirmed alerts on it or on its whole look. */
export async function waitingOnLink(db: Kysely<Database>, linkId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('alerts.alerts as a')
    .innerJoin('alerts.alert_links as l', 'l.alert_id', 'a.id')
    .select(sql<string>`count(distinct a.address_id)`.as('waiting'))
    .where('l.link_id', '=', linkId)
    .where('a.status', '=', 'active')
    .where('a.expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.waiting);
}
