// Records and helpers the conformance suite builds its tests from.
import assert from 'node:assert/strict';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { createHash } from 'node:crypto';
import type { PlannerMetrics } from '../contract.ts';
import { UserProfile, type RunRecord, type RunState } from '../types.ts';
import type { RunEvent } from '../../domain/events.ts';
import type { IdeationArtefacts } from '../../domain/artefacts.ts';

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Waits until `condition` holds (polling), failing after a few seconds. */
export async function until(condition: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting: ${what}`);
    await nextTurn();
    await sleep(2);
  }
}

export function profile(userId: string, fields: Partial<UserProfile> = {}): UserProfile {
  return UserProfile.parse({ user_id: userId, ...fields });
}

export function runState(): RunState {
  return {
    schema_version: 1,
    pause_after: [],
    pending_revision: null,
    answered_pauses: [],
    revised: [],
    usage: {},
  };
}

export function run(runId: string, userId: string, fields: Partial<RunRecord> = {}): RunRecord {
  return {
    run_id: runId,
    user_id: userId,
    topic: `topic of ${runId}`,
    project_id: `proj-${runId}`,
    status: 'pending',
    current_stage: null,
    stages_completed: [],
    last_summary: '',
    started_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    error: null,
    state: runState(),
    ...fields,
  };
}

export function entry(runId: string, userId: string, text: string) {
  return { run_id: runId, user_id: userId, stage: 'ideation' as const, text };
}

export function skill(
  name: string,
  procedure: string,
  description = `how to ${name.toLowerCase()}`,
) {
  return { name, description, procedure, stage: 'planning', source_run_id: null };
}

export function memory(content: string, kind: 'fact' | 'preference' | 'outcome' = 'fact') {
  return { kind, content, source_run_id: null };
}

export function metrics(): PlannerMetrics {
  return {
    train_accuracy: 0.75,
    accuracy_before: 0.5,
    loss_before: 0.69,
    loss_after: 0.41,
    epochs: 20,
    duration_ms: 12,
    feedback_used: 1,
    feedback_consumed: 1,
    rules: { explicit: 2 },
  };
}

export function ideation(question: string): IdeationArtefacts {
  return {
    research_question: question,
    hypotheses: [
      {
        id: 'h1',
        title: 'A hypothesis',
        statement: 'Something holds',
        rationale: 'Because',
        novelty: 0.5,
        feasibility: 0.75,
      },
    ],
    selected_id: 'h1',
    selection_reason: 'the only one',
  };
}

export function ids(rows: ({ skill_id: string } | { memory_id: string })[]): string[] {
  return rows.map((r) => ('skill_id' in r ? r.skill_id : r.memory_id));
}

/** The text of a narration event. */
export function text(event: RunEvent): string {
  return (event.data as { text: string }).text;
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
