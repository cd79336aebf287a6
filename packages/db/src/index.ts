export * from './pool.ts';
export * from './migrator.ts';
export * from './test-database.ts';
