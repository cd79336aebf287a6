import type { ChaosEnvironment } from './environment.ts';
import { LOAD_KINDS, type LoadGenerator } from './load.ts';
import { WORKER_NAMES, type Probes, type WorkerName } from './probes.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a part may take to recover after it is back before the suite fails. */
export const RECOVERY_BOUND_MS = 60_000;
/** How long the stopped service stays down. */
export const SERVICE_STOP_MS = 30_000;
/** How long Redis and PostgreSQL stay down during their restart. */
const SERVER_DOWN_MS = 4_000;

export interface Fault {
  name: string;
  /** Injects the fault and undoes what the suite did (restarts what it stopped); returns a note. */
  inject(env: ChaosEnvironment, probes: Probes): Promise<string>;
  /** Workers that must have completed a job after the fault before it counts as recovered. */
  mustProgress: WorkerName[];
}

export interface FaultRun {
  name: string;
  note: string;
  /** When the fault began. */
  startedAt: number;
  /** When what the suite stopped was back (restarted, started again). */
  restoredAt: number;
  /** When every kind of request succeeded again and each worker concerned did work; undefined: never. */
  recoveredAt?: number;
}

/** kill -9 of a worker while it runs a job (waits up to 20 s for one), then the suite starts it again. */
function killWorker(worker: WorkerName): Fault {
  return {
    name: `kill -9 ${worker}`,
    mustProgress: [worker],
    async inject(env, probes) {
      const deadline = Date.now() + 20_000;
      let active = await probes.activeJobs(worker);
      while (active === 0 && Date.now() < deadline) {
        await sleep(10);
        active = await probes.activeJobs(worker);
      }
      await env.stack.control.kill(worker, 'SIGKILL');
      await sleep(1_000);
      await env.stack.control.start(worker);
      return active > 0 ? `${active} job(s) active at the kill` : 'no job active within 20 s: killed idle';
    },
  };
}

/**
 * kill -9 of the e-mail worker at the worst moment: the SMTP server has accepted a message and the
 * worker has not yet heard so, let alone marked the outbox row sent (README, at-least-once windows).
 */
const killMailerAfterAccept: Fault = {
  name: 'kill -9 newsletter-worker after an SMTP accept',
  mustProgress: ['newsletter-worker'],
  async inject(env) {
    const accepted = new Promise<string>((resolve) =>
      env.smtp.onNextAccept((delivery) => {
        // kill() sends the signal at once, before the sink writes its 250 reply.
        void env.stack.control.kill('newsletter-worker', 'SIGKILL');
        resolve(delivery.messageId.split('@')[0]!);
      }),
    );
    const outboxId = await accepted;
    await env.stack.control.kill('newsletter-worker', 'SIGKILL');
    await sleep(1_000);
    await env.stack.control.start('newsletter-worker');
    return `killed as e-mail ${outboxId.slice(0, 8)} was accepted`;
  },
};

/**
 * In this order: the servers first, so e-mails whose enqueue failed while Redis was away have been
 * swept into the queue again (outbox rows unsent for 60 s, every 60 s) by the time the faults end;
 * the 30 s stop last, which leaves the killed workers' stalled jobs time to come back.
 */
export const FAULTS: Fault[] = [
  {
    name: 'restart Redis',
    mustProgress: WORKER_NAMES,
    async inject(env) {
      await env.redis.stop();
      await sleep(SERVER_DOWN_MS);
      await env.redis.start();
      return `down ${SERVER_DOWN_MS / 1000} s, same data (AOF)`;
    },
  },
  {
    name: 'restart PostgreSQL',
    mustProgress: WORKER_NAMES,
    async inject(env) {
      await env.postgres.stop();
      await sleep(SERVER_DOWN_MS);
      await env.postgres.start();
      return `down ${SERVER_DOWN_MS / 1000} s (fast shutdown)`;
    },
  },
  killWorker('newsletter-worker'),
  killMailerAfterAccept,
  killWorker('link-validation-worker'),
  killWorker('catalog-worker'),
  {
    name: 'stop newsletter-support',
    mustProgress: ['newsletter-worker'],
    async inject(env) {
      await env.stack.control.stop('newsletter-support');
      await sleep(SERVICE_STOP_MS);
      await env.stack.control.start('newsletter-support');
      return `stopped ${SERVICE_STOP_MS / 1000} s (SIGTERM), then started`;
    },
  },
];

/** Whether every kind of request was answered 2xx when sent after `since`, and the workers progressed. */
async function recovered(
  load: LoadGenerator,
  probes: Probes,
  workers: WorkerName[],
  since: number,
): Promise<boolean> {
  const okKinds = new Set(
    load.outcomes.filter((o) => o.startedAt >= since && o.status >= 200 && o.status < 300).map((o) => o.kind),
  );
  if (!LOAD_KINDS.every((kind) => okKinds.has(kind))) return false;
  for (const worker of workers) if (!(await probes.completedSince(worker, since))) return false;
  return true;
}

/** Injects one fault under the running load and measures the time until everything works again. */
export async function runFault(
  fault: Fault,
  env: ChaosEnvironment,
  probes: Probes,
  load: LoadGenerator,
): Promise<FaultRun> {
  const startedAt = Date.now();
  const note = await fault.inject(env, probes);
  const restoredAt = Date.now();
  const run: FaultRun = { name: fault.name, note, startedAt, restoredAt };
  while (Date.now() - restoredAt < RECOVERY_BOUND_MS) {
    if (await recovered(load, probes, fault.mustProgress, restoredAt)) {
      run.recoveredAt = Date.now();
      break;
    }
    await sleep(200);
  }
  return run;
}
