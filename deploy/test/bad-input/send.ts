import http from 'node:http';
import type { BadRequest } from './cases.ts';

export interface Answer {
  request: BadRequest;
  /** 0 when no answer came (connection reset, timeout). */
  status: number;
  ms: number;
  error?: string;
}

const GIVE_UP_MS = 10_000;

/**
 * Sends one request with its target exactly as written (node:http does not normalise "/../" or
 * "//", unlike fetch) and reads the whole answer.
 */
export function send(base: URL, agent: http.Agent, request: BadRequest): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (status: number, error?: string) => {
      if (settled) return;
      settled = true;
      resolve({ request, status, ms: performance.now() - started, ...(error ? { error } : {}) });
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
        response.resume();
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
