import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:https';
import { gunzipSync } from 'node:zlib';
import { selfSignedCertificate } from '@hikma/llm/testing';
import { startOtlpCollector } from '@hikma/service-kit/testing';
import { VOICE_SERVICE } from '../src/service.ts';
import { createSession, startVoice, VoiceClient } from './helpers/service.ts';

test('with OTEL_EXPORTER_OTLP_ENDPOINT, spans and metrics go to the OTLP collector as hikma-voice', async () => {
  const collector = await startOtlpCollector();
  const voice = await startVoice({
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    TELEMETRY_EXPORT_INTERVAL_MS: '200',
  });
  try {
    const prometheus = await (await fetch(`${voice.http}/metrics`)).text();
    assert.match(prometheus, /target_info\{[^}]*service_name="hikma-voice"/);
    assert.doesNotMatch(prometheus, /unknown_service/);

    const created = await createSession(voice.http);
    const client = await VoiceClient.connect(created.body);
    await client.waitFor('session.created');
    client.send({
      type: 'conversation.item.create',
      item: { role: 'user', content: 'hello telemetry' },
    });
    await client.waitFor('response.done');
    client.close();
    await client.waitClosed();
  } finally {
    // Stopping sends what is left: the last spans and a last collection of the metrics.
    await voice.close();
  }
  try {
    const spans = collector.namesFrom('hikma-voice', 'traces');
    assert.ok(spans.includes('voice.turn'), `spans: ${spans.join(', ')}`);
    assert.ok(spans.includes('llm') && spans.includes('tts'), `spans: ${spans.join(', ')}`);
    assert.ok(spans.includes('POST /v1/sessions'), `spans: ${spans.join(', ')}`);
    const metrics = new Set(collector.namesFrom('hikma-voice', 'metrics'));
    for (const name of ['session.created', 'session.closed', 'session.duration_ms'])
      assert.ok(metrics.has(name), `metrics: ${[...metrics].join(', ')}`);
    for (const r of collector.received) {
      assert.deepEqual(r.serviceNames, ['hikma-voice']);
      assert.deepEqual(r.serviceVersions, [VOICE_SERVICE.version]);
    }
  } finally {
    await collector.close();
  }
});

test('with TELEMETRY_CONNECTION_STRING, metrics and turn traces go to Azure Monitor ingestion', async () => {
  const envelopes: { name: string; data: any }[] = [];
  // Azure Monitor ingestion is HTTPS only: the fake uses a throwaway self-signed certificate.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const tls = selfSignedCertificate();
  const ingestion = createServer(tls, (req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      let body = Buffer.concat(parts);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const text = body.toString('utf8').trim();
      const items = text.startsWith('[')
        ? (JSON.parse(text) as any[])
        : text.split('\n').map((l) => JSON.parse(l));
      for (const item of items) envelopes.push({ name: item.name, data: item.data });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ itemsReceived: items.length, itemsAccepted: items.length, errors: [] }),
      );
    });
  });
  await new Promise<void>((r) => ingestion.listen(0, '127.0.0.1', r));
  const port = (ingestion.address() as { port: number }).port;
  const voice = await startVoice({
    TELEMETRY_CONNECTION_STRING: `InstrumentationKey=00000000-0000-0000-0000-000000000001;IngestionEndpoint=https://127.0.0.1:${port}/`,
    TELEMETRY_EXPORT_INTERVAL_MS: '300',
  });
  try {
    const created = await createSession(voice.http);
    const client = await VoiceClient.connect(created.body);
    await client.waitFor('session.created');
    client.send({
      type: 'conversation.item.create',
      item: { role: 'user', content: 'hello telemetry' },
    });
    await client.waitFor('response.done');
    client.close();
    const deadline = Date.now() + 10_000;
    const spanNames = () =>
      envelopes.filter((e) => e.data?.baseType !== 'MetricData').map((e) => e.data?.baseData?.name);
    const metricNames = () =>
      envelopes
        .filter((e) => e.data?.baseType === 'MetricData')
        .flatMap((e) => e.data.baseData.metrics.map((m: any) => m.name));
    while (
      Date.now() < deadline &&
      !(spanNames().includes('voice.turn') && metricNames().includes('session.created'))
    ) {
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(spanNames().includes('voice.turn'), `spans: ${spanNames().join(', ')}`);
    assert.ok(
      spanNames().includes('llm') && spanNames().includes('tts'),
      `spans: ${spanNames().join(', ')}`,
    );
    assert.ok(
      metricNames().includes('session.created'),
      `metrics: ${[...new Set(metricNames())].join(', ')}`,
    );
  } finally {
    await voice.close();
    ingestion.close();
  }
});
