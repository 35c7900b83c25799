import type { Meter } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import { MeterProvider, type MetricReader } from '@opentelemetry/sdk-metrics';
import { PrometheusExporter, PrometheusSerializer } from '@opentelemetry/exporter-prometheus';

/** Where else a meter's metrics go, and the resource that names the service. */
export interface MeterOptions {
  /** Push readers exporting the same metrics elsewhere (OTLP, Azure Monitor). */
  readers?: MetricReader[];
  /** `service.name` and friends; Prometheus shows it as `target_info`. */
  resource?: Resource;
}

/**
 * An OpenTelemetry meter whose metrics are read out on demand as Prometheus text (for a
 * service's own `/metrics` route, without the exporter's separate server).
 */
export class PrometheusMeter {
  readonly meter: Meter;
  private readonly provider: MeterProvider;
  private readonly exporter = new PrometheusExporter({ preventServerStart: true });
  private readonly serializer = new PrometheusSerializer();

  constructor(name: string, options: MeterOptions = {}) {
    this.provider = new MeterProvider({
      readers: [this.exporter, ...(options.readers ?? [])],
      ...(options.resource ? { resource: options.resource } : {}),
    });
    this.meter = this.provider.getMeter(name);
  }

  /** The current metrics in the Prometheus text exposition format. */
  async prometheusText(): Promise<string> {
    const { resourceMetrics } = await this.exporter.collect();
    return this.serializer.serialize(resourceMetrics);
  }

  /** Pushes the current metrics to the push readers now. */
  async flush(): Promise<void> {
    await this.provider.forceFlush();
  }

  async shutdown(): Promise<void> {
    await this.provider.shutdown();
  }
}

/** The content type of the Prometheus text exposition format. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
