import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { call, readSse, startService, type RunningService, type SseMessage } from './helpers.ts';
import { RUN_EVENT_TYPES } from '../src/domain/events.ts';

const hasLatex = (() => {
  try {
    execFileSync('latexmk', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let svc: RunningService;
before(async () => {
  svc = await startService();
});
after(async () => {
  await svc.close();
});

test('a client follows a whole run over SSE, answers both pauses and gets the paper', async () => {
  const { api } = svc;
  const created = await call('POST', `${api}/users`, {
    user_id: 'alice',
    archetype: 'experimentalist',
    domain: 'ecology',
    risk_preference: 'high',
    baseline_strictness: 'high',
    persona_brief: 'Field ecologist who likes simple models.',
  });
  assert.equal(created.status, 201);
  assert.equal(created.body.domain, 'ecology');
  assert.deepEqual((await call('GET', `${api}/users`)).body, ['alice']);
  assert.equal(
    (await call('GET', `${api}/users/alice`)).body.persona_brief,
    'Field ecologist who likes simple models.',
  );

  const run = await call('POST', `${api}/runs`, {
    user_id: 'alice',
    topic: 'pollinator decline in fragmented habitats',
  });
  assert.equal(run.status, 201);
  const runId: string = run.body.run_id;
  assert.match(runId, /^run-\d{8}T\d{6}Z-[0-9a-f]+$/);
  assert.match(run.body.project_id, /^proj-\d{8}T\d{6}Z-[0-9a-f]+$/);
  assert.equal(run.body.topic, 'pollinator decline in fragmented habitats');
  assert.ok(['pending', 'running'].includes(run.body.status));
  assert.deepEqual(run.body.stages_completed, []);
  for (const key of [
    'user_id',
    'current_stage',
    'last_summary',
    'started_at',
    'updated_at',
    'error',
  ]) {
    assert.ok(key in run.body, `snapshot has ${key}`);
  }

  const answers = [
    'Looks good, continue.',
    'Please add a stronger baseline so the comparison is fair.',
  ];
  const feedbackSnapshots: any[] = [];
  const { messages, contentType } = await readSse(`${api}/runs/${runId}/stream`, {
    timeoutMs: 240_000,
    onEvent: async (m: SseMessage) => {
      if (m.event === 'awaiting_feedback') {
        // Feedback sent as soon as the event arrives must be accepted.
        const res = await call('POST', `${api}/runs/${runId}/feedback`, { text: answers.shift() });
        assert.equal(res.status, 200);
        feedbackSnapshots.push(res.body);
      }
    },
  });
  assert.match(contentType ?? '', /^text\/event-stream/);
  assert.equal(feedbackSnapshots.length, 2);
  assert.equal(feedbackSnapshots[0].run_id, runId);

  // Envelope, ids and ordering.
  const events = messages.map((m) => m.data);
  events.forEach((e, i) => {
    assert.equal(e.seq, i + 1, 'seq counts from 1 without gaps');
    assert.equal(messages[i]!.id, String(e.seq));
    assert.equal(messages[i]!.event, e.type);
    assert.equal(e.run_id, runId);
    assert.ok(!Number.isNaN(Date.parse(e.ts)));
  });
  const types = events.map((e) => e.type);
  for (const type of RUN_EVENT_TYPES.filter((t) => t !== 'run_failed')) {
    assert.ok(types.includes(type), `stream carries ${type}`);
  }
  assert.equal(types[0], 'run_started');
  assert.deepEqual(events[0]!.data, { topic: 'pollinator decline in fragmented habitats' });
  assert.equal(types.at(-1), 'stream_end');
  const idx = (t: string) => types.indexOf(t as never);
  assert.ok(idx('status_changed') < idx('trajectory_event'));
  assert.ok(types.lastIndexOf('stage_completed') < idx('paper_ready'));
  assert.ok(idx('paper_ready') < idx('run_completed'));
  assert.ok(idx('awaiting_feedback') < idx('feedback_received'));
  assert.ok(idx('feedback_received') < idx('feedback_enqueued'));

  const completedStages = events
    .filter((e) => e.type === 'stage_completed')
    .map((e) => (e.data as any).stage);
  // planning appears twice: the feedback asked for changes, so it was revised once.
  assert.deepEqual(completedStages, [
    'ideation',
    'planning',
    'planning',
    'coding',
    'analysis',
    'writing',
    'review',
  ]);
  const pauses = events
    .filter((e) => e.type === 'awaiting_feedback')
    .map((e) => (e.data as any).stage);
  assert.deepEqual(pauses, ['ideation', 'planning']);
  const statuses = events
    .filter((e) => e.type === 'status_changed')
    .map((e) => (e.data as any).status);
  // Feedback puts the run back in the queue for a slot (pending); with one free it runs at once.
  assert.deepEqual(statuses, [
    'running',
    'awaiting_feedback',
    'pending',
    'running',
    'awaiting_feedback',
    'pending',
    'running',
    'completed',
  ]);
  for (const e of events.filter((x) => x.type === 'trajectory_event')) {
    for (const key of ['kind', 'label', 'detail', 'metadata'])
      assert.ok(key in (e.data as object), `trajectory_event has ${key}`);
  }
  const narrations = events.filter((e) => e.type === 'narration');
  assert.ok(narrations.length >= 10);
  for (const n of narrations)
    assert.ok((n.data as any).text.length > 10 && !(n.data as any).text.includes('{'));
  const stageDone = events.find((e) => e.type === 'stage_completed')!.data as any;
  for (const key of ['stage', 'status', 'summary', 'new_skills', 'new_memories'])
    assert.ok(key in stageDone);
  const writing = events.find(
    (e) => e.type === 'stage_completed' && (e.data as any).stage === 'writing',
  )!.data as any;
  assert.ok(
    writing.new_skills.length > 0 && writing.new_memories.length > 0,
    'writing distils skills and memories',
  );

  const paperReady = events.find((e) => e.type === 'paper_ready')!.data as any;
  assert.equal(typeof paperReady.tex_path, 'string');
  assert.equal(paperReady.compiled, hasLatex);

  // Snapshot at the end.
  const final = await call('GET', `${api}/runs/${runId}`);
  assert.equal(final.body.status, 'completed');
  assert.equal(final.body.current_stage, null);
  assert.deepEqual(final.body.stages_completed, [
    'ideation',
    'planning',
    'coding',
    'analysis',
    'writing',
    'review',
  ]);
  assert.equal(final.body.error, null);
  assert.ok(final.body.last_summary.length > 0);
  assert.ok((await call('GET', `${api}/runs`)).body.some((r: any) => r.run_id === runId));

  // Audit trail: one record per streamed event, identical.
  const audit = await call('GET', `${api}/runs/${runId}/events`);
  assert.deepEqual(audit.body, events);

  // The revised blueprint took the feedback (the offline reviewer asks for a strong baseline).
  const artefacts = (await call('GET', `${api}/runs/${runId}/artefacts`)).body;
  assert.ok(artefacts.blueprint.conditions.some((c: any) => c.name === 'strong_baseline'));
  assert.equal(artefacts.execution.ok, true);
  for (const c of artefacts.blueprint.conditions)
    assert.ok(artefacts.execution.results.conditions[c.name]);

  // Paper downloads.
  const tex = await fetch(`${api}/runs/${runId}/paper.tex`);
  assert.equal(tex.status, 200);
  const source = await tex.text();
  assert.match(source, /\\documentclass/);
  assert.match(source, /\\begin\{tabular\}/);
  const stat = artefacts.analysis.statistics.find(
    (s: any) => s.condition === 'proposed_method' && s.metric === 'success_rate',
  );
  assert.ok(source.includes(String(stat.mean)), 'the measured mean appears in the paper');
  const pdf = await fetch(`${api}/runs/${runId}/paper.pdf`);
  if (hasLatex) {
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
  } else {
    assert.equal(pdf.status, 404);
    assert.equal(typeof ((await pdf.json()) as { detail: unknown }).detail, 'string');
  }

  // Skill bank and memory grew; feedback became a preference memory.
  const skills = (await call('GET', `${api}/users/alice/skills`)).body;
  const memories = (await call('GET', `${api}/users/alice/memories`)).body;
  assert.ok(skills.length >= 1 && skills.every((s: any) => /^skill-[0-9a-f]+$/.test(s.skill_id)));
  assert.ok(
    memories.length >= 1 && memories.every((m: any) => /^mem-[0-9a-f]+$/.test(m.memory_id)),
  );
  assert.ok(
    memories.some((m: any) => m.kind === 'preference' && m.content.includes('stronger baseline')),
  );

  // A client that reconnects with Last-Event-ID gets the rest, and the stream still ends.
  const replay = await readSse(`${api}/runs/${runId}/stream`, {
    headers: { 'Last-Event-ID': '5' },
  });
  assert.equal(replay.messages[0]!.data.seq, 6);
  assert.equal(replay.messages.length, events.length - 5);
  assert.equal(replay.messages.at(-1)!.event, 'stream_end');
  const viaQuery = await readSse(`${api}/runs/${runId}/stream?after=${events.length - 1}`);
  assert.deepEqual(
    viaQuery.messages.map((m) => m.event),
    ['stream_end'],
  );

  // Feedback after the end is a conflict too.
  assert.equal((await call('POST', `${api}/runs/${runId}/feedback`, { text: 'more' })).status, 409);
});

test('a run with no pauses completes on its own, and a second run grows the skill bank', async () => {
  const { api } = svc;
  await call('POST', `${api}/users`, { user_id: 'bob', domain: 'materials science' });
  const before = (await call('GET', `${api}/users/bob/memories`)).body.length;
  const run = await call('POST', `${api}/runs`, {
    user_id: 'bob',
    topic: 'crack growth in ceramics',
    pause_after: [],
  });
  assert.equal(run.status, 201);
  const { messages } = await readSse(`${api}/runs/${run.body.run_id}/stream`, {
    timeoutMs: 240_000,
  });
  const types = messages.map((m) => m.event);
  assert.ok(!types.includes('awaiting_feedback'));
  assert.ok(types.includes('run_completed'));
  const after1 = (await call('GET', `${api}/users/bob/memories`)).body.length;
  assert.ok(after1 > before);
  const run2 = await call('POST', `${api}/runs`, {
    user_id: 'bob',
    topic: 'thermal shock in glass',
    pause_after: [],
  });
  await readSse(`${api}/runs/${run2.body.run_id}/stream`, { timeoutMs: 240_000 });
  const after2 = (await call('GET', `${api}/users/bob/memories`)).body;
  assert.ok(after2.length > after1, 'the second run adds its own outcome');
  const stages = (await call('GET', `${api}/runs/${run2.body.run_id}/events`)).body.filter(
    (e: any) => e.type === 'trajectory_event' && e.data.kind === 'stage_started',
  );
  assert.ok(
    stages.some((e: any) => e.data.metadata.skills.length > 0),
    'later runs retrieve earlier skills',
  );
});

test('validation errors are 422 with FastAPI-style detail; unknown ids are 404', async () => {
  const { api } = svc;
  const missing = await call('POST', `${api}/runs`, {});
  assert.equal(missing.status, 422);
  assert.ok(Array.isArray(missing.body.detail));
  const locs = missing.body.detail.map((d: any) => d.loc.join('.'));
  assert.ok(locs.includes('body.user_id') && locs.includes('body.topic'));
  assert.ok(
    missing.body.detail.every((d: any) => typeof d.msg === 'string' && typeof d.type === 'string'),
  );
  assert.equal(missing.body.detail[0].type, 'missing');

  const wrongType = await call('POST', `${api}/users`, { user_id: 42 });
  assert.equal(wrongType.status, 422);
  assert.deepEqual(wrongType.body.detail[0].loc, ['body', 'user_id']);

  const malformed = await call('POST', `${api}/users`, '{"user_id": "x",');
  assert.equal(malformed.status, 422);
  assert.equal(malformed.body.detail[0].type, 'json_invalid');

  const noBody = await call('POST', `${api}/runs/whatever/feedback`, {});
  assert.equal(noBody.status, 404);

  assert.equal(
    (await call('POST', `${api}/runs`, { user_id: 'nobody', topic: 'something real' })).status,
    404,
  );
  const unknownRun = await call('GET', `${api}/runs/run-nope`);
  assert.equal(unknownRun.status, 404);
  assert.match(unknownRun.body.detail, /not found/);
  assert.equal((await call('GET', `${api}/users/nobody`)).status, 404);
  assert.equal((await call('GET', `${api}/users/nobody/skills`)).status, 404);
  assert.equal((await call('GET', `${api}/runs/run-nope/stream`)).status, 404);
  assert.equal((await call('GET', `${api}/runs/run-nope/paper.pdf`)).status, 404);
  assert.equal((await call('GET', `${api}/nothing-here`)).status, 404);

  await call('POST', `${api}/users`, { user_id: 'carol' });
  const r = await call('POST', `${api}/runs`, { user_id: 'carol', topic: 'a topic here' });
  const emptyFeedback = await call('POST', `${api}/runs/${r.body.run_id}/feedback`, { text: '' });
  assert.equal(emptyFeedback.status, 422);
  assert.equal((await call('GET', `${api}/runs/${r.body.run_id}/paper.tex`)).status, 404);
  await svc.service.engine.idle(r.body.run_id);
});

test('health reports ok and the package version; CORS allows only the UI origin', async () => {
  const { api } = svc;
  const health = await call('GET', `${api}/health`);
  assert.equal(health.status, 200);
  assert.equal(health.body.status, 'ok');
  assert.match(health.body.version, /^\d+\.\d+\.\d+/);

  const allowed = await call('GET', `${api}/health`, undefined, {
    origin: 'http://localhost:5173',
  });
  assert.equal(allowed.headers.get('access-control-allow-origin'), 'http://localhost:5173');
  const denied = await call('GET', `${api}/health`, undefined, { origin: 'http://evil.example' });
  assert.equal(denied.headers.get('access-control-allow-origin'), null);
  const preflight = await fetch(`${api}/runs`, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });
  assert.ok(preflight.status === 204 || preflight.status === 200);
  assert.equal(preflight.headers.get('access-control-allow-origin'), 'http://localhost:5173');
  const stream = await fetch(`${api}/runs/run-nope/stream`, {
    headers: { origin: 'http://localhost:5173' },
  });
  assert.equal(stream.headers.get('access-control-allow-origin'), 'http://localhost:5173');
});
