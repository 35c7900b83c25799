// What the intent model sees of a message: named features (hashed by the models), for the
// action classifier (the whole message with its session) and for the slot tagger (one token
// in its window, given the action).
import type { IntentAction, IntentSession } from '../schema.ts';
import { gazetteer, lexiconWordClass } from './gazetteer.ts';
import { featureClass } from './lexicon.ts';
import { wordClasses } from './word-classes.ts';
import type { Token } from './tokens.ts';

/**
 * Bump when the features change (here, in the level reader's, in FEATURE_WORDS, in the word
 * classes or in the gazetteer): a model trained on other features is refused, never misread.
 */
export const FEATURE_VERSION = 9;

/** The session as one word: what the user can be doing. */
export function sessionState(session: IntentSession): string {
  if (!session.user_id) return 'anon';
  switch (session.run_status) {
    case 'awaiting_feedback':
      return 'paused';
    case 'running':
    case 'pending':
      return 'running';
    case null:
      return session.has_profile ? 'ready' : 'new';
    default:
      return 'ended';
  }
}

function lengthBucket(words: number): string {
  if (words <= 2) return String(words);
  if (words <= 4) return '3-4';
  if (words <= 7) return '5-7';
  if (words <= 11) return '8-11';
  return '12+';
}

const QUOTES = /["“”«»]|(?:^|\s)'|'(?:\s|$)/;

/** Features of a whole message in its session, for the action classifier. */
export function messageFeatures(text: string, tokens: Token[], session: IntentSession): string[] {
  const words = tokens.filter((t) => !t.punct);
  const state = sessionState(session);
  const out: string[] = ['bias', `s=${state}`, `len=${lengthBucket(words.length)}`];
  if (session.user_id) out.push('s:signed');
  if (session.has_profile) out.push('s:profile');
  if (session.run_id) out.push('s:run');
  if (tokens.some((t) => t.raw === '?')) out.push('mark=?');
  if (tokens.some((t) => t.raw === '!' || t.raw === '¡')) out.push('mark=!');
  if (QUOTES.test(text)) out.push('mark=quote');

  const norms = words.map((t) => t.norm);
  norms.forEach((norm, i) => {
    const token = words[i]!;
    out.push(`w=${norm}`);
    if (token.lower !== norm) out.push(`w=${token.lower}`);
    const cls = featureClass(token.lower);
    if (cls) out.push(`lex=${cls}`);
    if (i > 0 && /^\p{Lu}/u.test(token.raw)) out.push('cap');
    if (/\p{Script=Arabic}/u.test(token.raw)) out.push('script=arabic');
  });
  // Word classes, and pairs of neighbouring classes: what lets a weight learned from one word
  // carry to its class-mates. A field or a role from the lexicons is a class too ("I'm a
  // biostatistician" is self, role); a word in no class is "foreign" when it is not English
  // (a name after "I'm", mostly; "person" too when the name lists hold it) and "oov" when it
  // is ("I'm bored").
  const marks = gazetteer(words);
  const classes = words.map((t, i) => {
    const found = new Set([...wordClasses(t.norm), ...wordClasses(t.lower)]);
    const lexical = lexiconWordClass(marks[i]!);
    if (lexical) found.add(lexical);
    if (found.size > 0) return [...found];
    if (!marks[i]!.includes('noeng')) return ['oov'];
    // a listed name is a person as well ("emily carter logging back in")
    const named = marks[i]!.some((m) => m === 'name:given' || m === 'name:family');
    return named ? ['foreign', 'person'] : ['foreign'];
  });
  classes.forEach((cs, i) => {
    for (const c of cs) {
      if (c === 'oov') continue;
      out.push(`k=${c}`, `${state}|k=${c}`);
      if (i === 0) out.push(`fk=${c}`);
    }
    for (const next of classes[i + 1] ?? []) {
      for (const c of cs) out.push(`kb=${c}|${next}`);
    }
  });
  const bounded = ['^', ...norms, '$'];
  for (let i = 0; i + 1 < bounded.length; i++) out.push(`b=${bounded[i]}|${bounded[i + 1]}`);
  if (norms.length > 0) {
    out.push(`first=${norms[0]}`, `${state}|first=${norms[0]}`, `last=${norms.at(-1)}`);
  }
  return out;
}

function shape(raw: string): string {
  if (!/[\p{L}\p{N}]/u.test(raw)) return 'punct';
  if (/\p{Script=Arabic}/u.test(raw)) return 'arabic';
  if (/^\p{N}+$/u.test(raw)) return 'digits';
  if (/[\p{N}_.@]/u.test(raw)) return 'id';
  if (/^\p{Lu}+$/u.test(raw) && raw.length > 1) return 'upper';
  if (/^\p{Lu}/u.test(raw)) return 'capital';
  return 'lower';
}

/** Classes that announce what follows or precedes them ("my field is …", "… about X"). */
const CUES = [
  'naming',
  'self',
  'field',
  'risk',
  'strictness',
  'role',
  'about',
  'within',
  'working',
  'liking',
  'starting',
  'project',
  'feedback',
  'switching',
  'creating',
  'account',
];

function cueOf(token: Token | undefined): string | undefined {
  if (!token) return undefined;
  const classes = new Set([...wordClasses(token.norm), ...wordClasses(token.lower)]);
  return CUES.find((c) => classes.has(c));
}

/** Actions whose messages carry the same slots: introductions and profile statements. */
function actionKind(action: IntentAction): string {
  if (action === 'create_user' || action === 'update_profile') return 'profile';
  if (action === 'start_run') return 'run';
  return 'other';
}

/** Features of each token in its window, given the action, for the slot tagger. */
export function tokenFeatures(
  tokens: Token[],
  action: IntentAction,
  session: IntentSession,
): string[][] {
  const word = (i: number): string =>
    i < 0 ? '<s>' : i >= tokens.length ? '</s>' : tokens[i]!.norm;
  const classes = tokens.map((t) => [
    ...new Set([...wordClasses(t.norm), ...wordClasses(t.lower)]),
  ]);
  const cues = tokens.map(cueOf);
  const marks = gazetteer(tokens);
  const state = sessionState(session);
  const a = `a=${action}`;
  let quoted = false;
  return tokens.map((token, i) => {
    const w0 = word(i);
    const wm1 = word(i - 1);
    const wp1 = word(i + 1);
    const sh = shape(token.raw);
    const isQuote = /^["“”«»']$/.test(token.raw);
    if (isQuote) quoted = !quoted;
    const out = [
      'bias',
      `w0=${w0}`,
      `w-1=${wm1}`,
      `w-2=${word(i - 2)}`,
      `w+1=${wp1}`,
      `w+2=${word(i + 2)}`,
      `w-1w0=${wm1}|${w0}`,
      `w0w+1=${w0}|${wp1}`,
      `w-2w-1=${word(i - 2)}|${wm1}`,
      `p3=${token.lower.slice(0, 3)}`,
      `s3=${token.lower.slice(-3)}`,
      `shape=${sh}`,
      `shape-1=${i > 0 ? shape(tokens[i - 1]!.raw) : '<s>'}`,
      `shape+1=${i + 1 < tokens.length ? shape(tokens[i + 1]!.raw) : '</s>'}`,
      `s=${state}`,
      a,
      `${a}|w0=${w0}`,
      `${a}|w-1=${wm1}`,
      `${a}|w+1=${wp1}`,
      `${a}|shape=${sh}`,
    ];
    if (token.lower !== token.norm) out.push(`w0=${token.lower}`);
    if (i === 0) out.push('first', `${a}|first`);
    if (i === tokens.length - 1) out.push('last', `${a}|last`);
    if (quoted && !isQuote) out.push('quoted', `${a}|quoted`);
    if (classes[i]!.length === 0 && !token.punct) out.push('oov', `${a}|oov`);
    // The lexicons: this word and its neighbours inside a field or role, English or not,
    // given the kind of action: a field inside a run's topic is part of the topic, and in an
    // introduction or a profile statement it is the domain.
    const kind = `k:${actionKind(action)}`;
    for (const m of marks[i]!) {
      out.push(`${kind}|g0=${m}`, `${a}|g0=${m}`, `${kind}|w-1=${wm1}|g0=${m}`);
    }
    for (const m of marks[i - 1] ?? []) out.push(`${kind}|g-1=${m}`, `${a}|g-1=${m}`);
    for (const m of marks[i + 1] ?? []) out.push(`${kind}|g+1=${m}`, `${a}|g+1=${m}`);
    for (const m of marks[i - 2] ?? []) out.push(`${kind}|g-2=${m}`);
    for (const [at, name] of [
      [i, 'k0'],
      [i - 1, 'k-1'],
      [i + 1, 'k+1'],
      [i - 2, 'k-2'],
    ] as const) {
      for (const c of classes[at] ?? []) out.push(`${name}=${c}`, `${a}|${name}=${c}`);
      const cls = at >= 0 && at < tokens.length ? featureClass(tokens[at]!.lower) : undefined;
      if (cls) out.push(`lex-${name}=${cls}`);
    }
    // The nearest cue word before and after, however far: what this stretch is about.
    for (let j = i - 1; j >= 0; j--) {
      const cue = cues[j];
      if (!cue) continue;
      const d = Math.min(i - j, 4);
      out.push(`pc=${cue}`, `${a}|pc=${cue}`, `pcw=${word(j)}`, `${a}|pcd=${cue}|${d}`);
      break;
    }
    for (let j = i + 1; j < tokens.length; j++) {
      const cue = cues[j];
      if (!cue) continue;
      out.push(`nc=${cue}`, `${a}|nc=${cue}`);
      break;
    }
    return out;
  });
}
