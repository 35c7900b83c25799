// Tests of the old rule router, kept as the baseline of scripts/eval-intent.ts (the service
// uses the learned router: learned-router.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { routeLocally } from './local-router.ts';
import { Intent } from './schema.ts';
import type { IntentSession, ProfilePatch } from './schema.ts';

const READY: IntentSession = {
  user_id: 'alice',
  run_id: null,
  run_status: null,
  has_profile: true,
};
const ANONYMOUS: IntentSession = {
  user_id: '',
  run_id: null,
  run_status: null,
  has_profile: false,
};
const RUNNING: IntentSession = { ...READY, run_id: 'run-1-abc', run_status: 'running' };
const PAUSED: IntentSession = { ...READY, run_id: 'run-1-abc', run_status: 'awaiting_feedback' };

interface Row {
  text: string;
  session?: IntentSession;
  action: Intent['action'];
  topic?: string;
  user_id?: string;
  profile?: ProfilePatch;
  feedback?: string;
  missing?: Intent['missing'];
}

const TOPIC = 'graph neural networks for molecules';

const TABLE: Row[] = [
  // start_run
  { text: 'start a run on graph neural networks for molecules', action: 'start_run', topic: TOPIC },
  { text: 'strat a run on graph neural networks for molecules', action: 'start_run', topic: TOPIC },
  { text: 'research: graph neural networks for molecules', action: 'start_run', topic: TOPIC },
  {
    text: 'Write a paper about graph neural networks for molecules.',
    action: 'start_run',
    topic: TOPIC,
  },
  {
    text: 'investigate whether graph neural networks for molecules',
    action: 'start_run',
    topic: TOPIC,
  },
  {
    text: 'Could you please start a new research run on “graph neural networks for molecules”?',
    action: 'start_run',
    topic: TOPIC,
  },
  {
    text: 'START A RUN ON Graph Neural Networks!!!',
    action: 'start_run',
    topic: 'Graph Neural Networks',
  },
  {
    text: 'I want to write a paper on urban heat islands',
    action: 'start_run',
    topic: 'urban heat islands',
  },
  {
    text: 'can you research soil microbiomes please',
    action: 'start_run',
    topic: 'soil microbiomes',
  },
  { text: "let's do research on bird migration", action: 'start_run', topic: 'bird migration' },
  { text: 'Kick off a study into coral bleaching', action: 'start_run', topic: 'coral bleaching' },
  { text: 'new run: sparse attention', action: 'start_run', topic: 'sparse attention' },
  {
    text: 'lets start a run about "sparse attention"',
    action: 'start_run',
    topic: 'sparse attention',
  },
  {
    text: 'Investigate if dropout helps small CNNs',
    action: 'start_run',
    topic: 'dropout helps small CNNs',
  },
  { text: 'start a run on memory networks', action: 'start_run', topic: 'memory networks' },
  { text: 'start a run', action: 'start_run', topic: '', missing: 'topic' },
  // create_user / select_user
  { text: "I'm alice", session: ANONYMOUS, action: 'create_user', user_id: 'alice' },
  { text: "Hi, I'm Alice!", session: ANONYMOUS, action: 'create_user', user_id: 'alice' },
  { text: 'my name is Carol', session: ANONYMOUS, action: 'create_user', user_id: 'carol' },
  { text: 'create user carol', action: 'create_user', user_id: 'carol' },
  { text: 'sign me up as erin', session: ANONYMOUS, action: 'create_user', user_id: 'erin' },
  { text: 'create a new user', action: 'create_user', missing: 'user_id' },
  { text: 'switch to user bob', action: 'select_user', user_id: 'bob' },
  { text: 'Switch to Bob.', action: 'select_user', user_id: 'bob' },
  { text: 'log in as dave', action: 'select_user', user_id: 'dave' },
  { text: "I'm bob", action: 'select_user', user_id: 'bob' },
  { text: 'switch user', action: 'select_user', missing: 'user_id' },
  // update_profile
  { text: 'my domain is ecology', action: 'update_profile', profile: { domain: 'ecology' } },
  {
    text: 'set risk preference to high',
    action: 'update_profile',
    profile: { risk_preference: 'high' },
  },
  {
    text: 'Set my domain to marine biology and my risk preference to LOW',
    action: 'update_profile',
    profile: { domain: 'marine biology', risk_preference: 'low' },
  },
  {
    text: 'update my profile: domain ecology, risk high',
    action: 'update_profile',
    profile: { domain: 'ecology', risk_preference: 'high' },
  },
  {
    text: 'set baseline strictness to strict',
    action: 'update_profile',
    profile: { baseline_strictness: 'strict' },
  },
  {
    text: 'my archetype is theorist',
    action: 'update_profile',
    profile: { archetype: 'theorist' },
  },
  {
    text: 'my persona: a cautious PhD student who loves baselines',
    action: 'update_profile',
    profile: { persona_brief: 'a cautious PhD student who loves baselines' },
  },
  {
    text: 'I work on computational linguistics',
    action: 'update_profile',
    profile: { domain: 'computational linguistics' },
  },
  { text: 'I prefer low risk', action: 'update_profile', profile: { risk_preference: 'low' } },
  { text: 'update my profile', action: 'update_profile', missing: 'profile_fields' },
  // list_users
  { text: 'list users', action: 'list_users' },
  { text: 'could you list the users please', action: 'list_users' },
  { text: 'How many users are there?', action: 'list_users' },
  // list_skills
  { text: 'lsit my skills', action: 'list_skills' },
  { text: 'Hey! could you pls list my skills, thanks', action: 'list_skills' },
  { text: 'what skills have I learned?', action: 'list_skills' },
  // list_memories
  { text: 'what do you remember about me', action: 'list_memories' },
  { text: 'list my memries', action: 'list_memories' },
  { text: 'could you please show my memories?', action: 'list_memories' },
  // status
  { text: 'status', session: RUNNING, action: 'status' },
  { text: "What's the status?", session: RUNNING, action: 'status' },
  { text: 'stauts', session: RUNNING, action: 'status' },
  { text: 'is it done yet?', session: RUNNING, action: 'status' },
  { text: "how's it going", session: RUNNING, action: 'status' },
  { text: 'status', action: 'status', missing: 'run' },
  // train_planner
  { text: 'train the planner', action: 'train_planner' },
  { text: 'Could you retrain the model on my feedback?', action: 'train_planner' },
  { text: 'trian the planer', action: 'train_planner' },
  // submit_feedback
  { text: 'continue', session: PAUSED, action: 'submit_feedback', feedback: 'continue' },
  {
    text: 'feedback: use more seeds',
    session: PAUSED,
    action: 'submit_feedback',
    feedback: 'use more seeds',
  },
  {
    text: 'feedback: use more seeds',
    action: 'submit_feedback',
    feedback: 'use more seeds',
    missing: 'run',
  },
  // help
  { text: 'help', action: 'help' },
  { text: 'What can you do?', action: 'help' },
  { text: 'HELP!!', action: 'help' },
  // chitchat
  { text: 'hello', session: ANONYMOUS, action: 'chitchat' },
  { text: 'Good morning', action: 'chitchat' },
  { text: 'thank you so much', action: 'chitchat' },
  { text: 'bye', action: 'chitchat' },
  { text: "how's it going", action: 'chitchat' },
  { text: 'who are you?', action: 'chitchat' },
];

test('the phrasing table routes to the expected action and slots', () => {
  assert.ok(TABLE.length >= 40);
  const failures: string[] = [];
  for (const row of TABLE) {
    const { intent, confidence } = routeLocally({ text: row.text, session: row.session ?? READY });
    const expected = {
      action: row.action,
      topic: row.topic ?? '',
      user_id: row.user_id,
      profile: row.profile,
      feedback: row.feedback,
      missing: row.missing,
    };
    const actual = {
      action: intent.action,
      topic: intent.topic,
      user_id: intent.user_id,
      profile: intent.profile,
      feedback: intent.feedback,
      missing: intent.missing,
    };
    try {
      assert.deepEqual(actual, expected);
      assert.ok(confidence >= 0.6, `confidence ${confidence}`);
    } catch (err) {
      failures.push(`${JSON.stringify(row.text)}: ${(err as Error).message.split('\n').join(' ')}`);
    }
  }
  assert.deepEqual(failures, []);
});

test('every action in the table is covered', () => {
  const covered = new Set(TABLE.map((row) => row.action));
  for (const action of Intent.shape.action.options) assert.ok(covered.has(action), action);
});

test('every answer is a valid intent with a plain-English reply', () => {
  const sessions = [READY, ANONYMOUS, RUNNING, PAUSED];
  for (const row of TABLE) {
    for (const session of sessions) {
      const { intent } = routeLocally({ text: row.text, session });
      Intent.parse(intent);
      assert.match(intent.reply, /^[A-Z"].*[.!?]$/s, `${row.text}: ${intent.reply}`);
      assert.doesNotMatch(intent.reply, /[{}]|\b[a-z]+_[a-z]+\b/, `${row.text}: ${intent.reply}`);
      if (intent.action !== 'start_run') assert.equal(intent.topic, '');
    }
  }
});

test('start_run replies name the topic', () => {
  const { intent } = routeLocally({ text: `start a run on ${TOPIC}`, session: READY });
  assert.equal(intent.reply, `Starting a research run on “${TOPIC}”.`);
});

test('start_run without a profile or user still routes but asks for it first', () => {
  const noProfile = routeLocally({
    text: `research ${TOPIC}`,
    session: { ...READY, has_profile: false },
  });
  assert.equal(noProfile.intent.action, 'start_run');
  assert.equal(noProfile.intent.topic, TOPIC);
  assert.equal(noProfile.intent.missing, 'profile');
  assert.match(noProfile.intent.reply, /profile/);
  assert.match(noProfile.intent.reply, /graph neural networks/);

  const noUser = routeLocally({ text: `research ${TOPIC}`, session: ANONYMOUS });
  assert.equal(noUser.intent.action, 'start_run');
  assert.equal(noUser.intent.missing, 'user');
  assert.match(noUser.intent.reply, /who you are/);
});

test('while a run awaits feedback, free text is feedback', () => {
  for (const text of [
    'I think the second hypothesis is more promising',
    'Use more seeds and a stronger baseline',
    'investigate whether noise matters instead',
    'switch to transformers',
    "I'm sceptical about the baseline",
    'the progress bar is confusing',
  ]) {
    const { intent, confidence } = routeLocally({ text, session: PAUSED });
    assert.equal(intent.action, 'submit_feedback', text);
    assert.equal(intent.feedback, text);
    assert.equal(intent.missing, undefined);
    assert.ok(confidence >= 0.8);
  }
});

test('while a run awaits feedback, clear commands are still commands', () => {
  const cases: [string, Intent['action']][] = [
    ['list my skills', 'list_skills'],
    ['start a run on bird song', 'start_run'],
    ['status', 'status'],
    ['help', 'help'],
    ['thanks!', 'chitchat'],
    ['my domain is ecology', 'update_profile'],
  ];
  for (const [text, action] of cases) {
    assert.equal(routeLocally({ text, session: PAUSED }).intent.action, action, text);
  }
});

test('approvals carry on while paused and are small talk otherwise', () => {
  for (const text of ['looks good', 'Go ahead', 'please continue', 'ok', 'LGTM!']) {
    const { intent } = routeLocally({ text, session: PAUSED });
    assert.equal(intent.action, 'submit_feedback', text);
    assert.match(intent.reply, /carrying on/);
  }
  assert.equal(routeLocally({ text: 'ok', session: READY }).intent.action, 'chitchat');
  const early = routeLocally({ text: 'continue', session: RUNNING }).intent;
  assert.equal(early.action, 'submit_feedback');
  assert.equal(early.missing, 'run');
  assert.match(early.reply, /isn't waiting for feedback/);
});

test('with nobody signed in, a bare name is a low-confidence new user', () => {
  const { intent, confidence } = routeLocally({ text: 'alice', session: ANONYMOUS });
  assert.equal(intent.action, 'create_user');
  assert.equal(intent.user_id, 'alice');
  assert.ok(confidence < 0.6);
  assert.notEqual(routeLocally({ text: 'alice', session: READY }).intent.action, 'create_user');
});

test('"I\'m <not a name>" is not an introduction', () => {
  for (const text of ["I'm done", "I'm interested in bees", "I'm confused"]) {
    const { intent } = routeLocally({ text, session: ANONYMOUS });
    assert.ok(intent.action !== 'create_user' && intent.action !== 'select_user', text);
  }
});

test('selecting the signed-in user says so', () => {
  const { intent } = routeLocally({ text: "I'm alice", session: READY });
  assert.equal(intent.action, 'select_user');
  assert.equal(intent.reply, "You're already signed in as alice.");
});

test('profile and user actions without a user ask who the user is', () => {
  for (const text of ['my domain is ecology', 'list my skills', 'show my memories']) {
    const { intent } = routeLocally({ text, session: ANONYMOUS });
    assert.equal(intent.missing, 'user', text);
    assert.match(intent.reply, /who you are/);
  }
});

test('unknown text is help with a list of what I can do, at low confidence', () => {
  for (const text of ['asdf qwer zxcv', 'the weather in paris', '']) {
    const { intent, confidence } = routeLocally({ text, session: READY });
    assert.equal(intent.action, 'help');
    assert.ok(confidence < 0.6);
    assert.match(intent.reply, /didn't catch that/);
    assert.match(intent.reply, /start a run on/);
    assert.match(intent.reply, /continue/);
  }
});

test('misspellings lower confidence a little but keep it above the threshold', () => {
  const clean = routeLocally({ text: 'list my skills', session: READY }).confidence;
  const typo = routeLocally({ text: 'lsit my skills', session: READY }).confidence;
  assert.ok(typo < clean);
  assert.ok(typo >= 0.6);
});

test('misspellings inside a topic are kept as written', () => {
  const { intent } = routeLocally({
    text: 'start a run on strat-level skils in chess',
    session: READY,
  });
  assert.equal(intent.topic, 'strat-level skils in chess');
});

test('greetings suggest the next step for the session', () => {
  assert.match(routeLocally({ text: 'hi', session: ANONYMOUS }).intent.reply, /your name/);
  assert.match(
    routeLocally({ text: 'hi', session: { ...READY, has_profile: false } }).intent.reply,
    /my domain is/,
  );
  assert.match(routeLocally({ text: 'hello', session: PAUSED }).intent.reply, /feedback/);
});
