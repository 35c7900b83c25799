import { trace, SpanKind, SpanStatusCode, type Span, type Tracer } from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import {
  PeriodicExportingMetricReader,
  type MetricReader,
  type PushMetricExporter,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Where OTLP/HTTP exports go; a signal without a URL is not exported. */
export interface OtlpSettings {
  tracesUrl?: string;
  metricsUrl?: string;
  headers: Record<string, string>;
}

/** What a service's telemetry needs to know. */
export interface TelemetrySettings {
  /** `service.name` and `service.version` of the OpenTelemetry resource. */
  service: { name: string; version: string };
  /** OTLP/HTTP export; null when no `OTEL_EXPORTER_OTLP_*ENDPOINT` is set. */
  otlp: OtlpSettings | null;
  /** How often metrics are pushed (and the longest a finished span waits to be sent). */
  exportIntervalMs: number;
}

/**
 * The standard OpenTelemetry variables both services read (in their config schemas): the
 * base endpoint gets `/v1/traces` and `/v1/metrics` appended, the per-signal ones are used
 * as they are.
 */
export const OTLP_ENV = {
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_HEADERS: z.string().optional(),
};

type OtlpEnv = { [K in keyof typeof OTLP_ENV]?: string | undefined };

/** OTLP settings from the standard variables (already validated); null when none is set. */
export function otlpSettingsFrom(env: OtlpEnv): OtlpSettings | null {
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  const tracesUrl = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || (base && `${base}/v1/traces`);
  const metricsUrl = env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT || (base && `${base}/v1/metrics`);
  if (!tracesUrl && !metricsUrl) return null;
  return {
    ...(tracesUrl ? { tracesUrl } : {}),
    ...(metricsUrl ? { metricsUrl } : {}),
    headers: parseOtlpHeaders(env.OTEL_EXPORTER_OTLP_HEADERS ?? ''),
  };
}

/** `key1=value1,key2=value2` (values URL-encoded), as the OpenTelemetry spec writes headers. */
export function parseOtlpHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const key = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    try {
      headers[key] = decodeURIComponent(value);
    } catch {
      headers[key] = value;
    }
  }
  return headers;
}

/** Exporters besides OTLP that the service configures (e.g. Azure Monitor). */
export interface ExtraExporters {
  spans?: SpanExporter[];
  metrics?: PushMetricExporter[];
}

/**
 * A service's OpenTelemetry wiring: one resource naming the service, the push metric readers
 * (OTLP and any extra exporters) for its meter, and a tracer whose spans go to the same
 * places. Without any exporter, the tracer records nothing.
 */
export class ServiceTelemetry {
  readonly resource: Resource;
  readonly metricReaders: MetricReader[];
  readonly tracer: Tracer;
  private readonly provider: BasicTracerProvider | null;

  constructor(settings: TelemetrySettings, extra: ExtraExporters = {}) {
    this.resource = defaultResource().merge(
      resourceFromAttributes({
        'service.name': settings.service.name,
        'service.version': settings.service.version,
      }),
    );
    const otlp = settings.otlp;
    const spanExporters: SpanExporter[] = [
      ...(otlp?.tracesUrl
        ? [new OTLPTraceExporter({ url: otlp.tracesUrl, headers: otlp.headers })]
        : []),
      ...(extra.spans ?? []),
    ];
    const metricExporters: PushMetricExporter[] = [
      ...(otlp?.metricsUrl
        ? [new OTLPMetricExporter({ url: otlp.metricsUrl, headers: otlp.headers })]
        : []),
      ...(extra.metrics ?? []),
    ];
    this.metricReaders = metricExporters.map(
      (exporter) =>
        new PeriodicExportingMetricReader({
          exporter,
          exportIntervalMillis: settings.exportIntervalMs,
          exportTimeoutMillis: Math.min(30_000, settings.exportIntervalMs),
        }),
    );
    this.provider =
      spanExporters.length > 0
        ? new BasicTracerProvider({
            resource: this.resource,
            spanProcessors: spanExporters.map(
              (exporter) =>
                new BatchSpanProcessor(exporter, {
                  scheduledDelayMillis: Math.min(5000, settings.exportIntervalMs),
                }),
            ),
          })
        : null;
    this.tracer =
      this.provider?.getTracer(settings.service.name, settings.service.version) ??
      trace.getTracer(`${settings.service.name}-noop`);
  }

  /** True when spans go somewhere. */
  get tracing(): boolean {
    return this.provider !== null;
  }

  /** Sends the finished spans now. */
  async flush(): Promise<void> {
    await this.provider?.forceFlush();
  }

  /**
   * Sends what is left and stops the tracer. The metric readers belong to the meter that was
   * given them and stop (with a last export) when it does.
   */
  async shutdown(): Promise<void> {
    await this.provider?.shutdown();
  }
}

/**
 * A server span per HTTP request (`GET /v1/sessions`), with the method, route, status and
 * request id, ended when the response is sent or the client goes away.
 */
export function traceRequests(app: FastifyInstance, tracer: Tracer): void {
  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (request, _reply, done) => {
    spans.set(
      request,
      tracer.startSpan(request.method, {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': request.url.split('?')[0] ?? '/',
          'request.id': request.id,
        },
      }),
    );
    done();
  });
  const end = (request: FastifyRequest, status?: number) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    const route = request.routeOptions.url;
    if (route) {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    if (status !== undefined) {
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request);
    done();
  });
}
