import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/HTTP JSON export names it, with the service that sent it. */
export interface ReceivedSpan {
  service: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  /** OTLP's SpanKind: 2 server, 3 client, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
type OtlpAttribute = { key: string; value: OtlpValue };
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      spans?: {
        name: string;
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        kind: number;
        attributes?: OtlpAttribute[];
      }[];
    }[];
  }[];
}

/** OTLP JSON ids are hex; base64 (protobuf's JSON mapping) is read too. */
const hexId = (id: string | undefined) =>
  !id ? '' : /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');

const attributes = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(
    list.map(({ key, value }) => [
      key,
      value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue,
    ]),
  );

export interface OtlpReceiver {
  /** Base URL for OTEL_EXPORTER_OTLP_ENDPOINT (exporters post to `<it>/v1/traces`). */
  url: string;
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

/**
 * A stand-in for an OpenTelemetry collector on loopback: keeps every span posted as OTLP/HTTP JSON
 * to /v1/traces, answers 200 (and 404 to anything else).
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/traces') {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
      for (const resource of body.resourceSpans ?? []) {
        const service = String(attributes(resource.resource?.attributes)['service.name']);
        for (const scope of resource.scopeSpans ?? [])
          for (const span of scope.spans ?? [])
            spans.push({
              service,
              name: span.name,
              traceId: hexId(span.traceId),
              spanId: hexId(span.spanId),
              parentSpanId: hexId(span.parentSpanId),
              kind: span.kind,
              attributes: attributes(span.attributes),
            });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
