import { headerValue } from './fetch-hop.ts';
import { judgePage, type PageVerdict } from './judge-page.ts';
import type { Navigation } from './navigate.ts';
import { readPage, type PageReading } from './page/read-page.ts';
import { retryAfterSeconds } from './retry-after.ts';

export interface Verdict extends PageVerdict {
  retryAfterSeconds: number | null;
  siteName: string | null;
}

const NO_PAGE = {
  stockStatus: null,
  price: null,
  currency: null,
  retryAfterSeconds: null,
  siteName: null,
} as const;

/**
 * link-health-and-routes.md §3 status for where a link led, in the README's order of precedence:
 * invalid, redirect_error, access_denied (walls, 401, 403, 451), 404 (404, 410), server_error (5xx),
 * unknown (429, transport failures, non-HTML, empty), then the page itself (judge-page.ts).
 */
export function classify(navigation: Navigation, originalUrl: URL | null): Verdict {
  if (navigation.kind !== 'answer') {
    const linkStatus = navigation.kind === 'transport' ? 'unknown' : navigation.kind;
    const confidence = { invalid: 0.95, redirect_error: 0.9, transport: 0.2 }[navigation.kind];
    return { ...NO_PAGE, linkStatus, confidence, errorMessage: navigation.message };
  }

  const { answer, html } = navigation;
  const status = answer.status;
  const page: PageReading | null =
    html !== null && html.trim() !== ''
      ? readPage(html, {
          finalUrl: answer.url,
          originalUrl: originalUrl ?? answer.url,
          headers: answer.headers,
        })
      : null;
  const base = { ...NO_PAGE, siteName: page?.siteName ?? null };
  const retryAfter =
    status === 429 || status === 503 ? retryAfterSeconds(headerValue(answer.headers['retry-after'])) : null;

  if (page?.botWall) {
    return {
      ...base,
      linkStatus: 'access_denied',
      confidence: 0.6,
      errorMessage: `Blocked by a bot wall (${page.botWall})`,
      retryAfterSeconds: retryAfter,
    };
  }
  if (status === 401 || status === 403 || status === 451) {
    return { ...base, linkStatus: 'access_denied', confidence: 0.7, errorMessage: `HTTP ${status}` };
  }
  if (status === 404 || status === 410) {
    return {
      ...base,
      linkStatus: '404',
      confidence: status === 410 ? 0.99 : 0.95,
      errorMessage: `HTTP ${status}`,
    };
  }
  if (status >= 500) {
    return {
      ...base,
      linkStatus: 'server_error',
      confidence: 0.7,
      errorMessage: `HTTP ${status}`,
      retryAfterSeconds: retryAfter,
    };
  }
  if (status === 429) {
    return {
      ...base,
      linkStatus: 'unknown',
      confidence: 0.2,
      errorMessage: 'HTTP 429 (rate limited)',
      retryAfterSeconds: retryAfter,
    };
  }
  if (status < 200 || status >= 300) {
    return { ...base, linkStatus: 'unknown', confidence: 0.3, errorMessage: `HTTP ${status}` };
  }
  if (answer.body === null || answer.body.size === 0) {
    return { ...base, linkStatus: 'unknown', confidence: 0.3, errorMessage: 'Empty answer' };
  }
  if (page === null) {
    const type = headerValue(answer.headers['content-type'])?.split(';')[0]?.trim() || 'no content type';
    const message = html === null ? `Not an HTML page (${type})` : 'Empty page';
    return { ...base, linkStatus: 'unknown', confidence: 0.3, errorMessage: message };
  }
  return { ...judgePage(page), retryAfterSeconds: null, siteName: page.siteName };
}
