import { seededRandom } from '@hikma/llm';
import { z } from 'zod';
import {
  FEATURE_DIM,
  FEATURE_VERSION,
  extractFeatures,
  featureName,
  profilePrior,
  type Candidate,
  type PlannerProfile,
} from './features.ts';
import { PlannerError } from './errors.ts';

/** Version of the serialised model; an unknown version is refused, never guessed at. */
export const MODEL_SCHEMA_VERSION = 1;

/**
 * Logits per unit of the profile prior (which lies in [0, 1]). The prior is a fixed offset,
 * not a weight, so an untrained model ranks exactly by it and a changed profile takes effect
 * at once; the learned weights only have to express how the user departs from it.
 */
export const PRIOR_SCALE = 4;

/** One observed preference between two candidates. */
export interface PreferencePair<C extends Candidate = Candidate> {
  winner: C;
  loser: C;
  /** How much the pair counts (default 1); weaker evidence gets less. */
  weight?: number;
}

/** A pair reduced to what the objective needs: φ(winner) − φ(loser) and the prior gap. */
export interface FeaturePair {
  diff: Float64Array;
  priorDiff: number;
  weight: number;
}

export interface TrainOptions {
  /** Upper bound on passes over the pairs. */
  epochs: number;
  batchSize: number;
  /** Adam step size. */
  learningRate: number;
  /** Stop once a pass improves the objective by less than this (relative). */
  tolerance: number;
  /** Seed of the mini-batch shuffle, so training is reproducible. */
  seed: number;
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  epochs: 300,
  batchSize: 32,
  learningRate: 0.05,
  tolerance: 1e-5,
  seed: 1,
};

/**
 * Precision of the Gaussian prior on each weight of a fresh model (weights ~ N(0, 1)).
 * Training adds each pair's curvature to it, so later sessions move well-established
 * weights less than new ones.
 */
export const PRIOR_PRECISION = 1;

export interface TrainReport {
  pairs: number;
  epochs: number;
  loss_before: number;
  loss_after: number;
  /** Share of the training pairs ordered correctly before and after. */
  accuracy_before: number;
  train_accuracy: number;
  duration_ms: number;
}

const ModelJSON = z.object({
  schema_version: z.literal(MODEL_SCHEMA_VERSION),
  feature_version: z.number().int(),
  dim: z.number().int(),
  prior_scale: z.number().finite(),
  pairs_seen: z.number().int().min(0),
  weights: z.array(z.number().finite()),
  precision: z.array(z.number().finite().positive()),
});
export type ModelJSON = z.infer<typeof ModelJSON>;

const sigmoid = (z: number): number =>
  z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
/** log(1 + e^z) without overflow. */
const softplus = (z: number): number =>
  z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

// The shuffle's seeded PRNG (mulberry32) is the one the offline LLM uses.
export { seededRandom };

/**
 * The training objective and its gradient:
 * J(w) = (1/W) [Σᵢ cᵢ·log(1 + e^(−mᵢ)) + ½ Σⱼ Fⱼ (wⱼ − aⱼ)²], mᵢ = w·dᵢ + s·pᵢ, W = Σᵢ cᵢ —
 * pairwise logistic loss (Bradley–Terry) plus a Gaussian prior centred on the anchor `a`
 * (the previous weights) with diagonal precision `F`.
 */
export function pairwiseObjective(
  w: Float64Array,
  pairs: readonly FeaturePair[],
  anchor: Float64Array,
  precision: Float64Array,
  priorScale = PRIOR_SCALE,
): { loss: number; grad: Float64Array } {
  const grad = new Float64Array(w.length);
  let total = 0;
  let loss = 0;
  for (const p of pairs) {
    const m = dot(w, p.diff) + priorScale * p.priorDiff;
    loss += p.weight * softplus(-m);
    total += p.weight;
    const g = -p.weight * sigmoid(-m);
    for (let j = 0; j < w.length; j++) grad[j]! += g * p.diff[j]!;
  }
  const scale = total > 0 ? 1 / total : 1;
  for (let j = 0; j < w.length; j++) {
    const delta = w[j]! - anchor[j]!;
    loss += 0.5 * precision[j]! * delta * delta;
    grad[j] = (grad[j]! + precision[j]! * delta) * scale;
  }
  return { loss: loss * scale, grad };
}

/**
 * A pairwise preference model: P(a ≻ b) = σ(score(a) − score(b)) with
 * score(c) = w·φ(c) + PRIOR_SCALE·prior(c). Trained by mini-batch Adam on the Bradley–Terry
 * log loss; each session's posterior is approximated by a diagonal Gaussian (Laplace) that
 * anchors the next session, so a warm start keeps what earlier feedback taught.
 */
export class PreferenceModel {
  private constructor(
    private readonly weights: Float64Array,
    private readonly precision: Float64Array,
    private pairsSeen: number,
  ) {}

  /** An untrained model: ranks by the profile prior alone. */
  static neutral(): PreferenceModel {
    return new PreferenceModel(
      new Float64Array(FEATURE_DIM),
      new Float64Array(FEATURE_DIM).fill(PRIOR_PRECISION),
      0,
    );
  }

  /** Restores a model from `toJSON()`; refuses unknown schema or feature versions. */
  static fromJSON(json: unknown): PreferenceModel {
    const version = (json as { schema_version?: unknown } | null)?.schema_version;
    if (version !== MODEL_SCHEMA_VERSION) {
      throw new PlannerError(
        'model_version_unsupported',
        `planner model schema version ${String(version)} is not supported (expected ${MODEL_SCHEMA_VERSION})`,
      );
    }
    const parsed = ModelJSON.safeParse(json);
    if (!parsed.success) {
      throw new PlannerError('model_invalid', `invalid planner model: ${parsed.error.message}`);
    }
    const m = parsed.data;
    if (m.feature_version !== FEATURE_VERSION || m.dim !== FEATURE_DIM) {
      throw new PlannerError(
        'model_version_unsupported',
        `planner model has feature version ${m.feature_version} (${m.dim} features); this build uses ${FEATURE_VERSION} (${FEATURE_DIM})`,
      );
    }
    if (m.prior_scale !== PRIOR_SCALE) {
      throw new PlannerError('model_invalid', `planner model prior scale ${m.prior_scale}`);
    }
    if (m.weights.length !== FEATURE_DIM || m.precision.length !== FEATURE_DIM) {
      throw new PlannerError('model_invalid', 'planner model arrays do not match its dimension');
    }
    return new PreferenceModel(
      Float64Array.from(m.weights),
      Float64Array.from(m.precision),
      m.pairs_seen,
    );
  }

  toJSON(): ModelJSON {
    return {
      schema_version: MODEL_SCHEMA_VERSION,
      feature_version: FEATURE_VERSION,
      dim: FEATURE_DIM,
      prior_scale: PRIOR_SCALE,
      pairs_seen: this.pairsSeen,
      weights: Array.from(this.weights),
      precision: Array.from(this.precision),
    };
  }

  /** A deep copy, to train without touching this model. */
  clone(): PreferenceModel {
    return new PreferenceModel(
      Float64Array.from(this.weights),
      Float64Array.from(this.precision),
      this.pairsSeen,
    );
  }

  /** Pairs this model has been trained on, over all sessions. */
  get pairsTrained(): number {
    return this.pairsSeen;
  }

  /** Utility of a candidate for this user (a logit; only differences matter). */
  score(candidate: Candidate, profile: PlannerProfile = {}): number {
    return (
      dot(this.weights, extractFeatures(candidate, profile)) +
      PRIOR_SCALE * profilePrior(candidate, profile)
    );
  }

  /** P(a ≻ b) for this user. */
  prefer(a: Candidate, b: Candidate, profile: PlannerProfile = {}): number {
    return sigmoid(this.score(a, profile) - this.score(b, profile));
  }

  /** Candidates best first, with their scores; ties keep the input order. */
  rank<C extends Candidate>(
    candidates: readonly C[],
    profile: PlannerProfile = {},
  ): { candidate: C; score: number; index: number }[] {
    return candidates
      .map((candidate, index) => ({ candidate, score: this.score(candidate, profile), index }))
      .sort((a, b) => b.score - a.score || a.index - b.index);
  }

  /** Features with the largest learned weights, for explanations and status. */
  topFeatures(k: number): { feature: string; weight: number }[] {
    return Array.from(this.weights, (weight, i) => ({ feature: featureName(i), weight }))
      .filter((f) => f.weight !== 0)
      .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight))
      .slice(0, k);
  }

  /** Trains on candidate pairs (featurised with `profile`), starting from the current weights. */
  train(
    pairs: readonly PreferencePair[],
    profile: PlannerProfile = {},
    options: Partial<TrainOptions> = {},
  ): TrainReport {
    const cache = new Map<Candidate, { x: Float64Array; prior: number }>();
    const featurise = (c: Candidate) => {
      let f = cache.get(c);
      if (!f) {
        f = { x: extractFeatures(c, profile), prior: profilePrior(c, profile) };
        cache.set(c, f);
      }
      return f;
    };
    const featurePairs = pairs.map((p): FeaturePair => {
      const a = featurise(p.winner);
      const b = featurise(p.loser);
      const diff = new Float64Array(FEATURE_DIM);
      for (let j = 0; j < FEATURE_DIM; j++) diff[j] = a.x[j]! - b.x[j]!;
      return { diff, priorDiff: a.prior - b.prior, weight: p.weight ?? 1 };
    });
    return this.trainFeatures(featurePairs, options);
  }

  /** Trains on pre-featurised pairs (see `train`). */
  trainFeatures(pairs: readonly FeaturePair[], options: Partial<TrainOptions> = {}): TrainReport {
    const opts = { ...DEFAULT_TRAIN_OPTIONS, ...options };
    const started = performance.now();
    const usable = pairs.filter((p) => p.weight > 0);
    const w = this.weights;
    const anchor = Float64Array.from(w);
    const precision = this.precision;
    const before = pairwiseObjective(w, usable, anchor, precision);
    const accuracyBefore = this.pairAccuracy(usable);
    if (usable.length === 0) {
      return {
        pairs: 0,
        epochs: 0,
        loss_before: before.loss,
        loss_after: before.loss,
        accuracy_before: accuracyBefore,
        train_accuracy: accuracyBefore,
        duration_ms: performance.now() - started,
      };
    }

    const totalWeight = usable.reduce((s, p) => s + p.weight, 0);
    const m1 = new Float64Array(FEATURE_DIM);
    const m2 = new Float64Array(FEATURE_DIM);
    const grad = new Float64Array(FEATURE_DIM);
    const random = seededRandom(opts.seed);
    const order = usable.map((_, i) => i);
    const beta1 = 0.9;
    const beta2 = 0.999;
    let step = 0;
    let previous = before.loss;
    let epochs = 0;
    let calm = 0;
    for (let epoch = 0; epoch < opts.epochs; epoch++) {
      epochs = epoch + 1;
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      for (let start = 0; start < order.length; start += opts.batchSize) {
        const batch = order.slice(start, start + opts.batchSize);
        grad.fill(0);
        let batchWeight = 0;
        for (const index of batch) {
          const p = usable[index]!;
          const g = -p.weight * sigmoid(-(dot(w, p.diff) + PRIOR_SCALE * p.priorDiff));
          batchWeight += p.weight;
          for (let j = 0; j < FEATURE_DIM; j++) grad[j]! += g * p.diff[j]!;
        }
        step++;
        const lr = opts.learningRate / Math.sqrt(1 + epoch / 25);
        const c1 = 1 - beta1 ** step;
        const c2 = 1 - beta2 ** step;
        for (let j = 0; j < FEATURE_DIM; j++) {
          // Batch part averaged over the batch; the prior term counted once per pass.
          const g = grad[j]! / batchWeight + (precision[j]! * (w[j]! - anchor[j]!)) / totalWeight;
          m1[j] = beta1 * m1[j]! + (1 - beta1) * g;
          m2[j] = beta2 * m2[j]! + (1 - beta2) * g * g;
          w[j]! -= (lr * (m1[j]! / c1)) / (Math.sqrt(m2[j]! / c2) + 1e-8);
        }
      }
      const current = pairwiseObjective(w, usable, anchor, precision).loss;
      calm = previous - current < opts.tolerance * Math.max(1, Math.abs(current)) ? calm + 1 : 0;
      previous = current;
      if (calm >= 3) break;
    }

    const after = pairwiseObjective(w, usable, anchor, precision).loss;
    // Laplace step: the curvature each pair puts on each weight joins the prior precision,
    // so the next session treats today's weights as well-founded where the data spoke.
    for (const p of usable) {
      const q = sigmoid(dot(w, p.diff) + PRIOR_SCALE * p.priorDiff);
      const c = p.weight * q * (1 - q);
      for (let j = 0; j < FEATURE_DIM; j++) precision[j]! += c * p.diff[j]! * p.diff[j]!;
    }
    this.pairsSeen += usable.length;

    return {
      pairs: usable.length,
      epochs,
      loss_before: before.loss,
      loss_after: after,
      accuracy_before: accuracyBefore,
      train_accuracy: this.pairAccuracy(usable),
      duration_ms: performance.now() - started,
    };
  }

  private pairAccuracy(pairs: readonly FeaturePair[]): number {
    if (pairs.length === 0) return 0;
    let right = 0;
    for (const p of pairs) if (dot(this.weights, p.diff) + PRIOR_SCALE * p.priorDiff > 0) right++;
    return right / pairs.length;
  }
}
