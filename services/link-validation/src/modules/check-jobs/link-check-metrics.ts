import { registerQueueGauges, type CountableQueue } from '@celebstyle/service-kit';
import { sql, type Kysely } from 'kysely';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Database } from '../../db/database.ts';
import type { LinkChecker } from '../link-check-engine/link-checker.ts';
import type { HostPoliteness } from '../scheduling/host-politeness.ts';

/** The link-check worker's own metrics (README, Metrics). */
export interface LinkCheckMetrics {
  registry: Registry;
  checks: Counter<'status'>;
  checkDuration: Histogram;
  hostInFlight: Gauge<'host'>;
  /** Checks in flight per retailer, kept by measuredPoliteness and read into hostInFlight when scraped. */
  inFlightByHost: Map<string, number>;
  hostWait: Histogram;
}

export function createLinkCheckMetrics(registry: Registry): LinkCheckMetrics {
  const inFlightByHost = new Map<string, number>();
  return {
    registry,
    inFlightByHost,
    checks: new Counter({
      name: 'link_checks_total',
      help: 'Checks of a URL (a link or its cleaned form) by the status they found',
      labelNames: ['status'] as const,
      registers: [registry],
    }),
    checkDuration: new Histogram({
      name: 'link_check_duration_seconds',
      help: 'Time one check of a URL took, every hop and the body included',
      buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 30],
      registers: [registry],
    }),
    hostInFlight: new Gauge({
      name: 'link_check_host_in_flight',
      help: 'Checks this worker runs now, by retailer (registrable domain)',
      labelNames: ['host'] as const,
      registers: [registry],
      // Read when scraped rather than set per check: a retailer with nothing in flight has no series.
      collect() {
        this.reset();
        for (const [host, count] of inFlightByHost) this.set({ host }, count);
      },
    }),
    hostWait: new Histogram({
      name: 'link_check_host_wait_seconds',
      help: "Time a check waited in place for its retailer's slot (politeness) before it started",
      buckets: [0, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
      registers: [registry],
    }),
  };
}

/** The checker, counting each check by the status it found and timing it. */
export function measuredChecker(checker: LinkChecker, metrics: LinkCheckMetrics): LinkChecker {
  return {
    async check(url, stop) {
      const done = metrics.checkDuration.startTimer();
      const result = await checker.check(url, stop);
      done();
      metrics.checks.inc({ status: result.linkStatus });
      return result;
    },
    close: () => checker.close(),
  };
}

/** Waits longer than this are sent back to the delayed set; an attempt older than it is forgotten. */
const FORGET_AFTER_MS = 60_000;

/**
 * The per-retailer limits, reporting the checks in flight per retailer and how long a check asked
 * before its slot was granted (from its first refused request, under the same slot token).
 */
export function measuredPoliteness(politeness: HostPoliteness, metrics: LinkCheckMetrics): HostPoliteness {
  const firstAsked = new Map<string, number>();
  const inFlight = metrics.inFlightByHost;
  const forgetOld = (now: number) => {
    for (const [key, at] of firstAsked) if (now - at > FORGET_AFTER_MS) firstAsked.delete(key);
  };
  // A retailer with nothing in flight leaves the gauge: the series follow the retailers being checked.
  const count = (domain: string, change: number) => {
    const value = (inFlight.get(domain) ?? 0) + change;
    if (value > 0) inFlight.set(domain, value);
    else inFlight.delete(domain);
  };
  return {
    async acquire(domain, token) {
      const key = `${domain} ${token}`;
      const now = Date.now();
      const wait = await politeness.acquire(domain, token);
      if (wait > 0) {
        if (!firstAsked.has(key)) {
          if (firstAsked.size > 1_000) forgetOld(now);
          firstAsked.set(key, now);
        }
        return wait;
      }
      metrics.hostWait.observe((Date.now() - (firstAsked.get(key) ?? now)) / 1000);
      firstAsked.delete(key);
      count(domain, 1);
      return 0;
    },
    async release(domain, token) {
      count(domain, -1);
      await politeness.release(domain, token);
    },
    pause: (domain, ms) => politeness.pause(domain, ms),
  };
}

/**
 * Gauges read when Prometheus scrapes: jobs per state of the worker's queues, and how long the
 * oldest link whose check is due has been waiting (0 when none is due).
 */
export function registerLinkBacklogGauges(
  registry: Registry,
  db: Kysely<Database>,
  queues: readonly CountableQueue[],
): void {
  registerQueueGauges(registry, queues);
  new Gauge({
    name: 'link_check_oldest_due_age_seconds',
    help: 'How long the link whose check is most overdue has been due (0 when none is due)',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('link_validation.link_schedule as s')
        .innerJoin('link_validation.posts as p', 'p.id', 's.post_id')
        .select(sql<number | null>`extract(epoch from now() - min(s.next_check_at))::float8`.as('age'))
        .where('p.deleted', '=', false)
        .where('s.next_check_at', '<=', sql<Date>`now()`)
        .executeTakeFirst()
        .catch(() => undefined);
      if (row) this.set(Math.max(0, row.age ?? 0));
    },
  });
}
