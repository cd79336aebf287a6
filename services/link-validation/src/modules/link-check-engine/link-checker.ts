import { performance } from 'node:perf_hooks';
import { Agent } from 'undici';
import { classify } from './classify.ts';
import type { HostPins } from './host-pins.ts';
import { systemResolver, type HostResolver } from './host-resolver.ts';
import type { LinkCheckResult } from './link-check-result.ts';
import { navigate, type Navigation } from './navigate.ts';
import { registrableDomain, retailerName } from './retailer.ts';
import { createSafeConnector } from './safe-connector.ts';

export interface LinkCheckerOptions {
  /** curl --resolve style pins (tests and local demo farms only). */
  pins?: HostPins;
  /** Host name resolution; the machine's resolver by default. */
  resolve?: HostResolver;
  /** Contact pinned hosts only; any other link is `unknown`, with nothing sent (not even DNS). */
  pinnedOnly?: boolean;
  /** Whole check, every hop and the body included. */
  timeoutMs?: number;
  /** Decompressed bytes of a page that are read; the rest is not judged. */
  bodyCapBytes?: number;
}

export const DEFAULT_CHECK_TIMEOUT_MS = 15_000;
/** Large enough for a 2.5 MB product page with room to spare; a page past it is judged on its start. */
export const DEFAULT_BODY_CAP_BYTES = 5 * 1024 * 1024;

export interface LinkChecker {
  /** `stop` ends the check early (its worker is shutting down): the verdict is then a time-out, not to be recorded. */
  check(url: string, stop?: AbortSignal): Promise<LinkCheckResult>;
  close(): Promise<void>;
}

/**
 * The link checker engine: one URL in, a verdict out (link-check-result.ts). Shared by the check
 * worker and the check-link CLI. Connections are pooled per origin across checks; cookies live for
 * one check only.
 */
export function createLinkChecker(options: LinkCheckerOptions = {}): LinkChecker {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const bodyCapBytes = options.bodyCapBytes ?? DEFAULT_BODY_CAP_BYTES;
  const dispatcher = new Agent({
    connect: createSafeConnector({
      pins: options.pins ?? new Map(),
      resolve: options.resolve ?? systemResolver,
      pinnedOnly: options.pinnedOnly ?? false,
      connectTimeoutMs: Math.min(10_000, timeoutMs),
    }),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 4_000,
    connections: 16,
  });

  return {
    async check(url, stop) {
      const started = performance.now();
      const { signal, release } = checkSignal(timeoutMs, stop);
      let navigation: Navigation;
      try {
        navigation = await navigate(url, { dispatcher, signal, bodyCapBytes, timeoutMs });
      } finally {
        release();
      }
      const original = safeUrl(url);
      const verdict = classify(navigation, original);
      const reached = navigation.kind === 'answer' ? navigation.answer : navigation.reached;
      // The shop is where the link last got an answer: a refused redirect target is not the shop.
      const shopUrl = reached?.url ?? original;
      const domain =
        shopUrl && /^https?:$/.test(shopUrl.protocol) ? registrableDomain(shopUrl.hostname) : null;
      return {
        url,
        linkStatus: verdict.linkStatus,
        httpStatus: reached?.status ?? null,
        finalUrl: reached?.url.href ?? null,
        redirectChain: navigation.chain,
        retailer: domain ? retailerName(verdict.siteName, domain) : null,
        retailerDomain: domain,
        confidence: verdict.confidence,
        stockStatus: verdict.stockStatus,
        price: verdict.price,
        currency: verdict.currency,
        responseTime: Math.round(performance.now() - started),
        errorMessage: verdict.errorMessage,
        retryAfterSeconds: verdict.retryAfterSeconds,
      };
    },
    close: () => dispatcher.close(),
  };
}

/**
 * The signal of one check: aborted when its time is up or when `stop` is. One controller and one
 * timer, cleared when the check ends, rather than a timeout signal and a combined signal per check
 * whose timers and listeners outlive it.
 */
function checkSignal(
  timeoutMs: number,
  stop: AbortSignal | undefined,
): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    timeoutMs,
  );
  timer.unref();
  const onStop = () => controller.abort(stop?.reason);
  if (stop?.aborted) onStop();
  else stop?.addEventListener('abort', onStop, { once: true });
  return {
    signal: controller.signal,
    release() {
      clearTimeout(timer);
      stop?.removeEventListener('abort', onStop);
    },
  };
}

function safeUrl(value: string | null): URL | null {
  if (value === null) return null;
  try {
    return new URL(value.trim());
  } catch {
    return null;
  }
}
