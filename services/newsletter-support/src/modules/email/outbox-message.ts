import type { EmailKind } from '@celebstyle/queue';
import { randomUUID } from 'node:crypto';
import type { NewOutboxRow } from '../../db/database.ts';
import type { MailSettings } from './mail-settings.ts';
import type { RenderedEmail } from './templates/layout.ts';

export interface OutboxMessage {
  kind: EmailKind;
  to: string;
  replyTo?: string;
  headers?: Record<string, string>;
  email: RenderedEmail;
}

/** The domain of the sender address, for Message-IDs (`<outbox-id@domain>`). */
export function senderDomain(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match ? match[1]! : 'localhost';
}

/**
 * Turns a rendered e-mail into an outbox row. The Message-ID is fixed here, once: every attempt
 * sends the same id, so a rare second send after a crash is recognisable as the same message.
 */
export function toOutboxRow(settings: MailSettings, message: OutboxMessage): NewOutboxRow {
  const id = randomUUID();
  return {
    id,
    kind: message.kind,
    to_address: message.to,
    from_address: settings.from,
    reply_to: message.replyTo ?? null,
    subject: message.email.subject,
    html_body: message.email.html,
    text_body: message.email.text,
    headers: JSON.stringify(message.headers ?? {}),
    message_id: `<${id}@${senderDomain(settings.from)}>`,
    status: 'pending',
  };
}
