// Turns the training sentences into labelled transcripts: every sentence cut at every word
// boundary, "finished" where the cut falls at the end or at a marked earlier end, plus
// hesitations before, inside and after. Seeded, so the same files give the same examples.

import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { wordClass } from '../lexicon.ts';
import { normalizeTranscript } from '../normalize.ts';

export const DATASET_DIR = new URL('./dataset/', import.meta.url);

/** One labelled transcript. */
export interface Example {
  text: string;
  finished: boolean;
  /** Weight in training (1 unless said otherwise). */
  weight?: number;
}

export interface Dataset {
  examples: Example[];
  /** sha256 of the source files, recorded in the model so a stale model can be told apart. */
  sourceSha256: string;
  sentences: number;
}

/** mulberry32: a small seeded generator, the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Slots = Record<string, string[]>;

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

/** Clock times as spoken; " | " marks that the hour alone is already a time. */
function time(rand: () => number, slots: Slots): string {
  const hour = pick(rand, slots.hour!);
  switch (Math.floor(rand() * 6)) {
    case 0:
      return hour;
    case 1:
      return `${hour} | ${pick(rand, slots.minute!)}`;
    case 2:
      return `${hour} | ${pick(rand, slots.ampm!)}`;
    case 3:
      return `${hour} ${pick(rand, slots.minute!)} | ${pick(rand, slots.ampm!)}`;
    case 4:
      return pick(rand, ['noon', 'midnight', 'half past six', 'a quarter to nine']);
    default:
      return `${hour} | o'clock`;
  }
}

/** A spoken list: "milk", "milk and eggs", "milk eggs and bread" (no commas in a transcript). */
function items(rand: () => number, slots: Slots): string {
  const count = 1 + Math.floor(rand() * 4);
  const chosen: string[] = [];
  while (chosen.length < count) {
    const item = pick(rand, slots.item!);
    if (!chosen.includes(item)) chosen.push(item);
  }
  if (count === 1) return chosen[0]!;
  return `${chosen.slice(0, -1).join(' ')} and ${chosen[count - 1]}`;
}

function digits(rand: () => number, slots: Slots): string {
  const count = 3 + Math.floor(rand() * 8);
  return Array.from({ length: count }, () => pick(rand, slots.digit!)).join(' ');
}

function expand(template: string, rand: () => number, slots: Slots): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'time') return time(rand, slots);
    if (name === 'items') return items(rand, slots);
    if (name === 'digits') return digits(rand, slots);
    const values = slots[name];
    if (!values) throw new Error(`unknown slot {${name}} in "${template}"`);
    return pick(rand, values);
  });
}

/** A sentence as words and the word counts at which it is complete. */
interface Marked {
  words: string[];
  ends: Set<number>;
}

function mark(line: string): Marked {
  const words: string[] = [];
  const ends = new Set<number>();
  for (const segment of line.split('|')) {
    words.push(...normalizeTranscript(segment));
    if (words.length > 0) ends.add(words.length);
  }
  return { words, ends };
}

const OPENERS = [
  'um',
  'uh',
  'so',
  'okay',
  'okay so',
  'um so',
  'hey',
  'well',
  'and',
  'oh',
  'so um',
  'alright',
  'uh so',
];
const HESITATIONS = ['um', 'uh', 'er', 'hmm', 'uh uh', 'um um'];
/** What people say after a complete clause when they are not done. */
const CONTINUATIONS = [
  'um',
  'uh',
  'and',
  'so',
  'but',
  'and um',
  'and then',
  'or',
  'because',
  'with',
  'and also',
  'like',
  'uh and',
  'which',
  'if',
  'the',
  'for',
  'to',
  'at',
  'in',
];

function withOpener(s: Marked, opener: string): Marked {
  const extra = opener.split(' ');
  return {
    words: [...extra, ...s.words],
    ends: new Set([...s.ends].map((e) => e + extra.length)),
  };
}

function withHesitation(s: Marked, at: number, filler: string): Marked {
  const extra = filler.split(' ');
  return {
    words: [...s.words.slice(0, at), ...extra, ...s.words.slice(at)],
    ends: new Set([...s.ends].map((e) => (e > at ? e + extra.length : e))),
  };
}

/** Words after which a clause is usually already complete ("turn off the lights | tonight"). */
const ADVERBIALS = new Set(
  'today tomorrow tonight now please again later here there first too yet already instead anymore soon right'.split(
    ' ',
  ),
);

/**
 * How much an unmarked cut counts as "not finished". A cut after a content word right before
 * a prepositional phrase, a conjunction or an adverbial ("book a room | for two") usually is a
 * complete clause that the sentences did not mark: it is left out. Other cuts after a content
 * word ("the front door | camera") count half: people rarely pause inside a noun phrase, while
 * cuts after function words ("book a table for |") are the pauses that matter. A cut between
 * two content words whose first also ends complete sentences is left out too.
 */
function cutWeight(words: readonly string[], k: number, endWords: ReadonlySet<string>): number {
  const last = wordClass(words[k - 1]!);
  const open = last === 'x' || last === 'obj' || last === 'num' || last === 'her';
  if (!open) return 1;
  const next = words[k]!;
  const nextClass = wordClass(next);
  if (
    ADVERBIALS.has(next) ||
    nextClass === 'prep' ||
    nextClass === 'to' ||
    nextClass === 'conj' ||
    nextClass === 'polite' ||
    nextClass === 'that'
  ) {
    return 0;
  }
  // "the car | keys": a noun that ends other sentences, here modifying the next one. After
  // another content word it is more likely a list ("milk eggs | bread"), which is not finished.
  const before = k >= 2 ? wordClass(words[k - 2]!) : 'x';
  if (last === 'x' && nextClass === 'x' && before !== 'x' && endWords.has(words[k - 1]!)) return 0;
  return 0.5;
}

export interface BuildOptions {
  seed?: number;
  /** Expansions of a line with slots. */
  expansions?: number;
  /** Keep only source lines whose index passes this (used to hold out lines for tuning). */
  lineFilter?: (index: number) => boolean;
}

/** Reads sentences.txt and slots.json and returns the labelled, de-duplicated examples. */
export function buildDataset(options: BuildOptions = {}): Dataset {
  const seed = options.seed ?? 19;
  const expansions = options.expansions ?? 8;
  const sentencesText = readFileSync(new URL('sentences.txt', DATASET_DIR), 'utf8');
  const slotsText = readFileSync(new URL('slots.json', DATASET_DIR), 'utf8');
  const slots = JSON.parse(slotsText) as Slots;
  const rand = seededRandom(seed);

  const lines = sentencesText
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const sentences: Marked[] = [];
  lines.forEach((line, index) => {
    if (options.lineFilter && !options.lineFilter(index)) return;
    const count = line.includes('{') ? expansions : 1;
    const seen = new Set<string>();
    for (let i = 0; i < count; i++) {
      const text = expand(line, rand, slots);
      if (seen.has(text)) continue;
      seen.add(text);
      sentences.push(mark(text));
    }
  });

  // Hesitations: an opener before some sentences, a filler inside others.
  const augmented: Marked[] = [...sentences];
  for (const s of sentences) {
    if (rand() < 0.25) augmented.push(withOpener(s, pick(rand, OPENERS)));
    if (s.words.length >= 3 && rand() < 0.25) {
      const at = 1 + Math.floor(rand() * (s.words.length - 1));
      augmented.push(withHesitation(s, at, pick(rand, HESITATIONS)));
    }
  }

  // A prefix that is complete anywhere is complete everywhere ("stop" vs "stop the music").
  const complete = new Set<string>();
  for (const s of augmented) for (const e of s.ends) complete.add(s.words.slice(0, e).join(' '));

  const endWords = new Set<string>();
  for (const s of augmented) for (const e of s.ends) endWords.add(s.words[e - 1]!);

  const labels = new Map<string, boolean>();
  const weights = new Map<string, number>();
  for (const s of augmented) {
    for (let k = 1; k <= s.words.length; k++) {
      const text = s.words.slice(0, k).join(' ');
      const finished = complete.has(text);
      const weight = finished ? 1 : cutWeight(s.words, k, endWords);
      if (weight === 0) continue;
      labels.set(text, finished);
      weights.set(text, Math.max(weight, weights.get(text) ?? 0));
    }
    // A complete clause followed by a hesitation or a conjunction: not finished.
    for (const e of s.ends) {
      if (rand() < 0.3) {
        const text = `${s.words.slice(0, e).join(' ')} ${pick(rand, CONTINUATIONS)}`;
        if (!complete.has(text)) labels.set(text, false);
      }
    }
  }
  for (const filler of HESITATIONS.concat(OPENERS)) {
    if (!complete.has(filler)) labels.set(filler, false);
  }

  const examples = [...labels].map(([text, finished]) => ({
    text,
    finished,
    weight: weights.get(text) ?? 1,
  }));
  const sourceSha256 = createHash('sha256').update(sentencesText).update(slotsText).digest('hex');
  return { examples, sourceSha256, sentences: sentences.length };
}

/** Labelled transcripts never trained on: heldout.jsonl (the test set) or dev.jsonl (tuning). */
export function loadHeldout(
  file: 'heldout.jsonl' | 'dev.jsonl' = 'heldout.jsonl',
): (Example & { kind: string })[] {
  return readFileSync(new URL(file, DATASET_DIR), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Example & { kind: string });
}
