import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConfigError,
  createService,
  loadTracingConfig,
  startTracing,
  startTracingFromEnv,
  stopTracing,
} from '../src/index.ts';

afterEach(async () => {
  await stopTracing();
});

describe('tracing settings', () => {
  it('is off without an OTLP endpoint, on with one, and off again when the SDK is disabled', () => {
    expect(loadTracingConfig('catalog', {})).toEqual({ enabled: false, serviceName: 'catalog' });
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };
    expect(loadTracingConfig('catalog', endpoint)).toEqual({ enabled: true, serviceName: 'catalog' });
    expect(
      loadTracingConfig('catalog', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })
        .enabled,
    ).toBe(true);
    expect(loadTracingConfig('catalog', { ...endpoint, OTEL_SDK_DISABLED: 'true' }).enabled).toBe(false);
    expect(loadTracingConfig('catalog', { ...endpoint, OTEL_SERVICE_NAME: 'shop' }).serviceName).toBe('shop');
  });

  it('refuses a malformed endpoint, naming the variable', () => {
    expect(() => loadTracingConfig('catalog', { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      ConfigError,
    );
    expect(() => loadTracingConfig('catalog', { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT is malformed/,
    );
  });

  it('records nothing when no endpoint is set', async () => {
    await startTracingFromEnv('catalog', { env: {} });
    const span = trace.getTracer('test').startSpan('anything');
    expect(span.isRecording()).toBe(false);
    span.end();
  });
});

describe('startTracing', () => {
  it('traces a request into a service and on to the next one as one trace, and leaves probes out', async () => {
    const exporter = new InMemorySpanExporter();
    await startTracing({
      serviceName: 'drill',
      traceOutgoing: true,
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
    });
    const downstream = createService({ name: 'downstream', logLevel: 'silent' });
    downstream.get('/api/echo', { schema: { hide: true } }, async () => ({ ok: true }));
    await downstream.listen({ port: 0, host: '127.0.0.1' });
    const downstreamUrl = `http://127.0.0.1:${(downstream.server.address() as AddressInfo).port}`;
    const upstream = createService({ name: 'upstream', logLevel: 'silent' });
    upstream.get('/api/relay', { schema: { hide: true } }, async () => {
      const answer = await fetch(`${downstreamUrl}/api/echo`);
      return answer.json();
    });
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    const upstreamUrl = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${upstreamUrl}/api/relay`)).status).toBe(200);
      expect((await fetch(`${upstreamUrl}/healthz`)).status).toBe(200);
      const serverSpans = () => exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
      type ServerSpan = ReturnType<typeof serverSpans>[number];
      const target = (span: ServerSpan) =>
        String(span.attributes['url.path'] ?? span.attributes['http.target']);
      // A server span ends at its answer's 'close' event, which on a busy machine can come after
      // the client has read the answer.
      await expect
        .poll(() => serverSpans().map(target))
        .toEqual(expect.arrayContaining(['/api/relay', '/api/echo']));
      const servers = serverSpans();
      const relay = servers.find((span) => target(span) === '/api/relay');
      const echo = servers.find((span) => target(span) === '/api/echo');
      expect(echo?.spanContext().traceId).toBe(relay!.spanContext().traceId);
      expect(servers.filter((span) => target(span) === '/healthz')).toEqual([]);
    } finally {
      await upstream.close();
      await downstream.close();
    }
  });

  it('puts no traceparent on outgoing calls unless asked (retailers and outside APIs get none)', async () => {
    const exporter = new InMemorySpanExporter();
    await startTracing({ serviceName: 'worker', spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    const received: (string | undefined)[] = [];
    const outside = createServer((request, response) => {
      received.push(request.headers.traceparent as string | undefined);
      response.end('ok');
    });
    await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(outside.address() as AddressInfo).port}/product`;
    try {
      await trace.getTracer('test').startActiveSpan('job', async (span) => {
        await (await fetch(url)).text();
        await new Promise<void>((resolve) => get(url, (answer) => answer.resume().on('end', resolve)));
        span.end();
      });
      expect(received).toEqual([undefined, undefined]);
      expect(exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.CLIENT)).toEqual([]);
    } finally {
      outside.closeAllConnections();
      await new Promise((resolve) => outside.close(resolve));
    }
  });
});
