import autocannon from 'autocannon';

export interface LoadResult {
  medianMs: number;
  p99Ms: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
}

/**
 * One autocannon run (50 connections, 10 s; --quick shortens it). With `nextPath`, every
 * request asks for the path it returns instead of the URL's own (reads that must miss every cache).
 */
export async function measure(
  url: string,
  options: {
    seconds: number;
    connections: number;
    headers?: Record<string, string>;
    nextPath?: () => string;
  },
): Promise<LoadResult> {
  const { nextPath } = options;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    ...(nextPath
      ? { requests: [{ setupRequest: (request: object) => ({ ...request, path: nextPath() }) }] }
      : {}),
  });
  return {
    medianMs: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
