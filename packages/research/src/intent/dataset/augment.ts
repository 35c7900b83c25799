// More training phrasings from the written ones, so the tagger learns where a name, topic or
// field sits rather than which names, topics and fields the data happens to use: each copy
// swaps those spans for other values, and some copies are lower-cased or get a typo outside
// the slots. Seeded, so training stays reproducible.
import { readFileSync } from 'node:fs';
import { seededRandom } from '@hikma/llm';
import { tokenize } from '../model/tokens.ts';
import { spanTags, type Example } from './dataset.ts';

/** Replacement values for the span slots that are open-ended. */
export interface Fillers {
  name: string[];
  domain: string[];
  topic: string[];
  archetype: string[];
}

export function readFillers(path: string): Fillers {
  return JSON.parse(readFileSync(path, 'utf8')) as Fillers;
}

/** Values from the field and role lexicons, drawn for a share of the swaps. */
export interface LexiconFillers {
  domain: readonly string[];
  archetype: readonly string[];
}

export interface AugmentOptions {
  /** Copies of each example with slot values swapped (examples without such slots get none). */
  copies: number;
  /**
   * Two-part messages made by joining an introduction or a run request with a profile
   * statement ("I'm Chen" + "I study epidemiology"), this many of each kind.
   */
  compositions: number;
  /** Share of copies lower-cased. */
  lowercase: number;
  /** Share of copies with two neighbouring letters swapped in one word outside the slots. */
  typo: number;
  /** Share of domain and archetype swaps that take a value from `lexicon` (if given). */
  lexiconShare: number;
  /**
   * Share of domain, archetype and topic values given a typo ("ecolgy"), so that a value the
   * word list and the lexicons do not know is still read from where it stands.
   */
  slotTypo: number;
  /**
   * Share of the commands that mean the same while a run waits for feedback ("status?",
   * "help", "list users") copied into that session, where few are written: there, any other
   * text is feedback, and the classifier otherwise learns the session more than the words.
   */
  pausedCommands: number;
  seed: number;
}

/** Actions a message keeps while a run waits for feedback. */
const SAME_WHILE_PAUSED = new Set(['status', 'help', 'list_users', 'list_skills', 'list_memories']);

const SWAPPABLE = ['name', 'domain', 'topic', 'archetype'] as const;

/** Ways a topic names a field. */
const TOPIC_WITH_FIELD: ((field: string, topic: string) => string)[] = [
  (field, topic) => `the ${field} of ${topic}`,
  (field, topic) => `${field} for ${topic}`,
  (field, topic) => `${topic} in ${field}`,
  (field, topic) => `${field} and ${topic}`,
];

/** The examples followed by their augmented copies (copies that do not align are dropped). */
export function augment(
  examples: readonly Example[],
  fillers: Fillers,
  options: AugmentOptions,
  lexicon?: LexiconFillers,
): Example[] {
  const random = seededRandom(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const paused = examples.filter(
    (e) =>
      SAME_WHILE_PAUSED.has(e.action) &&
      e.session !== 'paused' &&
      random() < options.pausedCommands,
  );
  const out: Example[] = [
    ...examples,
    ...paused.map((e) => ({ ...e, session: 'paused' as const })),
    ...compose(examples, options.compositions, random),
  ];
  for (const example of [...out]) {
    const swappable = SWAPPABLE.filter((slot) => example.slots?.[slot]);
    const copies = swappable.length > 0 ? options.copies : 1;
    for (let k = 0; k < copies; k++) {
      let text = example.text;
      const slots = { ...example.slots };
      for (const slot of swappable) {
        const old = slots[slot]!;
        const fromLexicon =
          lexicon && (slot === 'domain' || slot === 'archetype') && random() < options.lexiconShare;
        let value = fromLexicon ? pick(lexicon[slot]) : pick(fillers[slot]);
        // A topic that names a field ("the economics of rooftop solar") is still a topic.
        if (slot === 'topic' && lexicon && random() < options.lexiconShare / 2) {
          value = pick(TOPIC_WITH_FIELD)(pick(lexicon.domain), value);
        }
        if (slot !== 'name' && random() < options.slotTypo) value = misspell(value, random);
        text = text.replace(old, value);
        slots[slot] = value;
      }
      if (random() < options.typo) text = addTypo(text, Object.values(slots), random);
      let copy: Example = { ...example, text, slots };
      if (random() < options.lowercase) copy = lowerCased(copy);
      if (copy.text === example.text) continue;
      try {
        spanTags(copy, tokenize(copy.text));
        out.push(copy);
      } catch {
        // A swapped value that now also occurs elsewhere in the text: leave this copy out.
      }
    }
  }
  return out;
}

function lowerCased(example: Example): Example {
  const slots = Object.fromEntries(
    Object.entries(example.slots ?? {}).map(([k, v]) => [k, v.toLowerCase()]),
  );
  return { ...example, text: example.text.toLowerCase(), slots };
}

/** Swaps two inner letters of one of the words (5+ letters) of `text` that `skip` allows. */
function swapLetters(
  text: string,
  random: () => number,
  skip: (word: string) => boolean = () => false,
): string {
  const words = [...text.matchAll(/\p{L}{5,}/gu)].filter((m) => !skip(m[0]));
  if (words.length === 0) return text;
  const word = words[Math.floor(random() * words.length)]!;
  const i = 1 + Math.floor(random() * (word[0].length - 3));
  const typo = word[0].slice(0, i) + word[0][i + 1] + word[0][i] + word[0].slice(i + 2);
  return text.slice(0, word.index) + typo + text.slice(word.index + word[0].length);
}

/** A typo in one word of 5+ letters that is not inside a slot. */
function addTypo(text: string, slots: string[], random: () => number): string {
  return swapLetters(text, random, (word) => slots.some((s) => s.includes(word)));
}

/** A typo inside a slot value ("ecology" → "ecolgoy"). */
function misspell(value: string, random: () => number): string {
  return swapLetters(value, random);
}

const JOINERS = [', ', ' and ', '. ', '; ', ' — ', ', and '];

function hasOnly(example: Example, slots: readonly string[]): boolean {
  const keys = Object.keys(example.slots ?? {});
  return keys.length > 0 && keys.every((k) => slots.includes(k));
}

/** Whether one of `a`'s slot values is written in `b`'s text (case aside). */
function slotInside(a: Example, b: Example): boolean {
  const text = b.text.toLowerCase();
  return Object.values(a.slots ?? {}).some(
    (v) => v !== undefined && text.includes(v.toLowerCase()),
  );
}

/** "I'm Chen" + "I study epidemiology" → "I'm Chen and I study epidemiology" (create_user). */
function compose(examples: readonly Example[], count: number, random: () => number): Example[] {
  const profiles = examples.filter(
    (e) =>
      e.action === 'update_profile' &&
      hasOnly(e, ['domain', 'archetype', 'risk_preference', 'baseline_strictness']),
  );
  const intros = examples.filter((e) => e.action === 'create_user' && hasOnly(e, ['name']));
  const runs = examples.filter((e) => e.action === 'start_run' && hasOnly(e, ['topic']));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const out: Example[] = [];
  if (profiles.length === 0) return out;
  for (const [heads, action, session] of [
    [intros, 'create_user', 'anon'],
    [runs, 'start_run', 'new'],
  ] as const) {
    if (heads.length === 0) continue;
    for (let n = 0; n < count; n++) {
      const head = pick(heads);
      const tail = pick(profiles);
      const joiner = pick(JOINERS);
      const headFirst = action === 'create_user' || random() < 0.6;
      const [a, b] = headFirst ? [head, tail] : [tail, head];
      // A slot of one part written inside the other ("the economics of…" and the field
      // "economics") would leave its span ambiguous: that pair is not composed.
      if (slotInside(head, tail) || slotInside(tail, head)) continue;
      const first = a.text.replace(/[.!?]+$/u, '');
      const second = joiner === '. ' ? b.text : b.text[0]!.toLowerCase() + b.text.slice(1);
      const slots = { ...head.slots, ...tail.slots };
      // Lower-casing the start of the second part may change a slot that starts it.
      if (joiner !== '. ' && b.text !== second) {
        for (const [k, v] of Object.entries(b.slots ?? {})) {
          if (b.text.startsWith(v)) slots[k as keyof typeof slots] = second.slice(0, v.length);
        }
      }
      out.push({
        text: `${first}${joiner}${second}`,
        session,
        action,
        slots,
        values: { ...head.values, ...tail.values },
      });
    }
  }
  return out;
}
