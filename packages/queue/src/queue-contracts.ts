import { AuditEntry } from '@celebstyle/contracts';
import type { JobsOptions } from 'bullmq';
import {
  EmailJob,
  LinkHealthChangedEvent,
  LinkHealthOfferEvent,
  PostChangedEvent,
} from './event-payloads.ts';
import './payload-formats.ts';
import type { QueueContract } from './queue-contract.ts';
import { QueueName } from './queue-names.ts';

const DAY_S = 24 * 3600;

/** Retries with backoff doubling from `delayMs`; finished jobs kept a day, failed ones a week. */
const eventJobs = (attempts: number, delayMs: number, keptDone: number, keptFailed: number): JobsOptions => ({
  attempts,
  backoff: { type: 'exponential', delay: delayMs },
  removeOnComplete: { count: keptDone, age: DAY_S },
  removeOnFail: { count: keptFailed, age: 7 * DAY_S },
});

/**
 * The queues that carry work between services, and the e-mail deliveries, each as its producers
 * and consumers agree on it: name, job name, payload schema and job options. Producers add jobs
 * through `contractJob`, consumers read them with `readPayload` (queue-contract.ts).
 */
export const QueueContracts = {
  postEvents: {
    name: QueueName.postEvents,
    jobName: 'post-changed',
    payload: PostChangedEvent,
    jobOptions: eventJobs(8, 2_000, 10_000, 10_000),
  },
  /** The catalog reads the status and offer part of link-health events (every change comes here). */
  linkHealthEvents: {
    name: QueueName.linkHealthEvents,
    jobName: 'link-health-changed',
    payload: LinkHealthOfferEvent,
    jobOptions: eventJobs(10, 2_000, 1_000, 5_000),
  },
  alertLinkHealthEvents: {
    name: QueueName.alertLinkHealthEvents,
    jobName: 'link-health-changed',
    payload: LinkHealthChangedEvent,
    jobOptions: eventJobs(10, 2_000, 1_000, 5_000),
  },
  auditEvents: {
    name: QueueName.auditEvents,
    jobName: 'audit-event',
    payload: AuditEntry,
    jobOptions: eventJobs(10, 2_000, 10_000, 10_000),
  },
  /** The delivery policy (attempts, backoff) is the service's setting: it overrides these. */
  emailDelivery: {
    name: QueueName.emailDelivery,
    jobName: 'deliver',
    payload: EmailJob,
    jobOptions: eventJobs(8, 5_000, 1_000, 5_000),
  },
} satisfies Record<string, QueueContract>;
