import type { IdeationArtefacts } from '../domain/artefacts.ts';
import type { FeedbackEntry } from '../store/types.ts';
import { isHypothesis, rigour, simplicity, type Candidate } from './features.ts';
import type { PreferencePair } from './preference-model.ts';
import { normalise, stem, STOP_WORDS } from './text.ts';

/** Candidates the user saw when giving feedback, and the one the pipeline had selected. */
export interface CandidateSet<C extends Candidate = Candidate> {
  items: readonly { id: string; candidate: C }[];
  selected_id: string;
}

/** The candidate set of an ideation artefact: its hypotheses and the selected one. */
export function ideationCandidates(ideation: IdeationArtefacts): CandidateSet {
  return {
    items: ideation.hypotheses.map((h) => ({ id: h.id, candidate: h })),
    selected_id: ideation.selected_id,
  };
}

/** Which rule turned the feedback into pairs. */
export type PairRule = 'explicit' | 'approval' | 'rejection' | 'attribute';

/** How much one pair of each rule counts: a named choice says more than a bare "ok". */
export const RULE_WEIGHTS: Record<PairRule, number> = {
  explicit: 1,
  attribute: 0.7,
  approval: 0.5,
  rejection: 0.5,
};

export interface Interpretation {
  rule: PairRule | 'none';
  /** Ordered pairs of candidate ids: `winner` ≻ `loser`. */
  pairs: { winner: string; loser: string; weight: number }[];
  /** Why, in a few words (for logs and the training report). */
  reason: string;
}

type Attribute = 'novelty' | 'feasibility' | 'rigour';

/** Novelty and feasibility pull against each other; rigour has no opposite. */
const OPPOSITE: Partial<Record<Attribute, Attribute>> = {
  novelty: 'feasibility',
  feasibility: 'novelty',
};

/** Smallest attribute gap that counts as "more novel" / "more feasible". */
const ATTRIBUTE_MARGIN = 0.1;

interface AttributeWord {
  attribute: Attribute;
  /** +1: the user wants more of the attribute when the word is used plainly. */
  sign: 1 | -1;
  /** A desire ("bolder") names what is wanted; a criticism ("boring") names what is wrong. */
  kind: 'desire' | 'criticism';
  /** "more risky" asks for the opposite of "risky". */
  flipOnMore?: boolean;
}

const ATTRIBUTE_WORDS = new Map<string, AttributeWord>();
function lexicon(list: string, word: Omit<AttributeWord, 'flipOnMore'>, flip = ''): void {
  for (const w of list.split(' ')) ATTRIBUTE_WORDS.set(w, word);
  for (const w of flip.split(' ').filter(Boolean))
    ATTRIBUTE_WORDS.set(w, { ...word, flipOnMore: true });
}
lexicon(
  'ambitious novel bold bolder creative original innovative exciting adventurous daring ' +
    'groundbreaking radical speculative riskier wilder braver interesting surprising ' +
    'unconventional provocative fresh newer ambition novelty originality',
  { attribute: 'novelty', sign: 1, kind: 'desire' },
);
lexicon(
  'simple simpler safe safer feasible practical realistic easy easier conservative modest ' +
    'tractable doable achievable straightforward grounded cheaper smaller manageable testable ' +
    'humble quicker faster feasibility practicality',
  { attribute: 'feasibility', sign: 1, kind: 'desire' },
);
lexicon('rigorous thorough careful controlled systematic rigour rigor', {
  attribute: 'rigour',
  sign: 1,
  kind: 'desire',
});
lexicon(
  'unrealistic impractical infeasible unfeasible farfetched overambitious hard difficult ' +
    'expensive costly messy convoluted unworkable overcomplicated',
  { attribute: 'feasibility', sign: 1, kind: 'criticism' },
  'risky complex complicated',
);
lexicon(
  'boring dull incremental obvious trivial bland unoriginal derivative predictable mundane ' +
    'uninspired tame',
  { attribute: 'novelty', sign: 1, kind: 'criticism' },
  'basic',
);
lexicon('sloppy superficial shallow', { attribute: 'rigour', sign: 1, kind: 'criticism' });

/** Phrases rewritten before parsing so the rules see one token per idea. */
const REWRITES: [RegExp, string][] = [
  [/\bnot (?:bad|too bad)\b/g, 'good'],
  [/\b(?:no|without) (?:changes?|complaints?|problems?|objections?|worries|issues?)\b/g, 'ok'],
  [/\bnothing to (?:change|add)\b/g, 'ok'],
  [/\b(?:why not|of course|sounds? like a plan)\b/g, 'ok'],
  [/\b(?:i )?(?:dont|do not) mind\b/g, 'fine'],
  [/\bdo not\b/g, 'dont'],
  [/\b(?:is|are|was) not\b/g, 'isnt'],
  [/\binstead of\b/g, 'insteadof'],
  [/\brather than\b/g, 'ratherthan'],
  [/\b(?:id|i would|would|i d) rather\b/g, 'prefer'],
  [/\brather\b/g, 'prefer'],
  [/\bfar fetched\b/g, 'farfetched'],
  [/\bover (?:ambitious|complicated|engineered)\b/g, 'overambitious'],
  [/\b(?:way|far|much|a bit|a little|slightly|rather|somewhat|kind of|a tad) too\b/g, 'too'],
  [/\boverly\b/g, 'too'],
  [/\b(?:take|taking) (?:more |bigger |some )?risks?\b/g, 'riskier'],
  [/\bmore risk\b/g, 'riskier'],
  [/\bless risk\b/g, 'safer'],
  [/\bplay(?:ing)? it safe\b/g, 'safer'],
  [/\blow hanging fruit\b/g, 'easier'],
  [/\bhigh risk high reward\b/g, 'bolder'],
  [
    /\b(?:push(?:ing)? the (?:boundaries|envelope)|think(?:ing)? bigger|aim(?:ing)? higher|go(?:ing)? bigger|go big|be bolder)\b/g,
    'bolder',
  ],
];

const INDEX_REF =
  /\b(?:option|hypothesis|hypotheses|idea|number|choice|proposal|candidate|h|hyp)\s*(\d+)\b/g;
const ORDINALS: Record<string, number> = {
  first: 0,
  '1st': 0,
  second: 1,
  '2nd': 1,
  third: 2,
  '3rd': 2,
  fourth: 3,
  '4th': 3,
  fifth: 4,
  '5th': 4,
};
const ORDINAL_REF =
  /\b(?:the )?(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last) (?:one|hypothesis|option|idea|choice|proposal)\b/g;
const DEICTIC_REF =
  /\b(?:(?:this|that|the current|current|the selected|selected|the chosen|chosen|the proposed|your) (?:one|hypothesis|idea|option|choice|pick|selection|proposal)|(?:the one|what) you (?:picked|chose|selected|proposed))\b/g;

/** Words that turn a following reference negative ("not h1", "instead of h1"). */
const PRE_NEGATIVE = new Set(
  (
    'not no dont never insteadof ratherthan than over except without drop reject skip avoid ' +
    'dislike hate against nor neither nope nah cant wont isnt ditch scrap forget remove lose'
  ).split(' '),
);
/** A comparative that makes "than X" favour X ("h1 is worse than h3"). */
const WORSE = new Set('worse worst inferior weaker less'.split(' '));
/** Words after a reference that criticise it ("h1 is too risky"). */
const POST_NEGATIVE = new Set(
  (
    'not too bad weak worse worst wrong meh sucks isnt doesnt dont terrible awful poor no nope ' +
    'confusing vague'
  ).split(' '),
);
/** Words that make a segment about choosing, so content words in it may name a candidate. */
const CONTENT_CUES = new Set(
  (
    'one about prefer like love go choose pick take want favour favor instead insteadof ' +
    'ratherthan than over option idea hypothesis focus pursue better dislike hate drop not dont ' +
    'skip avoid something'
  ).split(' '),
);
/** Words never used to match a candidate by content (the vocabulary of feedback itself). */
const NON_CONTENT = new Set(
  (
    'prefer like love choose chose pick go take use want favour favor keep select switch try ' +
    'pursue do better best good great nice please instead insteadof ratherthan idea ideas ' +
    'hypothesis hypotheses option options choice proposal candidate something thing things ' +
    'lets let think feel maybe perhaps really actually kind sort bit little lot ok okay yes ' +
    'dont isnt study approach direction topic look looks sound sounds seem seems focus work ' +
    'selected current chosen proposed pick picked go going continue proceed enough instead'
  )
    .split(' ')
    .concat([...ATTRIBUTE_WORDS.keys()])
    .map(stem),
);

const APPROVAL_WORDS = new Set(
  (
    'ok okay k yes yep yeah yup sure fine good great perfect excellent nice awesome cool lovely ' +
    'brilliant looks look it is its this that all continue proceed go ahead on approve approved ' +
    'accept accepted lgtm carry next keep going please thanks thank you sounds sound right ' +
    'correct agreed agree move forward let us lets do with me by to i like love happy ' +
    'satisfied works work for choice pick makes sense sensible reasonable solid ship fantastic ' +
    'we can lets alright much very really so'
  ).split(' '),
);
const REJECTION =
  /^(?:no|nope|nah|nay)\b|\b(?:dont|isnt) (?:like|love|want|think|agree|buy|work)\b|\bdislike\b|\bhate\b|\breject(?:ed)?\b|\bsomething (?:else|different)\b|\b(?:another|different|other) (?:one|idea|hypothesis|option|direction|approach|angle)\b|\btry again\b|\bredo\b|\bstart over\b|\b(?:not|isnt) (?:convinced|good|great|it|interested|keen|happy|satisfied|a fan|that|this)\b|\b(?:bad|weak|meh|wrong|terrible|awful|poor)\b/;
/** "None of these" rejects every candidate: nothing to learn about their order. */
const ALL_REJECTED =
  /\b(?:none|neither|any) of (?:these|them|those|the)\b|\ball (?:of them )?(?:are|look|seem|sound) (?:bad|weak|boring|wrong)\b/;

interface Ref {
  index: number;
  start: number;
  end: number;
  deictic: boolean;
}

interface Segment {
  tokens: string[];
  refs: Ref[];
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Splits raw feedback into segments (clauses) with reference sentinels in place. */
function segment(text: string, set: CandidateSet): string[][] {
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

function matchText(c: Candidate): MatchText {
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
function contentRefs(tokens: string[], texts: MatchText[]): Ref[] {
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
function polarities(tokens: string[], refs: Ref[]): number[] {
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
function attributes(segments: string[][]): Map<Attribute, number> {
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

function attributeValue(c: Candidate, attribute: Attribute): number | undefined {
  if (isHypothesis(c)) {
    if (attribute === 'novelty') return c.novelty;
    if (attribute === 'feasibility') return c.feasibility;
    return undefined;
  }
  if (attribute === 'feasibility') return simplicity(c);
  if (attribute === 'rigour') return rigour(c);
  return undefined;
}

const describe = (wanted: Map<Attribute, number>): string =>
  [...wanted].map(([a, d]) => `${d > 0 ? 'more' : 'less'} ${a}`).join(' and ');

/**
 * Reads one piece of feedback against the candidates the user saw. Rules, most specific
 * first: explicit references (id, "option 2", "the second one", title words, "this one")
 * with their polarity; attribute words ("too risky", "bolder") ordering candidates against
 * the selected one; plain approval (selected ≻ others); plain rejection (others ≻ selected).
 * Anything else yields no pairs.
 */
export function interpretFeedback(text: string, set: CandidateSet): Interpretation {
  const none = (reason: string): Interpretation => ({ rule: 'none', pairs: [], reason });
  const n = set.items.length;
  const selected = set.items.findIndex((i) => i.id === set.selected_id);
  if (n < 2) return none('fewer than two candidates');
  if (selected < 0) return none(`selected id '${set.selected_id}' is not among the candidates`);
  const segments = segment(text, set);
  if (segments.length === 0) return none('empty feedback');
  const joined = segments.map((t) => t.join(' ')).join(' ');
  if (ALL_REJECTED.test(joined)) return none('rejects every candidate');

  const texts = set.items.map((i) => matchText(i.candidate));
  const parsed: Segment[] = segments.map((tokens) => {
    const refs: Ref[] = [];
    tokens.forEach((t, i) => {
      if (t === '@sel') refs.push({ index: selected, start: i, end: i, deictic: true });
      const m = /^@(\d+)$/.exec(t);
      if (m) refs.push({ index: Number(m[1]), start: i, end: i, deictic: false });
    });
    refs.push(...contentRefs(tokens, texts));
    refs.sort((a, b) => a.start - b.start);
    return { tokens, refs };
  });

  const positive = new Set<number>();
  const negative = new Set<number>();
  let specific = false;
  let deictic = 0;
  for (const { tokens, refs } of parsed) {
    const signs = polarities(tokens, refs);
    refs.forEach((ref, k) => {
      const sign = signs[k]!;
      (sign > 0 ? positive : negative).add(ref.index);
      if (ref.deictic) deictic = deictic === 0 || deictic === sign ? sign : 2;
      else specific = true;
    });
  }

  const ids = set.items.map((i) => i.id);
  const pairs: Interpretation['pairs'] = [];
  const add = (w: number, l: number, weight: number) => {
    if (w !== l && !pairs.some((p) => p.winner === ids[w] && p.loser === ids[l]))
      pairs.push({ winner: ids[w]!, loser: ids[l]!, weight });
  };

  if (specific) {
    for (const k of [...positive]) {
      if (negative.has(k)) {
        positive.delete(k);
        negative.delete(k);
      }
    }
    if (positive.size === 0 && negative.size === 0) return none('contradictory references');
    // A comparison ("h2 over h1", "not h1, h3") says only that the chosen beat the rejected.
    if (positive.size > 0 && negative.size > 0) {
      for (const p of positive) for (const q of negative) add(p, q, RULE_WEIGHTS.explicit);
    } else {
      for (const p of positive)
        for (let o = 0; o < n; o++) if (!positive.has(o)) add(p, o, RULE_WEIGHTS.explicit);
      for (const q of negative)
        for (let o = 0; o < n; o++) if (!negative.has(o)) add(o, q, RULE_WEIGHTS.explicit);
    }
    const named = (s: Set<number>) => [...s].map((k) => ids[k]).join(', ');
    return {
      rule: 'explicit',
      pairs,
      reason: [
        positive.size ? `chose ${named(positive)}` : '',
        negative.size ? `rejected ${named(negative)}` : '',
      ]
        .filter(Boolean)
        .join('; '),
    };
  }

  const wanted = attributes(segments);
  if (wanted.size > 0) {
    if (deictic === 1 || deictic === 2) return none('approves the selection but asks for a change');
    const sel = set.items[selected]!.candidate;
    for (let k = 0; k < n; k++) {
      if (k === selected) continue;
      const c = set.items[k]!.candidate;
      const better = [...wanted].every(([attribute, direction]) => {
        const a = attributeValue(c, attribute);
        const b = attributeValue(sel, attribute);
        return a !== undefined && b !== undefined && (a - b) * direction >= ATTRIBUTE_MARGIN;
      });
      if (better) add(k, selected, RULE_WEIGHTS.attribute);
    }
    return {
      rule: 'attribute',
      pairs,
      reason: pairs.length
        ? `asks for ${describe(wanted)} than ${ids[selected]}`
        : `asks for ${describe(wanted)}, but no candidate offers it`,
    };
  }

  const approval =
    deictic === 1 || (deictic === 0 && joined.split(' ').every((w) => APPROVAL_WORDS.has(w)));
  const rejection = deictic === -1 || (deictic === 0 && REJECTION.test(joined));
  if (approval && !rejection) {
    for (let k = 0; k < n; k++) add(selected, k, RULE_WEIGHTS.approval);
    return { rule: 'approval', pairs, reason: `approved ${ids[selected]}` };
  }
  if (rejection && !approval) {
    for (let k = 0; k < n; k++) add(k, selected, RULE_WEIGHTS.rejection);
    return { rule: 'rejection', pairs, reason: `rejected ${ids[selected]}` };
  }
  return none('no preference found');
}

/** Loads the candidates a piece of feedback was given on; undefined when there were none. */
export type CandidateLoader = (feedback: FeedbackEntry) => CandidateSet | undefined;

export interface FeedbackPairs {
  pairs: (PreferencePair & { feedback_id: number; rule: PairRule })[];
  /** Ids of the feedback entries that yielded at least one pair. */
  used: number[];
  /** Every entry, with how it was read. */
  interpretations: {
    feedback_id: number;
    rule: PairRule | 'none';
    pairs: number;
    reason: string;
  }[];
}

/** Turns queued feedback into training pairs; entries that say nothing usable yield none. */
export function feedbackToPairs(
  entries: readonly FeedbackEntry[],
  load: CandidateLoader,
): FeedbackPairs {
  const out: FeedbackPairs = { pairs: [], used: [], interpretations: [] };
  for (const entry of entries) {
    const set = load(entry);
    if (!set) {
      out.interpretations.push({
        feedback_id: entry.id,
        rule: 'none',
        pairs: 0,
        reason: 'no candidates for this feedback',
      });
      continue;
    }
    const reading = interpretFeedback(entry.text, set);
    const byId = new Map(set.items.map((i) => [i.id, i.candidate]));
    let count = 0;
    for (const p of reading.pairs) {
      const winner = byId.get(p.winner);
      const loser = byId.get(p.loser);
      if (!winner || !loser || reading.rule === 'none') continue;
      out.pairs.push({
        winner,
        loser,
        weight: p.weight,
        feedback_id: entry.id,
        rule: reading.rule,
      });
      count++;
    }
    if (count > 0) out.used.push(entry.id);
    out.interpretations.push({
      feedback_id: entry.id,
      rule: reading.rule,
      pairs: count,
      reason: reading.reason,
    });
  }
  return out;
}
