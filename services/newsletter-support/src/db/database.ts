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
export interface Database {
  'newsletter.subscribers': SubscriberTable;
  'newsletter.email_outbox': EmailOutboxTable;
  'support.support_requests': SupportRequestTable;
}

export type Subscriber = Selectable<SubscriberTable>;
export type OutboxRow = Selectable<EmailOutboxTable>;
export type NewOutboxRow = Insertable<EmailOutboxTable>;
export type SupportRequestRow = Selectable<SupportRequestTable>;
