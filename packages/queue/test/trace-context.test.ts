import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestRedis,
  createWorkerConnection,
  handingBack,
  TRACE_CONTEXT_FIELD,
  withTraceContext,
  type TestRedis,
} from '../src/index.ts';

const QUEUE = 'traced-drill';
let testRedis: TestRedis;
let queue: Queue;
const connections: Redis[] = [];
const exporter = new InMemorySpanExporter();
const connect = () => {
  const connection = createWorkerConnection(testRedis.url);
  connections.push(connection);
  return connection;
};

beforeAll(async () => {
  testRedis = await createTestRedis('trace-context');
  queue = new Queue(QUEUE, { connection: connect(), prefix: testRedis.prefix });
  // What the Node SDK registers in a process with tracing on (service-kit's startTracing).
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(
    new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }),
  );
});
afterAll(async () => {
  // Test files share this worker's modules: the globals go, as in a process with tracing off.
  trace.disable();
  propagation.disable();
  context.disable();
  await queue.close();
  for (const connection of connections) connection.disconnect();
  await testRedis.cleanup();
});

/** Runs one job through a worker whose processor is made with handingBack; resolves when it ends. */
async function runOne(
  data: object,
  process: (job: Job) => Promise<unknown>,
): Promise<{ traceIdSeen: string | undefined }> {
  let traceIdSeen: string | undefined;
  const worker = new Worker(
    QUEUE,
    handingBack(async (job) => {
      traceIdSeen = trace.getActiveSpan()?.spanContext().traceId;
      return process(job);
    }),
    { connection: connect(), prefix: testRedis.prefix, autorun: true },
  );
  const ended = new Promise<void>((resolve) => {
    worker.on('completed', () => resolve());
    worker.on('failed', () => resolve());
  });
  await queue.add('drill', data, { attempts: 1, removeOnComplete: true, removeOnFail: true });
  await ended;
  await worker.close();
  return { traceIdSeen };
}

describe('trace context in job data', () => {
  it('adds nothing to the job data when no trace is active', () => {
    const data = { postId: 'p1' };
    expect(withTraceContext(data)).toBe(data);
  });

  it("runs the job in a consumer span of the producing request's trace", async () => {
    exporter.reset();
    const tracer = trace.getTracer('test');
    const { data, producer } = tracer.startActiveSpan('request', (span) => {
      span.end();
      return { data: withTraceContext({ postId: 'p1' }), producer: span.spanContext() };
    });
    expect(data).toMatchObject({ postId: 'p1', [TRACE_CONTEXT_FIELD]: { traceparent: expect.any(String) } });

    const { traceIdSeen } = await runOne(data, async (job) => (job.data as { postId: string }).postId);
    expect(traceIdSeen).toBe(producer.traceId);
    const [span] = exporter.getFinishedSpans().filter((s) => s.name === `${QUEUE} process`);
    expect(span?.kind).toBe(SpanKind.CONSUMER);
    expect(span?.spanContext().traceId).toBe(producer.traceId);
    expect(span?.parentSpanContext?.spanId).toBe(producer.spanId);
    expect(span?.attributes['messaging.destination.name']).toBe(QUEUE);
  });

  it('starts a trace of its own for a job without one, and marks a failed job', async () => {
    exporter.reset();
    const { traceIdSeen } = await runOne({ postId: 'p2' }, async () => {
      throw new UnrecoverableError('malformed');
    });
    const [span] = exporter.getFinishedSpans().filter((s) => s.name === `${QUEUE} process`);
    expect(span?.spanContext().traceId).toBe(traceIdSeen);
    expect(span?.parentSpanContext).toBeUndefined();
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
  });
});
