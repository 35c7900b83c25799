import { z } from 'zod';
import * as artefactSchemas from '../domain/artefacts.ts';
import { STAGES } from '../domain/artefacts.ts';
import { ARTEFACTS, type ArtefactKind } from '../domain/artefact-map.ts';
import {
  RUN_STATUSES,
  type RunEvent as RunEventType,
  type RunEventPayloads,
  type RunEventType as RunEventName,
} from '../domain/events.ts';
import {
  MEMORY_KINDS,
  type Memory as MemoryType,
  type RunSnapshot as Snapshot,
} from '../store/types.ts';
import type { Skill as SkillType } from '../store/types.ts';
import type { PlannerStatus as PlannerStatusType, PlannerTrainResult } from '../planner/index.ts';
import type { ValidationItem } from './errors.ts';

/**
 * What the API's routes answer with, as zod schemas for the OpenAPI document. The routes
 * return values typed elsewhere (store, planner, events); each schema here is held to its
 * type at compile time (`same` below), so the document cannot drift from what is sent.
 */

/** True when A and B are the same type (not merely assignable one way). */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(proof: Same<A, B>): Same<A, B> => proof;

// Described, not checked: the store writes them; a 300-character pattern would tell clients nothing.
const timestamp = z.string().meta({ format: 'date-time', description: 'ISO 8601 timestamp.' });
const stage = z.enum(STAGES);

export const RunStatus = z.enum(RUN_STATUSES);
export const StageName = stage;

export const RunSnapshot = z.object({
  run_id: z.string().meta({ description: 'Shape `run-<timestamp>-<suffix>`.' }),
  user_id: z.string(),
  topic: z.string(),
  project_id: z.string().meta({ description: 'Shape `proj-<timestamp>-<suffix>`.' }),
  status: RunStatus,
  current_stage: stage.nullable(),
  stages_completed: z.array(stage),
  last_summary: z.string().meta({ description: 'Summary of the latest stage.' }),
  started_at: timestamp,
  updated_at: timestamp,
  error: z.string().nullable().meta({ description: 'Why the run failed.' }),
  queue_position: z.number().int().min(1).nullable().meta({
    description:
      'Where a `pending` run stands in the queue for a run slot (1 = next); null otherwise.',
  }),
});
same<z.infer<typeof RunSnapshot>, Snapshot>(true);

export const Skill = z.object({
  skill_id: z.string().meta({ description: 'Shape `skill-<hex>`.' }),
  user_id: z.string(),
  name: z.string(),
  description: z.string(),
  procedure: z.string(),
  stage: z.string(),
  source_run_id: z.string().nullable(),
  uses: z.number().int(),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
});
same<z.infer<typeof Skill>, SkillType>(true);

export const Memory = z.object({
  memory_id: z.string().meta({ description: 'Shape `mem-<hex>`.' }),
  user_id: z.string(),
  kind: z.enum(MEMORY_KINDS),
  content: z.string(),
  source_run_id: z.string().nullable(),
  uses: z.number().int(),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
});
same<z.infer<typeof Memory>, MemoryType>(true);

export const PlannerTraining = z.object({
  user_id: z.string(),
  version: z.number().int().meta({ description: 'The version now current (0: never trained).' }),
  trained: z.boolean().meta({ description: 'False when nothing new could be learned.' }),
  pairs: z.number().int(),
  feedback_used: z.number().int(),
  feedback_consumed: z.number().int(),
  train_accuracy: z.number().nullable(),
});
same<z.infer<typeof PlannerTraining>, Omit<PlannerTrainResult, 'interpretations'>>(true);

const PlannerMetrics = z.object({
  train_accuracy: z.number(),
  accuracy_before: z.number(),
  loss_before: z.number(),
  loss_after: z.number(),
  epochs: z.number().int(),
  duration_ms: z.number(),
  feedback_used: z.number().int(),
  feedback_consumed: z.number().int(),
  rules: z.record(z.string(), z.number()),
});

export const PlannerStatus = z.object({
  user_id: z.string(),
  version: z.number().int(),
  trained: z.boolean(),
  trained_at: timestamp.nullable(),
  pairs: z.number().int(),
  pairs_total: z.number().int(),
  pending_feedback: z.number().int(),
  metrics: PlannerMetrics.nullable(),
  top_features: z.array(z.object({ feature: z.string(), weight: z.number() })),
});
same<z.infer<typeof PlannerStatus>, PlannerStatusType>(true);

export const TokenUsage = z.object({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
});

export const RunUsage = z.object({
  run_id: z.string(),
  stages: z.record(z.string(), TokenUsage).meta({ description: 'Tokens used, by stage.' }),
  total: TokenUsage,
  budget: z.number().int().nullable().meta({ description: "The run's token budget; null: none." }),
});

/** The latest artefact of each stage that has one, by kind; each named by its schema's export. */
export const RunArtefacts = z.object(
  Object.fromEntries(
    (Object.keys(ARTEFACTS) as ArtefactKind[]).map((kind) => [kind, ARTEFACTS[kind].optional()]),
  ) as { [K in ArtefactKind]: z.ZodOptional<(typeof ARTEFACTS)[K]> },
);

/** Component names of the artefact schemas: the names `domain/artefacts.ts` exports them by. */
export const ARTEFACT_COMPONENTS: Record<string, z.ZodType> = Object.fromEntries(
  Object.entries(artefactSchemas).filter(([, value]) =>
    Object.values(ARTEFACTS).includes(value as never),
  ),
) as Record<string, z.ZodType>;

const EVENT_PAYLOADS = {
  run_started: z.object({ topic: z.string() }),
  status_changed: z.object({ status: RunStatus }),
  trajectory_event: z.object({
    kind: z.string(),
    label: z.string(),
    detail: z.string(),
    metadata: z.record(z.string(), z.unknown()),
  }),
  stage_completed: z.object({
    stage,
    status: z.literal('completed'),
    summary: z.string(),
    new_skills: z.array(z.string()),
    new_memories: z.array(z.string()),
  }),
  awaiting_feedback: z.object({ stage }),
  feedback_received: z.object({ text: z.string() }),
  feedback_enqueued: z.object({ stage }),
  paper_ready: z.object({
    compiled: z.boolean(),
    pdf_path: z.string().nullable(),
    tex_path: z.string(),
    compile_error: z.string().nullable(),
  }),
  run_completed: z.record(z.string(), z.never()),
  run_failed: z.object({ error: z.string() }),
  narration: z.object({ text: z.string().meta({ description: 'Plain English for a chat.' }) }),
  stream_end: z.record(z.string(), z.never()),
} satisfies { [K in RunEventName]: z.ZodType<RunEventPayloads[K]> };

/** `run_started` → `RunEventRunStarted`: a stable component name per event type. */
export function eventComponentName(type: string): string {
  return `RunEvent${type.replace(/(^|_)([a-z])/g, (_m, _sep, c: string) => c.toUpperCase())}`;
}

/** One schema per event type (every one: EVENT_PAYLOADS has them all), by component name. */
export const RUN_EVENT_VARIANTS = Object.fromEntries(
  (Object.keys(EVENT_PAYLOADS) as RunEventName[]).map((type) => [
    eventComponentName(type),
    z.object({
      seq: z.number().int().min(1).meta({ description: 'Position in the run’s audit trail.' }),
      run_id: z.string(),
      type: z.literal(type),
      ts: timestamp,
      data: EVENT_PAYLOADS[type],
    }),
  ]),
);

/** One message of a run's stream and one record of its audit trail, by `type`. */
export const RunEvent = z.discriminatedUnion(
  'type',
  Object.values(RUN_EVENT_VARIANTS) as unknown as [
    z.ZodObject<{ type: z.ZodLiteral<RunEventName> }>,
  ],
);
type EventOf<K extends RunEventName> = {
  seq: number;
  run_id: string;
  type: K;
  ts: string;
  data: z.infer<(typeof EVENT_PAYLOADS)[K]>;
};
same<{ [K in RunEventName]: EventOf<K> }[RunEventName], RunEventType>(true);

export const Health = z.object({
  status: z.literal('ok'),
  version: z.string(),
  llm_provider: z.string().meta({ description: 'The LLM provider in use (`offline`: no model).' }),
  providers: z
    .record(z.string(), z.string())
    .optional()
    .meta({ description: 'What this instance runs on (storage, queue, citations, …).' }),
  warning: z.string().optional(),
});

export const Ready = z.object({ status: z.literal('ready') });

/** Every error but a validation failure: `{detail}` with a readable message. */
export const ErrorDetail = z.object({ detail: z.string() });

/** One problem of a request that failed validation (FastAPI's item). */
export const ValidationError = z.object({
  loc: z
    .array(z.union([z.string(), z.number().int()]))
    .meta({ description: 'Where: `body`, `query` or `path`, then the field path.' }),
  msg: z.string(),
  type: z.string().meta({ description: 'e.g. `missing`, `string_too_short`, `json_invalid`.' }),
});
same<z.infer<typeof ValidationError>, ValidationItem>(true);

/** The 422 body (FastAPI's `HTTPValidationError`). */
export const HTTPValidationError = z.object({ detail: z.array(ValidationError) });
