import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/** The W3C trace context a job carries in its data, from the request (or job) that added it. */
export interface JobTraceContext {
  traceparent: string;
  tracestate?: string;
}

/** Where in a job's data the trace context is kept; consumers' payload checks ignore it. */
export const TRACE_CONTEXT_FIELD = 'traceContext';

/**
 * The job data with the active trace's context added, so the worker's span joins the trace of the
 * request that caused the job. Returns `data` itself when no trace is active (tracing off: nothing
 * is added, nothing is allocated).
 */
export function withTraceContext<T extends object>(data: T): T {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  if (!carrier.traceparent) return data;
  return { ...data, [TRACE_CONTEXT_FIELD]: carrier };
}

function carriedContext(data: unknown) {
  const carried = (data as Record<string, unknown> | null)?.[TRACE_CONTEXT_FIELD];
  if (typeof carried !== 'object' || carried === null) return ROOT_CONTEXT;
  const carrier: Record<string, string> = {};
  for (const [key, value] of Object.entries(carried)) if (typeof value === 'string') carrier[key] = value;
  return propagation.extract(ROOT_CONTEXT, carrier);
}

const tracer = trace.getTracer('@celebstyle/queue');

/** What a span needs of a BullMQ job. */
export interface TracedJob {
  queueName: string;
  name: string;
  id?: string;
  data: unknown;
  attemptsMade?: number;
}

/**
 * Runs a job's processing in a consumer span, a child of the trace context the job carries (or a
 * trace of its own when it carries none). Without a tracer provider (tracing off) the span is a
 * no-op.
 */
export function inJobSpan<R>(job: TracedJob, run: () => Promise<R>): Promise<R> {
  return tracer.startActiveSpan(
    `${job.queueName} process`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'bullmq',
        'messaging.operation.type': 'process',
        'messaging.destination.name': job.queueName,
        'messaging.message.id': job.id ?? '',
        'bullmq.job.name': job.name,
        'bullmq.job.attempts_made': job.attemptsMade ?? 0,
      },
    },
    carriedContext(job.data),
    async (span) => {
      try {
        return await run();
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
