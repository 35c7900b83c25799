import type { Meter } from '@opentelemetry/api';
import { MeterProvider, type MetricReader } from '@opentelemetry/sdk-metrics';
import { PrometheusExporter, PrometheusSerializer } from '@opentelemetry/exporter-prometheus';

/**
 * An OpenTelemetry meter whose metrics are read out on demand as Prometheus text (for a
 * service's own `/metrics` route, without the exporter's separate server). `extraReaders`
 * export the same metrics elsewhere (e.g. Azure Monitor).
 */
export class PrometheusMeter {
  readonly meter: Meter;
  private readonly provider: MeterProvider;
  private readonly exporter = new PrometheusExporter({ preventServerStart: true });
  private readonly serializer = new PrometheusSerializer();

  constructor(name: string, extraReaders: MetricReader[] = []) {
    this.provider = new MeterProvider({ readers: [this.exporter, ...extraReaders] });
    this.meter = this.provider.getMeter(name);
  }

  /** The current metrics in the Prometheus text exposition format. */
  async prometheusText(): Promise<string> {
    const { resourceMetrics } = await this.exporter.collect();
    return this.serializer.serialize(resourceMetrics);
  }

  async shutdown(): Promise<void> {
    await this.provider.shutdown();
  }
}

/** The content type of the Prometheus text exposition format. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
