import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { Queue, UnrecoverableError, type ConnectionOptions, type JobsOptions } from 'bullmq';
import type { QueueName } from './queue-names.ts';

/** One queue as producers and consumers agree on it. */
export interface QueueContract<Payload extends TSchema = TSchema> {
  name: QueueName;
  /** The name its jobs are added under. */
  jobName: string;
  /** What a job's data holds; a consumer checks it before acting (readPayload). */
  payload: Payload;
  /** Attempts, backoff and how long jobs are kept; a producer adds the job id. */
  jobOptions: JobsOptions;
}

export type PayloadOf<Contract extends QueueContract> = Static<Contract['payload']>;

/** The producer's side of a contract's queue, typed by its payload. */
export function createContractQueue<Contract extends QueueContract>(
  contract: Contract,
  connection: ConnectionOptions,
  prefix: string,
): Queue<PayloadOf<Contract>> {
  return new Queue<PayloadOf<Contract>>(contract.name, { connection, prefix });
}

/**
 * A job of the contract's queue, as `add`/`addBulk` take it: its job name, its data and the
 * contract's job options under `jobId` (an id made from the source row: the same row published
 * twice is one job while BullMQ keeps it). `options` overrides the contract's for this job.
 */
export function contractJob<Contract extends QueueContract>(
  contract: Contract,
  data: PayloadOf<Contract>,
  jobId: string,
  options: JobsOptions = {},
): { name: string; data: PayloadOf<Contract>; opts: JobsOptions } {
  return { name: contract.jobName, data, opts: { ...contract.jobOptions, ...options, jobId } };
}

const checks = new WeakMap<TSchema, TypeCheck<TSchema>>();

function checkOf(schema: TSchema): TypeCheck<TSchema> {
  let check = checks.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    checks.set(schema, check);
  }
  return check;
}

/**
 * A consumed job's data, checked against the contract. A malformed payload fails its job for good
 * (UnrecoverableError: no retry would fix it) with a message naming the queue and the first field
 * at fault; the worker goes on with the next job.
 */
export function readPayload<Contract extends QueueContract>(
  contract: Contract,
  data: unknown,
): PayloadOf<Contract> {
  const check = checkOf(contract.payload);
  if (check.Check(data)) return data as PayloadOf<Contract>;
  const first = check.Errors(data).First();
  const where = first?.path || '/';
  throw new UnrecoverableError(
    `malformed ${contract.name} payload: ${where} ${first?.message ?? 'does not match its schema'}`,
  );
}
