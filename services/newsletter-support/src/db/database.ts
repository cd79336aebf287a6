import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';

export interface SubscriberTable {
  id: Generated<string>;
  email: string;
  status: SubscriberStatus;
  confirm_token_hash: string | null;
  confirm_token_expires_at: NullableTimestamp;
  confirmation_sent_at: NullableTimestamp;
  confirmed_at: NullableTimestamp;
  unsubscribed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface EmailOutboxTable {
  id: string;
  kind: string;
  to_address: string;
  from_address: string;
  reply_to: string | null;
  subject: string;
  html_body: string;
  text_body: string;
  headers: ColumnType<Record<string, string>, string, string>;
  message_id: string;
  status: OutboxStatus;
  attempts: Generated<number>;
  lease_until: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}

export interface SupportRequestTable {
  id: Generated<string>;
  request_id: string;
  name: string;
  email: string;
  subject: string;
  category: string;
  message: string;
  priority: 'low' | 'medium' | 'high' | 'urgent';
  status: 'unread' | 'in-progress' | 'resolved' | 'archived';
  response_text: string | null;
  response_sent_at: NullableTimestamp;
  responded_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Both schemas, named explicitly so no query depends on search_path. */
type Numeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;

export type AlertStatus = 'pending' | 'active' | 'ended' | 'unsubscribed';

export interface AlertAddressTable {
  id: Generated<string>;
  email: string;
  confirmed_at: NullableTimestamp;
  confirm_token_hash: string | null;
  confirm_token_expires_at: NullableTimestamp;
  confirmation_sent_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface AlertTable {
  id: Generated<string>;
  address_id: string;
  post_id: string;
  link_id: string | null;
  kind: 'back_in_stock' | 'price_drop';
  target_price: Numeric;
  post_title: string;
  status: AlertStatus;
  end_reason: 'fired' | 'expired' | null;
  created_at: Generated<Date>;
  confirmed_at: NullableTimestamp;
  expires_at: Timestamp;
  ended_at: NullableTimestamp;
  last_notified_at: NullableTimestamp;
}

export interface AlertLinkTable {
  alert_id: string;
  link_id: string;
  baseline_price: Numeric;
  currency: string | null;
  notified_price: Numeric;
}

export interface AlertNotificationTable {
  id: Generated<string>;
  alert_id: string;
  address_id: string;
  event_key: string;
  facts: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
  outbox_id: string | null;
  emailed_at: NullableTimestamp;
}

/** The check time of the last link-health event applied to a link's alerts. */
export interface AlertLinkCheckTable {
  link_id: string;
  checked_at: Timestamp;
}

export interface Database {
  'alerts.addresses': AlertAddressTable;
  'alerts.alerts': AlertTable;
  'alerts.alert_links': AlertLinkTable;
  'alerts.notifications': AlertNotificationTable;
  'alerts.link_checks': AlertLinkCheckTable;
  'newsletter.subscribers': SubscriberTable;
  'newsletter.email_outbox': EmailOutboxTable;
  'support.support_requests': SupportRequestTable;
}

export type Subscriber = Selectable<SubscriberTable>;
export type OutboxRow = Selectable<EmailOutboxTable>;
export type NewOutboxRow = Insertable<EmailOutboxTable>;
export type SupportRequestRow = Selectable<SupportRequestTable>;
