// The Grafana dashboard and the Prometheus alert rules in deploy/observability: they parse, and every
// metric they name is one a process of ours registers (built here as each process builds it).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createMetricsRegistry,
  createService,
  registerPoolGauges,
  registerRedisGauges,
  registerQueueGauges,
} from '@celebstyle/service-kit';
import { Histogram, type Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { serviceOf } from '../../gateway/src/route-table.ts';
import { PROCESSES } from '../src/process-table.ts';
import { aggregationsOver, matchersOf, selects } from './support/promql.ts';
import {
  createLinkCheckMetrics,
  registerLinkBacklogGauges,
} from '../../services/link-validation/src/modules/check-jobs/link-check-metrics.ts';
import {
  createEmailMetrics,
  registerOutboxGauges,
} from '../../services/newsletter-support/src/modules/email/email-metrics.ts';

const observability = (file: string) =>
  readFileSync(fileURLToPath(new URL(`../observability/${file}`, import.meta.url)), 'utf8');

const pool = { totalCount: 0, idleCount: 0, waitingCount: 0 };
const redis = { status: 'ready' };
// Never scraped here: the names are read without collecting, so no database or queue is needed.
const unused = {} as never;

/** Series names a registry exposes: a histogram's _bucket, _sum and _count included. */
function exposedNames(registry: Registry): string[] {
  return registry.getMetricsAsArray().flatMap((metric) => {
    const { name } = metric as unknown as { name: string };
    return metric instanceof Histogram ? [name, `${name}_bucket`, `${name}_sum`, `${name}_count`] : [name];
  });
}

/** What every process registers: each HTTP service (service-kit), each worker (its own setup). */
async function registeredMetricNames(): Promise<Set<string>> {
  const service = createService({
    name: 'any-service',
    logLevel: 'silent',
    metrics: { pool, redis: { redis } },
  });
  const linkWorker = createMetricsRegistry('link-validation-worker');
  registerPoolGauges(linkWorker, pool);
  registerRedisGauges(linkWorker, { redis });
  createLinkCheckMetrics(linkWorker);
  registerLinkBacklogGauges(linkWorker, unused, []);
  const emailWorker = createMetricsRegistry('newsletter-support-worker');
  createEmailMetrics(emailWorker);
  registerOutboxGauges(emailWorker, unused, []);
  const catalogWorker = createMetricsRegistry('catalog-worker');
  registerQueueGauges(catalogWorker, []);
  const names = new Set<string>();
  for (const registry of [service.metrics, linkWorker, emailWorker, catalogWorker])
    for (const name of exposedNames(registry)) names.add(name);
  await service.close();
  return names;
}

const PROMQL_WORDS = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'count',
  'topk',
  'bottomk',
  'rate',
  'irate',
  'increase',
  'delta',
  'histogram_quantile',
  'abs',
  'clamp_min',
  'absent',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'label_values',
  'vector',
  'scalar',
  'time',
]);

/** The metric names a PromQL expression selects (label matchers, ranges and grouping labels left out). */
export function metricNames(expression: string): string[] {
  const bare = expression
    .replace(/"[^"]*"/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/label_values\(\s*([A-Za-z_:][\w:]*)\s*,[^)]*\)/g, ' $1 ');
  const words = bare.match(/(?<![\w$.])[A-Za-z_:][\w:]*/g) ?? [];
  return [...new Set(words.filter((word) => !PROMQL_WORDS.has(word)))];
}

interface Panel {
  title: string;
  type: string;
  targets?: { expr: string }[];
}

const dashboard = JSON.parse(observability('grafana-dashboard.json')) as {
  panels: Panel[];
  templating: { list: { name: string; query?: unknown }[] };
};
const rules = parse(observability('alert-rules.yaml')) as {
  groups: {
    name: string;
    rules: {
      alert: string;
      expr: string;
      for?: string;
      labels: { severity: string; route_group?: string; job?: string };
      annotations: { summary: string };
    }[];
  }[];
};

const dashboardExpressions = [
  ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
  ...dashboard.templating.list.flatMap((variable) =>
    typeof variable.query === 'string' && variable.query.includes('(') ? [variable.query] : [],
  ),
];
const ruleExpressions = rules.groups.flatMap((group) => group.rules.map((rule) => rule.expr));
const allRules = rules.groups.flatMap((group) => group.rules);

/** Series Prometheus makes itself for every target: not registered by any process. */
const PROMETHEUS_SERIES = new Set(['up']);

/**
 * Gauges every replica reports alike, counted in Redis or PostgreSQL rather than in the process:
 * summed over replicas they would grow with the replica count.
 */
const SHARED_GAUGES = [
  'bullmq_queue_jobs',
  'link_check_oldest_due_age_seconds',
  'email_outbox_backlog',
  'email_outbox_oldest_unsent_age_seconds',
];

/** Routes of each route group (as Fastify names them, with their service), and some it must leave out. */
const ROUTE_GROUPS: Record<string, { in: Record<string, string>[]; out?: Record<string, string>[] }> = {
  'public-reads': {
    in: [
      { service: 'catalog', method: 'GET', route: '/api/posts/:id' },
      { service: 'catalog', method: 'GET', route: '/api/search' },
    ],
    out: [{ service: 'catalog', method: 'GET', route: '/api/admin/posts' }],
  },
  'public-forms': {
    in: [
      { service: 'newsletter-support', method: 'POST', route: '/api/newsletter/subscribe' },
      { service: 'newsletter-support', method: 'POST', route: '/api/support' },
    ],
    out: [{ service: 'newsletter-support', method: 'GET', route: '/api/admin/support' }],
  },
  admin: {
    in: [
      { service: 'catalog', method: 'PUT', route: '/api/admin/celebrities/:id' },
      { service: 'accounts', method: 'GET', route: '/api/admin/accounts' },
      { service: 'newsletter-support', method: 'GET', route: '/api/admin/support' },
    ],
    out: [
      { service: 'accounts', method: 'POST', route: '/api/admin/auth/login' },
      { service: 'catalog', method: 'POST', route: '/api/admin/posts/import' },
    ],
  },
  auth: {
    in: [
      { service: 'accounts', method: 'POST', route: '/api/admin/auth/login' },
      { service: 'accounts', method: 'POST', route: '/api/admin/auth/refresh' },
    ],
  },
  'link-check': {
    in: [
      { service: 'link-validation', method: 'GET', route: '/api/admin/link-validation' },
      { service: 'link-validation', method: 'POST', route: '/api/admin/link-validation/links/:linkId/check' },
    ],
  },
};

describe('deploy/observability', () => {
  it('reads metric names out of PromQL, and no other words', () => {
    expect(
      metricNames(
        'sum by (service) (rate(http_requests_total{status_code=~"5.."}[5m])) / on (service) max(db_pool_max_clients) > 0.05',
      ),
    ).toEqual(['http_requests_total', 'db_pool_max_clients']);
    expect(
      metricNames('histogram_quantile(0.99, sum by (le) (rate(x_seconds_bucket[$__rate_interval])))'),
    ).toEqual(['x_seconds_bucket']);
    expect(metricNames('label_values(process_cpu_seconds_total, service)')).toEqual([
      'process_cpu_seconds_total',
    ]);
  });

  it('has a dashboard with panels, each asking Prometheus something', () => {
    const graphs = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(graphs.length).toBeGreaterThanOrEqual(10);
    for (const panel of graphs) expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
  });

  it('has alert rules for queue age, the 5xx rate and the outbox backlog, each complete', () => {
    const all = rules.groups.flatMap((group) => group.rules);
    for (const rule of all) {
      expect(rule.alert).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(rule.expr.trim().length, rule.alert).toBeGreaterThan(0);
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
    }
    const metricsOf = (name: string) => metricNames(all.find((rule) => rule.alert === name)!.expr);
    expect(metricsOf('LinkCheckQueueFallingBehind')).toContain('link_check_oldest_due_age_seconds');
    expect(metricsOf('HighServerErrorRate')).toContain('http_requests_total');
    expect(metricsOf('EmailOutboxBacklog')).toContain('email_outbox_backlog');
  });

  it('names only metrics a process registers', async () => {
    const registered = await registeredMetricNames();
    // The check can fail: a name no process registers is caught.
    expect(registered.has('http_requests_total')).toBe(true);
    expect(registered.has('http_requests_totals')).toBe(false);
    const named = new Set([...dashboardExpressions, ...ruleExpressions].flatMap(metricNames));
    expect(named.size).toBeGreaterThan(15);
    expect([...named].filter((name) => !registered.has(name) && !PROMETHEUS_SERIES.has(name))).toEqual([]);
  });

  it('reads which aggregation a series is taken with', () => {
    expect(aggregationsOver('sum(bullmq_queue_jobs{queue="a"}) > 1', 'bullmq_queue_jobs')).toEqual(['sum']);
    expect(
      aggregationsOver('sum(max by (state) (bullmq_queue_jobs{state=~"(a|b)"}))', 'bullmq_queue_jobs'),
    ).toEqual(['max']);
    expect(aggregationsOver('bullmq_queue_jobs > 1 or max(x)', 'bullmq_queue_jobs')).toEqual([undefined]);
    expect(aggregationsOver('avg(rate(email_outbox_backlog[5m]))', 'email_outbox_backlog')).toEqual(['avg']);
  });

  it('takes every gauge the replicas report alike with max or min, never adding the replicas up', () => {
    const places = [...dashboardExpressions, ...ruleExpressions].flatMap((expression) =>
      SHARED_GAUGES.flatMap((gauge) =>
        aggregationsOver(expression, gauge).map((aggregation) => ({ gauge, aggregation, expression })),
      ),
    );
    expect(places.length).toBeGreaterThanOrEqual(SHARED_GAUGES.length);
    expect(places.filter(({ aggregation }) => aggregation !== 'max' && aggregation !== 'min')).toEqual([]);
  });

  it('alerts when a process has no target at all (absent) and when its targets are down (up == 0), for every process', () => {
    const upRules = allRules.filter((rule) => /\bup\{[^}]*\}\)?\s*==\s*0/.test(rule.expr));
    expect(upRules.length).toBeGreaterThanOrEqual(1);
    for (const { name } of PROCESSES) {
      const absent = allRules.filter((rule) => rule.expr.trim() === `absent(up{job="${name}"})`);
      expect(absent.length, `${name}: absent(up)`).toBe(1);
      expect(absent[0]!.for, name).toBeTruthy();
      const down = upRules.filter((rule) => selects(matchersOf(rule.expr, 'up'), { job: name }));
      expect(down.length, `${name}: up == 0`).toBeGreaterThanOrEqual(1);
    }
    // A job that is not ours is not watched by these rules.
    expect(upRules.some((rule) => selects(matchersOf(rule.expr, 'up'), { job: 'kube-dns' }))).toBe(false);
  });

  it('has a p99 latency alert per route group, selecting the routes of that group and not others', () => {
    for (const [group, routes] of Object.entries(ROUTE_GROUPS)) {
      const latency = allRules.filter(
        (rule) =>
          rule.labels.route_group === group &&
          rule.expr.includes('histogram_quantile') &&
          rule.expr.includes('http_request_duration_seconds_bucket'),
      );
      expect(latency.length, group).toBe(1);
      const matchers = matchersOf(latency[0]!.expr, 'http_request_duration_seconds_bucket');
      for (const labels of routes.in) {
        // The sample is a route the gateway sends to that service (a misspelt sample fails here).
        expect(serviceOf(labels.route!), labels.route).toBe(labels.service);
        expect(selects(matchers, labels), `${group} takes ${labels.route}`).toBe(true);
      }
      for (const labels of routes.out ?? [])
        expect(selects(matchers, labels), `${group} leaves out ${labels.route}`).toBe(false);
    }
    const linkChecks = allRules.find((rule) => rule.expr.includes('link_check_duration_seconds_bucket'));
    expect(linkChecks?.labels.route_group).toBe('link-check');
  });
});
