import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatEvent, ChatRequest, LLM } from '@hikma/llm';
import { call, readSse, startService } from './helpers.ts';

/** A model that never answers; it only notices being cancelled. */
class SilentLLM implements LLM {
  readonly provider = 'silent';
  readonly defaultModel = 'silent';
  async *stream(request: ChatRequest): AsyncIterable<ChatEvent> {
    await new Promise((resolve) => request.signal?.addEventListener('abort', resolve));
    yield { type: 'done', finishReason: 'stop' };
  }
}

test('a run that passes RESEARCH_RUN_TIMEOUT_MS is stopped and fails naming the stage and the limit', async () => {
  const svc = await startService({ RESEARCH_RUN_TIMEOUT_MS: '1000' }, { llm: new SilentLLM() });
  try {
    await call('POST', `${svc.api}/users`, { user_id: 'dee' });
    const started = Date.now();
    const run = await call('POST', `${svc.api}/runs`, {
      user_id: 'dee',
      topic: 'a model that never answers',
      pause_after: [],
    });
    const { messages } = await readSse(`${svc.api}/runs/${run.body.run_id}/stream`, {
      timeoutMs: 15_000,
    });
    assert.ok(Date.now() - started < 5_000, 'stopped at the deadline');
    assert.equal(messages.at(-1)?.event, 'stream_end');
    const snap = (await call('GET', `${svc.api}/runs/${run.body.run_id}`)).body;
    assert.equal(snap.status, 'failed');
    assert.equal(
      snap.error,
      'ideation failed: the run took longer than its limit of 1 s and was stopped',
    );
  } finally {
    await svc.close();
  }
});
