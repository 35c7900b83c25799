import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startService, type RunningService } from '../../research/test/helpers.ts';
import { generateTypes, TYPES } from '../src/generate-types.ts';
import { STAGES as SERVICE_STAGES } from '../../research/src/domain/artefacts.ts';
import { RUN_EVENT_TYPES as SERVICE_EVENT_TYPES } from '../../research/src/domain/events.ts';
import {
  ResearchApiError,
  ResearchClient,
  RUN_EVENT_TYPES,
  STAGES,
  type RunEvent,
  type StreamStatus,
} from '../src/index.ts';
import { freePort } from '../../service-kit/src/testing.ts';

// The real research service on its embedded defaults (SQLite, the offline LLM), in-process on
// an ephemeral port; the client talks to it over HTTP as any client would.

let svc: RunningService;
let client: ResearchClient;
before(async () => {
  svc = await startService();
  client = new ResearchClient({ baseUrl: svc.api });
});
after(async () => {
  await svc?.close();
});

test('the checked-in types are those of the OpenAPI document', async () => {
  assert.equal(
    readFileSync(TYPES, 'utf8'),
    await generateTypes(),
    'packages/research/openapi.json changed: run npm run generate -w @hikma/research-client',
  );
});

test('typed calls answer with the service bodies; failures carry its detail', async () => {
  const created = await client.saveUser({ user_id: 'ada', domain: 'ecology' });
  assert.equal(created.user_id, 'ada');
  assert.equal(created.domain, 'ecology');
  assert.equal(created.archetype, 'researcher', 'fields left out take their defaults');
  assert.deepEqual(await client.listUsers(), ['ada']);
  assert.equal((await client.getUser('ada')).domain, 'ecology');
  assert.equal((await client.health()).status, 'ok');

  await assert.rejects(client.getUser('nobody'), (err: unknown) => {
    assert.ok(err instanceof ResearchApiError);
    assert.equal(err.status, 404);
    assert.match(err.detail, /nobody|not found/i);
    return true;
  });
  await assert.rejects(client.startRun({ user_id: 'ada', topic: 'x' }), (err: unknown) => {
    assert.ok(err instanceof ResearchApiError);
    assert.equal(err.status, 422);
    assert.match(err.detail, /^topic: /, 'the validation item names the field');
    return true;
  });
  const run = await client.startRun({ user_id: 'ada', topic: 'soil moisture', pause_after: [] });
  assert.match(run.run_id, /^run-/);
  await assert.rejects(client.feedback(run.run_id, 'more please'), (err: unknown) => {
    assert.ok(err instanceof ResearchApiError && err.status === 409, String(err));
    return true;
  });
  for await (const event of client.followRun(run.run_id)) if (event.type === 'stream_end') break;
  const done = await client.getRun(run.run_id);
  assert.equal(done.status, 'completed');
  assert.deepEqual((await client.listRuns('ada')).map((r) => r.run_id).includes(run.run_id), true);
  assert.match(await client.paperTex(run.run_id), /\\documentclass/);
  const events = await client.events(run.run_id);
  const paper = events.find((e) => e.type === 'paper_ready');
  assert.ok(paper && paper.type === 'paper_ready');
  if (paper.data.compiled) {
    const pdf = await client.paperPdf(run.run_id);
    assert.equal(Buffer.from(pdf.subarray(0, 5)).toString('latin1'), '%PDF-');
  }
});

test('the event stream resumes after a drop with Last-Event-ID: every event once, in order', async () => {
  await client.saveUser({ user_id: 'grace' });
  const run = await client.startRun({
    user_id: 'grace',
    topic: 'urban heat islands',
    pause_after: ['ideation'],
  });
  const seen: RunEvent[] = [];
  const statuses: StreamStatus[] = [];
  let cut = false;
  for await (const event of client.followRun(run.run_id, {
    initialDelayMs: 50,
    onStatus: (s) => statuses.push(s),
  })) {
    seen.push(event);
    if (event.type === 'awaiting_feedback' && !cut) {
      cut = true;
      // Every open connection dies (as behind a proxy that restarts); the run is paused.
      svc.service.app.server.closeAllConnections();
      await client.feedback(run.run_id, 'looks good, continue').catch(async () => {
        // The drop may have taken this request's connection too: once more on a fresh one.
        await client.feedback(run.run_id, 'looks good, continue');
      });
    }
  }
  assert.ok(cut, 'the run paused and its stream was cut');
  assert.deepEqual(statuses.slice(0, 2), ['connecting', 'live']);
  assert.ok(statuses.includes('reconnecting'), statuses.join(' '));
  assert.equal(statuses.at(-1), 'live');
  assert.deepEqual(
    seen.map((e) => e.seq),
    seen.map((_, i) => i + 1),
    'seq 1..n: nothing missed, nothing twice',
  );
  const trail = await client.events(run.run_id);
  assert.deepEqual(
    seen.map((e) => e.type),
    trail.map((e) => e.type),
  );
  assert.equal(seen.at(-1)?.type, 'stream_end');
  assert.ok(seen.some((e) => e.type === 'feedback_received'));
});

test('following from a seq replays only what comes after it', async () => {
  const [run] = await client.listRuns('ada');
  assert.ok(run);
  const tail: RunEvent[] = [];
  for await (const event of client.followRun(run.run_id, { after: 5 })) tail.push(event);
  assert.equal(tail[0]?.seq, 6);
  assert.equal(tail.at(-1)?.type, 'stream_end');
});

test('an unknown run ends the stream with 404; an unreachable service is a network_error', async () => {
  await assert.rejects(
    async () => {
      for await (const _ of client.followRun('run-none')) void _;
    },
    (err: unknown) => err instanceof ResearchApiError && err.status === 404,
  );

  const port = await freePort(); // nothing listens there
  const down = new ResearchClient({ baseUrl: `http://127.0.0.1:${port}/api` });
  await assert.rejects(down.listUsers(), (err: unknown) => {
    assert.ok(err instanceof ResearchApiError);
    assert.equal(err.code, 'network_error');
    assert.equal(err.status, 0);
    assert.match(err.detail, /ECONNREFUSED/);
    return true;
  });
  await assert.rejects(
    async () => {
      for await (const _ of down.followRun('run-x', { maxRetries: 1, initialDelayMs: 10 })) void _;
    },
    (err: unknown) => err instanceof ResearchApiError && err.code === 'network_error',
  );
});

test("the client's stage and event type lists are the service's, in its order", () => {
  // The client cannot import the service; its lists are typed from the API document and held
  // to the service's here, so a stage or event type added there cannot be missing here.
  assert.deepEqual([...STAGES], [...SERVICE_STAGES]);
  assert.deepEqual([...RUN_EVENT_TYPES], [...SERVICE_EVENT_TYPES]);
});
