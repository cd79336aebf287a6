import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * One registry per process (or per app in tests, where many apps share a process): Node's default
 * metrics (CPU, memory, event-loop lag, GC) and a `service` label on every series, naming the
 * process (catalog, catalog-worker, ...).
 */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}
