export * from './connections.ts';
export * from './queue-names.ts';
export * from './event-payloads.ts';
export * from './test-queue.ts';
export * from './kept-job-scheduler.ts';
export * from './worker-shutdown.ts';
export * from './audit-events.ts';
export * from './shared-keys.ts';
