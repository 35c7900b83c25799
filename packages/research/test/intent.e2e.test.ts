// POST /intent as the chat app uses it: several slots in one message, the clarifying question
// and the resend with the chosen action, and 422s that locate each problem.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, startService, type RunningService } from './helpers.ts';

let svc: RunningService;
before(async () => {
  svc = await startService();
});
after(async () => {
  await svc.close();
});

const ANONYMOUS = { user_id: '', run_id: null, run_status: null, has_profile: false };

function intent(body: unknown) {
  return call('POST', `${svc.api}/intent`, body);
}

test('an introduction with a field creates the user with the field, and says both', async () => {
  const res = await intent({ text: "I'm Chen and I study epidemiology", session: ANONYMOUS });
  assert.equal(res.status, 200);
  assert.equal(res.body.source, 'local');
  assert.ok(res.body.confidence >= 0.6 && res.body.confidence <= 1, `${res.body.confidence}`);
  assert.deepEqual(res.body.intent, {
    action: 'create_user',
    topic: '',
    reply: "Welcome, chen! I've set you up as a new user, with your domain set to “epidemiology”.",
    user_id: 'chen',
    profile: { domain: 'epidemiology' },
  });

  // What the client does with it: the user, with the profile fields merged in.
  const { user_id, profile } = res.body.intent;
  assert.equal((await call('POST', `${svc.api}/users`, { user_id, ...profile })).status, 201);
  assert.equal((await call('GET', `${svc.api}/users/chen`)).body.domain, 'epidemiology');
});

test('an Arabic introduction makes a user whose id is the name as written', async () => {
  const res = await intent({
    text: 'مرحبا، أنا ليلى حداد، طالبة دكتوراه في الفيزياء',
    session: ANONYMOUS,
  });
  assert.equal(res.status, 200);
  const { action, user_id, profile } = res.body.intent;
  assert.equal(action, 'create_user');
  assert.equal(user_id, 'ليلى-حداد');
  assert.deepEqual(profile, { archetype: 'طالبة دكتوراه', domain: 'الفيزياء' });
  assert.equal((await call('POST', `${svc.api}/users`, { user_id, ...profile })).status, 201);
  const saved = await call('GET', `${svc.api}/users/${encodeURIComponent(user_id)}`);
  assert.equal(saved.body.domain, 'الفيزياء');
  assert.ok((await call('GET', `${svc.api}/users`)).body.includes('ليلى-حداد'));
});

test('a run request with a field carries the topic and the field', async () => {
  const session = { user_id: 'chen', run_id: null, run_status: null, has_profile: false };
  const res = await intent({
    text: 'start a run on fish stock collapse, my field is fisheries science',
    session,
  });
  assert.equal(res.status, 200);
  assert.deepEqual(res.body.intent, {
    action: 'start_run',
    topic: 'fish stock collapse',
    reply:
      'Starting a research run on “fish stock collapse”, with your domain set to “fisheries science”.',
    profile: { domain: 'fisheries science' },
  });
});

test('an unsure router asks which of two actions was meant; the pick is taken as given', async () => {
  const session = { user_id: 'chen', run_id: null, run_status: null, has_profile: true };
  const asked = await intent({ text: 'bees and things', session });
  assert.equal(asked.status, 200);
  assert.equal(asked.body.source, 'local');
  assert.ok(asked.body.confidence < 0.6, `${asked.body.confidence}`);
  const { clarify, missing, reply, action } = asked.body.intent;
  assert.equal(missing, 'action');
  assert.equal(clarify.length, 2);
  assert.notEqual(clarify[0], clarify[1]);
  assert.equal(action, clarify[0]);
  assert.match(reply, /^Did you want to .+ or .+\?$/);

  // The user picks "start a run": the same text and session, with the action.
  const picked = await intent({ text: 'bees and things', session, action: 'start_run' });
  assert.equal(picked.status, 200);
  assert.deepEqual(picked.body, {
    source: 'local',
    confidence: 1,
    intent: {
      action: 'start_run',
      topic: 'bees and things',
      reply: 'Starting a research run on “bees and things”.',
    },
  });
});

test('bad input is 422 with the path of each problem', async () => {
  const empty = await intent({});
  assert.equal(empty.status, 422);
  const locs = empty.body.detail.map((d: any) => d.loc.join('.'));
  assert.ok(locs.includes('body.text') && locs.includes('body.session'), locs.join(', '));
  assert.ok(empty.body.detail.every((d: any) => d.type === 'missing'));

  const wrongType = await intent({ text: 'hi', session: { ...ANONYMOUS, user_id: 5 } });
  assert.equal(wrongType.status, 422);
  assert.deepEqual(wrongType.body.detail[0].loc, ['body', 'session', 'user_id']);
  assert.equal(wrongType.body.detail[0].type, 'string_type');

  const badAction = await intent({ text: 'hi', session: ANONYMOUS, action: 'dance' });
  assert.equal(badAction.status, 422);
  assert.deepEqual(badAction.body.detail[0].loc, ['body', 'action']);
  assert.equal(badAction.body.detail[0].type, 'enum');

  const malformed = await call('POST', `${svc.api}/intent`, '{"text": "hi",');
  assert.equal(malformed.status, 422);
  assert.equal(malformed.body.detail[0].type, 'json_invalid');
});
