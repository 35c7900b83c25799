import { generateObject, type GenerateObjectOptions, type LLM, type Usage } from '@hikma/llm';
import type { Store } from '../store/store.ts';
import type { Memory, RunRecord, Skill, UserProfile } from '../store/types.ts';
import type { ArtefactKind } from '../store/artefacts.ts';
import type { StageName } from './artefacts.ts';
import type { RunEventPayloads } from './events.ts';
import type { PipelineConfig } from './config.ts';
import type { Planner } from '../planner/index.ts';
import type { CitationProvider } from '../citations/index.ts';
import { plainCause } from './failure.ts';

/** What a stage can see and do while it runs. */
export interface StageContext {
  run: RunRecord;
  user: UserProfile;
  llm: LLM;
  store: Store;
  config: PipelineConfig;
  /** The user's trainable planner (ranks candidate hypotheses once trained). */
  planner: Planner;
  /** Where references come from; null means none (the paper then cites only the user's memories). */
  citations: CitationProvider | null;
  /** The run's private working directory (project, paper). */
  runDir: string;
  /** Top-k skills and memories retrieved for this stage. */
  skills: Skill[];
  memories: Memory[];
  /** Set when the user asked for changes to this stage's previous output. */
  revisionFeedback: string | null;
  signal: AbortSignal;
  /** Latest artefact of an earlier stage; throws if it is missing. */
  artefact<T>(kind: ArtefactKind): T;
  /**
   * Records a trajectory event of this stage, then yields to the event loop so the event
   * reaches subscribers before the stage's next stretch of work.
   */
  trace(
    kind: string,
    label: string,
    detail: string,
    metadata?: Record<string, unknown>,
  ): Promise<void>;
  /** Records token usage of an LLM call made by this stage. */
  recordUsage(usage: Usage): void;
  /** Emits an event other than a trajectory event (e.g. paper_ready), then yields like `trace`. */
  emit<T extends 'paper_ready'>(type: T, data: RunEventPayloads[T]): Promise<void>;
}

export interface StageOutput {
  /** Artefacts to persist, by kind. */
  artefacts: Partial<Record<ArtefactKind, unknown>>;
  /** One-line summary for `last_summary` and `stage_completed`. */
  summary: string;
  new_skills?: string[];
  new_memories?: string[];
}

/** One step of the pipeline. */
export interface Stage {
  name: StageName;
  run(ctx: StageContext): Promise<StageOutput>;
}

/**
 * Structured output from the stage's LLM, cancelled with the run, its tokens counted
 * against the run's budget.
 */
export async function generateForStage<T>(
  ctx: Pick<StageContext, 'llm' | 'signal' | 'recordUsage'>,
  options: Omit<GenerateObjectOptions<T>, 'llm' | 'signal'>,
): Promise<T> {
  const out = await generateObject({ ...options, llm: ctx.llm, signal: ctx.signal });
  ctx.recordUsage(out.usage);
  return out.value;
}

/**
 * The value of an advisory step (a peer review, a distillation), or null when its model
 * calls failed: the failure is traced with its cause and the stage goes on without it. A
 * cancelled run still stops.
 */
export async function unlessFailed<T>(
  ctx: Pick<StageContext, 'signal' | 'trace'>,
  what: { kind: string; label: string },
  step: () => Promise<T>,
): Promise<T | null> {
  try {
    return await step();
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    await ctx.trace(what.kind, what.label, plainCause(err));
    return null;
  }
}
