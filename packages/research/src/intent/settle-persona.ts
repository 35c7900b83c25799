// A persona given with its label ("my persona: a skeptical reviewer who loves clean
// ablations", "persona — a pragmatic industry engineer", "use the persona of a …", "act like
// a friendly mentor") is the persona brief, all of what follows the label, word for word:
// its roles, fields and level words describe the persona, not the user's settings. An exact
// rule, so the tagger's reading is not needed.
import { LEVEL_SLOTS, type LevelSlot } from './model/level-reader.ts';
import { slotOf, TAGS } from './model/tags.ts';
import { levelMarks } from './model/lexicon.ts';
import { ASKING_FOR } from './talk-of-others.ts';
import { fold, foldedSet, type Token } from './model/tokens.ts';

const PERSONA_B = TAGS.indexOf('B-persona_brief');
const PERSONA_I = TAGS.indexOf('I-persona_brief');
const SEPARATORS = new Set([':', '—', '–', '-', '=', 'is', 'of']);
/** What asks the app to play someone, in the languages the router reads, as tokens fold them. */
const PLAYING: readonly string[][] = [
  'act like',
  'act as if you were',
  'pretend to be',
  "pretend you're",
  'pretend you are',
  'behave like',
  'actua como',
  'actues como',
  'comportate como',
  'finge ser',
  'aja como',
  'age como',
  'atue como',
  'finja ser',
  'agis comme',
  'agissez comme',
  'comporte-toi comme',
  'fais comme si tu etais',
  'joue le role de',
  "joue le role d'",
  'joue le role du',
  'verhalte dich wie',
  'tu so als warst du',
  'comportati come',
  'agisci come',
  'fai finta di essere',
  'تصرف مثل',
  'تصرف كأنك',
  'تقمص دور',
].map((label) => fold(label).split(' '));

/** Where the label ends (the index of its separator), or -1 when there is no label. */
export function personaLabel(tokens: readonly Token[]): number {
  // "act like a friendly mentor who …", "pretend to be a tough reviewer", "actúa como un
  // director de tesis exigente"
  const words = tokens.map((t) => t.lower);
  for (let i = 0; i < words.length; i++) {
    const label = PLAYING.find((p) => p.every((w, k) => words[i + k] === w));
    const end = label ? i + label.length - 1 : -1;
    if (label && end + 2 < words.length) return end;
    // "تصرّف كمراجع صارم": "as" (ك) is written on the persona's first word
    if (words[i] === 'تصرف' && /^ك(?!انك)\p{L}{3,}/u.test(words[i + 1] ?? '')) return i;
  }
  // "persona: …", "Persona bitte: …"
  const separator = (i: number) =>
    SEPARATORS.has(tokens[i]?.lower ?? '')
      ? i
      : COURTESY.has(tokens[i]?.lower ?? '') && SEPARATORS.has(tokens[i + 1]?.lower ?? '')
        ? i + 1
        : -1;
  const at = tokens.findIndex(
    (t, i) =>
      (t.lower === 'persona' || t.lower === 'persona_brief') &&
      separator(i + 1) > 0 &&
      separator(i + 1) + 1 < tokens.length,
  );
  return at < 0 ? -1 : separator(at + 1);
}

/** The tags with everything after a persona label read as the persona brief. */
export function settlePersona(tokens: readonly Token[], tags: readonly number[]): number[] {
  const label = personaLabel(tokens);
  if (label < 0) return [...tags];
  // The few words that ask for it say no level ("take on | the persona of").
  let asking = label - 1;
  while (asking > 0 && label - asking < 5 && !tokens[asking - 1]!.punct) asking--;
  const level = (tag: number) => LEVEL_SLOTS.includes(slotOf(tag) as LevelSlot);
  // A sentence after it that sets a level is no part of it ("Persona: a contrarian who …. |
  // Also I want high-risk ideas.").
  const words = tokens.map((t) => t.lower);
  const marks = levelMarks(words);
  // (one that only goes on describing the persona, "… . Very harsh.", names no setting)
  const setsLevel = (from: number) =>
    marks.slice(from).some(Boolean) &&
    (GOING_ON.has(words[from] ?? '') ||
      words.slice(from).some((w) => ASKING_FOR.has(w) || WRITER.has(w)));
  const stop = tokens.findIndex(
    (t, i) => i > label + 1 && SENTENCE_ENDS.has(t.raw) && setsLevel(i + 1),
  );
  const end = stop < 0 ? tokens.length : stop;
  return tags.map((tag, i) => {
    // the sentence that sets a level goes on no persona the tagger carried into it
    if (i >= end) return slotOf(tag) === 'persona_brief' ? 0 : tag;
    if (i > label) return i === label + 1 ? PERSONA_B : PERSONA_I;
    return i >= label - 1 || (i >= asking && level(tag)) ? 0 : tag;
  });
}
const SENTENCE_ENDS = new Set(['.', '!', ';', '?']);
const COURTESY = foldedSet('please pls bitte favor stp svp');
/** A sentence the writer opens on these, or says "I" in, is theirs again, not the persona's. */
const GOING_ON = foldedSet('also and et aussi y también además und auch e também anche كمان و');
const WRITER = foldedSet('i je yo ich eu io أنا');
