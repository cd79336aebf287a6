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
import {
  createLinkCheckMetrics,
  registerLinkBacklogGauges,
} from '../../services/link-validation/src/modules/checks/link-check-metrics.ts';
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
      labels: { severity: string };
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
    expect([...named].filter((name) => !registered.has(name))).toEqual([]);
  });
});
