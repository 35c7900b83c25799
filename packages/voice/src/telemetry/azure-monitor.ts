import {
  AzureMonitorMetricExporter,
  AzureMonitorTraceExporter,
} from '@azure/monitor-opentelemetry-exporter';
import type { TokenCredential } from '@azure/identity';
import type { ExtraExporters } from '@hikma/service-kit';

/**
 * Exporters of the service's metrics and turn traces to Azure Monitor (Application Insights)
 * when `TELEMETRY_CONNECTION_STRING` is set; the service's telemetry wires them beside OTLP.
 * With a credential, ingestion uses Entra ID instead of the instrumentation key alone.
 */
export function azureMonitorExporters(options: {
  connectionString: string;
  credential?: TokenCredential;
}): Required<ExtraExporters> {
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
  return {
    spans: [new AzureMonitorTraceExporter(exporterOptions)],
    metrics: [new AzureMonitorMetricExporter(exporterOptions)],
  };
}
