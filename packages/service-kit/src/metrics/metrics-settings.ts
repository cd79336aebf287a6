import { Type } from '@sinclair/typebox';
import type { Registry } from 'prom-client';
import { startMetricsServer, type MetricsServer } from './metrics-server.ts';

/**
 * The port of /metrics for a process whose own port is public (the gateway) or that has none
 * (workers); 0 leaves it off. Listens on HOST.
 */
export const MetricsSettings = {
  METRICS_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 0 }),
};

/** Starts the metrics server when a port is set; null when METRICS_PORT is 0. */
export async function serveMetrics(
  registry: Registry,
  config: { METRICS_PORT: number; HOST: string },
  log: { info: (obj: object, msg: string) => void },
): Promise<MetricsServer | null> {
  if (config.METRICS_PORT === 0) return null;
  const server = await startMetricsServer(registry, { port: config.METRICS_PORT, host: config.HOST });
  log.info({ port: server.port }, 'metrics at /metrics');
  return server;
}
