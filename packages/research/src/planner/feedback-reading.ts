// Reading one piece of feedback: clauses with their references to candidates (by id, index,
// ordinal, title words or "this one"), the polarity of each reference, and the attributes
// the user asks more or less of.
import { isHypothesis, rigour, simplicity, type Candidate } from './features.ts';
import { normalise, stem, STOP_WORDS } from './text.ts';
import type { CandidateSet } from './candidate-set.ts';
import {
  ATTRIBUTE_WORDS,
  CONTENT_CUES,
  DEICTIC_REF,
  INDEX_REF,
  NON_CONTENT,
  OPPOSITE,
  ORDINALS,
  ORDINAL_REF,
  POST_NEGATIVE,
  PRE_NEGATIVE,
  REWRITES,
  WORSE,
  type Attribute,
} from './feedback-lexicon.ts';

export interface Ref {
  index: number;
  start: number;
  end: number;
  deictic: boolean;
}

export interface Segment {
  tokens: string[];
  refs: Ref[];
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Splits raw feedback into segments (clauses) with reference sentinels in place. */
export function segment(text: string, set: CandidateSet): string[][] {
  const n = set.items.length;
  const selected = set.items.findIndex((i) => i.id === set.selected_id);
  const ids = set.items
    .map((item, index) => ({ norm: normalise(item.id), index }))
    // An id is matched literally only if it cannot be mistaken for a word ("h2", "hyp-b").
    .filter((i) => /\p{L}/u.test(i.norm) && (/\d/.test(i.norm) || i.norm.includes(' ')))
    .sort((a, b) => b.norm.length - a.norm.length);
  const numericIds = new Map(
    set.items
      .map((item, index) => [normalise(item.id), index] as const)
      .filter(([id]) => /^\d+$/.test(id)),
  );
  const clauses = text
    .replace(/#\s*(\d+)/g, ' option $1 ')
    .split(/[,;.!?:()[\]\n]+|\s[-–—]+\s/)
    .map(normalise)
    .filter(Boolean);
  const out: string[][] = [];
  for (const clause of clauses) {
    let s = clause;
    for (const [pattern, replacement] of REWRITES) s = s.replace(pattern, replacement);
    for (const id of ids)
      s = s.replace(new RegExp(`\\b${escape(id.norm)}\\b`, 'g'), `@${id.index}`);
    s = s.replace(INDEX_REF, (whole, digits: string) => {
      const k = numericIds.get(digits) ?? Number(digits) - 1;
      return k >= 0 && k < n ? `@${k}` : whole;
    });
    s = s.replace(ORDINAL_REF, (whole, word: string) => {
      const k = word === 'last' ? n - 1 : (ORDINALS[word] ?? -1);
      return k >= 0 && k < n ? `@${k}` : whole;
    });
    if (selected >= 0) s = s.replace(DEICTIC_REF, '@sel');
    // "but", "however" … start a new clause: "not h1 but h3".
    for (const part of s.split(/\b(?:but|however|though|although|whereas|while|yet)\b/)) {
      const tokens = part.trim().split(/\s+/).filter(Boolean);
      if (tokens.length > 0) out.push(tokens);
    }
  }
  return out;
}

interface MatchText {
  title: Set<string>;
  body: Set<string>;
}

export function matchText(c: Candidate): MatchText {
  const stems = (t: string) =>
    new Set(
      normalise(t)
        .split(' ')
        .filter((w) => w.length > 1 && !STOP_WORDS.has(w))
        .map(stem)
        .filter((s) => !NON_CONTENT.has(s)),
    );
  if (isHypothesis(c)) return { title: stems(c.title), body: stems(c.statement) };
  const names = c.conditions.map((x) => (typeof x === 'string' ? x : x.name)).join(' ');
  return { title: stems(c.title), body: stems(names) };
}

/** Finds references by content ("the one about coral reefs") in chunks of a segment. */
export function contentRefs(tokens: string[], texts: MatchText[]): Ref[] {
  if (texts.length < 2 || !tokens.some((t) => CONTENT_CUES.has(t))) return [];
  const df = new Map<string, number>();
  for (const t of texts)
    for (const s of new Set([...t.title, ...t.body])) df.set(s, (df.get(s) ?? 0) + 1);

  // Chunks end at negators and explicit references, so "the coral one not the soil one"
  // yields two references rather than one ambiguous match.
  const refs: Ref[] = [];
  let chunk: number[] = [];
  const flush = () => {
    const scores = texts.map(() => 0);
    const hits = texts.map(() => [] as number[]);
    const seen = new Set<string>();
    for (const i of chunk) {
      const w = tokens[i]!;
      if (w.length < 2 || STOP_WORDS.has(w) || w.startsWith('@')) continue;
      const s = stem(w);
      if (NON_CONTENT.has(s) || seen.has(s)) continue;
      seen.add(s);
      const d = df.get(s) ?? 0;
      if (d === 0 || d === texts.length) continue;
      texts.forEach((t, k) => {
        const v = t.title.has(s) ? 1 : t.body.has(s) ? 0.5 : 0;
        if (v > 0) {
          scores[k]! += v / d;
          hits[k]!.push(i);
        }
      });
    }
    const order = scores.map((s, k) => ({ s, k })).sort((a, b) => b.s - a.s);
    const best = order[0]!;
    const second = order[1]!;
    if (best.s >= 1 && best.s >= 2 * second.s) {
      const h = hits[best.k]!;
      refs.push({ index: best.k, start: h[0]!, end: h[h.length - 1]!, deictic: false });
    }
    chunk = [];
  };
  tokens.forEach((t, i) => {
    if (t.startsWith('@') || PRE_NEGATIVE.has(t)) flush();
    if (!t.startsWith('@')) chunk.push(i);
  });
  flush();
  return refs;
}

/** Words skipped when looking for what precedes a reference ("not the one about …"). */
const FILLERS = new Set('the a an to with for go about one on of that this'.split(' '));

function criticises(post: string[]): boolean {
  return post.some((w, i) => {
    if (POST_NEGATIVE.has(w)) return true;
    const word = ATTRIBUTE_WORDS.get(w);
    if (!word) return false;
    const less = post[i - 1] === 'less';
    return word.kind === 'criticism' ? !less : less;
  });
}

/**
 * +1 (chosen) or −1 (rejected) for each reference of a segment, from the words around it.
 * Words between two references go to the second when they end in a negator ("h2 not h1",
 * "h2 over h1", "h2 instead of h1"), otherwise to the first ("h1 is too risky so h2").
 */
export function polarities(tokens: string[], refs: Ref[]): number[] {
  const pres: string[][] = refs.map(() => []);
  const posts: string[][] = refs.map(() => []);
  const favoured = refs.map(() => false);
  if (refs.length > 0) pres[0] = tokens.slice(0, refs[0]!.start);
  refs.forEach((ref, k) => {
    const next = refs[k + 1];
    const between = tokens.slice(ref.end + 1, next ? next.start : tokens.length);
    if (!next) {
      posts[k] = between;
      return;
    }
    let j = between.length - 1;
    while (j >= 0 && FILLERS.has(between[j]!)) j--;
    let cut = between.length;
    if (j >= 0 && PRE_NEGATIVE.has(between[j]!)) cut = j;
    // "prefer h2 to h1"
    else if (between.length === 1 && between[0] === 'to' && pres[k]!.includes('prefer')) {
      cut = 0;
      between[0] = 'over';
    }
    posts[k] = between.slice(0, cut);
    pres[k + 1] = between.slice(cut);
    if (between[cut] === 'than' && posts[k]!.some((w) => WORSE.has(w))) favoured[k + 1] = true;
  });
  return refs.map((_, k) => {
    if (favoured[k]) return 1;
    if (pres[k]!.some((w) => PRE_NEGATIVE.has(w))) return -1;
    return criticises(posts[k]!) ? -1 : 1;
  });
}

/** Attribute directions the text asks for, e.g. {feasibility: +1} for "too risky". */
export function attributes(segments: string[][]): Map<Attribute, number> {
  const wanted = new Map<Attribute, Set<number>>();
  for (const tokens of segments) {
    tokens.forEach((t, i) => {
      const word = ATTRIBUTE_WORDS.get(t);
      if (!word) return;
      const prev = tokens[i - 1];
      const prev2 = tokens[i - 2];
      const next = tokens[i + 1];
      const negated = (w: string | undefined) =>
        w === 'not' || w === 'isnt' || w === 'never' || w === 'hardly';
      const excess = prev === 'too' || prev === 'so';
      const less = prev === 'less';
      const more = prev === 'more';
      const not = negated(prev) || (negated(prev2) && (prev === 'very' || prev === 'that'));
      const enough = next === 'enough';
      let direction: number | null;
      if (word.kind === 'desire') {
        if (not && excess) direction = null;
        else if (excess || less) direction = -1;
        else if (enough && !not) direction = null;
        else direction = 1;
      } else if (not) {
        direction = enough ? -1 : null;
      } else {
        direction = more && word.flipOnMore ? -1 : 1;
      }
      if (direction === null) return;
      let attribute = word.attribute;
      let sign = direction * word.sign;
      // "too ambitious" asks for feasibility rather than for less novelty as such.
      const opposite = OPPOSITE[attribute];
      if (sign < 0 && opposite) {
        attribute = opposite;
        sign = 1;
      }
      const set = wanted.get(attribute) ?? new Set<number>();
      set.add(sign);
      wanted.set(attribute, set);
    });
  }
  const out = new Map<Attribute, number>();
  for (const [attribute, directions] of wanted) {
    if (directions.size === 1) out.set(attribute, [...directions][0]!);
  }
  return out;
}

export function attributeValue(c: Candidate, attribute: Attribute): number | undefined {
  if (isHypothesis(c)) {
    if (attribute === 'novelty') return c.novelty;
    if (attribute === 'feasibility') return c.feasibility;
    return undefined;
  }
  if (attribute === 'feasibility') return simplicity(c);
  if (attribute === 'rigour') return rigour(c);
  return undefined;
}

export const describe = (wanted: Map<Attribute, number>): string =>
  [...wanted].map(([a, d]) => `${d > 0 ? 'more' : 'less'} ${a}`).join(' and ');
