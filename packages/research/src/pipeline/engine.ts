import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import type { LLM, Usage } from '@hikma/llm';
import type { ResearchStore } from '../store/contract.ts';
import type { RunRecord, RunState, UserProfile } from '../store/types.ts';
import { newProjectId, newRunId, nowIso } from '../store/ids.ts';
import type { StageName } from '../domain/artefacts.ts';
import type { ArtefactKind } from '../domain/artefact-map.ts';
import type { RunEventPayloads, RunEventType, RunStatus } from '../domain/events.ts';
import { ResearchError } from '../errors.ts';
import type { RunEventHub } from './event-hub.ts';
import type { PipelineConfig } from './config.ts';
import type { PipelineStage } from './stage.ts';
import type { QueuePlace, RunAdmission, RunTicket } from './admission.ts';
import type { WorkSlots } from './work-slots.ts';
import { checkOutput } from './contract.ts';
import { emitAndYield, stageContext } from './stage-context.ts';
import { ClaimLapsedError, describeFailure, RunTimeoutError } from './failure.ts';
import { asksForChanges } from './feedback-intent.ts';
import { RunLedger } from './run-ledger.ts';
import { restoreRunFiles, saveRunFiles } from './run-files.ts';
import type { Planner } from '../planner/index.ts';
import type { CitationProvider } from '../citations/index.ts';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface EngineDeps {
  store: ResearchStore;
  planner: Planner;
  citations: CitationProvider | null;
  llm: LLM;
  hub: RunEventHub;
  config: PipelineConfig;
  stages: PipelineStage[];
  logger: Logger;
  /** Decides when each run gets a run slot. */
  admission: RunAdmission;
  /** Per-worker limits on sandbox runs and LaTeX compiles, shared by all runs. */
  slots: { experiment: WorkSlots; compile: WorkSlots };
  observer?: EngineObserver;
}

/** Told what the engine does, for metrics. */
export interface EngineObserver {
  runAdmitted(waitedMs: number): void;
  stageFinished(stage: StageName, outcome: 'completed' | 'failed' | 'stopped', ms: number): void;
}

/**
 * Runs research pipelines in the background of the process. A run goes
 * pending → running ⇄ awaiting_feedback → pending → running … → completed | failed: it is
 * `pending` whenever it waits for a run slot (the admission decides when it gets one), and
 * a paused run holds none. Every step is persisted before the next one starts, so a run
 * interrupted by a restart resumes from its last completed stage.
 */
export class PipelineEngine {
  private readonly active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  /** Runs submitted and not yet done with their slot, for `idle`. */
  private readonly unsettled = new Map<string, { done: Promise<void>; settle: () => void }>();
  private stopping = false;
  /** Runs admitted here, resolved once marked running (or done): see `submit`. */
  private readonly begun = new Map<string, Promise<void>>();
  private readonly ledger: RunLedger;

  constructor(private readonly deps: EngineDeps) {
    this.ledger = new RunLedger(deps.store);
    deps.admission.start({
      run: (ticket, waitedMs) => this.work(ticket.run_id, waitedMs),
      queued: (ticket, place) =>
        this.queued(ticket.run_id, place).catch((err: unknown) =>
          deps.logger.error({ err, run_id: ticket.run_id }, 'queue position not recorded'),
        ),
      abandon: (runId, reason) => {
        this.active.get(runId)?.controller.abort(new ClaimLapsedError(reason));
      },
    });
  }

  /** Runs executing in this process now. */
  get executing(): number {
    return this.active.size;
  }

  /** Whether this process holds a slot for the run (it may not be marked running yet). */
  isExecuting(runId: string): boolean {
    return this.active.has(runId);
  }

  /** Whether the engine takes runs (false once stopping). */
  get accepting(): boolean {
    return !this.stopping;
  }

  /** Where a pending run stands in the queue for a run slot, or null. */
  async queuePosition(runId: string): Promise<number | null> {
    return (await this.deps.admission.place(runId))?.position ?? null;
  }

  /** Creates a run for a user and starts it in the background. */
  async startRun(userId: string, topic: string, pauseAfter?: StageName[]): Promise<RunRecord> {
    const { hub, config } = this.deps;
    if (!(await this.ledger.user(userId)))
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
    await this.ledger.insert(run);
    await hub.writing(run.run_id, () => hub.emit(run.run_id, 'run_started', { topic }));
    await this.submit(run);
    return run;
  }

  /**
   * Accepts feedback for a paused run, queues it for the planner, and puts the run back in
   * the queue for a run slot.
   */
  async submitFeedback(runId: string, text: string): Promise<RunRecord> {
    const { hub } = this.deps;
    const run = await this.getRun(runId);
    const notPaused = (status: RunStatus) =>
      new ResearchError(
        'run_not_awaiting_feedback',
        `run '${runId}' is ${status}, not awaiting_feedback`,
      );
    if (run.status !== 'awaiting_feedback' || !run.current_stage) throw notPaused(run.status);
    const stage = run.current_stage;
    const state: RunState = {
      ...run.state,
      answered_pauses: [...run.state.answered_pauses, stage],
      pending_revision:
        asksForChanges(text) && !run.state.revised.includes(stage)
          ? { stage, feedback: text }
          : null,
    };
    // Only one answer resumes a pause, whichever instance it reaches first.
    const resumed = await this.ledger.transition(runId, 'awaiting_feedback', {
      status: 'pending',
      state,
    });
    if (!resumed) throw notPaused((await this.getRun(runId)).status);
    await this.ledger.enqueueFeedback({ run_id: runId, user_id: run.user_id, stage, text });
    await hub.writing(runId, () => {
      hub.emit(runId, 'feedback_received', { text });
      hub.emit(runId, 'feedback_enqueued', { stage });
      hub.emit(runId, 'status_changed', { status: 'pending' });
    });
    await this.submit(resumed);
    return this.getRun(runId);
  }

  /**
   * Puts every run that was executing or waiting when the process last stopped back in the
   * queue: the interrupted ones first (they held slots), then the waiting ones in order.
   */
  async resumeInterrupted(): Promise<string[]> {
    const runs = await this.ledger.unfinished();
    const ordered = [
      ...runs.filter((r) => r.status === 'running'),
      ...runs.filter((r) => r.status !== 'running'),
    ];
    for (const run of ordered) {
      this.deps.logger.info(
        { run_id: run.run_id, status: run.status, stage: run.current_stage },
        'resuming interrupted run',
      );
      await this.submit(run);
    }
    return ordered.map((r) => r.run_id);
  }

  /**
   * Stops admitting and executing runs: running ones stay `running` in the store and
   * waiting ones `pending`; all resume on the next start.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.deps.admission.stop();
    for (const { controller } of this.active.values())
      controller.abort(new ResearchError('service_stopping', 'service stopping'));
    await Promise.allSettled([...this.active.values()].map((a) => a.done));
    for (const { settle } of this.unsettled.values()) settle();
  }

  /** Resolves when a run neither waits for a slot nor executes (paused, finished or failed). */
  async idle(runId: string): Promise<void> {
    await this.unsettled.get(runId)?.done;
  }

  /** The run; `run_not_found` when there is none. */
  getRun(runId: string): Promise<RunRecord> {
    return this.ledger.require(runId);
  }

  /**
   * Puts the run in the queue for a slot. Resolves once the queue holds it and, when a slot
   * was free here at once, once the run is marked running: a client that posted it reads
   * the status the run has.
   */
  private async submit(run: RunRecord): Promise<void> {
    const runId = run.run_id;
    // With a shared queue another instance may execute the run: only this process's runs
    // are tracked (from `work`), or the map would grow with every run posted here.
    if (!this.deps.admission.shared) this.track(runId);
    const ticket: RunTicket = {
      run_id: runId,
      user_id: run.user_id,
      since: run.started_at,
      round: run.state.answered_pauses.length,
    };
    try {
      await this.deps.admission.submit(ticket);
    } catch (err) {
      this.deps.logger.error({ err, run_id: runId }, 'run could not be queued');
      throw err;
    }
    await this.begun.get(runId);
  }

  /** The run must wait for a slot: it is `pending`, and its trajectory says where it stands. */
  private async queued(runId: string, place: QueuePlace): Promise<void> {
    const run = await this.ledger.get(runId);
    if (!run) return;
    const { hub } = this.deps;
    const ahead = place.position - 1;
    await hub.writing(runId, async () => {
      if (run.status !== 'pending') await this.setStatus(runId, 'pending');
      this.emitQueued(run, place, ahead);
    });
  }

  private emitQueued(run: RunRecord, place: QueuePlace, ahead: number): void {
    this.deps.hub.emit(run.run_id, 'trajectory_event', {
      kind: 'queued',
      label: 'Waiting for a free run slot',
      detail: `All ${place.limit} run slot(s) are busy; ${ahead} run(s) are ahead of this one.`,
      metadata: {
        ...(run.current_stage ? { stage: run.current_stage } : {}),
        position: place.position,
        waiting: place.waiting,
        active: place.active,
        limit: place.limit,
      },
    });
  }

  /** Runs a run in the slot the admission gave it; resolves when it pauses or ends. */
  /** Lets `idle` wait for the run until its slot is done with. */
  private track(runId: string): void {
    if (this.unsettled.has(runId)) return;
    let settle = () => {};
    const done = new Promise<void>((resolve) => (settle = resolve));
    this.unsettled.set(runId, { done, settle });
  }

  private work(runId: string, waitedMs: number): Promise<void> {
    if (this.stopping || this.active.has(runId)) return Promise.resolve();
    this.track(runId);
    this.deps.observer?.runAdmitted(waitedMs);
    const controller = new AbortController();
    const limitMs = this.deps.config.runTimeoutMs;
    const deadline =
      limitMs > 0
        ? setTimeout(() => controller.abort(new RunTimeoutError(limitMs)), limitMs)
        : undefined;
    let markBegun = () => {};
    this.begun.set(runId, new Promise<void>((resolve) => (markBegun = resolve)));
    const done = this.deps.hub
      .writing(runId, () => this.execute(runId, controller.signal, markBegun))
      .catch((err: unknown) =>
        this.deps.logger.error({ err, run_id: runId }, 'run execution crashed'),
      )
      .finally(() => {
        markBegun();
        this.begun.delete(runId);
        clearTimeout(deadline);
        this.active.delete(runId);
        this.unsettled.get(runId)?.settle();
        this.unsettled.delete(runId);
      });
    this.active.set(runId, { controller, done });
    return done;
  }

  private async execute(runId: string, signal: AbortSignal, markBegun: () => void): Promise<void> {
    const { hub, stages } = this.deps;
    const { ledger } = this;
    let run = await this.getRun(runId);
    try {
      if (run.status === 'pending') run = await this.setStatus(runId, 'running');
      markBegun();
      // The run may have been started on another machine: lay out what its stages made.
      await restoreRunFiles(this.deps.store, runId, this.runDir(runId));
      const user = await ledger.user(run.user_id);
      if (!user)
        throw new ResearchError('user_not_found', `user '${run.user_id}' no longer exists`);

      const revision = run.state.pending_revision;
      if (revision) {
        const stage = stages.find((s) => s.name === revision.stage)!;
        run = await this.runStage(run, user, stage, revision.feedback, signal);
        run = await ledger.update(runId, {
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
          await ledger.update(runId, { status: 'awaiting_feedback', current_stage: stage.name });
          hub.emit(runId, 'awaiting_feedback', { stage: stage.name });
          hub.emit(runId, 'status_changed', { status: 'awaiting_feedback' });
          return;
        }
      }

      const paper = await ledger.latestArtefact(runId, 'compiled_paper');
      if (paper) {
        const { compiled, pdf_path, tex_path, compile_error } = paper;
        hub.emit(runId, 'paper_ready', { compiled, pdf_path, tex_path, compile_error });
      }
      await this.setStatus(runId, 'completed', { current_stage: null });
      hub.emit(runId, 'run_completed', {});
      hub.emit(runId, 'stream_end', {});
    } catch (err) {
      // Resumes on the next start, or is already resumed by the worker that holds it now.
      if (signal.aborted && (this.stopping || signal.reason instanceof ClaimLapsedError)) return;
      // A stage that gave up because the run's deadline aborted it reports the deadline.
      const cause = signal.reason instanceof RunTimeoutError ? signal.reason : err;
      const stage = (await ledger.get(runId).catch(() => undefined))?.current_stage ?? null;
      const message = describeFailure(stage, cause);
      this.deps.logger.error({ err, run_id: runId }, 'run failed');
      await this.setStatus(runId, 'failed', { error: message });
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
    run = await this.ledger.update(runId, { current_stage: stage.name });
    const runDir = this.runDir(runId);
    mkdirSync(runDir, { recursive: true });

    const query = `${run.topic} ${stage.name} ${user.domain}`;
    const { skills, memories } = await this.ledger.retrieve(run.user_id, query, config.retrievalK);
    const inputs = new Map<ArtefactKind, unknown>();
    for (const kind of stage.needs) {
      const found = await this.ledger.latestArtefact(runId, kind);
      if (found !== undefined) inputs.set(kind, found);
    }
    const usage = { total: { promptTokens: 0, completionTokens: 0 } as Usage };
    const ctx = stageContext(
      this.deps,
      { run, user, stage },
      { runDir, skills, memories, revisionFeedback, usage, inputs },
      signal,
    );
    await ctx.trace(
      revisionFeedback ? 'stage_revision_started' : 'stage_started',
      `${revisionFeedback ? 'Revising' : 'Starting'} ${stage.name}`,
      `Retrieved ${skills.length} skill(s) and ${memories.length} memory item(s) for this stage.`,
      { skills: skills.map((s) => s.skill_id), memories: memories.map((m) => m.memory_id) },
    );

    const startedAt = performance.now();
    const finished = (outcome: 'completed' | 'failed' | 'stopped') =>
      this.deps.observer?.stageFinished(stage.name, outcome, performance.now() - startedAt);
    const newSkills: string[] = [];
    const newMemories: string[] = [];
    let output: Awaited<ReturnType<PipelineStage['run']>>;
    try {
      output = await stage.run(ctx);
      checkOutput(stage, output.artefacts);
      newSkills.push(...(output.new_skills ?? []));
      newMemories.push(...(output.new_memories ?? []));
      for (const step of stage.after ?? []) {
        const added = await step.run({ ...ctx, history: this.ledger.history });
        newSkills.push(...added.newSkills);
        newMemories.push(...added.newMemories);
      }
      signal.throwIfAborted();
    } catch (err) {
      finished(signal.aborted && this.stopping ? 'stopped' : 'failed');
      if (err instanceof ResearchError && err.code === 'token_budget_exceeded')
        await this.ledger.addUsage(runId, stage.name, usage.total);
      throw err;
    }
    finished('completed');

    // The files first: a stage recorded as complete always has its files in the store.
    await saveRunFiles(this.deps.store, runId, runDir);
    const updated = await this.ledger.completeStage(runId, stage.name, {
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

  private runDir(runId: string): string {
    return join(this.deps.config.dataDir, 'runs', runId);
  }

  private emitAndYield<T extends RunEventType>(
    runId: string,
    type: T,
    data: RunEventPayloads[T],
  ): Promise<void> {
    return emitAndYield(this.deps.hub, runId, type, data);
  }

  private async setStatus(
    runId: string,
    status: RunStatus,
    patch: Partial<RunRecord> = {},
  ): Promise<RunRecord> {
    const run = await this.ledger.update(runId, { ...patch, status });
    this.deps.hub.emit(runId, 'status_changed', { status });
    return run;
  }
}
