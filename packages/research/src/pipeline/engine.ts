import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import { addUsage, type LLM, type Usage } from '@hikma/llm';
import type { Store } from '../store/store.ts';
import type { RunRecord, RunState, UserProfile } from '../store/types.ts';
import { newProjectId, newRunId, nowIso } from '../store/ids.ts';
import type { ArtefactKind } from '../domain/artefact-map.ts';
import type { StageName } from '../domain/artefacts.ts';
import type { RunEventPayloads, RunEventType, RunStatus } from '../domain/events.ts';
import { ResearchError } from '../errors.ts';
import type { RunEventHub } from './event-hub.ts';
import type { PipelineConfig } from './config.ts';
import type { PipelineStage, StageContext } from './stage.ts';
import { checkOutput, checkRead } from './contract.ts';
import { describeFailure, RunTimeoutError } from './failure.ts';
import { asksForChanges } from './feedback-intent.ts';
import { RunLedger } from './run-ledger.ts';
import { tokensUsed } from './usage.ts';
import type { Planner } from '../planner/index.ts';
import type { CitationProvider } from '../citations/index.ts';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface EngineDeps {
  store: Store;
  planner: Planner;
  citations: CitationProvider | null;
  llm: LLM;
  hub: RunEventHub;
  config: PipelineConfig;
  stages: PipelineStage[];
  logger: Logger;
}

/**
 * Runs research pipelines in the background of the process. A run goes
 * pending → running ⇄ awaiting_feedback → completed | failed; every step is persisted
 * before the next one starts, so a run interrupted by a restart resumes from its last
 * completed stage.
 */
export class PipelineEngine {
  private readonly active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private stopping = false;
  private readonly ledger: RunLedger;

  constructor(private readonly deps: EngineDeps) {
    this.ledger = new RunLedger(deps.store);
  }

  /** Creates a run for a user and starts it in the background. */
  startRun(userId: string, topic: string, pauseAfter?: StageName[]): RunRecord {
    const { hub, config } = this.deps;
    if (!this.ledger.user(userId))
      throw new ResearchError('user_not_found', `user '${userId}' not found`);
    const now = nowIso();
    const run: RunRecord = {
      run_id: newRunId(),
      user_id: userId,
      topic,
      project_id: newProjectId(),
      status: 'pending',
      current_stage: null,
      stages_completed: [],
      last_summary: '',
      started_at: now,
      updated_at: now,
      error: null,
      state: {
        schema_version: 1,
        pause_after: pauseAfter ?? config.pauseAfter,
        pending_revision: null,
        answered_pauses: [],
        revised: [],
        usage: {},
      },
    };
    this.ledger.insert(run);
    hub.emit(run.run_id, 'run_started', { topic });
    this.schedule(run.run_id);
    return run;
  }

  /** Accepts feedback for a paused run, queues it for the planner and resumes the run. */
  submitFeedback(runId: string, text: string): RunRecord {
    const { hub } = this.deps;
    const run = this.getRun(runId);
    if (run.status !== 'awaiting_feedback' || !run.current_stage) {
      throw new ResearchError(
        'run_not_awaiting_feedback',
        `run '${runId}' is ${run.status}, not awaiting_feedback`,
      );
    }
    const stage = run.current_stage;
    const state: RunState = {
      ...run.state,
      answered_pauses: [...run.state.answered_pauses, stage],
      pending_revision:
        asksForChanges(text) && !run.state.revised.includes(stage)
          ? { stage, feedback: text }
          : null,
    };
    hub.emit(runId, 'feedback_received', { text });
    this.ledger.enqueueFeedback({ run_id: runId, user_id: run.user_id, stage, text });
    hub.emit(runId, 'feedback_enqueued', { stage });
    const updated = this.setStatus(runId, 'running', { state });
    this.schedule(runId);
    return updated;
  }

  /** Resumes every run that was executing when the process last stopped. */
  resumeInterrupted(): string[] {
    const runs = this.ledger.unfinished();
    for (const run of runs) {
      this.deps.logger.info(
        { run_id: run.run_id, stage: run.current_stage },
        'resuming interrupted run',
      );
      this.schedule(run.run_id);
    }
    return runs.map((r) => r.run_id);
  }

  /** Stops executing runs (they stay `running` in the store and resume on the next start). */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const { controller } of this.active.values())
      controller.abort(new ResearchError('service_stopping', 'service stopping'));
    await Promise.allSettled([...this.active.values()].map((a) => a.done));
  }

  /** Resolves when a run is no longer executing (paused, finished or failed). */
  async idle(runId: string): Promise<void> {
    await this.active.get(runId)?.done;
  }

  /** The run; `run_not_found` when there is none. */
  getRun(runId: string): RunRecord {
    return this.ledger.require(runId);
  }

  private schedule(runId: string): void {
    if (this.stopping || this.active.has(runId)) return;
    const controller = new AbortController();
    const limitMs = this.deps.config.runTimeoutMs;
    const deadline =
      limitMs > 0
        ? setTimeout(() => controller.abort(new RunTimeoutError(limitMs)), limitMs)
        : undefined;
    const done = this.execute(runId, controller.signal)
      .catch((err: unknown) =>
        this.deps.logger.error({ err, run_id: runId }, 'run execution crashed'),
      )
      .finally(() => {
        clearTimeout(deadline);
        this.active.delete(runId);
      });
    this.active.set(runId, { controller, done });
  }

  private async execute(runId: string, signal: AbortSignal): Promise<void> {
    const { hub, stages } = this.deps;
    const { ledger } = this;
    let run = this.getRun(runId);
    try {
      if (run.status === 'pending') run = this.setStatus(runId, 'running');
      const user = ledger.user(run.user_id);
      if (!user)
        throw new ResearchError('user_not_found', `user '${run.user_id}' no longer exists`);

      const revision = run.state.pending_revision;
      if (revision) {
        const stage = stages.find((s) => s.name === revision.stage)!;
        run = await this.runStage(run, user, stage, revision.feedback, signal);
        run = ledger.update(runId, {
          state: {
            ...run.state,
            pending_revision: null,
            revised: [...run.state.revised, stage.name],
          },
        });
      }

      for (const stage of stages) {
        if (!run.stages_completed.includes(stage.name)) {
          run = await this.runStage(run, user, stage, null, signal);
        }
        if (
          run.state.pause_after.includes(stage.name) &&
          !run.state.answered_pauses.includes(stage.name)
        ) {
          // Persist the pause before announcing it, so feedback sent on the event is accepted.
          ledger.update(runId, { status: 'awaiting_feedback', current_stage: stage.name });
          hub.emit(runId, 'awaiting_feedback', { stage: stage.name });
          hub.emit(runId, 'status_changed', { status: 'awaiting_feedback' });
          return;
        }
      }

      const paper = ledger.latestArtefact(runId, 'compiled_paper');
      if (paper) {
        const { compiled, pdf_path, tex_path, compile_error } = paper;
        hub.emit(runId, 'paper_ready', { compiled, pdf_path, tex_path, compile_error });
      }
      this.setStatus(runId, 'completed', { current_stage: null });
      hub.emit(runId, 'run_completed', {});
      hub.emit(runId, 'stream_end', {});
    } catch (err) {
      if (signal.aborted && this.stopping) return; // resumes on the next start
      // A stage that gave up because the run's deadline aborted it reports the deadline.
      const cause = signal.reason instanceof RunTimeoutError ? signal.reason : err;
      const message = describeFailure(ledger.get(runId)?.current_stage ?? null, cause);
      this.deps.logger.error({ err, run_id: runId }, 'run failed');
      this.setStatus(runId, 'failed', { error: message });
      hub.emit(runId, 'run_failed', { error: message });
      hub.emit(runId, 'stream_end', {});
    }
  }

  private async runStage(
    run: RunRecord,
    user: UserProfile,
    stage: PipelineStage,
    revisionFeedback: string | null,
    signal: AbortSignal,
  ): Promise<RunRecord> {
    const { config } = this.deps;
    const runId = run.run_id;
    // Events emitted just before (the previous stage's end, a feedback request's events)
    // go out before this stage starts and stamps its first event.
    await nextLoopTurn();
    signal.throwIfAborted();
    run = this.ledger.update(runId, { current_stage: stage.name });
    const runDir = join(config.dataDir, 'runs', runId);
    mkdirSync(runDir, { recursive: true });

    const query = `${run.topic} ${stage.name} ${user.domain}`;
    const { skills, memories } = this.ledger.retrieve(run.user_id, query, config.retrievalK);
    const usage = { total: { promptTokens: 0, completionTokens: 0 } as Usage };
    const ctx = this.stageContext(
      run,
      user,
      stage,
      { runDir, skills, memories, revisionFeedback, usage },
      signal,
    );
    await ctx.trace(
      revisionFeedback ? 'stage_revision_started' : 'stage_started',
      `${revisionFeedback ? 'Revising' : 'Starting'} ${stage.name}`,
      `Retrieved ${skills.length} skill(s) and ${memories.length} memory item(s) for this stage.`,
      { skills: skills.map((s) => s.skill_id), memories: memories.map((m) => m.memory_id) },
    );

    const output = await stage.run(ctx);
    checkOutput(stage, output.artefacts);
    const newSkills = [...(output.new_skills ?? [])];
    const newMemories = [...(output.new_memories ?? [])];
    for (const step of stage.after ?? []) {
      const added = await step.run({ ...ctx, history: this.ledger.history });
      newSkills.push(...added.newSkills);
      newMemories.push(...added.newMemories);
    }
    signal.throwIfAborted();

    const updated = this.ledger.completeStage(runId, stage.name, {
      artefacts: output.artefacts,
      summary: output.summary,
      usage: usage.total,
    });
    await this.emitAndYield(runId, 'stage_completed', {
      stage: stage.name,
      status: 'completed',
      summary: output.summary,
      new_skills: newSkills,
      new_memories: newMemories,
    });
    return updated;
  }

  /** What a stage sees: its declared artefacts, its trace, its share of the token budget. */
  private stageContext(
    run: RunRecord,
    user: UserProfile,
    stage: PipelineStage,
    parts: Pick<StageContext, 'runDir' | 'skills' | 'memories' | 'revisionFeedback'> & {
      usage: { total: Usage };
    },
    signal: AbortSignal,
  ): StageContext<ArtefactKind> {
    const { llm, config, planner, citations } = this.deps;
    const runId = run.run_id;
    const { usage } = parts;
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
        const found = this.ledger.latestArtefact(runId, kind);
        if (found === undefined)
          throw new ResearchError(
            'artefact_missing',
            `artefact '${kind}' is missing for run ${runId}`,
          );
        return found;
      },
      trace: (kind, label, detail, metadata = {}) =>
        this.emitAndYield(runId, 'trajectory_event', {
          kind,
          label,
          detail,
          metadata: { stage: stage.name, ...metadata },
        }),
      recordUsage: (u) => {
        usage.total = addUsage(usage.total, u);
        const budget = config.runTokenBudget;
        const total =
          tokensUsed(run.state) + usage.total.promptTokens + usage.total.completionTokens;
        if (budget > 0 && total > budget) {
          this.ledger.addUsage(runId, stage.name, usage.total);
          throw new ResearchError(
            'token_budget_exceeded',
            `the run's token budget of ${budget} was exceeded during ${stage.name} (${total} tokens used); raise RESEARCH_RUN_TOKEN_BUDGET to allow more`,
          );
        }
      },
      emit: (type, data) => this.emitAndYield(runId, type, data),
    };
  }

  /**
   * Emits an event, then lets the event loop turn once. Stages do most of their work
   * without waiting on I/O (the offline LLM answers at once), and an event written to a
   * socket leaves only when the loop turns, so without this a stage's events would reach
   * subscribers in one burst when the stage next waited, late by the whole stretch.
   */
  private async emitAndYield<T extends RunEventType>(
    runId: string,
    type: T,
    data: RunEventPayloads[T],
  ): Promise<void> {
    this.deps.hub.emit(runId, type, data);
    await nextLoopTurn();
  }

  private setStatus(runId: string, status: RunStatus, patch: Partial<RunRecord> = {}): RunRecord {
    const run = this.ledger.update(runId, { ...patch, status });
    this.deps.hub.emit(runId, 'status_changed', { status });
    return run;
  }
}
