/** For end-to-end tests and the benchmark: start the real stack programmatically. */
export { startStack, type RunningStack, type StartStackOptions } from './start-stack.ts';
export { migrateAll, discoverServices } from './migrate-all.ts';
export { processTable, DEFAULT_PORTS, type ProcessSpec } from './process-table.ts';
