import type { GuardCost } from './guard-cost.ts';
import type { LoadResult } from './load.ts';

/**
 * The target a read is held to: 'storefront' for the public catalogue reads (TARGET_P99_MS,
 * TARGET_P99_RATIO), 'admin-list' for the back office post list (ADMIN_LIST_TARGET_P99_MS), 'none'
 * for a read that is measured and reported without a target (the guarded accounts list, the uncached
 * page walks).
 */
export type ReadTarget = 'storefront' | 'admin-list' | 'none';

export interface Measurement {
  scenario: string;
  target: ReadTarget;
  posts: number;
  via: 'gateway' | 'direct';
  /** Reported, not held to the targets (a read that misses every cache on purpose). */
  informational?: boolean;
  result?: LoadResult;
  skipped?: string;
}

export interface BenchReport {
  seconds: number;
  cpus: number;
  loadAverage: number[];
  connections: number;
  coldStartMs: Record<number, number | null>;
  guardCostMicroseconds: Record<number, GuardCost>;
  measurements: Measurement[];
  /** Seeded post-changed events not yet consumed when the reads began (post-events paused meanwhile). */
  postEventsLeft?: Record<number, number>;
  /** Cycled reads asked once per path, one at a time, after a cache reset (bench/cold-paths.ts). */
  coldPasses?: Array<{
    scenario: string;
    posts: number;
    via: string;
    medianMs: number;
    p99Ms: number;
    maxMs: number;
    slowest: Array<{ path: string; ms: number }>;
  }>;
}

const ms = (n: number | undefined) => (n === undefined ? '-' : `${n} ms`);
const rps = (n: number | undefined) => (n === undefined ? '-' : `${Math.round(n)}`);
const ratio = (a: number | undefined, b: number | undefined) => (a && b ? (a / b).toFixed(2) : '-');

/** Storefront reads: p99 under 50 ms at the larger size, and at most 1.5 times the smaller size's p99. */
export const TARGET_P99_MS = 50;
export const TARGET_P99_RATIO = 1.5;

/** The back office list: p99 under 100 ms at 50 connections at the larger size. */
export const ADMIN_LIST_TARGET_P99_MS = 100;

export function verdict(small: Measurement | undefined, large: Measurement | undefined): string {
  if (large?.informational) return 'not a target';
  if (large?.target === 'admin-list') {
    const p99 = large.result?.p99Ms;
    if (p99 === undefined) return '-';
    return p99 < ADMIN_LIST_TARGET_P99_MS ? 'met' : `missed (p99 >= ${ADMIN_LIST_TARGET_P99_MS} ms)`;
  }
  if (large?.target === 'none') return 'no target';
  const [a, b] = [small?.result?.p99Ms, large?.result?.p99Ms];
  if (b === undefined) return '-';
  const misses: string[] = [];
  if (b >= TARGET_P99_MS) misses.push(`p99 >= ${TARGET_P99_MS} ms`);
  if (a !== undefined && b / a > TARGET_P99_RATIO) misses.push(`ratio > ${TARGET_P99_RATIO}`);
  return misses.length === 0 ? 'met' : `missed (${misses.join(', ')})`;
}

function find(m: Measurement[], scenario: string, posts: number, via: 'gateway' | 'direct') {
  return m.find((x) => x.scenario === scenario && x.posts === posts && x.via === via);
}

function table(title: string, header: string[], rows: string[][]): void {
  console.log(`\n${title}`);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

/** Prints cold starts, the guard's own cost, gateway overhead, and every read per size with its verdict. */
export function printReport(report: BenchReport): void {
  const sizes = Object.keys(report.coldStartMs).map(Number);
  const m = report.measurements;
  console.log(
    `\nautocannon: ${report.connections} connections, ${report.seconds} s per run (after a warm-up run), accept-encoding: gzip, deflate, br`,
  );
  console.log(
    `machine: ${report.cpus} CPUs, load average at the end ${report.loadAverage.join(' / ')} (1 / 5 / 15 min)`,
  );
  for (const size of sizes) {
    const cold = report.coldStartMs[size];
    console.log(
      `cold start (fresh database, migrate, seed ${size} posts, every process) to first 200 from /api/posts: ${cold === null || cold === undefined ? '-' : `${(cold / 1000).toFixed(1)} s`}`,
    );
  }

  for (const [size, left] of Object.entries(report.postEventsLeft ?? {})) {
    if (left > 0)
      console.log(
        `${size} posts: ${left} seeded post-changed events were still queued; post-events was paused while the reads were measured`,
      );
  }
  for (const [size, micros] of Object.entries(report.guardCostMicroseconds)) {
    console.log(
      `gateway admin token check alone (signature, claims, Redis token version), ${size} posts: ${micros.remembered} µs per request with the signature check remembered, ${micros.verifiedEveryTime} µs verifying it every time`,
    );
  }

  const overheadRows: string[][] = [];
  for (const scenario of [...new Set(m.filter((x) => x.via === 'direct').map((x) => x.scenario))]) {
    for (const size of sizes) {
      const g = find(m, scenario, size, 'gateway')?.result;
      const d = find(m, scenario, size, 'direct')?.result;
      overheadRows.push([
        scenario,
        String(size),
        ms(g?.medianMs),
        ms(g?.p99Ms),
        rps(g?.requestsPerSecond),
        ms(d?.medianMs),
        ms(d?.p99Ms),
        rps(d?.requestsPerSecond),
        ratio(d?.requestsPerSecond, g?.requestsPerSecond),
      ]);
    }
  }
  table(
    'Gateway overhead (through the gateway vs directly at the service)',
    [
      'read',
      'posts',
      'gw median',
      'gw p99',
      'gw req/s',
      'direct median',
      'direct p99',
      'direct req/s',
      'direct/gw req/s',
    ],
    overheadRows,
  );

  const readRows: string[][] = [];
  const [small, large] = [sizes[0], sizes.length > 1 ? sizes[sizes.length - 1] : undefined];
  for (const scenario of [...new Set(m.map((x) => x.scenario))]) {
    const a = small === undefined ? undefined : find(m, scenario, small, 'gateway');
    const b = large === undefined ? undefined : find(m, scenario, large, 'gateway');
    const cell = (x: Measurement | undefined) =>
      x?.skipped ?? `${ms(x?.result?.medianMs)} / ${ms(x?.result?.p99Ms)}`;
    readRows.push(
      large === undefined
        ? [scenario, cell(a), rps(a?.result?.requestsPerSecond)]
        : [
            scenario,
            cell(a),
            cell(b),
            ratio(b?.result?.p99Ms, a?.result?.p99Ms),
            ratio(b?.result?.medianMs, a?.result?.medianMs),
            rps(b?.result?.requestsPerSecond),
            verdict(a, b),
          ],
    );
  }
  const header =
    large === undefined
      ? ['read', `${small} posts`, 'req/s']
      : [
          'read',
          `${small} posts`,
          `${large} posts`,
          'p99 ratio',
          'median ratio',
          `req/s (${large})`,
          'target',
        ];
  table(`Reads through the gateway (median / p99) at ${sizes.join(' and ')} posts`, header, readRows);

  for (const pass of report.coldPasses ?? []) {
    table(
      `${pass.scenario} at ${pass.posts} posts, each path once after a cache reset, one at a time (${pass.via}): median ${pass.medianMs} ms, p99 ${pass.p99Ms} ms, max ${pass.maxMs} ms; slowest`,
      ['ms', 'path'],
      pass.slowest.map((x) => [String(x.ms), x.path]),
    );
  }
}
