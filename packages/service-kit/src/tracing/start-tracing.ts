import { context, propagation, trace } from '@opentelemetry/api';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { configOrExit } from '../config-or-exit.ts';
import { loadTracingConfig } from './tracing-settings.ts';

interface RunningSdk {
  shutdown(): Promise<void>;
}

let running: { sdk: RunningSdk; instrumentations: { disable(): void }[] } | null = null;

/** Probes and scrapes make no traces: they would outnumber the requests worth reading. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
const untraced = (request: IncomingMessage) => UNTRACED_PATHS.has((request.url ?? '').split('?', 1)[0]!);

export interface TracingOptions {
  serviceName: string;
  /**
   * Whether outgoing HTTP gets client spans and a `traceparent` header: the gateway's calls to the
   * services. Off elsewhere: the workers' and services' outgoing calls go to retailers, TVmaze and
   * other outside APIs, which get no trace ids of ours and no header the checks did not choose.
   */
  traceOutgoing?: boolean;
  /** Where spans go; the OTLP/HTTP exporter (OTEL_EXPORTER_OTLP_* variables) when not given (tests pass their own). */
  spanProcessors?: SpanProcessor[];
}

/**
 * Starts the OpenTelemetry Node SDK: a span for every incoming HTTP request (joined to the trace of
 * its W3C `traceparent`) and, with `traceOutgoing`, for every outgoing one (undici and node:http,
 * the header put on), exported by OTLP/HTTP. The SDK is imported only here, so a process without an endpoint
 * loads none of it. Metrics and logs stay with Prometheus and pino: the SDK's are left off.
 */
export async function startTracing(options: TracingOptions): Promise<void> {
  if (running) return;
  const [{ NodeSDK }, { HttpInstrumentation }, { UndiciInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  // The OTLP exporter batches (OTEL_BSP_* variables) and reads its URL and headers from OTEL_EXPORTER_OTLP_*.
  const exporting = options.spanProcessors
    ? { spanProcessors: options.spanProcessors }
    : { traceExporter: new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter() };
  const outgoing = options.traceOutgoing ?? false;
  const instrumentations = [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: untraced,
      disableOutgoingRequestInstrumentation: !outgoing,
    }),
    ...(outgoing ? [new UndiciInstrumentation()] : []),
  ];
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    ...exporting,
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations,
  });
  sdk.start();
  running = { sdk, instrumentations };
  // Node's http module is loaded before this runs (an entry point's imports come first), and the
  // instrumentation patches a module when it is required: requiring it again patches the one
  // object every server already holds (its Server.prototype.emit, where incoming spans start).
  const require = createRequire(import.meta.url);
  for (const name of ['http', 'https']) require(name);
}

/**
 * Sends the spans still buffered and stops the SDK (graceful shutdown calls it last): the modules
 * are unpatched and the API's globals cleared, as if tracing had never started.
 */
export async function stopTracing(): Promise<void> {
  const stopping = running;
  running = null;
  if (!stopping) return;
  await stopping.sdk.shutdown().catch(() => undefined);
  for (const instrumentation of stopping.instrumentations) instrumentation.disable();
  trace.disable();
  propagation.disable();
  context.disable();
}

/**
 * For every entry point, first thing: tracing on when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, off otherwise; a malformed one stops the process
 * with the variable named, like every other setting.
 */
export async function startTracingFromEnv(
  processName: string,
  options: { traceOutgoing?: boolean; env?: Record<string, string | undefined> } = {},
): Promise<void> {
  const config = configOrExit(processName, () => loadTracingConfig(processName, options.env));
  if (config.enabled)
    await startTracing({ serviceName: config.serviceName, traceOutgoing: options.traceOutgoing });
}
