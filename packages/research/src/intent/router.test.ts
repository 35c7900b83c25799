import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OfflineLLM } from '@hikma/llm';
import type { ChatEvent, ChatRequest, LLM } from '@hikma/llm';
import { IntentRouter, DEFAULT_CONFIDENCE_THRESHOLD } from './router.ts';
import { routeLearned } from './learned-router.ts';
import { routeWithLLM } from './llm-router.ts';
import { IntentResponse } from './schema.ts';
import type { IntentRequest, IntentSession } from './schema.ts';

/** A scripted LLM double: answers each call with the next scripted reply, fails on extra calls. */
class ScriptedLLM implements LLM {
  readonly defaultModel = 'scripted';
  readonly requests: ChatRequest[] = [];
  constructor(
    private readonly replies: (string | Error)[],
    readonly provider = 'scripted',
  ) {}
  async *stream(request: ChatRequest): AsyncIterable<ChatEvent> {
    this.requests.push(request);
    const reply = this.replies.shift();
    if (reply === undefined) throw new Error('unexpected LLM call');
    if (reply instanceof Error) throw reply;
    yield { type: 'text_delta', text: reply };
    yield { type: 'usage', usage: { promptTokens: 10, completionTokens: 5 } };
    yield { type: 'done', finishReason: 'stop' };
  }
}

const SESSION: IntentSession = {
  user_id: 'alice',
  run_id: null,
  run_status: null,
  has_profile: true,
};
/** Known words, no clear action: the model is unsure (checked below, not assumed). */
const UNCLEAR: IntentRequest = { text: 'bees and things', session: SESSION };
const CLEAR: IntentRequest = { text: 'start a run on bee navigation', session: SESSION };
const GIBBERISH: IntentRequest = { text: 'asdf qwer zxcv', session: SESSION };
const LLM_ANSWER = JSON.stringify({
  action: 'start_run',
  topic: 'how bees navigate',
  reply: 'Starting a research run on “how bees navigate”.',
  user_id: null,
  profile: null,
  feedback: null,
});

test('the unclear message is one the model is unsure of', () => {
  const route = routeLearned(UNCLEAR);
  assert.ok(route.understood);
  assert.ok(route.confidence < DEFAULT_CONFIDENCE_THRESHOLD, `confidence ${route.confidence}`);
});

test('a clear message is answered locally without asking the LLM', async () => {
  const llm = new ScriptedLLM([]);
  const response = await new IntentRouter({ llm }).route(CLEAR);
  IntentResponse.parse(response);
  assert.equal(response.source, 'local');
  assert.ok(response.confidence >= DEFAULT_CONFIDENCE_THRESHOLD);
  assert.equal(response.intent.action, 'start_run');
  assert.equal(response.intent.topic, 'bee navigation');
  assert.equal(llm.requests.length, 0);
});

test('an unclear message goes to the LLM and the answer is marked llm', async () => {
  const llm = new ScriptedLLM([LLM_ANSWER]);
  const response = await new IntentRouter({ llm }).route(UNCLEAR);
  IntentResponse.parse(response);
  assert.equal(response.source, 'llm');
  assert.deepEqual(response.intent, {
    action: 'start_run',
    topic: 'how bees navigate',
    reply: 'Starting a research run on “how bees navigate”.',
  });
  // The model's probability of the action the LLM chose.
  const modelSays = routeLearned(UNCLEAR).ranked.find((r) => r.action === 'start_run')!.p;
  assert.equal(response.confidence, Math.round(modelSays * 1000) / 1000);
  const request = llm.requests[0]!;
  assert.equal(request.task, 'research.intent');
  assert.equal(request.responseFormat?.name, 'intent');
  const system = request.messages[0]!;
  assert.equal(system.role, 'system');
  for (const action of ['start_run', 'submit_feedback', 'train_planner', 'chitchat']) {
    assert.ok(system.content.includes(action), action);
  }
  assert.match(request.messages[1]!.content, /"user_id":"alice"/);
  assert.match(request.messages[1]!.content, /bees and things/);
  assert.deepEqual(request.context, { text: UNCLEAR.text, session: SESSION });
});

test('without an LLM, an unsure answer is a question naming the two best guesses', async () => {
  const route = routeLearned(UNCLEAR);
  const [first, second] = route.ranked;
  const response = await new IntentRouter().route(UNCLEAR);
  IntentResponse.parse(response);
  assert.equal(response.source, 'local');
  assert.equal(response.confidence, Math.round(route.confidence * 1000) / 1000);
  assert.deepEqual(response.intent.clarify, [first!.action, second!.action]);
  assert.equal(response.intent.action, first!.action);
  assert.equal(response.intent.missing, 'action');
  assert.match(response.intent.reply, /^Did you want to .+ or .+\?$/);
  assert.doesNotMatch(response.intent.reply, /Here's what I can do/);
});

test('an action chosen by the client is taken as given, with its slots read from the text', async () => {
  const llm = new ScriptedLLM([]);
  const router = new IntentRouter({ llm });
  const response = await router.route({ ...UNCLEAR, action: 'start_run' });
  IntentResponse.parse(response);
  assert.deepEqual(response, {
    source: 'local',
    confidence: 1,
    intent: {
      action: 'start_run',
      topic: 'bees and things',
      reply: 'Starting a research run on “bees and things”.',
    },
  });
  const paused = { ...SESSION, run_id: 'run-1', run_status: 'awaiting_feedback' };
  const feedback = await router.route({
    text: 'bees and things',
    session: paused,
    action: 'submit_feedback',
  });
  assert.equal(feedback.intent.action, 'submit_feedback');
  assert.equal(feedback.intent.feedback, 'bees and things');
  assert.equal(llm.requests.length, 0);
});

test('the threshold decides when the LLM is asked', async () => {
  const never = new ScriptedLLM([]);
  const response = await new IntentRouter({ llm: never, threshold: 0.01 }).route(UNCLEAR);
  assert.equal(response.source, 'local');
  assert.equal(response.intent.clarify, undefined);

  const always = new ScriptedLLM([
    JSON.stringify({ action: 'start_run', topic: 'bee navigation', reply: '' }),
  ]);
  const forced = await new IntentRouter({ llm: always, threshold: 1.01 }).route(CLEAR);
  assert.equal(forced.source, 'llm');
  assert.equal(forced.intent.reply, 'Starting a research run on “bee navigation”.');
});

test('a failing LLM falls back to the clarifying question and reports the error', async () => {
  const errors: unknown[] = [];
  const llm = new ScriptedLLM([new Error('connection refused')]);
  const response = await new IntentRouter({ llm, onLLMError: (e) => errors.push(e) }).route(
    UNCLEAR,
  );
  assert.equal(response.source, 'local');
  assert.equal(response.intent.missing, 'action');
  assert.equal(response.intent.clarify?.length, 2);
  assert.equal(errors.length, 1);
});

test('an LLM that keeps answering off-schema falls back to the local answer', async () => {
  const llm = new ScriptedLLM(['not json', '{"action":"dance"}']);
  const response = await new IntentRouter({ llm }).route(UNCLEAR);
  assert.equal(response.source, 'local');
  assert.equal(llm.requests.length, 2);
});

test('a message with no known word is the help text, not a guess', async () => {
  const response = await new IntentRouter().route(GIBBERISH);
  assert.equal(response.source, 'local');
  assert.equal(response.intent.action, 'help');
  assert.equal(response.intent.clarify, undefined);
  assert.match(response.intent.reply, /didn't catch that/);
  assert.match(response.intent.reply, /start a run on/);

  // With an LLM it may know better: a language the model was not trained on, say.
  const llm = new ScriptedLLM([JSON.stringify({ action: 'list_skills', topic: '', reply: '' })]);
  const asked = await new IntentRouter({ llm }).route(GIBBERISH);
  assert.equal(asked.source, 'llm');
  assert.equal(asked.intent.action, 'list_skills');
});

test('the offline provider is never called', async () => {
  let calls = 0;
  const offline = new OfflineLLM({
    responders: {
      'research.intent': () => {
        calls++;
        return LLM_ANSWER;
      },
    },
  });
  const router = new IntentRouter({ llm: offline, threshold: 1.01 });
  for (const text of [UNCLEAR.text, CLEAR.text, 'zzz']) {
    const response = await router.route({ text, session: SESSION });
    assert.equal(response.source, 'local');
  }
  const scriptedOffline = new ScriptedLLM([], 'offline');
  await new IntentRouter({ llm: scriptedOffline }).route(UNCLEAR);
  assert.equal(calls, 0);
  assert.equal(scriptedOffline.requests.length, 0);
});

test('session checks apply to the LLM answer too', async () => {
  const llm = new ScriptedLLM([LLM_ANSWER]);
  const intent = await routeWithLLM(llm, {
    ...UNCLEAR,
    session: { ...SESSION, has_profile: false },
  });
  assert.equal(intent.action, 'start_run');
  assert.equal(intent.missing, 'profile');
  assert.match(intent.reply, /profile/);
});

test('LLM slots are cleaned: ids lower-cased, nulls dropped, feedback defaulted to the text', async () => {
  const llm = new ScriptedLLM([
    JSON.stringify({
      action: 'select_user',
      topic: 'ignored',
      reply: null,
      user_id: '@Bob',
      profile: null,
    }),
    JSON.stringify({
      action: 'update_profile',
      topic: '',
      reply: 'Noted.',
      profile: { domain: ' ecology ', risk_preference: null },
    }),
    JSON.stringify({ action: 'submit_feedback', topic: '', reply: 'Thanks!' }),
  ]);
  const select = await routeWithLLM(llm, { text: 'bob please', session: SESSION });
  assert.deepEqual(select, {
    action: 'select_user',
    topic: '',
    reply: 'Switching to user bob.',
    user_id: 'bob',
  });

  const profile = await routeWithLLM(llm, { text: 'ecology is my thing', session: SESSION });
  assert.deepEqual(profile, {
    action: 'update_profile',
    topic: '',
    reply: 'Noted.',
    profile: { domain: 'ecology' },
  });

  const paused = { ...SESSION, run_id: 'run-1', run_status: 'awaiting_feedback' };
  const feedback = await routeWithLLM(llm, { text: 'hmm, not sure about this', session: paused });
  assert.equal(feedback.feedback, 'hmm, not sure about this');
});
