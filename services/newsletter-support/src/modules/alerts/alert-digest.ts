import { affiliateHrefOfCleaned, type AffiliateConfig } from '@celebstyle/url-cleaning';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { writeOutbox } from '../email/email-dispatch.ts';
import type { MailSettings } from '../email/mail-settings.ts';
import type { OutboxMessage } from '../email/outbox-message.ts';
import { renderAlertNotification, type FiredAlert } from '../email/templates/alert-emails.ts';
import type { NotificationFacts } from './alert-triggers.ts';
import { alertStopUrl, signAlertStop } from './alert-tokens.ts';
import { alertListHeaders } from './alerts.service.ts';

/** What alert e-mails are composed with: the site's mail settings and its affiliate redirect. */
export interface AlertMailSettings {
  mail: MailSettings;
  /** The gateway's /api/site-config affiliate settings (same variables), so Shop Now links alike. */
  affiliate: AffiliateConfig | null;
}

/** Marks a notification whose alert was stopped before its e-mail was written: nothing to send. */
const DROPPED = '00000000-0000-0000-0000-000000000000';

interface Pending {
  id: string;
  alert_id: string;
  email: string;
  status: string;
  facts: NotificationFacts;
}

/**
 * Turns pending notifications into e-mails, one per address with every alert of it that fired
 * (README, Shopper alerts), written into the e-mail outbox in the transaction that marks the
 * notifications as e-mailed: a crash either writes both or neither. Only addresses with a
 * notification at least `settledMs` old are taken (the periodic sweep leaves a grouping window
 * that is still open to its own digest). Up to `addressesPerBatch` addresses per transaction; rows
 * another digest holds are skipped. Returns the outbox rows to enqueue.
 */
export async function digestAlertNotifications(
  db: Kysely<Database>,
  settings: AlertMailSettings,
  { settledMs = 0, addressesPerBatch = 500 }: { settledMs?: number; addressesPerBatch?: number } = {},
): Promise<{ id: string; kind: string }[]> {
  const written: { id: string; kind: string }[] = [];
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<Pending>`
        with addresses as (
          select distinct address_id from alerts.notifications
          where outbox_id is null and created_at <= now() - ${settledMs} * interval '1 millisecond'
          order by address_id limit ${addressesPerBatch}
        )
        select n.id, n.alert_id, d.email, a.status, n.facts
        from alerts.notifications n
        join addresses using (address_id)
        join alerts.addresses d on d.id = n.address_id
        join alerts.alerts a on a.id = n.alert_id
        where n.outbox_id is null
        order by n.address_id, n.id
        for update of n skip locked`.execute(trx);
      if (rows.length === 0) return null;
      const byAddress = new Map<string, Pending[]>();
      const dropped: string[] = [];
      for (const row of rows) {
        if (row.status === 'unsubscribed') dropped.push(row.id);
        else byAddress.set(row.email, [...(byAddress.get(row.email) ?? []), row]);
      }
      const messages: OutboxMessage[] = [];
      const owners: string[][] = [];
      for (const [email, pending] of byAddress) {
        messages.push(notificationMessage(settings, email, pending));
        owners.push(pending.map((row) => row.id));
      }
      const outbox = await writeOutbox(trx, settings.mail, messages);
      const pairs = outbox.flatMap((row, index) => owners[index]!.map((id) => ({ id, outbox: row.id })));
      pairs.push(...dropped.map((id) => ({ id, outbox: DROPPED })));
      await sql`
        update alerts.notifications n set outbox_id = v.outbox::uuid, emailed_at = now()
        from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as v(id bigint, outbox text)
        where n.id = v.id`.execute(trx);
      return outbox;
    });
    if (batch === null) return written;
    written.push(...batch);
  }
}

function notificationMessage(settings: AlertMailSettings, email: string, pending: Pending[]): OutboxMessage {
  const { mail } = settings;
  const stop = (alertIds: string[]) =>
    alertStopUrl(mail.siteUrl, signAlertStop(mail.signingSecret, { alertIds }));
  const alerts: FiredAlert[] = pending.map(({ alert_id, facts }) => ({
    kind: facts.kind,
    postTitle: facts.postTitle,
    itemText: facts.itemText,
    retailer: facts.retailer,
    oldPrice: facts.oldPrice,
    newPrice: facts.newPrice,
    currency: facts.currency,
    href: affiliateHrefOfCleaned(
      { url: facts.url, realUrl: facts.realUrl },
      facts.cleanUrl,
      settings.affiliate,
    ),
    stopUrl: stop([alert_id]),
  }));
  const stopAllUrl = alertStopUrl(mail.siteUrl, signAlertStop(mail.signingSecret, { email }));
  // List-Unsubscribe stops the alerts this e-mail is about; the footer's link stops them all.
  const stopThese = stop([...new Set(pending.map((row) => row.alert_id))]);
  return {
    kind: 'alert-notification',
    to: email,
    email: renderAlertNotification(mail, { alerts, stopAllUrl }),
    headers: alertListHeaders(stopThese),
  };
}
