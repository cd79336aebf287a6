import autocannon from 'autocannon';

export interface LoadResult {
  medianMs: number;
  p99Ms: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
}

/** One autocannon run (issue 2: 50 connections, 10 s; --quick shortens it). */
export async function measure(
  url: string,
  options: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
  });
  return {
    medianMs: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
