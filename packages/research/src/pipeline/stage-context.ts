import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import { addUsage, type LLM, type Usage } from '@hikma/llm';
import type { RunRecord, UserProfile } from '../store/types.ts';
import type { Artefact, ArtefactKind } from '../domain/artefact-map.ts';
import type { RunEventPayloads, RunEventType } from '../domain/events.ts';
import { ResearchError } from '../errors.ts';
import type { CitationProvider } from '../citations/index.ts';
import type { Planner } from '../planner/index.ts';
import type { PipelineConfig } from './config.ts';
import { checkRead } from './contract.ts';
import type { RunEventHub } from './event-hub.ts';
import type { PipelineStage, StageContext } from './stage.ts';
import { tokensUsed } from './usage.ts';
import type { WorkSlots } from './work-slots.ts';

/** What every stage context is built from: the engine's parts. */
export interface StageContextDeps {
  llm: LLM;
  config: PipelineConfig;
  planner: Planner;
  citations: CitationProvider | null;
  hub: RunEventHub;
  slots: { experiment: WorkSlots; compile: WorkSlots };
}

/** The stage's own parts of its context. */
export type StageParts = Pick<
  StageContext,
  'runDir' | 'skills' | 'memories' | 'revisionFeedback'
> & {
  /** The latest artefact of each kind the stage needs, read before it starts. */
  inputs: ReadonlyMap<ArtefactKind, unknown>;
};

/**
 * What a stage sees: its declared artefacts, its trace, its share of the token budget, the
 * worker's slots for heavy work. `usage.total` collects the stage's token usage.
 */
export function stageContext(
  deps: StageContextDeps,
  target: { run: RunRecord; user: UserProfile; stage: PipelineStage },
  parts: StageParts & { usage: { total: Usage } },
  signal: AbortSignal,
): StageContext<ArtefactKind> {
  const { llm, config, planner, citations, hub, slots } = deps;
  const { run, user, stage } = target;
  const runId = run.run_id;
  const { usage } = parts;
  const trace: StageContext['trace'] = (kind, label, detail, metadata = {}) =>
    emitAndYield(hub, runId, 'trajectory_event', {
      kind,
      label,
      detail,
      metadata: { stage: stage.name, ...metadata },
    });
  // Told when a sandbox run or a compile has to wait for another run's to finish.
  const waiting = (slot: 'experiment' | 'compile', what: string) => () =>
    void trace(
      'waiting_for_slot',
      `Waiting for a free ${what} slot`,
      `All ${slots[slot].limit} ${what} slot(s) are in use by other runs; this one starts when one frees up.`,
      { slot, limit: slots[slot].limit },
    );
  return {
    run,
    user,
    llm,
    config,
    planner,
    citations,
    runDir: parts.runDir,
    skills: parts.skills,
    memories: parts.memories,
    revisionFeedback: parts.revisionFeedback,
    signal,
    artefact: (kind) => {
      checkRead(stage, kind);
      const found = parts.inputs.get(kind) as Artefact<typeof kind> | undefined;
      if (found === undefined)
        throw new ResearchError(
          'artefact_missing',
          `artefact '${kind}' is missing for run ${runId}`,
        );
      return found;
    },
    trace,
    recordUsage: (u) => {
      usage.total = addUsage(usage.total, u);
      const budget = config.runTokenBudget;
      const total = tokensUsed(run.state) + usage.total.promptTokens + usage.total.completionTokens;
      if (budget > 0 && total > budget) {
        // The engine adds the stage's usage to the run's totals when the stage fails.
        throw new ResearchError(
          'token_budget_exceeded',
          `the run's token budget of ${budget} was exceeded during ${stage.name} (${total} tokens used); raise RESEARCH_RUN_TOKEN_BUDGET to allow more`,
        );
      }
    },
    emit: (type, data) => emitAndYield(hub, runId, type, data),
    slots: {
      experiment: (work) =>
        slots.experiment.use(work, { signal, onWait: waiting('experiment', 'sandbox') }),
      compile: (work) => slots.compile.use(work, { signal, onWait: waiting('compile', 'LaTeX') }),
    },
  };
}

/**
 * Emits an event, then lets the event loop turn once. Stages do most of their work
 * without waiting on I/O (the offline LLM answers at once), and an event written to a
 * socket leaves only when the loop turns, so without this a stage's events would reach
 * subscribers in one burst when the stage next waited, late by the whole stretch.
 */
export async function emitAndYield<T extends RunEventType>(
  hub: RunEventHub,
  runId: string,
  type: T,
  data: RunEventPayloads[T],
): Promise<void> {
  hub.emit(runId, type, data);
  await nextLoopTurn();
}
