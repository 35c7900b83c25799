import type { Usage } from '@hikma/llm';
import type { ResearchStore, RunPatch } from '../store/contract.ts';
import type { FeedbackEntry, Memory, RunRecord, Skill, UserProfile } from '../store/types.ts';
import type { RunStatus } from '../domain/events.ts';
import type { StageName } from '../domain/artefacts.ts';
import type { Artefact, ArtefactKind, ArtefactSet } from '../domain/artefact-map.ts';
import { ResearchError } from '../errors.ts';
import { withStageUsage } from './usage.ts';

/**
 * Everything the engine keeps about runs, in the engine's words: the one place the engine
 * touches storage, so its stage loop reads as the pipeline whichever backend holds it.
 */
export class RunLedger {
  constructor(private readonly store: ResearchStore) {}

  user(userId: string): Promise<UserProfile | undefined> {
    return this.store.users.get(userId);
  }

  insert(run: RunRecord): Promise<void> {
    return this.store.runs.insert(run);
  }

  get(runId: string): Promise<RunRecord | undefined> {
    return this.store.runs.get(runId);
  }

  update(runId: string, patch: RunPatch): Promise<RunRecord> {
    return this.store.runs.update(runId, patch);
  }

  /** Applies the patch only while the run has status `from` (another instance may have moved it). */
  transition(runId: string, from: RunStatus, patch: RunPatch): Promise<RunRecord | undefined> {
    return this.store.runs.updateIf(runId, from, patch);
  }

  /** Runs that were executing or waiting when the process last stopped. */
  unfinished(): Promise<RunRecord[]> {
    return this.store.runs.listUnfinished();
  }

  async enqueueFeedback(
    entry: Pick<FeedbackEntry, 'run_id' | 'user_id' | 'stage' | 'text'>,
  ): Promise<void> {
    await this.store.feedback.enqueue(entry);
  }

  /** The user's top-k skills and memories for a query. */
  async retrieve(
    userId: string,
    query: string,
    k: number,
  ): Promise<{ skills: Skill[]; memories: Memory[] }> {
    return {
      skills: await this.store.skills.retrieve(userId, query, k),
      memories: await this.store.memories.retrieve(userId, query, k),
    };
  }

  async latestArtefact<K extends ArtefactKind>(
    runId: string,
    kind: K,
  ): Promise<Artefact<K> | undefined> {
    return (await this.store.artefacts.latest<Artefact<K>>(runId, kind))?.data;
  }

  /**
   * Stores a finished stage at once: its artefacts (each a new version), its summary, its
   * token usage, and its name among the completed stages.
   */
  completeStage(
    runId: string,
    stage: StageName,
    output: { artefacts: Partial<ArtefactSet<ArtefactKind>>; summary: string; usage: Usage },
  ): Promise<RunRecord> {
    return this.store.completeStage(runId, stage, output.artefacts, (latest) => ({
      stages_completed: latest.stages_completed.includes(stage)
        ? latest.stages_completed
        : [...latest.stages_completed, stage],
      last_summary: output.summary,
      state: withStageUsage(latest.state, stage, output.usage),
    }));
  }

  /** Adds a stage's token usage to the run's totals (for a stage that stops early). */
  async addUsage(runId: string, stage: StageName, usage: Usage): Promise<void> {
    const run = await this.require(runId);
    await this.store.runs.update(runId, { state: withStageUsage(run.state, stage, usage) });
  }

  /** The run's whole history, for steps declared after a stage (distillation). */
  get history(): Pick<ResearchStore, 'events' | 'feedback' | 'artefacts' | 'skills' | 'memories'> {
    return this.store;
  }

  /** The run; `run_not_found` when there is none. */
  async require(runId: string): Promise<RunRecord> {
    const run = await this.store.runs.get(runId);
    if (!run) throw new ResearchError('run_not_found', `run '${runId}' not found`);
    return run;
  }
}
