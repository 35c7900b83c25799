export { runUntilSignalled, type StartedService } from './run-until-signalled.ts';
export { listenOnLoopback, type Listenable } from './listen.ts';
export { PrometheusMeter, PROMETHEUS_CONTENT_TYPE, type MeterOptions } from './prometheus.ts';
export {
  LOG_FORMATS,
  REQUEST_ID_HEADER,
  acceptedRequestId,
  createLogger,
  echoRequestId,
  requestIdOf,
  requestIdOptions,
  resolveLogFormat,
  type LogFormat,
  type LogSettings,
} from './logging.ts';
export {
  OTLP_ENV,
  ServiceTelemetry,
  otlpSettingsFrom,
  parseOtlpHeaders,
  traceRequests,
  type ExtraExporters,
  type OtlpSettings,
  type TelemetrySettings,
} from './telemetry.ts';
export {
  renderEnvExample,
  readEnvExample,
  settingDefaults,
  serviceSettings,
  configTable,
  configTableNames,
  type ConfigRow,
  type Setting,
} from './settings.ts';
export { tidyJsonSchema, type SchemaOverrideContext } from './openapi-schema.ts';
