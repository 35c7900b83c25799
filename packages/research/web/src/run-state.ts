import type { RunEvent, RunSnapshot, RunStatus, StageName } from './types.ts';

/** One line of the run log. */
export interface LogEntry {
  seq: number;
  ts: string;
  type: RunEvent['type'];
  stage: string | null;
  label: string;
  detail: string;
}

/** What the app knows about the run it follows, built from the snapshot and the stream. */
export interface RunView {
  runId: string;
  topic: string;
  status: RunStatus;
  currentStage: StageName | null;
  completed: StageName[];
  /** The stage whose pause is open, while the run awaits feedback. */
  awaitingStage: StageName | null;
  log: LogEntry[];
  paper: { compiled: boolean; compileError: string | null } | null;
  error: string | null;
  /** Bumped whenever new artefacts may exist, so the panels refetch them. */
  artefactsVersion: number;
}

export type RunAction =
  | { type: 'follow'; snapshot: RunSnapshot }
  | { type: 'event'; event: RunEvent }
  | { type: 'clear' };

/**
 * Reduces the run view (null: no run followed). Only `follow` reads a snapshot: after that
 * the stream is the one source of truth, since a snapshot from a POST can be older than
 * events already applied.
 */
export function runReducer(view: RunView | null, action: RunAction): RunView | null {
  switch (action.type) {
    case 'clear':
      return null;
    case 'follow':
      // The stream replays the whole trail, so the log starts empty and fills from it.
      return {
        ...fromSnapshot(action.snapshot),
        log: [],
        paper: null,
        artefactsVersion: 0,
      };
    case 'event':
      if (!view || view.runId !== action.event.run_id) return view;
      return applyEvent(view, action.event);
  }
}

function fromSnapshot(s: RunSnapshot) {
  return {
    runId: s.run_id,
    topic: s.topic,
    status: s.status,
    currentStage: s.current_stage,
    completed: [...s.stages_completed],
    awaitingStage: s.status === 'awaiting_feedback' ? s.current_stage : null,
    error: s.error,
  };
}

function applyEvent(view: RunView, event: RunEvent): RunView {
  const next: RunView = { ...view };
  const entry = logEntry(event);
  if (entry) next.log = [...view.log, entry];
  switch (event.type) {
    case 'run_started':
      next.topic = event.data.topic;
      break;
    case 'status_changed':
      next.status = event.data.status;
      if (event.data.status !== 'awaiting_feedback') next.awaitingStage = null;
      break;
    case 'trajectory_event': {
      const stage = event.data.metadata.stage;
      if (typeof stage === 'string' && !['completed', 'failed'].includes(next.status)) {
        next.currentStage = stage as StageName;
      }
      break;
    }
    case 'stage_completed':
      if (!next.completed.includes(event.data.stage)) {
        next.completed = [...next.completed, event.data.stage];
      }
      next.artefactsVersion += 1;
      break;
    case 'awaiting_feedback':
      next.status = 'awaiting_feedback';
      next.awaitingStage = event.data.stage;
      next.currentStage = event.data.stage;
      break;
    case 'feedback_received':
      next.awaitingStage = null;
      break;
    case 'paper_ready':
      next.paper = { compiled: event.data.compiled, compileError: event.data.compile_error };
      next.artefactsVersion += 1;
      break;
    case 'run_completed':
      next.status = 'completed';
      next.currentStage = null;
      next.artefactsVersion += 1;
      break;
    case 'run_failed':
      next.status = 'failed';
      next.error = event.data.error;
      next.artefactsVersion += 1;
      break;
    default:
      break;
  }
  return next;
}

/** The log line of an event; null for narration (it goes to the chat) and the stream end. */
function logEntry(event: RunEvent): LogEntry | null {
  const base = { seq: event.seq, ts: event.ts, type: event.type, stage: null as string | null };
  switch (event.type) {
    case 'trajectory_event': {
      const stage = event.data.metadata.stage;
      return {
        ...base,
        stage: typeof stage === 'string' ? stage : null,
        label: event.data.label,
        detail: event.data.detail,
      };
    }
    case 'run_started':
      return { ...base, label: 'Run started', detail: event.data.topic };
    case 'status_changed':
      return { ...base, label: 'Status', detail: event.data.status.replace('_', ' ') };
    case 'stage_completed':
      return {
        ...base,
        stage: event.data.stage,
        label: `Completed ${event.data.stage}`,
        detail: event.data.summary,
      };
    case 'awaiting_feedback':
      return { ...base, stage: event.data.stage, label: 'Waiting for feedback', detail: '' };
    case 'feedback_received':
      return { ...base, label: 'Feedback received', detail: event.data.text };
    case 'feedback_enqueued':
      return {
        ...base,
        stage: event.data.stage,
        label: 'Feedback queued for the planner',
        detail: '',
      };
    case 'paper_ready':
      return {
        ...base,
        label: event.data.compiled ? 'Paper compiled to PDF' : 'Paper written (LaTeX only)',
        detail: event.data.compile_error ?? '',
      };
    case 'run_completed':
      return { ...base, label: 'Run completed', detail: '' };
    case 'run_failed':
      return { ...base, label: 'Run failed', detail: event.data.error };
    case 'narration':
    case 'stream_end':
      return null;
  }
}
