import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatEvent, ChatRequest, LLM } from '@hikma/llm';
import { researchTidyAnswer } from '../src/testing/chaos/tidy-responder.ts';
import { call, readSse, startService } from './helpers.ts';

/** Answers from the prompt text alone, as the chaos server's tidy responder does over the wire. */
class WireOnlyLLM implements LLM {
  readonly provider = 'wire-only';
  readonly defaultModel = 'tidy';
  readonly schemas: (string | null)[] = [];
  async *stream(request: ChatRequest): AsyncIterable<ChatEvent> {
    const schemaName = request.responseFormat?.name ?? null;
    this.schemas.push(schemaName);
    const messages = request.messages.map((m) => ({
      role: m.role,
      content: typeof m.content === 'string' ? m.content : '',
    }));
    yield { type: 'text_delta', text: researchTidyAnswer({ schemaName, messages }) };
    yield { type: 'done', finishReason: 'stop' };
  }
}

test('the tidy chaos answers, read from the prompts alone, take a run to a compiled paper', async () => {
  const llm = new WireOnlyLLM();
  const svc = await startService({}, { llm });
  try {
    await call('POST', `${svc.api}/users`, { user_id: 'tia', domain: 'hydrology' });
    const run = await call('POST', `${svc.api}/runs`, {
      user_id: 'tia',
      topic: 'flood peaks in small catchments',
      pause_after: [],
    });
    const { messages } = await readSse(`${svc.api}/runs/${run.body.run_id}/stream`);
    const snap = (await call('GET', `${svc.api}/runs/${run.body.run_id}`)).body;
    assert.equal(snap.status, 'completed', snap.error);
    const artefacts = (await call('GET', `${svc.api}/runs/${run.body.run_id}/artefacts`)).body;
    assert.deepEqual(
      artefacts.execution.results && Object.keys(artefacts.execution.results.conditions),
      artefacts.blueprint.conditions.map((c: { name: string }) => c.name),
      'the project was built from the blueprint in the coding prompt',
    );
    assert.match(artefacts.paper_draft.title, /flood peaks in small catchments/);
    assert.equal(artefacts.execution.attempts, 1);
    assert.ok(messages.some((m) => m.event === 'paper_ready'));
    for (const name of [
      'ideation_artefacts',
      'blueprint',
      'generated_project',
      'paper_text',
      'review',
      'meta_review',
      'distilled_knowledge',
    ])
      assert.ok(llm.schemas.includes(name), `${name} was asked for`);
  } finally {
    await svc.close();
  }
});
