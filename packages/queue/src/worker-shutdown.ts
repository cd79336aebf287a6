import { WaitingError, type Job, type Worker } from 'bullmq';
import { inJobSpan } from './trace-context.ts';

/** A processor told, through `signal`, that its worker is shutting down and its time is up. */
export type HandingBackProcessor<Data, Result> = (
  job: Job<Data>,
  token: string | undefined,
  signal: AbortSignal,
) => Promise<Result>;

const stillRunning = new AbortController().signal;

/**
 * Wraps an idempotent processor: when its worker's shutdown grace runs out before the job ends
 * (closeWorkers' hand-back), the job goes back to the front of its queue's wait list at once, with
 * no attempt spent, for another worker to run again; it is not left locked until its lock
 * expires. The processor gets the signal to stop early too; whatever it did before is done again.
 * Each job runs in a consumer span joined to the trace its data carries (trace-context.ts).
 */
export function handingBack<Data, Result>(
  processor: HandingBackProcessor<Data, Result>,
): (job: Job<Data>, token: string | undefined, signal?: AbortSignal) => Promise<Result> {
  // Three declared parameters: BullMQ passes a cancellation signal only to such processors.
  return (job, token, signal) => inJobSpan(job, () => runHandingBack(processor, job, token, signal));
}

async function runHandingBack<Data, Result>(
  processor: HandingBackProcessor<Data, Result>,
  job: Job<Data>,
  token: string | undefined,
  signal: AbortSignal | undefined,
): Promise<Result> {
  if (!signal) return processor(job, token, stillRunning);
  let stopWaiting = () => undefined as void;
  const cancelled = new Promise<'cancelled'>((resolve) => {
    const onAbort = () => resolve('cancelled');
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    stopWaiting = () => signal.removeEventListener('abort', onAbort);
  });
  const running = processor(job, token, signal);
  try {
    const first = await Promise.race([running.then((result) => ({ result })), cancelled]);
    if (first !== 'cancelled') return first.result;
  } finally {
    stopWaiting();
  }
  running.catch(() => undefined);
  return handBackJob(job, token);
}

/** Puts an active job back to wait (the lock released); throws what tells BullMQ it was moved. */
export async function handBackJob(job: Job, token: string | undefined): Promise<never> {
  await job.moveToWait(token);
  throw new WaitingError(`job ${job.id} handed back: its worker is shutting down`);
}

/**
 * Closes workers on SIGTERM: each stops taking jobs at once and waits for the jobs it holds; when
 * `handBack` aborts (the grace period is ending), every job still running is cancelled, and a
 * processor made with `handingBack` (or one that honours its signal) gives its job back.
 */
export async function closeWorkers(workers: readonly Worker[], handBack?: AbortSignal): Promise<void> {
  const cancel = () => {
    for (const worker of workers) worker.cancelAllJobs('its worker is shutting down');
  };
  if (handBack?.aborted) cancel();
  else handBack?.addEventListener('abort', cancel, { once: true });
  try {
    await Promise.all(workers.map((worker) => worker.close()));
  } finally {
    handBack?.removeEventListener('abort', cancel);
  }
}
