// CLI: npm run import-posts -w @celebstyle/catalog -- FILE (a JSON array of posts, or NDJSON)
import { createAuditEventsQueue, createProducerConnection } from '@celebstyle/queue';
import { readFile } from 'node:fs/promises';
import { pino } from 'pino';
import { loadCatalogConfig } from './config.ts';
import { connectDb } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { catalogKeys } from './lib/redis-keys.ts';
import { ImportFileError, parseImportText } from '@celebstyle/contracts';
import { importPosts } from './modules/ingestion/import-posts.service.ts';
import { createShowEnrichmentQueue } from './lib/show-enrichment-queue.ts';
import { createPostEventsQueue } from './modules/post-events/post-events.publisher.ts';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run import-posts -w @celebstyle/catalog -- FILE');
  process.exit(2);
}

const config = loadCatalogConfig();
const log = pino({ level: config.LOG_LEVEL, base: { service: 'catalog-import' } });
const db = connectDb(config.DATABASE_URL, { max: 2, applicationName: 'catalog-import' });
const redis = createProducerConnection(config.REDIS_URL, { lazyConnect: true });
redis.on('error', () => {});
const postEvents = createPostEventsQueue(redis, config.QUEUE_PREFIX);
postEvents.on('error', () => {});
const showEnrichment = createShowEnrichmentQueue(redis, config.QUEUE_PREFIX);
showEnrichment.on('error', () => {});
const auditEvents = createAuditEventsQueue(redis, config.QUEUE_PREFIX);
auditEvents.on('error', () => {});
let exitCode = 0;
try {
  const entries = parseImportText(await readFile(file, 'utf8'));
  await migrate(db);
  // Without Redis the import still commits; its events wait in the outbox for the worker's sweep.
  await redis.connect().catch(() => log.warn('Redis not reachable: events are left to the outbox sweep'));
  const started = performance.now();
  const result = await importPosts(
    { db, redis, keys: catalogKeys(config.QUEUE_PREFIX), postEvents, showEnrichment, auditEvents },
    log,
    entries,
    // The command has no admin behind it; its audit entry says where it came from.
    { id: 'command-line', username: '(command line)' },
  );
  const { newShowIds: _ids, ...summary } = result;
  console.log(JSON.stringify({ ...summary, durationMs: Math.round(performance.now() - started) }, null, 2));
} catch (error) {
  console.error(error instanceof ImportFileError ? `import-posts: ${error.message}` : error);
  exitCode = 1;
} finally {
  await postEvents.close().catch(() => {});
  await showEnrichment.close().catch(() => {});
  await auditEvents.close().catch(() => {});
  redis.disconnect();
  await db.destroy();
}
process.exit(exitCode);
