import { Redis } from 'ioredis';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../src/paths.ts';

/** The catalog's own version bump (its src/index.ts exports it for the launcher and the benchmark). */
async function retireCatalogCaches(redis: { url: string; prefix: string }): Promise<void> {
  const index = path.join(REPO_ROOT, 'services', 'catalog', 'src', 'index.ts');
  const catalog = (await import(pathToFileURL(index).href)) as {
    bumpCatalogVersion(redis: Redis, prefix: string): Promise<number>;
  };
  const connection = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  try {
    await catalog.bumpCatalogVersion(connection, redis.prefix);
  } finally {
    connection.disconnect();
  }
}

export interface PathTiming {
  path: string;
  ms: number;
}

export interface ColdPass {
  medianMs: number;
  p99Ms: number;
  maxMs: number;
  /** The slowest paths, slowest first. */
  slowest: PathTiming[];
}

/**
 * Asks for every path once, one after the other, right after retiring the catalog's cached answers
 * (a data-version bump, as any post write does): what each combination costs when nothing is
 * cached, without the queueing of 50 connections. Names the slowest, which are the ones to EXPLAIN.
 */
export async function coldPass(
  baseUrl: string,
  paths: string[],
  headers: Record<string, string>,
  redis: { url: string; prefix: string },
  keep = 12,
): Promise<ColdPass> {
  await retireCatalogCaches(redis);
  const timings: PathTiming[] = [];
  for (const pathname of paths) {
    const started = performance.now();
    const res = await fetch(baseUrl + pathname, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${pathname} answered ${res.status}`);
    timings.push({ path: pathname, ms: Math.round((performance.now() - started) * 10) / 10 });
  }
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    medianMs: at(0.5),
    p99Ms: at(0.99),
    maxMs: sorted[sorted.length - 1]!,
    slowest: [...timings].sort((a, b) => b.ms - a.ms).slice(0, keep),
  };
}
