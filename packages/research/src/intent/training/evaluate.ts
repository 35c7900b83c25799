// Scores a router on labelled examples: the action, each slot, and how long routing takes.
import { SESSIONS, type Example, type NonsenseMessage } from '../dataset/dataset.ts';
import { nameToUserId } from '../learned-router.ts';
import { fold } from '../model/tokens.ts';
import type { Intent, IntentRequest } from '../schema.ts';
import { cleanSlot, cleanTopic } from '../slots.ts';

/** The slots scored; `user_id` is the name as an id. */
export const EVAL_SLOTS = [
  'user_id',
  'domain',
  'archetype',
  'risk_preference',
  'baseline_strictness',
  'topic',
  'feedback',
] as const;
export type EvalSlot = (typeof EVAL_SLOTS)[number];
type SlotValues = Partial<Record<EvalSlot, string>>;

/** What a router answered: the intent and, for the learned router, whether it asked back. */
export interface Routed {
  intent: Intent;
  /** The router asked a clarifying question instead of acting. */
  clarified?: boolean;
  /** Its best guess when it asked (the action scored), else intent.action. */
  guess?: Intent['action'];
  /** The two actions a clarifying question would offer. */
  options?: Intent['action'][];
  /** The router's probability of its best guess, when it has one. */
  confidence?: number;
}

export type Router = (request: IntentRequest) => Routed;

/** The slots an example should produce, as the intent carries them. */
export function expectedSlots(example: Example): SlotValues {
  const s = example.slots ?? {};
  const out: SlotValues = {};
  const a = example.action;
  if ((a === 'create_user' || a === 'select_user') && s.name) {
    const id = nameToUserId(s.name);
    if (id) out.user_id = id;
  }
  if (a === 'start_run' && s.topic) out.topic = cleanTopic(s.topic);
  if (a === 'create_user' || a === 'update_profile' || a === 'start_run') {
    if (s.domain) out.domain = cleanSlot(s.domain);
    if (s.archetype) out.archetype = cleanSlot(s.archetype);
    if (example.values?.risk_preference) out.risk_preference = example.values.risk_preference;
    if (example.values?.baseline_strictness) {
      out.baseline_strictness = example.values.baseline_strictness;
    }
  }
  if (a === 'submit_feedback' && s.feedback) out.feedback = cleanSlot(s.feedback);
  return out;
}

/** The scored slots an intent carries. */
export function intentSlots(intent: Intent): SlotValues {
  const out: SlotValues = {};
  if (intent.user_id) out.user_id = intent.user_id;
  if (intent.topic) out.topic = intent.topic;
  for (const field of ['domain', 'archetype', 'risk_preference', 'baseline_strictness'] as const) {
    const value = intent.profile?.[field];
    if (value) out[field] = value;
  }
  if (intent.feedback) out.feedback = intent.feedback;
  return out;
}

/**
 * An article opening a topic, field or role: "the ethics of gene drives" and "ethics of gene
 * drives" name the same research, and writers of labels differ on whether to keep it.
 */
const LEADING_ARTICLE =
  /^(?:the|an?|l'|les?|la|los|las|el|une?|der|die|das|den|dem|des|ein|eine|einen|o|os|as|il|lo|gli)\s*(?<=\s|')/u;

/**
 * Slot values compare without case, accents, outer quotes or end punctuation; a topic, field
 * or role also without a leading article.
 */
export function sameValue(
  a: string | undefined,
  b: string | undefined,
  slot: EvalSlot | undefined = undefined,
): boolean {
  const norm = (v: string | undefined) => {
    if (v === undefined) return undefined;
    const folded = fold(cleanSlot(v)).replace(/\s+/g, ' ');
    const phrase = slot === 'topic' || slot === 'domain' || slot === 'archetype';
    return phrase ? folded.replace(LEADING_ARTICLE, '') : folded;
  };
  return norm(a) === norm(b);
}

export interface Score {
  correct: number;
  total: number;
}

export interface Evaluation {
  examples: number;
  action: Score;
  /** Per slot, over the examples where the expected or the routed intent has it. */
  slots: Record<EvalSlot, Score>;
  /** Action and every slot right. */
  exact: Score;
  /** Clarifying questions asked; `correct`: those offering the right action. */
  clarified: Score;
  /** Wrong action without asking first. */
  wrongUnasked: number;
  /** Routing time of each example, milliseconds (in pass order when timed in passes). */
  latencies: number[];
  /** How many timed passes `latencies` holds, each over every example (1 when unset). */
  passes?: number;
  /** The best guess's probability and whether it was the right action (routers that give one). */
  confidences: { p: number; right: boolean }[];
  failures: string[];
}

/** Routes every example and scores the answers. */
export function evaluate(examples: readonly Example[], route: Router): Evaluation {
  const slots = Object.fromEntries(EVAL_SLOTS.map((s) => [s, { correct: 0, total: 0 }])) as Record<
    EvalSlot,
    Score
  >;
  const result: Evaluation = {
    examples: examples.length,
    action: { correct: 0, total: 0 },
    slots,
    exact: { correct: 0, total: 0 },
    clarified: { correct: 0, total: 0 },
    wrongUnasked: 0,
    latencies: [],
    confidences: [],
    failures: [],
  };
  for (const example of examples) {
    const request = { text: example.text, session: SESSIONS[example.session] };
    const started = performance.now();
    const routed = route(request);
    result.latencies.push(performance.now() - started);
    const action = routed.guess ?? routed.intent.action;
    const actionRight = action === example.action;
    result.action.total++;
    if (actionRight) result.action.correct++;
    if (routed.confidence !== undefined) {
      result.confidences.push({ p: routed.confidence, right: actionRight });
    }
    if (routed.clarified) {
      result.clarified.total++;
      if (routed.options?.includes(example.action)) result.clarified.correct++;
    } else if (!actionRight) {
      result.wrongUnasked++;
    }
    const want = expectedSlots(example);
    const got = intentSlots(routed.intent);
    const wrong: string[] = [];
    for (const slot of EVAL_SLOTS) {
      if (want[slot] === undefined && got[slot] === undefined) continue;
      slots[slot].total++;
      if (sameValue(want[slot], got[slot], slot)) slots[slot].correct++;
      else
        wrong.push(`${slot}: want ${JSON.stringify(want[slot])} got ${JSON.stringify(got[slot])}`);
    }
    result.exact.total++;
    if (actionRight && wrong.length === 0) result.exact.correct++;
    else {
      const head = actionRight ? '' : `action: want ${example.action} got ${action}; `;
      result.failures.push(
        `[${example.session}] ${JSON.stringify(example.text)} — ${head}${wrong.join('; ')}`,
      );
    }
  }
  return result;
}

/**
 * Expected calibration error of the best guesses: the gap between confidence and accuracy in
 * ten equal-width bins, weighted by how many guesses fall in each (0 is perfectly honest).
 */
export function calibrationError(confidences: readonly { p: number; right: boolean }[]): number {
  if (confidences.length === 0) return NaN;
  const bins = Array.from({ length: 10 }, () => ({ p: 0, right: 0, n: 0 }));
  for (const { p, right } of confidences) {
    const bin = bins[Math.min(9, Math.floor(p * 10))]!;
    bin.p += p;
    bin.right += right ? 1 : 0;
    bin.n++;
  }
  const gap = bins.reduce((sum, b) => sum + Math.abs(b.p - b.right), 0);
  return gap / confidences.length;
}

export interface NonsenseScore {
  /** Messages answered with a clarifying question or the help text rather than an action. */
  declined: number;
  total: number;
  /** Mean probability of the best guess (routers that give one). */
  meanConfidence: number;
}

/** How often a router declines to act on messages that mean nothing to the app. */
export function evaluateNonsense(
  messages: readonly NonsenseMessage[],
  route: Router,
): NonsenseScore {
  let declined = 0;
  let confidence = 0;
  let rated = 0;
  for (const message of messages) {
    const routed = route({ text: message.text, session: SESSIONS[message.session] });
    if (routed.clarified || routed.intent.action === 'help') declined++;
    if (routed.confidence !== undefined) {
      confidence += routed.confidence;
      rated++;
    }
  }
  return { declined, total: messages.length, meanConfidence: rated ? confidence / rated : NaN };
}

/**
 * The q-quantile of routing times taken in `passes` passes over the same examples: the
 * median of each pass's quantile. A pass the machine stalled in (another process, a full
 * collection of the evaluation's own heap) moves it less than one quantile of all passes.
 */
export function passQuantile(latencies: readonly number[], passes: number, q: number): number {
  const size = Math.floor(latencies.length / passes);
  if (passes <= 1 || size === 0) return quantile(latencies, q);
  const each = Array.from({ length: passes }, (_, p) =>
    quantile(latencies.slice(p * size, (p + 1) * size), q),
  );
  return quantile(each, 0.5);
}

/** The q-quantile (0..1) of a list of numbers, by nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** How many timed passes the evaluation makes over each set. */
export const TIMED_PASSES = 5;

/**
 * Routing time of each example, milliseconds: one pass to warm up (JIT, caches), then
 * `passes` timed passes over all the examples.
 */
export function timeRouting(
  examples: readonly Example[],
  route: Router,
  passes = TIMED_PASSES,
): number[] {
  const requests = examples.map((e) => ({ text: e.text, session: SESSIONS[e.session] }));
  for (const request of requests) route(request);
  const times: number[] = [];
  for (let pass = 0; pass < passes; pass++) {
    for (const request of requests) {
      const started = performance.now();
      route(request);
      times.push(performance.now() - started);
    }
  }
  return times;
}
