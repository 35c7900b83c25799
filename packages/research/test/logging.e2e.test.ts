import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { LogCapture, startOtlpCollector } from '@hikma/service-kit/testing';
import { DEFAULT_STAGES } from '../src/pipeline/stages/index.ts';
import { RESEARCH_SERVICE } from '../src/service.ts';
import { call, startService } from './helpers.ts';

// Logs an operator can follow: each request under its X-Request-Id, each run's life under
// its run_id; telemetry that names the service.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

test('X-Request-Id is accepted, echoed (also to the UI origin through CORS) and logged', async () => {
  const logs = new LogCapture();
  const svc = await startService(
    { LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    { logDestination: logs },
  );
  try {
    const given = await call('GET', `${svc.api}/health`, undefined, {
      'x-request-id': 'abc-123',
    });
    assert.equal(given.status, 200);
    assert.equal(given.headers.get('x-request-id'), 'abc-123');
    const lines = logs.entries.filter((e) => e.request_id === 'abc-123');
    assert.deepEqual(
      lines.map((e) => e.msg),
      ['incoming request', 'request completed'],
    );
    assert.equal(lines[0]!.name, 'research');

    const generated = await call('GET', `${svc.api}/health`);
    assert.match(generated.headers.get('x-request-id') ?? '', UUID);
    const bad = await call('GET', `${svc.api}/health`, undefined, { 'x-request-id': 'a b' });
    assert.match(bad.headers.get('x-request-id') ?? '', UUID);
    const missing = await call('GET', `${svc.api}/runs/run_nope`, undefined, {
      'x-request-id': 'r-404',
    });
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('x-request-id'), 'r-404');

    const cors = await call('GET', `${svc.api}/health`, undefined, {
      origin: svc.config.uiOrigin,
    });
    assert.match(cors.headers.get('access-control-expose-headers') ?? '', /x-request-id/i);
    const preflight = await fetch(`${svc.api}/runs`, {
      method: 'OPTIONS',
      headers: {
        origin: svc.config.uiOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-request-id',
      },
    });
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /x-request-id/i);
  } finally {
    await svc.close();
  }
});

test("a run's life is logged under its run_id, and so are the requests about it", async () => {
  const logs = new LogCapture();
  const svc = await startService(
    { LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    { logDestination: logs, stages: DEFAULT_STAGES.slice(0, 2) },
  );
  try {
    await call('POST', `${svc.api}/users`, { user_id: 'ada' });
    const posted = await call(
      'POST',
      `${svc.api}/runs`,
      { user_id: 'ada', topic: 'tide pools', pause_after: ['ideation'] },
      { 'x-request-id': 'post-run-1' },
    );
    assert.equal(posted.status, 201);
    const runId = posted.body.run_id as string;
    const status = async () => (await call('GET', `${svc.api}/runs/${runId}`)).body.status;
    await until(async () => (await status()) === 'awaiting_feedback', 'the pause');
    await call('POST', `${svc.api}/runs/${runId}/feedback`, { text: 'looks good' });
    await until(async () => (await status()) === 'completed', 'the end of the run');
    await until(() => logs.withMessage('run completed').length === 1, 'the log line');

    const runLines = logs.entries.filter((e) => e.run_id === runId && !('request_id' in e));
    assert.deepEqual(
      runLines.map((e) => e.msg),
      [
        'run started',
        'stage completed',
        'run paused for feedback',
        'feedback received',
        'stage completed',
        'run completed',
      ],
    );
    assert.equal(runLines[0]!.topic, 'tide pools');
    assert.deepEqual(
      runLines.filter((e) => e.msg === 'stage completed').map((e) => e.stage),
      ['ideation', 'planning'],
    );
    // A request on a run's route: its lines carry both ids.
    const about = logs.entries.filter((e) => e.run_id === runId && e.msg === 'request completed');
    assert.ok(about.length > 0);
    assert.ok(about.every((e) => typeof e.request_id === 'string'));
  } finally {
    await svc.close();
  }
});

test('with OTEL_EXPORTER_OTLP_ENDPOINT, spans and metrics go to the collector as hikma-research', async () => {
  const collector = await startOtlpCollector();
  const svc = await startService({
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    TELEMETRY_EXPORT_INTERVAL_MS: '200',
  });
  try {
    const metrics = await call('GET', `${svc.api}/metrics`);
    assert.match(metrics.body, /target_info\{[^}]*service_name="hikma-research"/);
    assert.doesNotMatch(metrics.body, /unknown_service/);
    const health = await call('GET', `${svc.api}/health`);
    assert.deepEqual(health.body.providers, {
      llm: 'offline',
      storage: 'sqlite',
      run_queue: 'in-process',
      citations: 'none',
    });
  } finally {
    await svc.close();
  }
  try {
    const spans = collector.namesFrom('hikma-research', 'traces');
    assert.ok(spans.includes('GET /api/health'), `spans: ${spans.join(', ')}`);
    assert.ok(spans.includes('GET /api/metrics'), `spans: ${spans.join(', ')}`);
    const metricNames = new Set(collector.namesFrom('hikma-research', 'metrics'));
    for (const name of ['research.runs', 'research.slots.limit'])
      assert.ok(metricNames.has(name), `metrics: ${[...metricNames].join(', ')}`);
    for (const r of collector.received) {
      assert.deepEqual(r.serviceNames, ['hikma-research']);
      assert.deepEqual(r.serviceVersions, [RESEARCH_SERVICE.version]);
    }
  } finally {
    await collector.close();
  }
});
