import type { FeedbackEntry } from '../store/types.ts';
import type { PreferencePair } from './preference-model.ts';
import type { CandidateSet } from './candidate-set.ts';
import { ALL_REJECTED, APPROVAL_WORDS, ATTRIBUTE_MARGIN, REJECTION } from './feedback-lexicon.ts';
import {
  attributes,
  attributeValue,
  contentRefs,
  describe,
  matchText,
  polarities,
  segment,
  type Ref,
  type Segment,
} from './feedback-reading.ts';

export { ideationCandidates, type CandidateSet } from './candidate-set.ts';

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
