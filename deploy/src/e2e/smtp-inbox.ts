import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** Headers unfolded, body with quoted-printable soft breaks and escapes undone. */
  headers: string;
  body: string;
}

const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A real SMTP server on 127.0.0.1 (port 0): the stack's SMTP_URL, keeping every message it accepts. */
export class SmtpInbox {
  readonly messages: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
          this.messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            headers: head.replace(/\r?\n[ \t]+/g, ' '),
            body: decoded(rest.join('\n\n')),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    // a worker stopped at the end of the run resets its pooled connections
    server.on('error', () => {});
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}?tls=off`;
  }

  to(address: string): ReceivedMail[] {
    return this.messages.filter((mail) => mail.to.includes(address));
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const line = mail.headers.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
