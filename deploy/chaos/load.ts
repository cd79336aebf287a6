import { SUPPORT_SUBJECTS } from '@celebstyle/contracts';

/** What the steady load sends (storefront reads, sign-ups, support requests, link checks). */
export type LoadKind = 'read' | 'sign-up' | 'support' | 'link-check';
export const LOAD_KINDS: LoadKind[] = ['read', 'sign-up', 'support', 'link-check'];

/** A request unanswered for this long counts as a hang (the gateway's own upstream limit is 15 s). */
export const CLIENT_TIMEOUT_MS = 10_000;

/** One request of the load and how it was answered. */
export interface Outcome {
  kind: LoadKind;
  path: string;
  startedAt: number;
  endedAt: number;
  /** HTTP status; 0 when no answer came (see `failure`). */
  status: number;
  /** 'hang' when nothing came within CLIENT_TIMEOUT_MS, 'connection' when the gateway refused or cut it. */
  failure?: 'hang' | 'connection';
  /** For a non-2xx answer: whether it is the one JSON error body with a matching statusCode. */
  jsonError?: boolean;
  /** What an accepted request stored: the sign-up's e-mail, the support request's id, the link's id. */
  accepted?: string;
}

export interface LoadOptions {
  gatewayUrl: string;
  adminToken: string;
  /** Link ids of the seed, for the admin's "check now" requests. */
  linkIds: string[];
  /** Distinguishes this run's e-mail addresses. */
  runId: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 198.18.0.0/15 (benchmarking range): a different client address for each form request, header only. */
const clientAddress = (n: number) => `198.18.${(n >> 8) & 255}.${n & 255}`;

const READ_PATHS = [
  '/api/posts?limit=20',
  '/api/posts/trending-celebrities',
  '/api/search?q=dress',
  '/api/posts?limit=20&page=3',
  '/api/posts/search/bag',
];

/**
 * A steady load through the gateway, each kind in its own loop, every answer recorded with its
 * time. An answer is judged later against the fault windows (assertions.ts).
 */
export class LoadGenerator {
  readonly outcomes: Outcome[] = [];
  private running = false;
  private loops: Promise<void>[] = [];
  private counter = 0;

  constructor(private readonly options: LoadOptions) {}

  start(): void {
    this.running = true;
    this.loops = [
      this.loop(40, () => this.read(0)),
      this.loop(40, () => this.read(1)),
      this.loop(40, () => this.read(2)),
      this.loop(200, () => this.signUp()),
      this.loop(300, () => this.support()),
      this.loop(250, () => this.linkCheck()),
    ];
  }

  /** Stops sending and waits for the requests in flight. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async loop(pauseMs: number, send: () => Promise<void>): Promise<void> {
    while (this.running) {
      await send();
      await sleep(pauseMs);
    }
  }

  private read(offset: number): Promise<void> {
    const path = READ_PATHS[(this.counter++ + offset) % READ_PATHS.length]!;
    return this.send('read', 'GET', path, undefined, {}, () => path);
  }

  private signUp(): Promise<void> {
    const n = ++this.counter;
    const email = `chaos-${this.options.runId}-${n}@example.com`;
    return this.send(
      'sign-up',
      'POST',
      '/api/newsletter/subscribe',
      { email },
      { 'x-forwarded-for': clientAddress(n) },
      () => email,
    );
  }

  private support(): Promise<void> {
    const n = ++this.counter;
    return this.send(
      'support',
      'POST',
      '/api/support',
      {
        name: `Chaos ${n}`,
        email: `chaos-support-${this.options.runId}-${n}@example.com`,
        subject: SUPPORT_SUBJECTS[n % SUPPORT_SUBJECTS.length],
        message: `Support request ${n} sent while faults are injected.`,
      },
      { 'x-forwarded-for': clientAddress(n) },
      (body) => (body as { data?: { requestId?: string } }).data?.requestId,
    );
  }

  private linkCheck(): Promise<void> {
    const ids = this.options.linkIds;
    const id = ids[this.counter++ % ids.length]!;
    return this.send(
      'link-check',
      'POST',
      `/api/admin/link-validation/links/${id}/check`,
      undefined,
      { authorization: `Bearer ${this.options.adminToken}` },
      () => id,
    );
  }

  private async send(
    kind: LoadKind,
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
    acceptedValue: (answer: unknown) => string | undefined,
  ): Promise<void> {
    const startedAt = Date.now();
    const outcome: Outcome = { kind, path, startedAt, endedAt: startedAt, status: 0 };
    try {
      const res = await fetch(`${this.options.gatewayUrl}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
      const text = await res.text();
      outcome.status = res.status;
      const parsed = parseJson(text);
      if (res.ok) outcome.accepted = acceptedValue(parsed);
      else
        outcome.jsonError =
          (res.headers.get('content-type') ?? '').startsWith('application/json') &&
          typeof parsed === 'object' &&
          parsed !== null &&
          (parsed as { statusCode?: unknown }).statusCode === res.status &&
          typeof (parsed as { message?: unknown }).message === 'string';
    } catch (error) {
      const name = (error as Error).name;
      outcome.failure = name === 'TimeoutError' || name === 'AbortError' ? 'hang' : 'connection';
    }
    outcome.endedAt = Date.now();
    this.outcomes.push(outcome);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
