import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PrometheusMeter,
  ServiceTelemetry,
  otlpSettingsFrom,
  parseOtlpHeaders,
} from '../src/index.ts';
import { startOtlpCollector } from '../src/testing.ts';

test('OTLP settings follow the standard variables', () => {
  assert.equal(otlpSettingsFrom({}), null);
  assert.deepEqual(otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }), {
    tracesUrl: 'http://collector:4318/v1/traces',
    metricsUrl: 'http://collector:4318/v1/metrics',
    headers: {},
  });
  assert.deepEqual(
    otlpSettingsFrom({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces.example/t',
      OTEL_EXPORTER_OTLP_HEADERS: 'api-key=s%3Dcret, x-team=voice',
    }),
    {
      tracesUrl: 'http://traces.example/t',
      metricsUrl: 'http://collector:4318/v1/metrics',
      headers: { 'api-key': 's=cret', 'x-team': 'voice' },
    },
  );
  assert.deepEqual(otlpSettingsFrom({ OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: 'http://m/x' }), {
    metricsUrl: 'http://m/x',
    headers: {},
  });
  assert.deepEqual(parseOtlpHeaders('broken,=x,a=1'), { a: '1' });
});

test('spans and metrics reach an OTLP collector under the service name and version', async () => {
  const collector = await startOtlpCollector();
  try {
    const telemetry = new ServiceTelemetry({
      service: { name: 'hikma-test', version: '1.2.3' },
      otlp: otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url }),
      exportIntervalMs: 60_000,
    });
    assert.ok(telemetry.tracing);
    const meter = new PrometheusMeter('hikma-test', {
      resource: telemetry.resource,
      readers: telemetry.metricReaders,
    });
    meter.meter.createCounter('things.done').add(3);
    telemetry.tracer.startSpan('doing.a.thing').end();
    await telemetry.flush();
    await meter.flush();

    assert.deepEqual(collector.namesFrom('hikma-test', 'traces'), ['doing.a.thing']);
    assert.deepEqual(collector.namesFrom('hikma-test', 'metrics'), ['things.done']);
    for (const r of collector.received) {
      assert.deepEqual(r.serviceVersions, ['1.2.3']);
      assert.match(r.contentType, /^application\/json/);
    }
    // The same resource names the service in the Prometheus text, instead of unknown_service.
    const text = await meter.prometheusText();
    assert.match(text, /target_info\{[^}]*service_name="hikma-test"/);
    assert.match(text, /service_version="1\.2\.3"/);
    assert.doesNotMatch(text, /unknown_service/);
    await meter.shutdown();
    await telemetry.shutdown();
  } finally {
    await collector.close();
  }
});

test('without an exporter the tracer records nothing and nothing is sent', async () => {
  const telemetry = new ServiceTelemetry({
    service: { name: 'hikma-test', version: '0.0.0' },
    otlp: null,
    exportIntervalMs: 1000,
  });
  assert.equal(telemetry.tracing, false);
  assert.equal(telemetry.metricReaders.length, 0);
  const span = telemetry.tracer.startSpan('nothing');
  assert.equal(span.isRecording(), false);
  span.end();
  await telemetry.shutdown();
});
