import type { Dispatcher } from 'undici';
import { CookieJar } from 'tough-cookie';
import { BlockedAddressError, HostNotFoundError, HostNotPinnedError } from './address-policy.ts';
import { decodeHtml } from './decode-html.ts';
import { fetchHop, headerValue, headerValues, type HopAnswer } from './fetch-hop.ts';
import type { RedirectHop } from './link-check-result.ts';
import { metaRefreshTarget, scriptRedirectTarget } from './page-redirects.ts';
import { UnsupportedEncodingError } from './read-body.ts';

export const MAX_REDIRECTS = 10;
const EMPTY = Buffer.alloc(0);

/** Where following a link ended. */
export type Navigation =
  | { kind: 'answer'; answer: HopAnswer; html: string | null; chain: RedirectHop[] }
  | {
      kind: 'invalid' | 'redirect_error' | 'transport';
      message: string;
      chain: RedirectHop[];
      reached: Reached | null;
    };

/** The last address that answered, and its status. */
export interface Reached {
  url: URL;
  status: number;
}

export interface NavigateOptions {
  dispatcher: Dispatcher;
  signal: AbortSignal;
  bodyCapBytes: number;
  timeoutMs: number;
}

/**
 * Follows one link as a browser would: HTTP redirects by hand (each hop's address parsed and its
 * connection checked by the safe connector), meta refresh and literal JavaScript redirects, with
 * one cookie jar for the whole check. A loop is the same address asked again with the same
 * cookies: a shop that sets a cookie and redirects to itself is not looping.
 */
export async function navigate(rawUrl: string, options: NavigateOptions): Promise<Navigation> {
  const chain: RedirectHop[] = [];
  // Made when the first cookie comes: most checks get none, and an empty jar sends nothing.
  let jar: CookieJar | null = null;
  const seen = new Set<string>();
  const first = parseLink(rawUrl);
  if (typeof first === 'string') return { kind: 'invalid', message: first, chain, reached: null };
  let url = first;
  let reached: Reached | null = null;
  const failure = (kind: FailureKind, message: string): Navigation => ({ kind, message, chain, reached });

  for (;;) {
    const cookieHeader = jar === null ? '' : jar.getCookieStringSync(url.href);
    const visit = `${url.href}\n${cookieHeader}`;
    if (seen.has(visit)) return failure('redirect_error', `Redirect loop at ${url.href}`);
    seen.add(visit);

    let answer: HopAnswer;
    try {
      answer = await fetchHop(url, { ...options, cookieHeader });
    } catch (error) {
      const [kind, message] = hopFailure(error, chain.length === 0, options);
      return failure(kind, message);
    }
    reached = { url, status: answer.status };
    for (const cookie of headerValues(answer.headers['set-cookie'])) {
      jar ??= new CookieJar();
      jar.setCookieSync(cookie, url.href, { ignoreError: true });
    }

    let next: { target: string | undefined; kind: RedirectHop['kind'] } | null = null;
    let html: string | null = null;
    if (answer.body === null) {
      next = { target: headerValue(answer.headers.location), kind: 'http' };
    } else if (isHtml(answer)) {
      html = decodeHtml(answer.body.bytes, headerValue(answer.headers['content-type']));
      answer.body.bytes = EMPTY;
      if (answer.status >= 200 && answer.status < 300) {
        const written = metaRefreshTarget(html);
        const scripted = written === null ? scriptRedirectTarget(html) : null;
        if (written !== null) next = { target: written, kind: 'meta-refresh' };
        else if (scripted !== null) next = { target: scripted, kind: 'javascript' };
      }
    }
    if (next === null) return { kind: 'answer', answer, html, chain };

    if (!next.target) return failure('redirect_error', `HTTP ${answer.status} without a Location header`);
    chain.push({ url: url.href, status: answer.status, kind: next.kind });
    if (chain.length > MAX_REDIRECTS)
      return failure('redirect_error', `More than ${MAX_REDIRECTS} redirects`);
    let target: URL;
    try {
      target = new URL(next.target, url);
    } catch {
      return failure('redirect_error', `Redirect to an invalid address: ${next.target.slice(0, 200)}`);
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      return failure('redirect_error', `Redirect to a ${target.protocol} address`);
    }
    target.hash = '';
    url = target;
  }
}

function parseLink(raw: string): URL | string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return 'Not a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `Not an http(s) link (${url.protocol})`;
  if (url.username || url.password) return 'Links with credentials are not checked';
  url.hash = '';
  return url;
}

type FailureKind = 'invalid' | 'redirect_error' | 'transport';

function hopFailure(error: unknown, isLinkItself: boolean, options: NavigateOptions): [FailureKind, string] {
  const unpinned = findCause(error, (cause) => cause instanceof HostNotPinnedError);
  if (unpinned) return ['transport', unpinned.message];
  const refused = findCause(
    error,
    (cause) => cause instanceof BlockedAddressError || cause instanceof HostNotFoundError,
  );
  if (refused) return [isLinkItself ? 'invalid' : 'redirect_error', refused.message];
  if (options.signal.aborted) return ['transport', `Timed out after ${options.timeoutMs} ms`];
  const unsupported = findCause(error, (cause) => cause instanceof UnsupportedEncodingError);
  if (unsupported) return ['transport', unsupported.message];
  return ['transport', transportMessage(error)];
}

function findCause(error: unknown, test: (cause: unknown) => boolean): Error | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (test(current)) return current as Error;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A short, internals-free description of a network failure. */
function transportMessage(error: unknown): string {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'Connection reset by the server';
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'Connection timed out';
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return 'The server stopped answering';
    case 'Z_DATA_ERROR':
    case 'Z_BUF_ERROR':
    case 'ERR__ERROR_FORMAT_PADDING_1':
      return 'The answer could not be decompressed';
    default:
      if (code && /^ERR_TLS|CERT|SSL/.test(code)) return `TLS failure (${code})`;
      return code ? `Network error (${code})` : 'Network error';
  }
}

function isHtml(answer: HopAnswer): boolean {
  const type = (headerValue(answer.headers['content-type']) ?? '').toLowerCase();
  if (type.includes('html')) return true;
  if (type !== '' && !type.startsWith('text/plain')) return false;
  // No (or a plain-text) Content-Type: sniff the start as browsers do.
  const start = answer.body?.bytes.subarray(0, 512).toString('latin1').trimStart().toLowerCase() ?? '';
  return start.startsWith('<!doctype html') || start.startsWith('<html') || start.startsWith('<head');
}
