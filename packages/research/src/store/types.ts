import { z } from 'zod';
import { STAGES, type StageName } from '../domain/artefacts.ts';
import type { RunStatus } from '../domain/events.ts';
import { isUserId, USER_ID_PATTERN, USER_ID_RULE } from '../domain/user-id.ts';

const text = (max: number) => z.string().trim().max(max);

/**
 * UserProfile (spec §2). Only `user_id` is required; the other fields default so that a
 * client can create a user with just an id and fill in the profile later.
 */
export const UserProfile = z.object({
  user_id: z.string().regex(USER_ID_PATTERN, USER_ID_RULE).refine(isUserId, USER_ID_RULE),
  archetype: text(200).default('researcher'),
  domain: text(200).default('general science'),
  risk_preference: text(100).default('medium'),
  baseline_strictness: text(100).default('medium'),
  persona_brief: text(4000).default(''),
});
export type UserProfile = z.infer<typeof UserProfile>;

/** What is stored of a run and shown of it (spec §2). */
export interface RunFields {
  run_id: string;
  user_id: string;
  topic: string;
  project_id: string;
  status: RunStatus;
  current_stage: StageName | null;
  stages_completed: StageName[];
  last_summary: string;
  started_at: string;
  updated_at: string;
  error: string | null;
}

/** The run snapshot returned by the HTTP API: the spec's fields and the run's queue position. */
export interface RunSnapshot extends RunFields {
  /** Where a `pending` run stands in the queue for a run slot (1 = next); null otherwise. */
  queue_position: number | null;
}

/** Engine state persisted with a run; versioned so an unknown shape is refused. */
export const RunState = z.object({
  schema_version: z.literal(1),
  pause_after: z.array(z.enum(STAGES)),
  /** Feedback that asked for changes to `stage`, not yet applied. */
  pending_revision: z.object({ stage: z.enum(STAGES), feedback: z.string() }).nullable(),
  /** Stages whose pause has been answered, so a resumed run does not pause twice. */
  answered_pauses: z.array(z.enum(STAGES)),
  /** Stages already revised once after feedback. */
  revised: z.array(z.enum(STAGES)),
  /** LLM tokens used, per stage. */
  usage: z
    .record(z.string(), z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }))
    .default({}),
});
export type RunState = z.infer<typeof RunState>;

export interface RunRecord extends RunFields {
  state: RunState;
}

/** A reusable procedure distilled from a run (`skill-<hex>`). */
export interface Skill {
  skill_id: string;
  user_id: string;
  name: string;
  description: string;
  procedure: string;
  stage: string;
  source_run_id: string | null;
  uses: number;
  created_at: string;
  /** When it was last retrieved for a stage (its usage count fades from then). */
  last_used_at: string | null;
}

export const MEMORY_KINDS = ['fact', 'preference', 'outcome'] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

/** A fact, preference or outcome remembered for a user (`mem-<hex>`). */
export interface Memory {
  memory_id: string;
  user_id: string;
  kind: MemoryKind;
  content: string;
  source_run_id: string | null;
  uses: number;
  created_at: string;
  last_used_at: string | null;
}

export interface FeedbackEntry {
  id: number;
  run_id: string;
  user_id: string;
  stage: StageName;
  text: string;
  created_at: string;
  consumed_at: string | null;
}
