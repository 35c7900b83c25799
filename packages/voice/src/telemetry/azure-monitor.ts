import {
  AzureMonitorMetricExporter,
  AzureMonitorTraceExporter,
} from '@azure/monitor-opentelemetry-exporter';
import { PeriodicExportingMetricReader, type MetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { TokenCredential } from '@azure/identity';
import { TurnTracer } from './tracing.ts';

export interface AzureMonitorExport {
  metricReader: MetricReader;
  tracer: TurnTracer;
  shutdown(): Promise<void>;
}

/**
 * Exports the service's metrics and turn traces to Azure Monitor (Application Insights)
 * when `TELEMETRY_CONNECTION_STRING` is set. With a credential, ingestion uses Entra ID
 * instead of the instrumentation key alone.
 */
export function azureMonitorExport(options: {
  connectionString: string;
  credential?: TokenCredential;
  exportIntervalMs?: number;
  serviceName?: string;
}): AzureMonitorExport {
  // The exporter would otherwise also send its own usage statistics ("statsbeat") to a
  // Microsoft endpoint; telemetry goes only where the connection string says. The SDK
  // reads this switch from the environment only.
  process.env.APPLICATION_INSIGHTS_NO_STATSBEAT = 'true';
  process.env.APPLICATIONINSIGHTS_STATSBEAT_DISABLED = 'true';
  const exporterOptions = {
    connectionString: options.connectionString,
    ...(options.credential ? { credential: options.credential } : {}),
    disableOfflineStorage: true,
  };
  const metricReader = new PeriodicExportingMetricReader({
    exporter: new AzureMonitorMetricExporter(exporterOptions),
    exportIntervalMillis: options.exportIntervalMs ?? 60_000,
  });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName ?? 'hikma-voice' }),
    spanProcessors: [
      new BatchSpanProcessor(new AzureMonitorTraceExporter(exporterOptions), {
        scheduledDelayMillis: options.exportIntervalMs ?? 5000,
      }),
    ],
  });
  return {
    metricReader,
    tracer: new TurnTracer(provider.getTracer('hikma-voice')),
    async shutdown() {
      await provider.shutdown();
    },
  };
}
