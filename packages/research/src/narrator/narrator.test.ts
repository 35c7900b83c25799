import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STAGES } from '../domain/artefacts.ts';
import { RUN_EVENT_TYPES } from '../domain/events.ts';
import type { RunEvent, RunEventPayloads, RunEventType } from '../domain/events.ts';
import { NOTABLE_TRAJECTORY_KINDS, narrate, plainError } from './narrator.ts';

let seq = 0;
function event<T extends RunEventType>(type: T, data: RunEventPayloads[T]): RunEvent {
  return { seq: ++seq, run_id: 'run-1-abc', type, ts: '2025-01-01T00:00:00Z', data } as RunEvent;
}

function trajectory(
  kind: string,
  label: string,
  detail: string,
  metadata: Record<string, unknown> = {},
): RunEvent {
  return event('trajectory_event', { kind, label, detail, metadata });
}

/** Plain English for a chat: no JSON, no snake_case identifiers, ends like a sentence. */
function assertChatText(text: string | null, context: string): asserts text is string {
  assert.equal(typeof text, 'string', context);
  assert.ok(text!.length > 10, context);
  assert.doesNotMatch(text!, /[{}[\]]/, context);
  assert.doesNotMatch(text!, /\b[a-z]+_[a-z_]+\b/, `${context}: ${text}`);
  assert.match(text!, /[.!?…]$/, `${context}: ${text}`);
}

test('run_started names the topic', () => {
  const text = narrate(event('run_started', { topic: 'pollinator decline' }));
  assertChatText(text, 'run_started');
  assert.equal(text, "I've started researching “pollinator decline”.");
});

test('status_changed: running is narrated; the rest have events of their own', () => {
  assert.equal(narrate(event('status_changed', { status: 'running' })), 'The run is underway.');
  for (const status of ['pending', 'awaiting_feedback', 'completed', 'failed'] as const) {
    assert.equal(narrate(event('status_changed', { status })), null, status);
  }
});

test('notable trajectory events are narrated, the rest return null', () => {
  const cases: [RunEvent, RegExp][] = [
    [
      trajectory('queued', 'Waiting for a free run slot', '…', { position: 3, limit: 2 }),
      /All 2 run slots are busy, so your run is number 3 in the queue/,
    ],
    [
      trajectory('queued', 'Waiting for a free run slot', '…', { position: 1, limit: 1 }),
      /The one run slot is busy, so your run is next in line/,
    ],
    [
      trajectory('waiting_for_slot', 'Waiting for a free sandbox slot', '…', {
        slot: 'experiment',
        limit: 1,
      }),
      /experiments are using every slot/,
    ],
    [
      trajectory('hypotheses_generated', 'Generated 4 hypotheses', 'A; B; C; D', { count: 4 }),
      /4 candidate hypotheses/,
    ],
    [
      trajectory('blueprint_reviewed', 'Peer review: accept (8/10)', 'Solid plan.', {
        verdict: 'accept',
        score: 8,
      }),
      /accepted the experiment plan \(score 8\/10\)/,
    ],
    [
      trajectory('blueprint_reviewed', 'Peer review: revise (5/10)', 'Add a baseline.', {
        verdict: 'revise',
        score: 5,
      }),
      /asked for changes.*revising/,
    ],
    [
      trajectory('blueprint_revised', 'Revised blueprint after review', 'ok', {
        verdict: 'accept',
        score: 7,
      }),
      /revised the experiment plan and the reviewer accepted it/,
    ],
    [
      trajectory('execution_finished', 'Experiment finished in 12.3 s', 'Results for a, b', {
        ok: true,
        duration_ms: 12_300,
      }),
      /ran successfully in 12 seconds/,
    ],
    [
      trajectory(
        'execution_finished',
        'Experiment failed',
        'Traceback (most recent call last)\nZeroDivisionError: division by zero',
        {
          ok: false,
        },
      ),
      /experiment failed: Traceback/,
    ],
    [
      trajectory('execution_finished', 'Experiment failed', 'killed', {
        ok: false,
        timed_out: true,
      }),
      /ran out of time/,
    ],
    [
      trajectory('repair_attempt', 'Repairing the project (attempt 2 of 3)', 'NameError: x', {
        attempt: 2,
      }),
      /fixing it \(attempt 2 of 3\)/,
    ],
    [
      trajectory('stage_revision_started', 'Revising planning', 'Retrieved 2 skills', {
        stage: 'planning',
      }),
      /reworking the planning stage based on your feedback/,
    ],
    [
      trajectory('draft_written', 'Drafted "Bees"', '6 sections, 2 table(s), 1 figure(s)'),
      /drafted the paper: 6 sections, 2 tables, 1 figure\./,
    ],
  ];
  for (const [e, expected] of cases) {
    const text = narrate(e);
    assertChatText(text, JSON.stringify(e.data));
    assert.match(text, expected);
  }
  const covered = new Set(
    cases.map(([e]) => (e.data as RunEventPayloads['trajectory_event']).kind),
  );
  for (const kind of NOTABLE_TRAJECTORY_KINDS) assert.ok(covered.has(kind), `${kind} has a test`);

  for (const kind of [
    'stage_started',
    'code_generated',
    'execution_started',
    'hypothesis_selected',
    'compile_finished',
  ]) {
    assert.equal(narrate(trajectory(kind, 'Something', 'details', {})), null, kind);
  }
});

test('notable trajectory events without their metadata fall back to label and detail', () => {
  const text = narrate(trajectory('blueprint_reviewed', 'Peer review done', 'Looks fine overall'));
  assert.equal(text, 'Peer review done. Looks fine overall.');
  assertChatText(narrate(trajectory('repair_attempt', 'Repairing', '')), 'repair without numbers');
});

test('stage_completed uses the summary, stage names in words, and mentions what was learned', () => {
  const plain = narrate(
    event('stage_completed', {
      stage: 'ideation',
      status: 'completed',
      summary: 'Selected hypothesis "Bees use polarised light"',
      new_skills: [],
      new_memories: [],
    }),
  );
  assert.equal(plain, 'Ideation is complete: Selected hypothesis "Bees use polarised light".');

  const coding = narrate(
    event('stage_completed', {
      stage: 'coding',
      status: 'completed',
      summary: 'Ran 3 conditions.',
      new_skills: [],
      new_memories: [],
    }),
  );
  assert.match(coding!, /^Coding and execution is complete: Ran 3 conditions\.$/);

  const learned = narrate(
    event('stage_completed', {
      stage: 'writing',
      status: 'completed',
      summary: 'Wrote "Bees".',
      new_skills: ['skill-a1', 'skill-b2'],
      new_memories: ['mem-c3'],
    }),
  );
  assertChatText(learned, 'writing');
  assert.match(learned, /I learned 2 new skills and saved 1 memory for future runs\.$/);
  assert.doesNotMatch(learned, /skill-a1/);

  const onlyMemories = narrate(
    event('stage_completed', {
      stage: 'review',
      status: 'completed',
      summary: '',
      new_skills: [],
      new_memories: ['m1', 'm2'],
    }),
  );
  assert.equal(onlyMemories, 'Review is complete. I saved 2 memories for future runs.');

  for (const stage of STAGES) {
    const text = narrate(
      event('stage_completed', {
        stage,
        status: 'completed',
        summary: 'Done.',
        new_skills: ['s'],
        new_memories: [],
      }),
    );
    assertChatText(text, stage);
  }
});

test('long summaries are shortened', () => {
  const text = narrate(
    event('stage_completed', {
      stage: 'analysis',
      status: 'completed',
      summary: 'word '.repeat(200),
      new_skills: [],
      new_memories: [],
    }),
  );
  assert.ok(text!.length < 320);
  assert.match(text!, /…$/);
});

test('awaiting_feedback asks for feedback, per stage', () => {
  assert.equal(
    narrate(event('awaiting_feedback', { stage: 'ideation' })),
    "I've picked a hypothesis. Have a look and tell me what you think — or just say 'continue'.",
  );
  const seen = new Set<string>();
  for (const stage of STAGES) {
    const text = narrate(event('awaiting_feedback', { stage }));
    assertChatText(text, stage);
    assert.match(text, /just say 'continue'/);
    seen.add(text);
  }
  assert.equal(seen.size, STAGES.length);
});

test('feedback_received and feedback_enqueued acknowledge the feedback', () => {
  assert.equal(narrate(event('feedback_received', { text: 'continue' })), 'Got it — carrying on.');
  const comment = narrate(event('feedback_received', { text: 'Use more seeds.' }));
  assertChatText(comment, 'feedback');
  assert.match(comment, /Thanks for the feedback/);
  const queued = narrate(event('feedback_enqueued', { stage: 'coding' }));
  assertChatText(queued, 'enqueued');
  assert.match(queued, /coding and execution stage/);
});

test('paper_ready says which formats exist and why there is no PDF', () => {
  assert.equal(
    narrate(
      event('paper_ready', {
        compiled: true,
        pdf_path: '/p/paper.pdf',
        tex_path: '/p/paper.tex',
        compile_error: null,
      }),
    ),
    'The paper is ready as PDF and LaTeX.',
  );
  const noCompiler = narrate(
    event('paper_ready', {
      compiled: false,
      pdf_path: null,
      tex_path: '/p/paper.tex',
      compile_error: 'pdflatex not found',
    }),
  );
  assertChatText(noCompiler, 'no compiler');
  assert.match(noCompiler, /LaTeX/);
  assert.match(noCompiler, /no LaTeX compiler is installed/);
  assert.doesNotMatch(noCompiler, /\/p\//);

  const failed = narrate(
    event('paper_ready', {
      compiled: false,
      pdf_path: null,
      tex_path: '/p/paper.tex',
      compile_error: '! Undefined control sequence.\nl.12 \\foo',
    }),
  );
  assertChatText(failed, 'compile error');
  assert.match(failed, /LaTeX source/);
  assert.match(failed, /reported an error: ! Undefined control sequence\./);
});

test('run_completed and run_failed', () => {
  assertChatText(narrate(event('run_completed', {})), 'completed');
  const failed = narrate(
    event('run_failed', {
      error: 'Error: the experiment did not produce valid results\n    at run (engine.ts:12:3)',
    }),
  );
  assertChatText(failed, 'failed');
  assert.equal(
    failed,
    'The run stopped because of an error: the experiment did not produce valid results.',
  );
  assert.match(
    narrate(event('run_failed', { error: 'LLMError: llm_unavailable' }))!,
    /language model is unavailable/,
  );
  assert.equal(
    narrate(event('run_failed', { error: '' })),
    'The run stopped because of an unexpected error.',
  );
});

test('narration and stream_end are never narrated', () => {
  assert.equal(narrate(event('narration', { text: 'The run is underway.' })), null);
  assert.equal(narrate(event('stream_end', {})), null);
});

test('every event type has a test above', () => {
  // Guards against a new event type slipping past the narrator unnoticed.
  assert.deepEqual([...RUN_EVENT_TYPES].sort(), [
    'awaiting_feedback',
    'feedback_enqueued',
    'feedback_received',
    'narration',
    'paper_ready',
    'run_completed',
    'run_failed',
    'run_started',
    'stage_completed',
    'status_changed',
    'stream_end',
    'trajectory_event',
  ]);
});

test('plainError keeps the first line and drops error class prefixes', () => {
  assert.equal(plainError('TypeError: x is undefined\n  at foo (a.ts:1:1)'), 'x is undefined.');
  assert.equal(
    plainError('connect ECONNREFUSED 127.0.0.1:443'),
    'the connection to 127.0.0.1:443 was refused.',
  );
  assert.equal(plainError('\n  at foo (a.ts:1:1)'), '');
});

test('braces never reach the chat', () => {
  const text = narrate(event('run_failed', { error: "KeyError: {'loss': nan}" }));
  assert.doesNotMatch(text!, /[{}]/);
});
