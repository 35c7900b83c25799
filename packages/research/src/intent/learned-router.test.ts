import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namesNoUser, nameToUserId, routeLearned } from './learned-router.ts';
import { TAGS } from './model/tags.ts';
import { tokenize } from './model/tokens.ts';
import { cleanTopic } from './slots.ts';
import { DEFAULT_CONFIDENCE_THRESHOLD } from './router.ts';
import { Intent } from './schema.ts';
import type { IntentAction, IntentSession, ProfilePatch } from './schema.ts';

const ANONYMOUS: IntentSession = {
  user_id: '',
  run_id: null,
  run_status: null,
  has_profile: false,
};
const NEW: IntentSession = { ...ANONYMOUS, user_id: 'alice' };
const READY: IntentSession = { ...NEW, has_profile: true };
const RUNNING: IntentSession = { ...READY, run_id: 'run-1-abc', run_status: 'running' };
const PAUSED: IntentSession = { ...READY, run_id: 'run-1-abc', run_status: 'awaiting_feedback' };

/** The profile a signed-in user's message sets. */
const profile = (text: string) => routeLearned({ text, session: READY }).intent.profile;

interface Row {
  text: string;
  session: IntentSession;
  action: IntentAction;
  topic?: string;
  user_id?: string;
  profile?: ProfilePatch;
  feedback?: string;
  missing?: Intent['missing'];
}

// What the shipped model must keep getting right: the examples, several slots in one
// message, and the session changing the answer.
const TABLE: Row[] = [
  {
    text: "I'm Chen and I study epidemiology",
    session: ANONYMOUS,
    action: 'create_user',
    user_id: 'chen',
    profile: { domain: 'epidemiology' },
  },
  {
    text: "Hello, I'm Paolo; I study economics and I like to be strict about baselines",
    session: ANONYMOUS,
    action: 'create_user',
    user_id: 'paolo',
    profile: { domain: 'economics', baseline_strictness: 'high' },
  },
  {
    text: 'start a run on fish stock collapse, my field is fisheries science',
    session: NEW,
    action: 'start_run',
    topic: 'fish stock collapse',
    profile: { domain: 'fisheries science' },
  },
  {
    text: 'start a run on “mangrove carbon storage”',
    session: READY,
    action: 'start_run',
    topic: 'mangrove carbon storage',
  },
  {
    text: 'investigate whether dropout helps small CNNs',
    session: READY,
    action: 'start_run',
    topic: 'dropout helps small CNNs',
  },
  { text: 'start a run', session: READY, action: 'start_run', missing: 'topic' },
  { text: 'Hola, me llamo Sofía', session: ANONYMOUS, action: 'create_user', user_id: 'sofia' },
  { text: 'switch to user bob', session: READY, action: 'select_user', user_id: 'bob' },
  { text: "load aisha's profile", session: READY, action: 'select_user', user_id: 'aisha' },
  {
    text: 'i like adventurous, speculative ideas',
    session: READY,
    action: 'update_profile',
    profile: { risk_preference: 'high' },
  },
  {
    text: 'Set my domain to marine biology and my risk preference to LOW',
    session: READY,
    action: 'update_profile',
    profile: { domain: 'marine biology', risk_preference: 'low' },
  },
  { text: 'who else is here', session: READY, action: 'list_users' },
  { text: 'lsit my skills', session: READY, action: 'list_skills' },
  { text: 'what do you remember about me', session: READY, action: 'list_memories' },
  { text: 'retrain the preference model', session: READY, action: 'train_planner' },
  { text: 'is the paper finished', session: RUNNING, action: 'status' },
  { text: "how's it going", session: RUNNING, action: 'status' },
  { text: "how's it going", session: READY, action: 'chitchat' },
  { text: 'ok', session: PAUSED, action: 'submit_feedback', feedback: 'ok' },
  { text: 'ok', session: READY, action: 'chitchat' },
  {
    text: 'Use more seeds and a stronger baseline',
    session: PAUSED,
    action: 'submit_feedback',
    feedback: 'Use more seeds and a stronger baseline',
  },
  {
    text: 'feedback: use more seeds',
    session: PAUSED,
    action: 'submit_feedback',
    feedback: 'use more seeds',
  },
  {
    text: 'continue',
    session: RUNNING,
    action: 'submit_feedback',
    feedback: 'continue',
    missing: 'run',
  },
  { text: 'start a run on bird song', session: PAUSED, action: 'start_run', topic: 'bird song' },
  { text: 'What can you do?', session: ANONYMOUS, action: 'help' },
  { text: 'goodbye!', session: READY, action: 'chitchat' },
  { text: 'Bonjour', session: ANONYMOUS, action: 'chitchat' },
  {
    text: 'explore wild ideas around dark matter detection',
    session: READY,
    action: 'start_run',
    topic: 'dark matter detection',
    profile: { risk_preference: 'high' },
  },
  {
    text: 'ابدأ بحثا عن تحلية المياه بالطاقة الشمسية فتخصصي هو الهندسة الكيميائية',
    session: NEW,
    action: 'start_run',
    topic: 'تحلية المياه بالطاقة الشمسية',
    profile: { domain: 'الهندسة الكيميائية' },
  },
];

test('the phrasing table routes to the expected action and slots', () => {
  const failures: string[] = [];
  for (const row of TABLE) {
    const { intent } = routeLearned({ text: row.text, session: row.session });
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
    } catch (err) {
      failures.push(`${JSON.stringify(row.text)}: ${(err as Error).message.split('\n').join(' ')}`);
    }
  }
  assert.deepEqual(failures, []);
});

test('replies say everything understood', () => {
  const chen = routeLearned({ text: "I'm Chen and I study epidemiology", session: ANONYMOUS });
  assert.equal(
    chen.intent.reply,
    "Welcome, chen! I've set you up as a new user, with your domain set to “epidemiology”.",
  );
  const run = routeLearned({
    text: 'start a run on fish stock collapse, my field is fisheries science',
    session: NEW,
  });
  assert.equal(
    run.intent.reply,
    'Starting a research run on “fish stock collapse”, with your domain set to “fisheries science”.',
  );
  // The field stated with the topic is the profile the run needs.
  assert.equal(run.intent.missing, undefined);
});

test('a name in another script is the user id; one that cannot be an id is asked for', () => {
  const arabic = routeLearned({ text: 'أنا أحمد', session: ANONYMOUS }).intent;
  assert.equal(arabic.action, 'create_user');
  assert.equal(arabic.user_id, 'احمد');
  // the user picked "create a user" and gave a "name" with no letter in it
  const { intent } = routeLearned({ text: '🦊', session: ANONYMOUS, action: 'create_user' });
  assert.equal(intent.user_id, undefined);
  assert.equal(intent.missing, 'user_id');
  assert.match(intent.reply, /🦊/);
  assert.match(intent.reply, /letters or digits/);
});

test('user ids are lower case with accents folded', () => {
  assert.equal(nameToUserId('Élodie'), 'elodie');
  assert.equal(nameToUserId('@Bob'), 'bob');
  assert.equal(nameToUserId('Ada Lovelace'), 'ada-lovelace');
  assert.equal(nameToUserId("Kevin O'Neill"), 'kevin-oneill');
  assert.equal(nameToUserId('D’Angelo'), 'dangelo');
  assert.equal(nameToUserId('ليلى حداد'), 'ليلى-حداد');
  assert.equal(nameToUserId('-'), null);
});

test('words the model knows are never read as typos', () => {
  const { intent } = routeLearned({
    text: 'start a run on solar flare release',
    session: READY,
  });
  assert.equal(intent.topic, 'solar flare release');
});

test('every answer is a valid intent with a plain-English reply', () => {
  const sessions = [READY, ANONYMOUS, NEW, RUNNING, PAUSED];
  for (const row of TABLE) {
    for (const session of sessions) {
      const route = routeLearned({ text: row.text, session });
      Intent.parse(route.intent);
      assert.ok(route.confidence >= 0 && route.confidence <= 1);
      const { reply } = route.intent;
      assert.match(reply, /^[A-Z"].*[.!?]$/s, `${row.text}: ${reply}`);
      assert.doesNotMatch(reply, /[{}]|\b[a-z]+_[a-z]+\b/, `${row.text}: ${reply}`);
      if (route.intent.action !== 'start_run') assert.equal(route.intent.topic, '');
    }
  }
});

test('small talk gets a reply that fits it and suggests the next step', () => {
  const reply = (text: string, session: IntentSession) =>
    routeLearned({ text, session }).intent.reply;
  assert.match(reply('hi', ANONYMOUS), /^Hello!.*your name/);
  assert.match(reply('hello', { ...READY, has_profile: false }), /my domain is/);
  assert.match(reply('thank you so much', READY), /^You're welcome!/);
  assert.match(reply('goodbye!', READY), /^Goodbye!/);
  assert.match(reply('who are you?', READY), /research assistant/);
});

test('an empty message is the help text', () => {
  const route = routeLearned({ text: '  ', session: READY });
  assert.equal(route.intent.action, 'help');
  assert.equal(route.understood, false);
  assert.match(route.intent.reply, /didn't catch that/);
});

test('while a run awaits feedback, free text is feedback, word for word', () => {
  for (const text of [
    'I think the second hypothesis is more promising',
    'Use more seeds and a stronger baseline',
    'investigate whether noise matters instead',
    'switch to transformers',
    "I'm sceptical about the baseline",
    'the progress bar is confusing',
  ]) {
    const { intent } = routeLearned({ text, session: PAUSED });
    assert.equal(intent.action, 'submit_feedback', text);
    assert.equal(intent.feedback, text);
    assert.equal(intent.missing, undefined);
  }
});

test('while a run awaits feedback, clear commands are still commands', () => {
  const cases: [string, IntentAction][] = [
    ['list my skills', 'list_skills'],
    ['start a run on bird song', 'start_run'],
    ['status', 'status'],
    ['help', 'help'],
    ['thanks!', 'chitchat'],
    ['my domain is ecology', 'update_profile'],
  ];
  for (const [text, action] of cases) {
    assert.equal(routeLearned({ text, session: PAUSED }).intent.action, action, text);
  }
});

test('approvals carry on while paused; "continue" with nothing paused says so', () => {
  for (const text of ['looks good', 'Go ahead', 'please continue', 'ok', 'LGTM!']) {
    const { intent } = routeLearned({ text, session: PAUSED });
    assert.equal(intent.action, 'submit_feedback', text);
    assert.match(intent.reply, /carrying on/);
  }
  const early = routeLearned({ text: 'continue', session: RUNNING }).intent;
  assert.equal(early.action, 'submit_feedback');
  assert.equal(early.missing, 'run');
  assert.match(early.reply, /isn't waiting for feedback/);
});

test('"I\'m <not a name>" is not an introduction', () => {
  for (const text of ["I'm done", "I'm interested in bees", "I'm confused"]) {
    const { intent } = routeLearned({ text, session: ANONYMOUS });
    assert.ok(intent.action !== 'create_user' && intent.action !== 'select_user', text);
  }
});

test('introducing the signed-in user says so', () => {
  const { intent } = routeLearned({ text: "I'm alice", session: READY });
  assert.equal(intent.user_id, 'alice');
  assert.equal(intent.reply, "You're already signed in as alice.");
});

test('profile, skills and runs without a user ask who the user is', () => {
  for (const text of ['my domain is ecology', 'list my skills', 'show my memories']) {
    const { intent } = routeLearned({ text, session: ANONYMOUS });
    assert.equal(intent.missing, 'user', text);
    assert.match(intent.reply, /who you are/);
  }
  const noProfile = routeLearned({
    text: 'research graph neural networks for molecules',
    session: NEW,
  }).intent;
  assert.equal(noProfile.action, 'start_run');
  assert.equal(noProfile.topic, 'graph neural networks for molecules');
  assert.equal(noProfile.missing, 'profile');
  assert.match(noProfile.reply, /profile/);
});

test('misspellings inside a topic are kept as written', () => {
  const { intent } = routeLearned({
    text: 'start a run on strat-level skils in chess',
    session: READY,
  });
  assert.equal(intent.topic, 'strat-level skils in chess');
});

test('a long message is read from its start and kept whole as feedback', () => {
  const text = `feedback: ${'use a stronger baseline and more seeds. '.repeat(2500)}`.trim();
  const started = performance.now();
  const { intent } = routeLearned({ text, session: PAUSED });
  assert.ok(performance.now() - started < 500);
  assert.equal(intent.action, 'submit_feedback');
  assert.equal(intent.feedback, text.slice('feedback: '.length));
});

test('a bare lower-case introduction is answered without a question', () => {
  for (const text of ["i'm eli", "I'm eli", 'im eli']) {
    const route = routeLearned({ text, session: ANONYMOUS });
    assert.equal(route.intent.action, 'create_user', text);
    assert.equal(route.intent.user_id, 'eli', text);
    assert.ok(route.confidence >= DEFAULT_CONFIDENCE_THRESHOLD, `${text}: ${route.confidence}`);
  }
  // A feeling is not a name, even one the model never saw.
  for (const text of ["I'm bored", "i'm grumpy"]) {
    const route = routeLearned({ text, session: ANONYMOUS });
    assert.notEqual(route.intent.action, 'create_user', text);
  }
});

test('a role from the lexicon is a profile statement: "i\'m a biostatistician"', () => {
  const { intent } = routeLearned({ text: "i'm a biostatistician", session: READY });
  assert.equal(intent.action, 'update_profile');
  assert.deepEqual(intent.profile, { archetype: 'biostatistician' });
  const field = routeLearned({ text: 'my field is glaciology', session: READY }).intent;
  assert.deepEqual(field.profile, { domain: 'glaciology' });
  // A field no list knows (here misspelt) is still read from where it stands.
  const misspelt = routeLearned({ text: 'my domain is ecolgy', session: NEW }).intent;
  assert.deepEqual(misspelt.profile, { domain: 'ecolgy' });
});

test('a role keeps its qualifiers; "high" in "high school" is no level', () => {
  assert.deepEqual(profile("I'm a high school biology teacher"), {
    archetype: 'high school biology teacher',
  });
  assert.deepEqual(profile("I'm a very cautious statistician"), {
    archetype: 'statistician',
    risk_preference: 'low',
  });
  assert.equal(profile("I'm a 3rd year PhD candidate")?.archetype, '3rd year PhD candidate');
  // a level word the lexicon reads as none where it stands is the role ("a curator at …")
  assert.equal(
    profile('Sono conservatrice al Museo Archeologico di Napoli')?.archetype,
    'conservatrice',
  );
  // what is said before an eye-roll or "/s" is sarcasm, when a level is said after it
  assert.equal(
    profile("more 'safe incremental' ideas, my absolute favourite /s. give me the out-there stuff")
      ?.risk_preference,
    'high',
  );
  assert.equal(
    profile('Ma certo, un’altra idea sicurissima 🙄 Dai, osate!')?.risk_preference,
    'high',
  );
  assert.equal(profile('be strict please 🙄')?.baseline_strictness, 'high');
  // a setting named with its level is no role ("rigore massimo")
  assert.equal(profile('Per le revisioni: rigore massimo, per favore.')?.archetype, undefined);
  // nor are the words of talk between "bin ich" and the role part of it
  assert.equal(
    profile('im Moment bin ich aber einfach Sachbearbeiter in der MA 18')?.archetype,
    'Sachbearbeiter',
  );
});

test('messages that mean nothing get a low probability, and so a question', () => {
  const nonsense = [
    'mango',
    'crumbs',
    'wooden spoon',
    'xkcd',
    'lorem ipsum',
    'velvet hamster',
    'a teapot under the bridge',
    'seventeen marbles',
    'plinth of the cardigan',
    'orbit of biscuits',
  ];
  const asked = nonsense.filter((text) => {
    const route = routeLearned({ text, session: READY });
    assert.ok(route.confidence >= 0 && route.confidence <= 1);
    return !route.understood || route.confidence < DEFAULT_CONFIDENCE_THRESHOLD;
  });
  assert.ok(asked.length >= 8, `asked back on ${asked.length} of ${nonsense.length}: ${asked}`);
  // Clear commands keep a high probability.
  for (const text of ['list my skills', 'start a run on coral reefs', "I'm Chen"]) {
    const session = text.startsWith('I') ? ANONYMOUS : READY;
    assert.ok(routeLearned({ text, session }).confidence >= 0.8, text);
  }
});

test('risk and strictness said in idioms no lexicon lists are read by the learned level reader', () => {
  // Variants of idioms in the training phrasings, not the phrasings themselves.
  const rows: [string, ProfilePatch][] = [
    ['honestly, swing for the fences with the ideas', { risk_preference: 'high' }],
    ['nothing too far out please', { risk_preference: 'low' }],
    ["I'd rather you played it safe", { risk_preference: 'low' }],
    ['please go easy on the reviews', { baseline_strictness: 'low' }],
  ];
  for (const [text, profile] of rows) {
    const { intent } = routeLearned({ text, session: READY });
    assert.equal(intent.action, 'update_profile', text);
    assert.deepEqual(intent.profile, profile, text);
  }
});

test('a little more of either way from before is the middle risk, in any of the languages', () => {
  for (const text of [
    'can you make the ideas a bit more adventurous from now on',
    'un chouïa plus audacieux que la dernière fois',
    'arriesga un poco más que la última vez',
    'Um pouco mais ousado que da última vez',
    "let's be a bit more careful with the ideas than last time",
  ]) {
    assert.equal(profile(text)?.risk_preference, 'medium', text);
  }
  assert.equal(profile('I want bold ideas, much bolder than before')?.risk_preference, 'high');
});

test('negations turn a level around, also for words learnt from other phrasings', () => {
  const rows: [string, ProfilePatch][] = [
    ['no long shots this time', { risk_preference: 'low' }],
    ["I'm not a risk taker", { risk_preference: 'low' }],
    ['be less strict with the baselines', { baseline_strictness: 'low' }],
    ["don't be too lenient", { baseline_strictness: 'high' }],
  ];
  for (const [text, profile] of rows) {
    assert.deepEqual(routeLearned({ text, session: READY }).intent.profile, profile, text);
  }
});

test('a deadline after a topic and a preamble before feedback are not part of them', () => {
  const topic = (text: string) => routeLearned({ text, session: READY }).intent.topic;
  assert.equal(
    topic('write a paper on soil carbon in vineyards by friday please'),
    'soil carbon in vineyards',
  );
  assert.equal(topic('could you research urban heat islands before Monday?'), 'urban heat islands');
  // A label or the request's verb before it, a second statement or a dangling word after it;
  // kept whole, what only looks like those (the last three).
  const trims: [string, string][] = [
    ['topic: coral reef restoration', 'coral reef restoration'],
    ['examining rent control and mobility', 'rent control and mobility'],
    ['deep dive on lab-grown meat regulation', 'lab-grown meat regulation'],
    ['jellyfish blooms please, my field is marine biology', 'jellyfish blooms'],
    [
      "social media and political polarisation — I'm a sociologist",
      'social media and political polarisation',
    ],
    [
      'how remote work affects productivity? I work in organisational psychology',
      'how remote work affects productivity',
    ],
    ['SOIL EROSION FOR', 'SOIL EROSION'],
    ['glacier lakes instead', 'glacier lakes'],
    ['vaccine cold chains in the', 'vaccine cold chains'],
    ['trade-offs in solar vs. wind', 'trade-offs in solar vs. wind'],
    ['the economics of rooftop solar', 'the economics of rooftop solar'],
    ['studying habits of bees', 'studying habits of bees'],
    ['the topic of AI in education', 'AI in education'],
    ['un artículo sobre la sequía', 'la sequía'],
    ['wind turbine noise this time', 'wind turbine noise'],
    ['fairness metrics for recommenders would', 'fairness metrics for recommenders'],
    ['the philosophy of free will', 'the philosophy of free will'],
  ];
  for (const [raw, clean] of trims) assert.equal(cleanTopic(raw), clean, raw);
  const feedback = (text: string) => routeLearned({ text, session: PAUSED }).intent.feedback;
  assert.equal(feedback('my two cents — drop the third hypothesis'), 'drop the third hypothesis');
  assert.equal(feedback('quick thought: use a mixed-effects model'), 'use a mixed-effects model');
  assert.equal(
    feedback('Results section — needs more detail'),
    'Results section — needs more detail',
  );
});

test('a topic ends on no "after" cut from what it is of', () => {
  const topic = (text: string) => routeLearned({ text, session: READY }).intent.topic;
  assert.equal(
    topic("Can you research microplastics in freshwater fish after this one? I'm a toxicologist."),
    'microplastics in freshwater fish',
  );
  assert.equal(topic('research what happens to wages after'), 'what happens to wages after');
});

test('a run request that ends with an instruction about risk or rigour: topic and level apart', () => {
  const rows: [string, string, ProfilePatch][] = [
    [
      'research coral reef bleaching and be bold',
      'coral reef bleaching',
      { risk_preference: 'high' },
    ],
    [
      "I'd like a run on protein folding with really demanding baselines",
      'protein folding',
      { baseline_strictness: 'high' },
    ],
    [
      'research carbon pricing in developing economies with normal rigor',
      'carbon pricing in developing economies',
      { baseline_strictness: 'medium' },
    ],
  ];
  for (const [text, topic, profile] of rows) {
    const { intent } = routeLearned({ text, session: READY });
    assert.equal(intent.action, 'start_run', text);
    assert.equal(intent.topic, topic, text);
    assert.deepEqual(intent.profile, profile, text);
  }
  // A topic about risk or reviews keeps its words, and sets nothing.
  for (const text of [
    'research high-risk and low-risk pregnancies',
    'research the trade-off between risky and safe investing for retirees',
    'research why bold and cautious founders raise money differently',
  ]) {
    const { intent } = routeLearned({ text, session: READY });
    assert.equal(intent.action, 'start_run', text);
    assert.deepEqual(intent.profile ?? {}, {}, text);
    assert.ok(intent.topic && text.endsWith(intent.topic), `${text} → ${intent.topic}`);
  }
});

test('scales, idioms and other languages set risk and strictness; a name stays a name', () => {
  const rows: [string, IntentSession, ProfilePatch][] = [
    ['risk 8/10, strictness 2/10', READY, { risk_preference: 'high', baseline_strictness: 'low' }],
    ['can we dial the risk way back', READY, { risk_preference: 'low' }],
    ['the reviews have been way too soft lately', READY, { baseline_strictness: 'high' }],
    ['Soyez moins sévères sur les baselines', READY, { baseline_strictness: 'low' }],
    ['révise sans concession', READY, { baseline_strictness: 'high' }],
    ['relájate un poco con las revisiones', READY, { baseline_strictness: 'low' }],
    ['قلل الصرامة', READY, { baseline_strictness: 'low' }],
    ['on peut prendre des risques', READY, { risk_preference: 'high' }],
    ['خلينا نغامر', READY, { risk_preference: 'high' }],
    ["je ne veux pas d'idées farfelues", READY, { risk_preference: 'low' }],
    [
      "Hello I'm Fatima, I do public health and I'm pretty risk-averse",
      ANONYMOUS,
      { domain: 'public health', risk_preference: 'low' },
    ],
  ];
  for (const [text, session, profile] of rows) {
    const { intent } = routeLearned({ text, session });
    assert.deepEqual(intent.profile, profile, text);
  }
  assert.equal(
    routeLearned({
      text: "Hello I'm Fatima, I do public health and I'm pretty risk-averse",
      session: ANONYMOUS,
    }).intent.user_id,
    'fatima',
  );
});

test("a labelled persona is the persona brief, its level words the persona's", () => {
  assert.deepEqual(profile('my persona: skeptical reviewer who loves clean ablations'), {
    persona_brief: 'skeptical reviewer who loves clean ablations',
  });
  assert.deepEqual(profile('persona — a pragmatic industry engineer who cares about cost'), {
    persona_brief: 'a pragmatic industry engineer who cares about cost',
  });
  // A setting before the label is still the user's.
  assert.deepEqual(profile('be bold; my persona is a cautious PhD student'), {
    persona_brief: 'a cautious PhD student',
    risk_preference: 'high',
  });
  // someone to play, in other languages too: the level words are the persona's
  for (const [text, persona] of [
    ['actúa como un director de tesis exigente', 'un director de tesis exigente'],
    ['Bitte verhalte dich wie ein kritischer Gutachter', 'ein kritischer Gutachter'],
    ['تصرّف مثل محكّم صارم في مجلة علمية', 'محكّم صارم في مجلة علمية'],
    ["pretend you're a grumpy reviewer", 'a grumpy reviewer'],
    ["joue le rôle d'un rapporteur impitoyable", 'un rapporteur impitoyable'],
    ['quiero que actúes como una editora exigente', 'una editora exigente'],
    ['age como um revisor rigoroso de economia', 'um revisor rigoroso de economia'],
    // "as" written on the persona's first word
    ['تصرّف كمراجع صارم جداً', 'كمراجع صارم جداً'],
    ['تصرف كأنك محكم صارم', 'محكم صارم'],
    ['تقمّص دور محكّم صارم في مجلة علمية', 'محكّم صارم في مجلة علمية'],
  ]) {
    assert.deepEqual(profile(text!), { persona_brief: persona });
  }
  // A sentence after it in which the writer speaks again sets the writer's level; one that
  // goes on describing the persona is the persona's.
  assert.deepEqual(
    profile(
      'Persona: a contrarian who distrusts official statistics. Also I want high-risk ideas.',
    ),
    { persona_brief: 'a contrarian who distrusts official statistics', risk_preference: 'high' },
  );
  assert.deepEqual(profile('Mon persona : une sociologue critique. Et des idées audacieuses.'), {
    persona_brief: 'une sociologue critique',
    risk_preference: 'high',
  });
  assert.deepEqual(profile('Persona: a grumpy reviewer. Very strict and harsh.'), {
    persona_brief: 'a grumpy reviewer. Very strict and harsh',
  });
});

test('what is said of a workplace, a time or someone else is not the profile', () => {
  const routed = (text: string) => routeLearned({ text, session: READY }).intent;
  // someone new who tells of a friend's job signs up without it
  const mia = routeLearned({
    text: 'Hi, ich bin Mia. Mein Freund ist Informatiker und hat mir die App gezeigt',
    session: ANONYMOUS,
  }).intent;
  assert.equal(mia.action, 'create_user');
  assert.equal(mia.user_id, 'mia');
  assert.equal(mia.profile?.archetype, undefined);
  assert.deepEqual(profile('i am working as research scientist in a pharmaceutical company'), {
    archetype: 'research scientist',
  });
  assert.deepEqual(profile("i'm a lab tech in a neuroscience lab"), {
    archetype: 'lab tech',
    domain: 'neuroscience',
  });
  assert.equal(profile("Ingénieur à la retraite, j'ai fait toute ma carrière")?.domain, undefined);
  assert.equal(
    profile('trabajo en oncología pediátrica desde hace 10 años')?.domain,
    'oncología pediátrica',
  );
  assert.equal(
    routed('Il mio relatore è un professore di economia severissimo').action,
    'chitchat',
  );
  // a job left, and nothing since, is small talk; a job since is the profile
  assert.equal(routed('I used to be a lawyer but I quit years ago').action, 'chitchat');
  assert.equal(routed('كنت مهندس بس تركت الشغل من زمان').action, 'chitchat');
  // the field of the job left says nothing more ("I quit accounting")
  assert.equal(routed('I quit accounting last year and never been happier').action, 'chitchat');
  assert.deepEqual(
    profile('I was a chemist before I left for industry, now I do machine learning'),
    { domain: 'machine learning' },
  );
  assert.deepEqual(profile('Soy biólogo de campo, trabajo con anfibios en la Amazonía'), {
    archetype: 'biólogo de campo',
    domain: 'anfibios',
  });
});

test('"now" in French or Spanish ends no field', () => {
  assert.deepEqual(profile('je travaille en sociologie maintenant'), { domain: 'sociologie' });
});

test('a "name" made of level, field, role or command words is no user', () => {
  const named = (text: string, name: string) => {
    const tokens = tokenize(text);
    const tags = tokens.map((t) => (t.raw === name ? TAGS.indexOf('B-name') : 0));
    return namesNoUser(tokens, tags);
  };
  assert.equal(named("j'aime les idées audacieuses", 'audacieuses'), true);
  assert.equal(named('as risk-free as possible', 'risk-free'), true);
  assert.equal(named('switch to ecology', 'ecology'), true);
  assert.equal(named('use my notes to re-train', 're-train'), true);
  assert.equal(named('switch to Amara', 'Amara'), false);
  assert.equal(named('switch to Grace', 'Grace'), false);
});

test('feedback that is the whole message keeps its emoji; a persona "of" is a persona', () => {
  const paused = (text: string) => routeLearned({ text, session: PAUSED }).intent.feedback;
  assert.equal(paused('👍 go ahead'), '👍 go ahead');
  assert.equal(paused('feedback: add a stronger baseline 👍'), 'add a stronger baseline 👍');
  assert.deepEqual(profile('take on the persona of a blunt senior reviewer'), {
    persona_brief: 'a blunt senior reviewer',
  });
  assert.deepEqual(profile('act like a patient tutor who explains the maths'), {
    persona_brief: 'a patient tutor who explains the maths',
  });
});

test('a role joined to another by a slash is one role', () => {
  const intent = routeLearned({ text: "I'm an MD/PhD student in immunology", session: NEW }).intent;
  assert.equal(intent.profile?.archetype, 'MD/PhD student');
});

test('while a run waits for feedback, what the model cannot read is feedback', () => {
  for (const text of ['👍', '¯\\_(ツ)_/¯', 'zxqv blorf']) {
    const route = routeLearned({ text, session: PAUSED });
    assert.equal(route.intent.action, 'submit_feedback', text);
    assert.equal(route.intent.feedback, text);
  }
  // Elsewhere it is still not understood.
  assert.equal(routeLearned({ text: '👍', session: READY }).understood, false);
});

test('a run asked of the assistant after a profile statement is a run; told of the writer, not', () => {
  const route = (text: string, session = READY) => routeLearned({ text, session }).intent;
  const physics = route(
    'I teach physics at a high school; can you do a paper on student misconceptions about gravity?',
  );
  assert.equal(physics.action, 'start_run');
  assert.equal(physics.topic, 'student misconceptions about gravity');
  const finance = route("i'm a finance phd student, could you research ESG ratings divergence");
  assert.equal(finance.action, 'start_run');
  assert.equal(finance.topic, 'ESG ratings divergence');
  const told = route('I do research on crop genetics');
  assert.equal(told.action, 'update_profile');
  assert.equal(told.profile?.domain, 'crop genetics');
});

test('a level said of something else is none; an Arabic name ends before "and I"', () => {
  const intent = routeLearned({
    text: 'cushion the blows a little, my confidence is low',
    session: READY,
  }).intent;
  assert.deepEqual(intent.profile, { baseline_strictness: 'low' });
  // nor a level word inside a field's name
  assert.deepEqual(
    routeLearned({ text: 'I focus on drought tolerant maize', session: READY }).intent.profile,
    { domain: 'drought tolerant maize' },
  );
  // nor a word of a proper name ("Middle Kingdom")
  const named = routeLearned({
    text: "I'm an amateur Egyptologist, mostly Middle Kingdom stuff. Ideas can be as wild as you like.",
    session: READY,
  }).intent;
  assert.equal(named.profile?.risk_preference, 'high');
  // nor is an acronym the tagger took for one at the end of a run request
  const run = routeLearned({
    text:
      'Research please on: machine-learning interatomic potentials for predicting grain ' +
      'boundary segregation in nickel superalloys (focus on Re, W), compared with DFT',
    session: READY,
  }).intent;
  assert.equal(run.action, 'start_run');
  assert.equal(run.profile, undefined);
  const arabic = routeLearned({
    text: 'مرحبا، اسمي خالد وأنا باحث في الذكاء الاصطناعي',
    session: ANONYMOUS,
  }).intent;
  assert.equal(arabic.user_id, 'خالد');
});

test('roles and fields that are not the writer’s: a workplace, a place, a likeness', () => {
  const profile = (text: string, session = NEW) => routeLearned({ text, session }).intent.profile;
  // a government body's name is where one works; what one works on is said apart
  assert.deepEqual(
    profile(
      "Je suis attachée d'administration au ministère de la Transition écologique, je " +
        'travaille sur les politiques du logement.',
    ),
    { archetype: "attachée d'administration", domain: 'politiques du logement' },
  );
  assert.deepEqual(profile('trabajo en el Ministerio de Agricultura, en políticas de riego'), {
    domain: 'políticas de riego',
  });
  assert.equal(profile('policy officer at the Department for Education')?.domain, undefined);
  // a university's department of a field teaches it
  assert.equal(profile("I'm in the Department of Physics, condensed matter")?.domain, 'Physics');
  assert.deepEqual(profile('data engineer at a logistics firm'), { archetype: 'data engineer' });
  // what a role is of is the field, but not a unit nor a measure of the person
  assert.deepEqual(
    routeLearned({ text: "Amara here. I'm a curator of textiles at a museum", session: ANONYMOUS })
      .intent.profile,
    { archetype: 'curator', domain: 'textiles' },
  );
  assert.deepEqual(profile("I'm head of department"), { archetype: 'head of department' });
  // a school level opens no field
  assert.deepEqual(profile('doing A-level chemistry and bio'), { domain: 'chemistry and bio' });
  // …but a department's or a law firm's kind is the field they are of
  assert.deepEqual(profile('a registrar in the oncology department'), {
    archetype: 'registrar',
    domain: 'oncology',
  });
  assert.deepEqual(profile('I am an associate at a criminal law firm'), {
    archetype: 'associate',
    domain: 'criminal law',
  });
  assert.deepEqual(profile('senior UX researcher at a fintech'), {
    archetype: 'senior UX researcher',
  });
  assert.deepEqual(
    routeLearned({
      text: 'sign up: Lars Olsen, theoretical physicist, Copenhagen',
      session: ANONYMOUS,
    }).intent.profile,
    { archetype: 'theoretical physicist' },
  );
  assert.deepEqual(profile('be as strict as a top-venue reviewer', READY), {
    baseline_strictness: 'high',
  });
  assert.deepEqual(profile("I've shifted toward science policy", READY), {
    domain: 'science policy',
  });
  assert.deepEqual(profile("I'm a risk-taker when it comes to ideas"), { risk_preference: 'high' });
});

test('a "feedback:" label after a run is feedback, whatever levels it names', () => {
  const done: IntentSession = { ...READY, run_id: 'r1', run_status: 'completed' };
  const intent = routeLearned({
    text: 'feedback: too conservative, I wanted wilder ideas',
    session: done,
  }).intent;
  assert.equal(intent.action, 'submit_feedback');
  assert.equal(intent.feedback, 'too conservative, I wanted wilder ideas');
});

test('remarks on the app, people in general and goodbyes are small talk, whatever levels they name', () => {
  const done: IntentSession = { ...READY, run_id: 'r1', run_status: 'completed' };
  const action = (text: string, session = READY) => routeLearned({ text, session }).intent.action;
  assert.equal(action("haha you're brutal", done), 'chitchat');
  assert.equal(action('reviewers in my field are notoriously harsh'), 'chitchat');
  assert.equal(action('stay safe out there!'), 'chitchat');
  // "too" asks for a change
  assert.equal(action("you're too harsh"), 'update_profile');
});

test('a field takes in the noun or German adjective before it; what an instruction is about is none', () => {
  const profile = (text: string, session = ANONYMOUS) =>
    routeLearned({ text, session }).intent.profile;
  assert.equal(
    profile('i am kenji, retired civil engineer, bridge aerodynamics is my thing')?.domain,
    'bridge aerodynamics',
  );
  assert.equal(
    profile("I'd like to register. Name: Olusegun Adeyemi. Field: petroleum geology.")?.domain,
    'petroleum geology',
  );
  assert.equal(
    profile('Hallo, ich bin Jonas Becker und arbeite in der theoretischen Physik.')?.domain,
    'theoretischen Physik',
  );
  assert.equal(profile('I am Lucas, a student of agronomy from Brazil')?.domain, 'agronomy');
  assert.deepEqual(profile('be tough on methodology', READY), { baseline_strictness: 'high' });
  assert.deepEqual(profile('be stricter with the stats here', READY), {
    baseline_strictness: 'high',
  });
});

test('while a run waits, a "command" without its words answers the run', () => {
  const paused: IntentSession = { ...READY, run_id: 'r1', run_status: 'awaiting_feedback' };
  const action = (text: string) => routeLearned({ text, session: paused }).intent.action;
  assert.equal(
    action('tu pourrais tester sur des données réelles plutôt que simulées ?'),
    'submit_feedback',
  );
  assert.equal(action('añade más datos de otros países'), 'submit_feedback');
  assert.equal(action('could you explain the stats part in plain english'), 'submit_feedback');
  assert.equal(action('what can you do?'), 'help');
  assert.equal(action('how do I change the strictness?'), 'help');
  assert.equal(action('who else is here?'), 'list_users');
});

test('Arabizi introductions, a role said apart from the name, a Romance field before its role word', () => {
  const intent = (text: string) => routeLearned({ text, session: ANONYMOUS }).intent;
  assert.equal(intent('salam, smiti Nadia w ana tbiba, bghit ndir compte').user_id, 'nadia');
  assert.deepEqual(intent("Bonjour, je m'appelle Hélène Morvan et je suis pédiatre").profile, {
    archetype: 'pédiatre',
  });
  assert.deepEqual(intent('me llamo Diego y estudio ingeniería agrónoma').profile, {
    domain: 'ingeniería agrónoma',
  });
  assert.equal(
    intent('my name is Nguyen Van An and i am data scientist in fintech').user_id,
    'nguyen-van-an',
  );
  assert.equal(intent('soy Rocío otra vez, conéctame').user_id, 'rocio');
});

test('a profile edit asked in so many words is one, even while a run waits or after one', () => {
  const paused: IntentSession = { ...READY, run_id: 'r1', run_status: 'awaiting_feedback' };
  const done: IntentSession = { ...READY, run_id: 'r1', run_status: 'completed' };
  const edit = routeLearned({
    text: "side note, not feedback: I'm a professor now, update my role",
    session: paused,
  }).intent;
  assert.equal(edit.action, 'update_profile');
  assert.deepEqual(edit.profile, { archetype: 'professor' });
  const put = routeLearned({
    text: "great paper. btw I'm a biostatistician, can you put that in my profile?",
    session: done,
  }).intent;
  assert.equal(put.action, 'update_profile');
  assert.equal(
    routeLearned({ text: 'how do I set my research field?', session: NEW }).intent.action,
    'help',
  );
});

test('roles and fields said the French, Spanish and Arabic way', () => {
  const profile = (text: string, session = NEW) => routeLearned({ text, session }).intent.profile;
  assert.deepEqual(
    profile('soyez sévères dans vos relectures, je suis chercheuse confirmée', READY),
    {
      archetype: 'chercheuse confirmée',
      baseline_strictness: 'high',
    },
  );
  assert.equal(
    profile(
      'Hola, me llamo Camila Rojas. Trabajo en ecología marina como investigadora postdoctoral',
      ANONYMOUS,
    )?.archetype,
    'investigadora postdoctoral',
  );
  assert.equal(profile('jubilada, me encanta la astronomía')?.archetype, 'jubilada');
  assert.equal(profile("I'm Noor, an undergrad majoring in biochem", ANONYMOUS)?.domain, 'biochem');
  assert.deepEqual(profile('أهلاً، أنا كريم وبشتغل مهندس بيانات في شركة شحن', ANONYMOUS), {
    archetype: 'مهندس بيانات',
  });
});

test('a field the writer has left or denies gives way to the one that holds', () => {
  const domain = (text: string) => routeLearned({ text, session: READY }).intent.profile?.domain;
  assert.equal(
    domain('ya no estoy en química, mi campo ahora es bioinformática'),
    'bioinformática',
  );
  assert.equal(
    domain("my field isn't ecology anymore, it's conservation genomics"),
    'conservation genomics',
  );
  assert.equal(domain('my field should say cryo-EM, not X-ray crystallography'), 'cryo-EM');
  assert.equal(
    domain('je change de domaine : je passe de la chimie à la science des données'),
    'science des données',
  );
  // a place one comes from is no field left
  assert.equal(
    routeLearned({
      text: "This is Declan O'Brien from the chemistry dept, setting up an account",
      session: ANONYMOUS,
    }).intent.profile?.domain,
    'chemistry',
  );
});

test('a request that points back takes the first sentence, lists and all, as its topic', () => {
  const topic = (text: string) => routeLearned({ text, session: READY }).intent.topic;
  assert.equal(
    topic('podcasts, attention spans and learning — write it up'),
    'podcasts, attention spans and learning',
  );
  assert.equal(
    topic('whats the deal with ultra-processed food and mortality? write a paper on it'),
    'ultra-processed food and mortality',
  );
  assert.equal(
    topic("what's known about long covid and exercise intolerance? make that the next run"),
    'long covid and exercise intolerance',
  );
  assert.equal(
    routeLearned({ text: 'quick question: can you write a paper on it', session: READY }).intent
      .missing,
    'topic',
  );
});

test('an Arabizi "ana esmi …" names the writer after "esmi", not "ana"', () => {
  const intent = routeLearned({
    text: 'salam, ana esmi Youssef w ana student f computer science',
    session: ANONYMOUS,
  }).intent;
  assert.equal(intent.user_id, 'youssef');
  assert.deepEqual(intent.profile, { archetype: 'student', domain: 'computer science' });
});

test('"not too much" before a setting word is "not too"; alone it holds the level back', () => {
  assert.deepEqual(profile('i want safe ideas only, not too much risky'), {
    risk_preference: 'low',
  });
  assert.deepEqual(profile('strict but not too much'), { baseline_strictness: 'medium' });
});

test('a run asked for in German starts one with its topic; the writer’s own work does not', () => {
  const routed = (text: string) => routeLearned({ text, session: READY }).intent;
  const run = routed(
    'Letzten Winter war unser Stromnetz überlastet – untersuch mal Lastmanagement mit E-Autos',
  );
  assert.equal(run.action, 'start_run');
  assert.equal(run.action === 'start_run' && run.topic, 'Lastmanagement mit E-Autos');
  const careful = routed(
    'forsche zu Wasserstoff-Elektrolyse im großen Maßstab, aber bitte eher vorsichtig',
  );
  assert.equal(careful.action, 'start_run');
  assert.equal(routed('Ich forsche zu Quantenoptik').action, 'update_profile');
  // the request cue makes the run sure enough to start, not to be asked back
  const bare = routeLearned({ text: 'untersuch mal Lastmanagement mit E-Autos', session: READY });
  assert.equal(bare.intent.action, 'start_run');
  assert.ok(bare.confidence >= 0.6, `confidence ${bare.confidence}`);
});

test('"Marcus here, just a curious undergrad" says the role', () => {
  const intent = routeLearned({
    text: 'yo, Marcus here, just a curious undergrad into astrophysics',
    session: ANONYMOUS,
  }).intent;
  assert.equal(intent.action, 'create_user');
  assert.equal(intent.action === 'create_user' && intent.profile?.archetype, 'undergrad');
});

test('no field opens on a verb of being, saying or leaving; "topics of" is no part of one', () => {
  const newcomer = (text: string) => routeLearned({ text, session: NEW }).intent.profile;
  assert.equal(
    newcomer('trabajo en el CSIC, en temas de cambio climático')?.domain,
    'cambio climático',
  );
  const signUp = (text: string) => routeLearned({ text, session: ANONYMOUS }).intent;
  const ferri = signUp(
    'Egregi, sono la dott.ssa Martina Ferri, farmacista ospedaliera. Chiedo cortesemente di essere registrata.',
  );
  assert.equal(ferri.action, 'create_user');
  assert.equal(ferri.profile?.domain, undefined);
  const samir = signUp('كنت أدرّس الفيزياء سابقاً، لكني تركت التدريس منذ زمن. اسمي سمير.');
  assert.equal(samir.profile?.domain, undefined);
  // the app addressed is no role of the writer's
  const letter = signUp(
    "Madame, Monsieur, je souhaiterais créer un compte afin d'utiliser votre assistant. Pr Jean-Marc Lefèvre, professeur des universités",
  );
  assert.equal(letter.profile?.archetype, 'professeur des universités');
});

test('a message only a rule reads is understood: "stuck?" asks a paused run its status', () => {
  const stuck = routeLearned({ text: 'stuck?', session: PAUSED });
  assert.equal(stuck.intent.action, 'status');
  assert.equal(stuck.understood, true);
  // what neither the model nor a rule reads is still not
  assert.equal(routeLearned({ text: 'zorp blick?', session: READY }).understood, false);
});

test("a field only hoped for, or someone else's, is not the writer's", () => {
  const domain = (text: string, session = ANONYMOUS) =>
    routeLearned({ text, session }).intent.profile?.domain;
  assert.equal(
    domain("Hi, I'm Tom Reyes. My sister is the scientist, she's in geology"),
    undefined,
  );
  assert.equal(domain("I'm Ines, hoping to get into marine biology one day"), undefined);
  assert.equal(domain('Soy Ana, espero hacer un doctorado en sociología'), undefined);
  // the writer's own, beside them, still counts
  assert.equal(domain("I'm Tom Reyes, I work in geology; my sister is a chemist"), 'geology');
});

test('a letter is read by its body: its greeting and close neither act nor fill a role', () => {
  const route = (text: string, session: IntentSession) => routeLearned({ text, session }).intent;
  const help = route(
    'Dear Sir or Madam,\n\nI hope this message finds you well. My grandson set this up for ' +
      'me. Could you kindly explain what exactly this service offers?\n\nWith kind regards,' +
      '\nMargaret',
    ANONYMOUS,
  );
  assert.equal(help.action, 'help');
  const run = route(
    'Dear Assistant, I wonder whether you might research the role of women handloom weavers ' +
      'in the West Riding wool trade. I should be most grateful. Warm regards, Margaret',
    READY,
  );
  assert.equal(run.action, 'start_run');
  assert.equal(run.profile?.archetype, undefined);
  const signUp = route(
    'Dear assistant, I should very much like to register. Yours sincerely, Margaret Ellison',
    ANONYMOUS,
  );
  assert.equal(signUp.action, 'create_user');
  assert.equal(signUp.user_id, 'margaret-ellison');
  // feedback to a paused run is kept whole, greeting and all
  const feedback = route(
    'Dear Assistant, the ideas are sound, but the third strays into art history. Regards, E.A.',
    PAUSED,
  );
  assert.equal(feedback.action, 'submit_feedback');
  assert.match(feedback.feedback ?? '', /^Dear Assistant/);
});

test('thanks before a paused run’s feedback are part of it', () => {
  const feedback = routeLearned({
    text: 'Thank you. Idea 1 is interesting, but I cannot do idea 2 because my kiln is wood-fired only.',
    session: PAUSED,
  }).intent;
  assert.equal(feedback.action, 'submit_feedback');
  assert.equal(
    feedback.feedback,
    'Thank you. Idea 1 is interesting, but I cannot do idea 2 because my kiln is wood-fired only',
  );
});

test('a command said in one sentence of small talk is the command', () => {
  const action = (text: string, session: IntentSession) =>
    routeLearned({ text, session }).intent.action;
  assert.equal(
    action("is it still going? my PI is a chemist so she'll want to read this today", RUNNING),
    'status',
  );
  assert.equal(
    action('¿Qué usuarios hay dados de alta? Quiero que mi becaria tenga su propia cuenta.', READY),
    'list_users',
  );
  // small talk in every sentence stays small talk
  assert.equal(
    action("Sorry, had to step out. Home visit ran long. Kid's doing better though.", RUNNING),
    'chitchat',
  );
});

test('a label opening a clause names the field after it, and is no part of it', () => {
  const profile = routeLearned({
    text: "lavoro come tecnica di laboratorio in un'azienda farmaceutica, settore microbiologia",
    session: NEW,
  }).intent.profile;
  assert.equal(profile?.domain, 'microbiologia');
});

test('what is the app’s is no field of the writer’s', () => {
  const intent = routeLearned({
    text: 'thank you for your patient explanation. I should very much like to register. My name is Margaret Ellison.',
    session: ANONYMOUS,
  }).intent;
  assert.equal(intent.profile?.domain, undefined);
});

test('a job the tagger read as a level sets none; a denied one gives way to the field after it', () => {
  const profile = routeLearned({
    text: 'Korrektur: nicht Maschinenbauingenieur allgemein, sondern Fahrzeugtechnik',
    session: READY,
  }).intent.profile;
  assert.equal(profile?.risk_preference, undefined);
  assert.equal(profile?.domain, 'Fahrzeugtechnik');
  // a role the app is to be like still says how strict to be
  const likeOne = routeLearned({
    text: 'review my stuff like a cranky senior editor would',
    session: READY,
  }).intent.profile;
  assert.equal(likeOne?.baseline_strictness, 'high');
});

test('a place of work said with an indefinite article is no field', () => {
  const profile = routeLearned({
    text: 'Ich arbeite als Ergotherapeutin in einer Reha-Klinik',
    session: NEW,
  }).intent.profile;
  assert.equal(profile?.archetype, 'Ergotherapeutin');
  assert.equal(profile?.domain, undefined);
});

test('a role ends before the place it is done in, and a form of address is no name', () => {
  const sepp = routeLearned({
    text: 'Servus, Sepp hier, bin Landwirt im Allgäu, Milchvieh',
    session: ANONYMOUS,
  }).intent;
  assert.equal(sepp.profile?.archetype, 'Landwirt');
  const lurdes = routeLearned({
    text: 'Bom dia, sou agricultora familiar no interior do Paraná, me chamo Dona Lurdes',
    session: ANONYMOUS,
  }).intent;
  assert.equal(lurdes.user_id, 'lurdes');
});
