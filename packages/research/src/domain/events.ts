import type { StageName } from './artefacts.ts';

export const RUN_STATUSES = [
  'pending',
  'running',
  'awaiting_feedback',
  'completed',
  'failed',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Payload of each event type (spec §6). */
export interface RunEventPayloads {
  run_started: { topic: string };
  status_changed: { status: RunStatus };
  trajectory_event: {
    kind: string;
    label: string;
    detail: string;
    metadata: Record<string, unknown>;
  };
  stage_completed: {
    stage: StageName;
    status: 'completed';
    summary: string;
    new_skills: string[];
    new_memories: string[];
  };
  awaiting_feedback: { stage: StageName };
  feedback_received: { text: string };
  feedback_enqueued: { stage: StageName };
  paper_ready: {
    compiled: boolean;
    pdf_path: string | null;
    tex_path: string;
    compile_error: string | null;
  };
  run_completed: Record<string, never>;
  run_failed: { error: string };
  narration: { text: string };
  stream_end: Record<string, never>;
}

export type RunEventType = keyof RunEventPayloads;

export const RUN_EVENT_TYPES: readonly RunEventType[] = [
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
];

/** One event of a run as stored in the audit trail and sent on the stream. */
export type RunEvent<T extends RunEventType = RunEventType> = {
  [K in T]: { seq: number; run_id: string; type: K; ts: string; data: RunEventPayloads[K] };
}[T];
