import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the sink accepted, by its Message-ID header. */
export interface Delivery {
  messageId: string;
  /** When the sink answered 250 (the message is then accepted: the sender may mark it sent). */
  acceptedAt: number;
}

/**
 * A real SMTP server on 127.0.0.1 that counts every accepted message by Message-ID, so the suite can
 * tell a message sent once from one sent twice. Each message is accepted only after `acceptDelayMs`,
 * as a real relay takes its time: the e-mail worker then has sends in flight when it is killed.
 */
export class SmtpSink {
  readonly deliveries: Delivery[] = [];
  private server: SMTPServer | null = null;
  private acceptHook: ((delivery: Delivery) => void) | undefined;
  port = 0;

  constructor(private readonly acceptDelayMs: number) {}

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          setTimeout(() => {
            const delivery = { messageId: messageIdOf(raw), acceptedAt: Date.now() };
            this.deliveries.push(delivery);
            const hook = this.acceptHook;
            this.acceptHook = undefined;
            hook?.(delivery);
            callback();
          }, this.acceptDelayMs);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    // A sender killed mid-conversation resets its connection (that is what the suite does on
    // purpose): smtp-server reports it as an 'error' event, which would end this process unheard.
    server.on('error', () => {});
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /**
   * Calls `hook` once, for the next message, after the message is kept and before the 250 reply
   * goes out: what the hook does (a kill -9 of the sender) happens once the message is delivered
   * and before the sender can know it.
   */
  onNextAccept(hook: (delivery: Delivery) => void): void {
    this.acceptHook = hook;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}?tls=off`;
  }

  /** How many times each Message-ID was accepted. */
  counts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const d of this.deliveries) counts.set(d.messageId, (counts.get(d.messageId) ?? 0) + 1);
    return counts;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The Message-ID header's value without angle brackets ('' when there is none). */
export function messageIdOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => /^message-id:/i.test(l));
  return line ? line.slice('message-id:'.length).trim().replace(/^<|>$/g, '') : '';
}
