import { Type } from '@sinclair/typebox';
import { loadConfig } from '../config.ts';

/**
 * OpenTelemetry's own variables (the SDK reads them too): traces are exported by OTLP/HTTP only when
 * an endpoint is set, and nothing of the SDK is even loaded otherwise.
 */
export const TracingSettings = {
  /** Base URL of the OTLP/HTTP receiver (a collector); traces go to `<it>/v1/traces`. */
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  /** The traces URL itself, winning over the base URL. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  /** The service name spans carry; the process name when unset. */
  OTEL_SERVICE_NAME: Type.Optional(Type.String({ minLength: 1 })),
  /** `true` keeps tracing off whatever the endpoint. */
  OTEL_SDK_DISABLED: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
};

export interface TracingConfig {
  /** Whether traces are exported (an endpoint is set and the SDK is not disabled). */
  enabled: boolean;
  serviceName: string;
}

/** The tracing settings of a process; a malformed endpoint is a ConfigError naming the variable. */
export function loadTracingConfig(
  processName: string,
  env: Record<string, string | undefined> = process.env,
): TracingConfig {
  const settings = loadConfig(TracingSettings, env);
  const endpoint = settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? settings.OTEL_EXPORTER_OTLP_ENDPOINT;
  return {
    enabled: Boolean(endpoint) && settings.OTEL_SDK_DISABLED !== 'true',
    serviceName: settings.OTEL_SERVICE_NAME ?? processName,
  };
}
