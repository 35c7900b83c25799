import type { StageName } from '../domain/artefacts.ts';
import type { ArtefactKind } from '../domain/artefact-map.ts';
import type { RunEvent, RunEventPayloads, RunEventType, RunStatus } from '../domain/events.ts';
import type { IdeationArtefacts } from '../domain/artefacts.ts';
import type {
  FeedbackEntry,
  Memory,
  MemoryKind,
  RunRecord,
  RunState,
  Skill,
  UserProfile,
} from './types.ts';

/**
 * What the research service needs of its storage, whatever the engine: the embedded SQLite
 * store (`store.ts`) and the Postgres store (`postgres/`) both implement it, and one
 * conformance suite (`conformance.ts`) holds them to it. Everything is asynchronous except
 * `events.append`, which numbers an event in memory and queues it for a group commit.
 */
export interface ResearchStore {
  readonly backend: 'sqlite' | 'postgres';
  readonly users: UserStore;
  readonly runs: RunStore;
  readonly artefacts: ArtefactStore;
  readonly files: RunFileStore;
  readonly events: EventStore;
  readonly feedback: FeedbackStore;
  readonly skills: SkillStore;
  readonly memories: MemoryStore;
  readonly plannerModels: PlannerModelStore;
  /**
   * Stores a finished stage at once: each artefact as a new version, then the run patched
   * by `patch` (which sees the run as stored just before). Returns the updated run.
   */
  completeStage(
    runId: string,
    stage: StageName,
    artefacts: Partial<Record<ArtefactKind, unknown>>,
    patch: (latest: RunRecord) => RunPatch,
  ): Promise<RunRecord>;
  /** Whether the database answers a query now (for readiness); never throws. */
  reachable(): Promise<boolean>;
  /** Commits queued events and closes the connection(s). */
  close(): Promise<void>;
}

export type RunPatch = Partial<
  Pick<
    RunRecord,
    'status' | 'current_stage' | 'stages_completed' | 'last_summary' | 'error' | 'state'
  >
>;

export interface UserStore {
  /** Inserts or replaces a profile; returns whether the user is new. */
  upsert(profile: UserProfile): Promise<{ created: boolean }>;
  get(userId: string): Promise<UserProfile | undefined>;
  /** All user ids, in creation order. */
  listIds(): Promise<string[]>;
}

export interface RunStore {
  insert(run: RunRecord): Promise<void>;
  get(runId: string): Promise<RunRecord | undefined>;
  /**
   * Applies a patch and bumps `updated_at`; returns the new record (`run_not_found` when
   * there is none). With `onlyIf`, the patch applies only while the run has that status,
   * and the result is undefined when it did not (a compare-and-set between instances).
   */
  update(runId: string, patch: RunPatch): Promise<RunRecord>;
  updateIf(runId: string, onlyIf: RunStatus, patch: RunPatch): Promise<RunRecord | undefined>;
  /** Runs, newest first, optionally for one user. */
  list(userId?: string): Promise<RunRecord[]>;
  countByStatus(): Promise<Partial<Record<RunStatus, number>>>;
  /** Runs that were executing or waiting for a slot (to put back in the queue at start-up). */
  listUnfinished(): Promise<RunRecord[]>;
}

export interface StoredArtefact<T = unknown> {
  kind: ArtefactKind;
  stage: StageName;
  version: number;
  data: T;
  created_at: string;
}

export interface ArtefactStore {
  /** Stores a new version of an artefact and returns its version number. */
  save(runId: string, stage: StageName, kind: ArtefactKind, data: unknown): Promise<number>;
  latest<T = unknown>(runId: string, kind: ArtefactKind): Promise<StoredArtefact<T> | undefined>;
  /** The latest version of every artefact of a run. */
  latestAll(runId: string): Promise<StoredArtefact[]>;
  /** The ideation artefact as it was at `asOf` (a later revision is not what feedback saw). */
  ideationAsOf(runId: string, asOf: string): Promise<IdeationArtefacts | undefined>;
}

/** A file a run produced (project source, figure, paper), by path inside the run's folder. */
export interface RunFile {
  path: string;
  bytes: Buffer;
}

/**
 * The files of each run, kept in the database so that every instance can serve them and a
 * worker that takes over a run can lay its folder out again.
 */
export interface RunFileStore {
  /** Replaces the stored copy of each file given. */
  put(runId: string, files: readonly RunFile[]): Promise<void>;
  get(runId: string, path: string): Promise<Buffer | undefined>;
  /** Paths and content hashes (sha256 hex) of a run's files. */
  list(runId: string): Promise<{ path: string; sha256: string; size: number }[]>;
}

export type CommittedListener = (event: RunEvent) => void;

export interface EventStore {
  /**
   * Gives an event the run's next sequence number and queues it for the next group commit.
   * The run must be open for writing in this process (`open`), except on SQLite, where
   * the first append opens it.
   */
  append<T extends RunEventType>(runId: string, type: T, data: RunEventPayloads[T]): RunEvent<T>;
  /** Reads the run's last sequence number so this process may append its next events. */
  open(runId: string): Promise<void>;
  /** Commits what is queued for the run and forgets its counter (another process may write next). */
  release(runId: string): Promise<void>;
  /** Commits the queued events now. */
  flush(): Promise<void>;
  /** Events queued and not yet committed. */
  readonly queued: number;
  /**
   * Asks for the run's events committed by other instances too (on Postgres); returns the
   * function that stops asking. Events this process commits always reach `onCommitted`.
   */
  watch(runId: string): () => void;
  /** Committed events, in commit order: this process's, and those of watched runs. */
  onCommitted(listener: CommittedListener): () => void;
  /** Events of a run with `seq > afterSeq`, in order (queued events are committed first). */
  list(runId: string, afterSeq?: number, limit?: number): Promise<RunEvent[]>;
}

export interface FeedbackStore {
  enqueue(entry: {
    run_id: string;
    user_id: string;
    stage: StageName;
    text: string;
  }): Promise<FeedbackEntry>;
  /** Feedback not yet used for training, oldest first. */
  pending(userId: string): Promise<FeedbackEntry[]>;
  /** All feedback of a user or run, oldest first. */
  list(filter: { userId?: string; runId?: string }): Promise<FeedbackEntry[]>;
  markConsumed(ids: number[]): Promise<void>;
}

export interface NewSkill {
  name: string;
  description: string;
  procedure: string;
  stage: string;
  source_run_id: string | null;
}

export interface SkillStore {
  /** Adds a skill unless the user has the same or a near-identical one; returns it and whether it is new. */
  add(userId: string, skill: NewSkill): Promise<{ skill: Skill; created: boolean }>;
  list(userId: string): Promise<Skill[]>;
  /** The top-k skills for a query (relevance, then usage); counts each returned one as used. */
  retrieve(userId: string, query: string, k: number): Promise<Skill[]>;
}

export interface MemoryStore {
  add(
    userId: string,
    memory: { kind: MemoryKind; content: string; source_run_id: string | null },
  ): Promise<{ memory: Memory; created: boolean }>;
  list(userId: string): Promise<Memory[]>;
  retrieve(userId: string, query: string, k: number): Promise<Memory[]>;
}

/** What a training session recorded next to the weights. */
export interface PlannerMetrics {
  train_accuracy: number;
  accuracy_before: number;
  loss_before: number;
  loss_after: number;
  epochs: number;
  duration_ms: number;
  feedback_used: number;
  feedback_consumed: number;
  /** Pairs per rule that produced them (explicit, approval, rejection, attribute). */
  rules: Record<string, number>;
}

export interface PlannerModelInfo {
  user_id: string;
  version: number;
  trained_at: string;
  pairs: number;
  metrics: PlannerMetrics;
}

/** Versioned planner weights per user: training adds a version. */
export interface PlannerModelStore {
  /**
   * Stores a new version of the user's weights and marks the feedback it consumed, at once;
   * returns the version number (1, 2, …).
   */
  save(
    userId: string,
    weights: unknown,
    pairs: number,
    metrics: PlannerMetrics,
    consumedFeedback: number[],
  ): Promise<number>;
  /** The latest version number, 0 when the user has never been trained. */
  latestVersion(userId: string): Promise<number>;
  latest(userId: string): Promise<{ info: PlannerModelInfo; weights: unknown } | undefined>;
  /** Every version's record (without weights), oldest first. */
  list(userId: string): Promise<PlannerModelInfo[]>;
}

export type { RunState };
