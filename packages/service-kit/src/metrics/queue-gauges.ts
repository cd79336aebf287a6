import { Gauge, type Registry } from 'prom-client';

/** A BullMQ Queue's getJobCounts (structural, so service-kit needs no bullmq). */
export interface CountableQueue {
  name: string;
  getJobCounts(...states: string[]): Promise<Record<string, number>>;
}

export const QUEUE_STATES = ['waiting', 'prioritized', 'delayed', 'active', 'failed'] as const;

/** Jobs in each state of each queue, counted in Redis when Prometheus scrapes. */
export function registerQueueGauges(registry: Registry, queues: readonly CountableQueue[]): void {
  new Gauge({
    name: 'bullmq_queue_jobs',
    help: 'Jobs in a BullMQ queue by state (waiting, prioritized, delayed, active, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      // A Redis outage must not fail the whole scrape: the queue's series are left out instead.
      this.reset();
      await Promise.all(
        queues.map(async (queue) => {
          const counts = await queue.getJobCounts(...QUEUE_STATES).catch(() => null);
          if (!counts) return;
          for (const state of QUEUE_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
        }),
      );
    },
  });
}
