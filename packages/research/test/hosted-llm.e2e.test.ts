import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeOpenAIServer } from '@hikma/llm/testing';
import { call, readSse, startService } from './helpers.ts';

const IDEATION = {
  research_question: 'Does shade-grown coffee keep more bird species?',
  hypotheses: [
    {
      id: 'a',
      title: 'Shade trees keep birds',
      statement: 'Shade-grown farms host more bird species.',
      rationale: 'Canopy structure.',
      novelty: 0.4,
      feasibility: 0.9,
    },
    {
      id: 'b',
      title: 'Edges matter',
      statement: 'Farm edges drive richness.',
      rationale: 'Edge effects.',
      novelty: 0.7,
      feasibility: 0.5,
    },
  ],
  selected_id: 'a',
  selection_reason: 'Most feasible with survey data.',
};

test('with two settings the research service uses an OpenAI-compatible endpoint for stages and intents', async () => {
  const llm = await startFakeOpenAIServer();
  const svc = await startService({
    RESEARCH_LLM_BASE_URL: llm.baseURL,
    RESEARCH_LLM_MODEL: 'research-model',
  });
  try {
    const health = await call('GET', `${svc.api}/health`);
    assert.equal(health.body.llm_provider, 'openai');
    assert.equal(health.body.warning, undefined);

    // An unclear chat message goes to the hosted model, which answers with an intent.
    llm.enqueue({
      content: [
        JSON.stringify({ action: 'list_skills', topic: '', reply: 'Here are your skills.' }),
      ],
    });
    const intent = await call('POST', `${svc.api}/intent`, {
      // Finnish for "show my tricks": the local model knows none of its words.
      text: 'näytä minun temppuni',
      session: { user_id: 'kim', run_id: null, run_status: null, has_profile: true },
    });
    assert.equal(intent.status, 200);
    assert.equal(intent.body.source, 'llm');
    assert.equal(intent.body.intent.action, 'list_skills');

    await call('POST', `${svc.api}/users`, { user_id: 'kim', domain: 'tropical ecology' });
    llm.enqueue({
      content: [JSON.stringify(IDEATION).slice(0, 40), JSON.stringify(IDEATION).slice(40)],
    });
    const run = await call('POST', `${svc.api}/runs`, {
      user_id: 'kim',
      topic: 'coffee farms and birds',
    });
    await readSse(`${svc.api}/runs/${run.body.run_id}/stream`, {
      stopWhen: (m) => m.event === 'awaiting_feedback',
    });
    const ideation = (await call('GET', `${svc.api}/runs/${run.body.run_id}/artefacts`)).body
      .ideation;
    assert.deepEqual(ideation, IDEATION);

    const stageRequest = llm.requests.at(-1)!.body;
    assert.equal(stageRequest.model, 'research-model');
    assert.equal(stageRequest.response_format.type, 'json_schema');
    assert.match(
      stageRequest.messages[0].content,
      /tropical ecology/,
      "the prompt is written for the user's field",
    );
    assert.match(stageRequest.messages.at(-1).content, /coffee farms and birds/);
  } finally {
    await svc.close();
    await llm.close();
  }
});
