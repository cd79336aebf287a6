import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts. stop() and start() again
 * on the same port simulate an outage.
 */
export class SmtpCapture {
  readonly messages: CapturedMail[] = [];
  port = 0;
  /**
   * How long the server takes to answer a message's data (a slow server). A message is kept only
   * if its client is still connected when the answer goes out: one whose sender hung up was not
   * accepted.
   */
  acceptDelayMs = 0;
  /** Recipients of every message whose data has arrived, answered yet or not (a slow server holds it). */
  readonly dataFrom: string[][] = [];
  private readonly closedSessions = new Set<string>();
  private server: SMTPServer | null = null;
  private waiters: (() => void)[] = [];

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // stop() is an outage: connections a client keeps open (a pool) are dropped at once with a
      // 421, not served for the default 30 s grace.
      closeTimeout: 1,
      // A mailbox that does not exist: a permanent refusal (RFC 5321 550).
      onRcptTo: (address, _session, callback) => {
        if (address.address.startsWith('no-such-mailbox@')) {
          const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
          return;
        }
        callback();
      },
      onClose: (session) => void this.closedSessions.add(session.id),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.dataFrom.push(session.envelope.rcptTo.map((r) => r.address));
          const accept = () => {
            if (this.closedSessions.has(session.id)) return;
            this.messages.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          };
          if (this.acceptDelayMs > 0) setTimeout(accept, this.acceptDelayMs).unref();
          else accept();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}?tls=off`;
  }

  /** Waits until a message matching `match` has arrived. */
  async waitFor(match: (mail: CapturedMail) => boolean, timeoutMs = 15_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching e-mail within ${timeoutMs} ms (${this.messages.length} received)`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  to(address: string): CapturedMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }
}

/** Decodes the quoted-printable body text nodemailer writes, enough to read links and words. */
export function decodedBody(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
