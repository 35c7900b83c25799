export { ResearchClient } from './client.ts';
export type { ResearchClientOptions } from './client.ts';
export { followRunEvents } from './events.ts';
export type { FollowOptions, StreamStatus } from './events.ts';
export { ResearchApiError, detailOf } from './errors.ts';
export type * from './types.ts';
export type { paths, components, operations } from './openapi.d.ts';
import type { RunEventType, StageName } from './types.ts';

/** Stage names in pipeline order. */
export const STAGES = [
  'ideation',
  'planning',
  'coding',
  'analysis',
  'writing',
  'review',
] as const satisfies readonly StageName[];

/** Every event type a run's stream sends, so a client can listen for each by name. */
export const RUN_EVENT_TYPES = [
  'run_started',
  'status_changed',
  'trajectory_event',
  'stage_completed',
  'awaiting_feedback',
  'feedback_received',
  'feedback_enqueued',
  'paper_ready',
  'run_completed',
  'run_failed',
  'narration',
  'stream_end',
] as const satisfies readonly RunEventType[];
