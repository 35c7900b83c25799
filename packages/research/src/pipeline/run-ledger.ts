import type { Usage } from '@hikma/llm';
import type { Store } from '../store/store.ts';
import type { FeedbackEntry, Memory, RunRecord, Skill, UserProfile } from '../store/types.ts';
import type { RunPatch } from '../store/runs.ts';
import type { StageName } from '../domain/artefacts.ts';
import type { Artefact, ArtefactKind, ArtefactSet } from '../domain/artefact-map.ts';
import { ResearchError } from '../errors.ts';
import { withStageUsage } from './usage.ts';

/**
 * Everything the engine keeps about runs, in the engine's words: the one place the engine
 * touches storage, so its stage loop reads as the pipeline and another backend (or a job
 * queue's worker) changes only this.
 */
export class RunLedger {
  constructor(private readonly store: Store) {}

  user(userId: string): UserProfile | undefined {
    return this.store.users.get(userId);
  }

  insert(run: RunRecord): void {
    this.store.runs.insert(run);
  }

  get(runId: string): RunRecord | undefined {
    return this.store.runs.get(runId);
  }

  update(runId: string, patch: RunPatch): RunRecord {
    return this.store.runs.update(runId, patch);
  }

  /** Runs that were executing when the process last stopped. */
  unfinished(): RunRecord[] {
    return this.store.runs.listUnfinished();
  }

  enqueueFeedback(entry: Pick<FeedbackEntry, 'run_id' | 'user_id' | 'stage' | 'text'>): void {
    this.store.feedback.enqueue(entry);
  }

  /** The user's top-k skills and memories for a query. */
  retrieve(userId: string, query: string, k: number): { skills: Skill[]; memories: Memory[] } {
    return {
      skills: this.store.skills.retrieve(userId, query, k),
      memories: this.store.memories.retrieve(userId, query, k),
    };
  }

  latestArtefact<K extends ArtefactKind>(runId: string, kind: K): Artefact<K> | undefined {
    return this.store.artefacts.latest<Artefact<K>>(runId, kind)?.data;
  }

  /**
   * Stores a finished stage at once: its artefacts (each a new version), its summary, its
   * token usage, and its name among the completed stages.
   */
  completeStage(
    runId: string,
    stage: StageName,
    output: { artefacts: Partial<ArtefactSet<ArtefactKind>>; summary: string; usage: Usage },
  ): RunRecord {
    const { store } = this;
    return store.transaction(() => {
      const latest = this.require(runId);
      for (const [kind, data] of Object.entries(output.artefacts)) {
        store.artefacts.save(runId, stage, kind as ArtefactKind, data);
      }
      return store.runs.update(runId, {
        stages_completed: latest.stages_completed.includes(stage)
          ? latest.stages_completed
          : [...latest.stages_completed, stage],
        last_summary: output.summary,
        state: withStageUsage(latest.state, stage, output.usage),
      });
    });
  }

  /** Adds a stage's token usage to the run's totals (for a stage that stops early). */
  addUsage(runId: string, stage: StageName, usage: Usage): void {
    const run = this.require(runId);
    this.store.runs.update(runId, { state: withStageUsage(run.state, stage, usage) });
  }

  /** The run's whole history, for steps declared after a stage (distillation). */
  get history(): Pick<Store, 'events' | 'feedback' | 'artefacts' | 'skills' | 'memories'> {
    return this.store;
  }

  /** The run; `run_not_found` when there is none. */
  require(runId: string): RunRecord {
    const run = this.store.runs.get(runId);
    if (!run) throw new ResearchError('run_not_found', `run '${runId}' not found`);
    return run;
  }
}
