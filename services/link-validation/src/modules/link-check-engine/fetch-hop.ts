import type { Dispatcher } from 'undici';
import { BROWSER_HEADERS } from './browser-headers.ts';
import { readBody, type BodyBytes } from './read-body.ts';

export interface HopAnswer {
  url: URL;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body of a non-redirect answer (null for a redirect, whose body nobody reads). */
  body: BodyBytes | null;
}

export interface HopOptions {
  dispatcher: Dispatcher;
  cookieHeader: string;
  signal: AbortSignal;
  bodyCapBytes: number;
}

/** One GET, no redirect following: the caller decides what a redirect means. */
export async function fetchHop(url: URL, options: HopOptions): Promise<HopAnswer> {
  const headers: Record<string, string> = { ...BROWSER_HEADERS };
  if (options.cookieHeader) headers.cookie = options.cookieHeader;
  const answer = await options.dispatcher.request({
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    headers,
    signal: options.signal,
  });
  const isRedirect = answer.statusCode >= 300 && answer.statusCode < 400 && answer.statusCode !== 304;
  if (isRedirect) {
    await answer.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    return { url, status: answer.statusCode, headers: answer.headers, body: null };
  }
  const encoding = headerValue(answer.headers['content-encoding']);
  const body = await readBody(answer.body, encoding, options.bodyCapBytes);
  return { url, status: answer.statusCode, headers: answer.headers, body };
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function headerValues(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
