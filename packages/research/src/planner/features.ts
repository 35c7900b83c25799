import type { UserProfile } from '../store/types.ts';
import { contentStems, fnv1a } from './text.ts';
import { ResearchError } from '../errors.ts';

/**
 * Bumped whenever the layout or meaning of the feature vector changes: weights learned on
 * another layout are meaningless, so a stored model with a different version is refused.
 */
export const FEATURE_VERSION = 1;

/** Hashed bag-of-words buckets (unigrams and bigrams of content stems). */
export const TEXT_BUCKETS = 512;

/** A candidate hypothesis (an ideation `Hypothesis` fits as is). */
export interface HypothesisCandidate {
  id?: string;
  title: string;
  statement: string;
  rationale: string;
  novelty: number;
  feasibility: number;
}

type Named = string | { name: string; description?: string };

/** A candidate experiment plan (a `Blueprint` fits as is). */
export interface BlueprintCandidate {
  id?: string;
  title: string;
  conditions: readonly Named[];
  metrics: readonly Named[];
  procedure: readonly string[];
}

export type Candidate = HypothesisCandidate | BlueprintCandidate;

/** The parts of a user profile the planner reads; all optional. */
export type PlannerProfile = Partial<
  Pick<UserProfile, 'risk_preference' | 'baseline_strictness' | 'domain' | 'persona_brief'>
>;

export function isHypothesis(c: Candidate): c is HypothesisCandidate {
  return 'statement' in c && typeof (c as HypothesisCandidate).novelty === 'number';
}

const GRID_KNOTS = 5;

/** Names of the numeric features, in the order they follow the text buckets. */
export const NUMERIC_FEATURES: readonly string[] = [
  'novelty',
  'feasibility',
  ...Array.from({ length: GRID_KNOTS * GRID_KNOTS }, (_, k) => {
    const i = Math.floor(k / GRID_KNOTS);
    const j = k % GRID_KNOTS;
    return `grid_novelty${i}_feasibility${j}`;
  }),
  'is_hypothesis',
  'log_words',
  'conditions',
  'metrics',
  'procedure_steps',
  'rigour',
  'simplicity',
  'risk_x_novelty',
  'risk_x_feasibility',
  'caution_x_feasibility',
  'strictness_x_feasibility',
  'strictness_x_rigour',
  'domain_overlap',
  'persona_overlap',
];

/** Length of every feature vector. */
export const FEATURE_DIM = TEXT_BUCKETS + NUMERIC_FEATURES.length;

/** Name of feature `index` (`text[<bucket>]` for hashed buckets). */
export function featureName(index: number): string {
  return index < TEXT_BUCKETS
    ? `text[${index}]`
    : (NUMERIC_FEATURES[index - TEXT_BUCKETS] ?? `#${index}`);
}

const RISK_LOW = /\b(low|conservative|cautious|averse|safe|minimal|small)\b/;
const RISK_HIGH = /\b(high|bold|aggressive|seeking|tolerant|adventurous|ambitious|large)\b/;
const STRICT_LOW = /\b(low|lenient|relaxed|loose|minimal)\b/;
const STRICT_HIGH = /\b(high|strict|rigorous|demanding|stringent)\b/;

/** Maps free-text levels ("low", "medium", "high", or a number in [0, 1]) to [0, 1]. */
export function level(text: string | undefined, low: RegExp, high: RegExp): number {
  const t = (text ?? '').trim().toLowerCase();
  const n = Number(t);
  if (t !== '' && Number.isFinite(n)) return Math.min(1, Math.max(0, n));
  if (high.test(t) && !low.test(t)) return 1;
  if (low.test(t) && !high.test(t)) return 0;
  return 0.5;
}

/** The profile's risk appetite in [0, 1] (low 0, medium 0.5, high 1). */
export const riskLevel = (p: PlannerProfile): number =>
  level(p.risk_preference, RISK_LOW, RISK_HIGH);
/** The profile's strictness in [0, 1]. */
export const strictnessLevel = (p: PlannerProfile): number =>
  level(p.baseline_strictness, STRICT_LOW, STRICT_HIGH);

const nameText = (n: Named): string =>
  typeof n === 'string' ? n : `${n.name} ${n.description ?? ''}`;

/** How many measurements and arms a plan has, scaled to [0, 1]. */
export function rigour(c: BlueprintCandidate): number {
  return Math.min(1, (c.conditions.length + c.metrics.length) / 8);
}

/** 1 for a one-step procedure, falling to 0 at twelve steps or more. */
export function simplicity(c: BlueprintCandidate): number {
  return 1 - Math.min(1, Math.max(0, c.procedure.length - 1) / 11);
}

/**
 * The profile's prior preference, in [0, 1]: what the planner falls back on before it has
 * learned anything. For hypotheses it is the ideation stage's rule (risk preference weights
 * novelty against feasibility: 0.3 / 0.5 / 0.7); for plans, strictness weights rigour
 * against simplicity.
 */
export function profilePrior(c: Candidate, profile: PlannerProfile): number {
  if (isHypothesis(c)) {
    const w = 0.3 + 0.4 * riskLevel(profile);
    return w * c.novelty + (1 - w) * c.feasibility;
  }
  const s = strictnessLevel(profile);
  return s * rigour(c) + (1 - s) * simplicity(c);
}

/** Fields of a candidate's text, each tokenised separately so bigrams do not cross fields. */
function textFields(c: Candidate): { text: string; weight: number }[] {
  if (isHypothesis(c)) {
    return [
      { text: c.title, weight: 2 },
      { text: c.statement, weight: 1 },
      { text: c.rationale, weight: 1 },
    ];
  }
  return [
    { text: c.title, weight: 2 },
    ...c.conditions.map((n) => ({ text: nameText(n), weight: 1 })),
    ...c.metrics.map((n) => ({ text: nameText(n), weight: 1 })),
    ...c.procedure.map((p) => ({ text: p, weight: 1 })),
  ];
}

function overlap(stems: ReadonlySet<string>, text: string | undefined): number {
  const probe = new Set(contentStems(text ?? ''));
  if (probe.size === 0) return 0;
  let hits = 0;
  for (const s of probe) if (stems.has(s)) hits++;
  return hits / probe.size;
}

const hat = (x: number, knot: number): number =>
  Math.max(0, 1 - Math.abs(x - knot) * (GRID_KNOTS - 1));

/**
 * The candidate's feature vector (length `FEATURE_DIM`): hashed TF of unigrams and bigrams
 * (sublinear, L2-normalised), then the numeric features named in `NUMERIC_FEATURES`.
 * Deterministic: the same candidate and profile always give the same vector.
 */
export function extractFeatures(c: Candidate, profile: PlannerProfile = {}): Float64Array {
  const x = new Float64Array(FEATURE_DIM);

  const counts = new Map<number, number>();
  const allStems = new Set<string>();
  let wordCount = 0;
  for (const { text, weight } of textFields(c)) {
    const stems = contentStems(text);
    wordCount += stems.length;
    for (let i = 0; i < stems.length; i++) {
      const s = stems[i]!;
      allStems.add(s);
      const uni = fnv1a(`u:${s}`) % TEXT_BUCKETS;
      counts.set(uni, (counts.get(uni) ?? 0) + weight);
      if (i + 1 < stems.length) {
        const bi = fnv1a(`b:${s} ${stems[i + 1]!}`) % TEXT_BUCKETS;
        counts.set(bi, (counts.get(bi) ?? 0) + weight);
      }
    }
  }
  let norm = 0;
  for (const [bucket, count] of counts) {
    const v = 1 + Math.log(count);
    x[bucket] = v;
    norm += v * v;
  }
  if (norm > 0) {
    const inv = 1 / Math.sqrt(norm);
    for (const bucket of counts.keys()) x[bucket]! *= inv;
  }

  const r = riskLevel(profile);
  const s = strictnessLevel(profile);
  const hyp = isHypothesis(c);
  const novelty = hyp ? c.novelty : 0;
  const feasibility = hyp ? c.feasibility : 0;
  const rig = hyp ? 0 : rigour(c);
  const simp = hyp ? 0 : simplicity(c);

  let k = TEXT_BUCKETS;
  x[k++] = novelty;
  x[k++] = feasibility;
  // Bilinear interpolation on a 5×5 grid over (novelty, feasibility): lets a linear model
  // express preferences such as "novel, but only once it is feasible enough".
  for (let i = 0; i < GRID_KNOTS; i++) {
    for (let j = 0; j < GRID_KNOTS; j++) {
      const ki = i / (GRID_KNOTS - 1);
      const kj = j / (GRID_KNOTS - 1);
      x[k++] = hyp ? hat(novelty, ki) * hat(feasibility, kj) : 0;
    }
  }
  x[k++] = hyp ? 1 : 0;
  x[k++] = Math.log1p(wordCount) / 5;
  x[k++] = hyp ? 0 : c.conditions.length / 10;
  x[k++] = hyp ? 0 : c.metrics.length / 10;
  x[k++] = hyp ? 0 : c.procedure.length / 10;
  x[k++] = rig;
  x[k++] = simp;
  x[k++] = r * novelty;
  x[k++] = r * feasibility;
  x[k++] = (1 - r) * feasibility;
  x[k++] = s * (hyp ? feasibility : simp);
  x[k++] = s * rig;
  x[k++] = overlap(allStems, profile.domain);
  x[k++] = overlap(allStems, profile.persona_brief);
  if (k !== FEATURE_DIM)
    throw new ResearchError('internal_error', `feature layout mismatch: ${k} != ${FEATURE_DIM}`);
  return x;
}
