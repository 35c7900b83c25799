import type { IdeationArtefacts } from '../domain/artefacts.ts';
import type { ResearchStore, PlannerMetrics, PlannerModelInfo } from '../store/contract.ts';
import type { FeedbackEntry } from '../store/types.ts';
import { PlannerError } from './errors.ts';
import type { Candidate, PlannerProfile } from './features.ts';
import {
  feedbackToPairs,
  ideationCandidates,
  type CandidateLoader,
  type CandidateSet,
} from './feedback-to-pairs.ts';
import { PreferenceModel, type TrainOptions } from './preference-model.ts';

export interface PlannerDeps {
  store: ResearchStore;
  /**
   * Loads the ideation artefact a run showed the user at `asOf` (the feedback's time).
   * Defaults to the stored artefact version current at that time.
   */
  loadIdeation?: (
    runId: string,
    asOf: string,
  ) => Promise<IdeationArtefacts | undefined> | IdeationArtefacts | undefined;
  /**
   * Loads the candidates any feedback entry was about; overrides `loadIdeation`. The default
   * uses ideation feedback only (the other stages show one artefact, not alternatives).
   */
  loadCandidates?: CandidateLoader;
  train?: Partial<TrainOptions>;
}

/** What `train` did. `trained` is false when nothing new could be learned. */
export interface PlannerTrainResult {
  user_id: string;
  /** The version now current (unchanged when nothing was trained; 0 = never trained). */
  version: number;
  trained: boolean;
  pairs: number;
  /** Feedback entries that yielded at least one pair. */
  feedback_used: number;
  /** Feedback entries taken off the queue (every pending one, usable or not). */
  feedback_consumed: number;
  /** Share of this session's pairs the new model orders correctly; null if not trained. */
  train_accuracy: number | null;
  /** How each consumed entry was read. */
  interpretations: { feedback_id: number; rule: string; pairs: number; reason: string }[];
}

export interface PlannerStatus {
  user_id: string;
  version: number;
  trained: boolean;
  trained_at: string | null;
  /** Pairs of the latest session, and over all sessions. */
  pairs: number;
  pairs_total: number;
  pending_feedback: number;
  metrics: PlannerMetrics | null;
  /** Named (non-text) features with the largest learned weights. */
  top_features: { feature: string; weight: number }[];
}

export interface RankedCandidate<C extends Candidate> {
  candidate: C;
  /** Logit utility; only differences between candidates matter. */
  score: number;
  /** Position in the input. */
  index: number;
}

/**
 * The trainable planner (spec §1.4): a small local pairwise-preference model per user,
 * trained from the feedback queue and used to rank candidate hypotheses or plans.
 */
export class Planner {
  private readonly cache = new Map<string, { version: number; model: PreferenceModel }>();

  constructor(private readonly deps: PlannerDeps) {}

  private get models() {
    return this.deps.store.plannerModels;
  }

  /**
   * The candidates each pending entry was about, read before training (the store is
   * asynchronous; the pairing rules are not).
   */
  private async candidateLoader(pending: readonly FeedbackEntry[]): Promise<CandidateLoader> {
    if (this.deps.loadCandidates) return this.deps.loadCandidates;
    const ideation =
      this.deps.loadIdeation ??
      ((runId: string, asOf: string) => this.deps.store.artefacts.ideationAsOf(runId, asOf));
    const sets = new Map<number, CandidateSet>();
    for (const entry of pending) {
      if (entry.stage !== 'ideation') continue;
      const artefact = await ideation(entry.run_id, entry.created_at);
      if (artefact) sets.set(entry.id, ideationCandidates(artefact));
    }
    return (entry: FeedbackEntry) => sets.get(entry.id);
  }

  /** Trainings in progress, by user: one user's sessions run one after another. */
  private readonly training = new Map<string, Promise<unknown>>();

  /**
   * Trains the user's model on their pending feedback (see `trainNow`); a second request
   * for the same user waits for the first, so no feedback trains two sessions.
   */
  train(userId: string): Promise<PlannerTrainResult> {
    const before = this.training.get(userId) ?? Promise.resolve();
    const session = before.catch(() => {}).then(() => this.trainNow(userId));
    this.training.set(userId, session);
    const forget = () => {
      if (this.training.get(userId) === session) this.training.delete(userId);
    };
    session.then(forget, forget);
    return session;
  }

  /**
   * Trains the user's model on their pending feedback, warm-starting from the latest
   * version, stores the result as a new version and takes the feedback off the queue.
   * Without pending feedback it changes nothing.
   */
  private async trainNow(userId: string): Promise<PlannerTrainResult> {
    const { store } = this.deps;
    const profile = await store.users.get(userId);
    if (!profile) throw new PlannerError('user_not_found', `user '${userId}' not found`);
    const pending = await store.feedback.pending(userId);
    const current = await this.models.latestVersion(userId);
    const result = (patch: Partial<PlannerTrainResult>): PlannerTrainResult => ({
      user_id: userId,
      version: current,
      trained: false,
      pairs: 0,
      feedback_used: 0,
      feedback_consumed: 0,
      train_accuracy: null,
      interpretations: [],
      ...patch,
    });
    if (pending.length === 0) return result({});

    const load = await this.candidateLoader(pending);
    const { pairs, used, interpretations } = feedbackToPairs(pending, load);
    const ids = pending.map((f) => f.id);
    if (pairs.length === 0) {
      // Unusable feedback stays unusable; keeping it queued would only re-read it forever.
      await store.feedback.markConsumed(ids);
      return result({ feedback_consumed: ids.length, interpretations });
    }

    const model = (await this.model(userId)).model.clone();
    const report = model.train(pairs, profile, this.deps.train);
    const rules: Record<string, number> = {};
    for (const p of pairs) rules[p.rule] = (rules[p.rule] ?? 0) + 1;
    const metrics: PlannerMetrics = {
      train_accuracy: report.train_accuracy,
      accuracy_before: report.accuracy_before,
      loss_before: report.loss_before,
      loss_after: report.loss_after,
      epochs: report.epochs,
      duration_ms: Math.round(report.duration_ms),
      feedback_used: used.length,
      feedback_consumed: ids.length,
      rules,
    };
    const version = await this.models.save(userId, model.toJSON(), pairs.length, metrics, ids);
    this.cache.set(userId, { version, model });
    return result({
      version,
      trained: true,
      pairs: pairs.length,
      feedback_used: used.length,
      feedback_consumed: ids.length,
      train_accuracy: report.train_accuracy,
      interpretations,
    });
  }

  /**
   * Candidates best first for this user. An untrained user (version 0) is ranked by the
   * profile prior alone: risk preference weighting novelty against feasibility.
   */
  async rank<C extends Candidate>(
    userId: string,
    profile: PlannerProfile,
    candidates: readonly C[],
  ): Promise<{ version: number; ranked: RankedCandidate<C>[] }> {
    const { version, model } = await this.model(userId);
    return { version, ranked: model.rank(candidates, profile) };
  }

  /** The user's latest model (the neutral one at version 0 when never trained). */
  async model(userId: string): Promise<{ version: number; model: PreferenceModel }> {
    const version = await this.models.latestVersion(userId);
    const cached = this.cache.get(userId);
    if (cached && cached.version === version) return cached;
    const entry =
      version === 0
        ? { version, model: PreferenceModel.neutral() }
        : { version, model: PreferenceModel.fromJSON((await this.models.latest(userId))!.weights) };
    this.cache.set(userId, entry);
    return entry;
  }

  /** Where the user's planner stands: version, last session's metrics, queue length. */
  async status(userId: string): Promise<PlannerStatus> {
    const { store } = this.deps;
    if (!(await store.users.get(userId)))
      throw new PlannerError('user_not_found', `user '${userId}' not found`);
    const { version, model } = await this.model(userId);
    const info: PlannerModelInfo | undefined = (await this.models.list(userId)).at(-1);
    return {
      user_id: userId,
      version,
      trained: version > 0,
      trained_at: info?.trained_at ?? null,
      pairs: info?.pairs ?? 0,
      pairs_total: model.pairsTrained,
      pending_feedback: (await store.feedback.pending(userId)).length,
      metrics: info?.metrics ?? null,
      top_features: model
        .topFeatures(Number.MAX_SAFE_INTEGER)
        .filter((f) => !f.feature.startsWith('text['))
        .slice(0, 5),
    };
  }
}
