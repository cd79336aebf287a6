export * from './pool.ts';
export * from './migrator.ts';
export * from './test-database.ts';
export * from './service-migration.ts';
export * from './prune-rows.ts';
export * from './audit-outbox.ts';
