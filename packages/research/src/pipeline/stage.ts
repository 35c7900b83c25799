import { generateObject, type GenerateObjectOptions, type LLM, type Usage } from '@hikma/llm';
import type { ResearchStore } from '../store/contract.ts';
import type { Memory, RunRecord, Skill, UserProfile } from '../store/types.ts';
import type { Artefact, ArtefactKind, ArtefactSet } from '../domain/artefact-map.ts';
import type { StageName } from '../domain/artefacts.ts';
import type { RunEventPayloads } from '../domain/events.ts';
import type { PipelineConfig } from './config.ts';
import type { Planner } from '../planner/index.ts';
import type { CitationProvider } from '../citations/index.ts';
import { plainCause } from './failure.ts';
import type { SlotGate } from './work-slots.ts';

/** What a stage can see and do while it runs; it reads only the artefact kinds it `Needs`. */
export interface StageContext<Needs extends ArtefactKind = never> {
  run: RunRecord;
  user: UserProfile;
  llm: LLM;
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
  /**
   * Latest artefact of an earlier stage. Throws `artefact_missing` when none was stored and
   * `stage_contract_violated` for a kind the stage did not declare in `needs`.
   */
  artefact<K extends Needs>(kind: K): Artefact<K>;
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
  /**
   * The worker's slots for heavy work, shared by all runs: a sandbox run or a LaTeX compile
   * goes through its gate and waits (traced) while the others' hold every slot.
   */
  slots: { experiment: SlotGate; compile: SlotGate };
}

export interface StageOutput<Produces extends ArtefactKind> {
  /** Artefacts to persist: one of each kind the stage declared in `produces`. */
  artefacts: ArtefactSet<Produces>;
  /** One-line summary for `last_summary` and `stage_completed`. */
  summary: string;
  new_skills?: string[];
  new_memories?: string[];
}

/** What a step declared to run after a stage may read and change: the run's whole history. */
export interface AfterStepContext extends StageContext {
  history: Pick<ResearchStore, 'events' | 'feedback' | 'artefacts' | 'skills' | 'memories'>;
}

/**
 * Work declared to run after a stage's own work, as part of that stage: its events and token
 * usage count as the stage's, and the entries it adds are the stage's `new_skills` and
 * `new_memories`.
 */
export interface AfterStep {
  name: string;
  run(ctx: AfterStepContext): Promise<{ newSkills: string[]; newMemories: string[] }>;
}

/**
 * One step of the pipeline. It declares the artefact kinds it reads (`needs`) and writes
 * (`produces`); the engine holds it to both and checks what it writes against the kind's
 * schema before anything is stored.
 */
export interface Stage<Needs extends ArtefactKind, Produces extends ArtefactKind> {
  name: StageName;
  needs: readonly Needs[];
  produces: readonly Produces[];
  /** Steps run after this stage's own work, in order (e.g. distillation after writing). */
  after?: readonly AfterStep[];
  run(ctx: StageContext<Needs>): Promise<StageOutput<NoInfer<Produces>>>;
}

/** A stage as the engine holds it, whatever it reads and writes (checked at run time). */
export interface PipelineStage {
  name: StageName;
  needs: readonly ArtefactKind[];
  produces: readonly ArtefactKind[];
  after?: readonly AfterStep[];
  run(
    ctx: StageContext<ArtefactKind>,
  ): Promise<
    Omit<StageOutput<never>, 'artefacts'> & { artefacts: Partial<ArtefactSet<ArtefactKind>> }
  >;
}

/** A stage, its artefact kinds inferred from `needs` and `produces`. */
export function defineStage<Needs extends ArtefactKind, Produces extends ArtefactKind>(
  stage: Stage<Needs, Produces>,
): Stage<Needs, Produces> {
  return stage;
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
