import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutboxRow } from '../../db/database.ts';

/** Sends one outbox row; resolves once the server (or the folder) accepted it. */
export interface MailTransport {
  describe: string;
  send(row: OutboxRow): Promise<void>;
  close(): void;
}

function messageFor(row: OutboxRow) {
  return {
    from: row.from_address,
    to: row.to_address,
    replyTo: row.reply_to ?? undefined,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    messageId: row.message_id,
    headers: row.headers,
    date: row.created_at,
  };
}

export interface SmtpTransportOptions {
  timeoutMs?: number;
  /**
   * Open connections kept and reused for message after message (the worker passes its
   * concurrency, so no send waits for a free connection); 0 opens one connection per message.
   */
  connections?: number;
}

/** Messages sent over one pooled connection before it is replaced by a fresh one. */
const MESSAGES_PER_CONNECTION = 100;

/**
 * Production: SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com), over a
 * pool of connections: a fresh connection (TCP, greeting, EHLO, TLS, AUTH) for every message costs
 * several round trips more than the message itself, and set the pace of a large alert fan-out.
 */
export function smtpTransport(smtpUrl: string, options: SmtpTransportOptions = {}): MailTransport {
  const timeout = options.timeoutMs ?? 30_000;
  const connections = options.connections ?? 5;
  const url = new URL(smtpUrl);
  const transporter = nodemailer.createTransport({
    ...(connections > 0
      ? { pool: true as const, maxConnections: connections, maxMessages: MESSAGES_PER_CONNECTION }
      : {}),
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    // Local test servers speak plain SMTP; `?tls=off` turns off opportunistic STARTTLS.
    ignoreTLS: url.searchParams.get('tls') === 'off',
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    describe: `SMTP ${url.hostname}:${url.port || '(default port)'}`,
    async send(row) {
      await transporter.sendMail(messageFor(row));
    },
    close: () => transporter.close(),
  };
}

/**
 * Development default without SMTP_URL: each message becomes `<outbox id>.eml` in a folder.
 * Writing the same id twice overwrites, so a retry never makes a second file.
 */
export function folderTransport(folder: string, log: (file: string) => void): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: `folder ${folder}`,
    async send(row) {
      const info = await transporter.sendMail(messageFor(row));
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${row.id}.eml`);
      await writeFile(file, info.message as Buffer);
      log(file);
    },
    close: () => transporter.close(),
  };
}
