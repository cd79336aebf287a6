import http from 'node:http';
import type { BadRequest } from './cases.ts';

export interface Answer {
  request: BadRequest;
  /** 0 when no answer came (connection reset, timeout). */
  status: number;
  ms: number;
  error?: string;
  /** The answer's body (its first 64 KiB). */
  body?: string;
}

const GIVE_UP_MS = 10_000;
const MAX_BODY_KEPT = 64 * 1024;

/**
 * Sends one request with its target exactly as written (node:http does not normalise "/../" or
 * "//", unlike fetch) and reads the whole answer.
 */
export function send(base: URL, agent: http.Agent, request: BadRequest): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    let body = '';
    const done = (status: number, error?: string) => {
      if (settled) return;
      settled = true;
      resolve({ request, status, ms: performance.now() - started, body, ...(error ? { error } : {}) });
    };
    const outgoing = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        agent,
        timeout: GIVE_UP_MS,
        headers: {
          ...request.headers,
          ...(request.body !== undefined && !request.chunked
            ? { 'content-length': String(Buffer.byteLength(request.body)) }
            : {}),
        },
      },
      (response) => {
        response.on('data', (chunk: Buffer) => {
          if (body.length < MAX_BODY_KEPT) body += chunk.toString();
        });
        response.on('end', () => done(response.statusCode ?? 0));
        response.on('error', (error) => done(response.statusCode ?? 0, error.message));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${GIVE_UP_MS} ms`)));
    outgoing.on('error', (error) => done(0, error.message));
    if (request.chunked && request.body !== undefined) {
      // Several writes without a Content-Length: node:http sends them as chunks. The body goes
      // without waiting for 100 Continue, as a client that gave up waiting for it does.
      const body = Buffer.from(request.body);
      const piece = 64 * 1024;
      for (let at = 0; at < body.length; at += piece) outgoing.write(body.subarray(at, at + piece));
      outgoing.end();
    } else outgoing.end(request.body);
  });
}

/** Runs `work` over `items` with at most `limit` in flight, keeping the order of the results. */
export async function inBatches<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Whether an error answer is in the one error format, with the project's own codes
 * (never Fastify's FST_...): a caller branches on `code` alone.
 */
export function inErrorShape(answer: Answer): boolean {
  try {
    const body = JSON.parse(answer.body ?? '') as Record<string, unknown>;
    return (
      body.statusCode === answer.status &&
      typeof body.error === 'string' &&
      typeof body.message === 'string' &&
      typeof body.code === 'string' &&
      /^[A-Z][A-Z_]*$/.test(body.code) &&
      !body.code.startsWith('FST_')
    );
  } catch {
    return false;
  }
}
