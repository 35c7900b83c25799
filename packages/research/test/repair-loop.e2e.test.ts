import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OfflineLLM, type ChatEvent, type ChatRequest, type LLM } from '@hikma/llm';
import { registerResearchResponders } from '../src/offline/responders.ts';
import { call, readSse, startService } from './helpers.ts';

/** Offline behaviour, except that the first `badCalls` code generations return a broken project. */
class BrokenCoderLLM implements LLM {
  readonly provider = 'broken-coder';
  readonly defaultModel = 'test';
  private readonly inner = new OfflineLLM();
  constructor(
    private badCalls: number,
    private readonly brokenMain: string,
  ) {
    registerResearchResponders(this.inner);
  }
  async *stream(request: ChatRequest): AsyncIterable<ChatEvent> {
    if (
      (request.task === 'research.code' || request.task === 'research.code_repair') &&
      this.badCalls > 0
    ) {
      this.badCalls--;
      const project = {
        language: 'python',
        entry: 'main.py',
        description: 'broken',
        files: [{ path: 'main.py', content: this.brokenMain }],
      };
      yield { type: 'text_delta', text: JSON.stringify(project) };
      yield { type: 'done', finishReason: 'stop' };
      return;
    }
    yield* this.inner.stream(request);
  }
}

test('a failing experiment is repaired by the LLM and the run completes', async () => {
  const svc = await startService({}, { llm: new BrokenCoderLLM(2, 'import requests\nprint(1)\n') });
  try {
    await call('POST', `${svc.api}/users`, { user_id: 'eve' });
    const run = await call('POST', `${svc.api}/runs`, {
      user_id: 'eve',
      topic: 'queue lengths at clinics',
      pause_after: [],
    });
    const { messages } = await readSse(`${svc.api}/runs/${run.body.run_id}/stream`, {
      timeoutMs: 240_000,
    });
    const kinds = messages
      .filter((m) => m.event === 'trajectory_event')
      .map((m) => (m.data.data as { kind: string }).kind);
    assert.equal(kinds.filter((k) => k === 'static_check_failed').length, 2);
    assert.equal(kinds.filter((k) => k === 'repair_attempt').length, 2);
    assert.ok(messages.some((m) => m.event === 'run_completed'));
    const execution = (await call('GET', `${svc.api}/runs/${run.body.run_id}/artefacts`)).body
      .execution;
    assert.equal(execution.ok, true);
    assert.equal(execution.attempts, 3);
  } finally {
    await svc.close();
  }
});

test('an experiment that never works fails the run with a clear error', async () => {
  const svc = await startService(
    { RESEARCH_MAX_CODE_ATTEMPTS: '2' },
    { llm: new BrokenCoderLLM(5, 'import numpy\nraise RuntimeError("diverged")\n') },
  );
  try {
    await call('POST', `${svc.api}/users`, { user_id: 'fay' });
    const run = await call('POST', `${svc.api}/runs`, {
      user_id: 'fay',
      topic: 'traffic waves on ring roads',
      pause_after: [],
    });
    const { messages } = await readSse(`${svc.api}/runs/${run.body.run_id}/stream`, {
      timeoutMs: 240_000,
    });
    const failed = messages.find((m) => m.event === 'run_failed');
    assert.ok(failed, 'run_failed is sent');
    assert.match((failed.data.data as { error: string }).error, /diverged/);
    assert.equal(messages.at(-1)!.event, 'stream_end');
    const snap = (await call('GET', `${svc.api}/runs/${run.body.run_id}`)).body;
    assert.equal(snap.status, 'failed');
    assert.match(snap.error, /after 2 attempt/);
  } finally {
    await svc.close();
  }
});
