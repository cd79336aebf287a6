import type { AuditEntry } from '@celebstyle/contracts';
import {
  closeWorkers,
  handingBack,
  keepJobScheduler,
  QueueContracts,
  QueueName,
  readPayload,
  type AuditEventPayload,
} from '@celebstyle/queue';
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Log } from '@celebstyle/service-kit';
import type { Database } from '../../db/database.ts';
import { insertAuditEntries } from './audit-log.repository.ts';
import { AuditLogService } from './audit-log.service.ts';

export interface AuditLogWorkerOptions {
  db: Kysely<Database>;
  /** A worker connection (maxRetriesPerRequest: null) for the workers, and one for the queue. */
  workerConnection: ConnectionOptions;
  queueConnection: ConnectionOptions;
  prefix: string;
  log: Log;
  /** AUDIT_RETENTION_DAYS: entries older than this are purged daily. */
  retentionDays: number;
  concurrency?: number;
  /** How often the worker checks the purge's scheduler still exists in Redis. */
  schedulerCheckEveryMs?: number;
}

export interface AuditLogWorker {
  /** Runs the retention purge now (the scheduler runs it daily). */
  purge(): Promise<number>;
  /** Stops taking jobs; what is still running when `handBack` aborts goes back to its queue. */
  close(handBack?: AbortSignal): Promise<void>;
}

const PURGE_SCHEDULER = 'audit-log-retention';
const PURGE_JOB = 'audit-log-purge';

/**
 * accounts' worker: drains the audit-events queue (every other service's audit outbox) into the
 * audit log, by entry id so a redelivered entry is kept once, and purges entries past retention
 * once a day (a job scheduler, so one purge however many replicas run).
 */
export async function startAuditLogWorker(options: AuditLogWorkerOptions): Promise<AuditLogWorker> {
  const auditLog = new AuditLogService(options.db);
  const purge = async () => {
    const purged = await auditLog.purge(options.retentionDays);
    if (purged > 0) options.log.info({ purged, retentionDays: options.retentionDays }, 'audit log purged');
    return purged;
  };

  const consumer = new Worker<AuditEventPayload>(
    QueueContracts.auditEvents.name,
    // Idempotent (entries are kept by id): one handed back at shutdown is stored again elsewhere.
    handingBack(async (job) => ({
      inserted: await insertAuditEntries(options.db, [
        readPayload(QueueContracts.auditEvents, job.data) as AuditEntry,
      ]),
    })),
    { connection: options.workerConnection, prefix: options.prefix, concurrency: options.concurrency ?? 5 },
  );
  const maintenance = new Worker(
    QueueName.accountsMaintenance,
    handingBack(async () => ({ purged: await purge() })),
    {
      connection: options.workerConnection,
      prefix: options.prefix,
      concurrency: 1,
    },
  );
  for (const worker of [consumer, maintenance]) {
    worker.on('error', (err) => options.log.error({ err }, 'audit log worker error'));
    worker.on('failed', (job, err) =>
      options.log.warn({ err, jobId: job?.id, attempt: job?.attemptsMade }, 'audit log job failed'),
    );
  }

  const queue = new Queue(QueueName.accountsMaintenance, {
    connection: options.queueConnection,
    prefix: options.prefix,
  });
  const schedule = await keepJobScheduler(
    queue,
    [
      PURGE_SCHEDULER,
      { pattern: '17 3 * * *' },
      { name: PURGE_JOB, data: {}, opts: { removeOnComplete: 10, removeOnFail: 50 } },
    ],
    {
      checkEveryMs: options.schedulerCheckEveryMs ?? 60_000,
      connection: options.queueConnection,
      onRecreated: (why) => options.log.warn({ why }, 'audit log purge schedule was missing; re-created'),
      onError: (err) => options.log.error({ err }, 'could not check the audit log purge schedule'),
    },
  );
  options.log.info({ retentionDays: options.retentionDays }, 'audit log worker started');

  return {
    purge,
    async close(handBack) {
      schedule.stop();
      await closeWorkers([consumer, maintenance], handBack);
      await queue.close();
    },
  };
}
