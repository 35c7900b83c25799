import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LLMError, OfflineLLM, type ChatEvent, type ChatRequest, type LLM } from '@hikma/llm';
import { registerResearchResponders } from '../src/offline/responders.ts';
import { call, runWithoutPauses, startService } from './helpers.ts';

/** Offline answers, except that the advisory steps' model calls always fail. */
class FailingAdvisorsLLM implements LLM {
  readonly provider = 'failing-advisors';
  readonly defaultModel = 'offline-1';
  private readonly inner = new OfflineLLM();
  constructor() {
    registerResearchResponders(this.inner);
  }
  async *stream(request: ChatRequest): AsyncIterable<ChatEvent> {
    const failing =
      request.task === 'research.blueprint_review' ||
      request.task === 'research.meta_review' ||
      request.task === 'research.distill' ||
      (request.task === 'research.review' && request.context?.persona === 'methodologist');
    if (failing) throw new LLMError('llm_unavailable', 'openai: request failed: HTTP 500');
    yield* this.inner.stream(request);
  }
}

test('advisory steps that fail (peer review, one reviewer, meta-review, distillation) do not fail the run', async () => {
  const svc = await startService({}, { llm: new FailingAdvisorsLLM() });
  try {
    const run = await runWithoutPauses(svc, 'ada', 'soil moisture sensors');
    const { messages, snapshot: snap } = run;
    assert.equal(snap.status, 'completed', snap.error);
    const kinds = messages
      .filter((m) => m.event === 'trajectory_event')
      .map((m) => (m.data.data as { kind: string }).kind);
    for (const kind of [
      'blueprint_review_failed',
      'review_failed',
      'meta_review_failed',
      'knowledge_distill_failed',
    ])
      assert.ok(kinds.includes(kind), `${kind} is traced`);
    const artefacts = (await call('GET', `${svc.api}/runs/${run.runId}/artefacts`)).body;
    assert.equal(artefacts.blueprint.review, undefined);
    assert.deepEqual(
      artefacts.review.reviews.map((r: { persona: string }) => r.persona),
      ['domain_expert', 'clarity'],
    );
    assert.match(artefacts.review.meta.summary, /could not be written/);
  } finally {
    await svc.close();
  }
});
