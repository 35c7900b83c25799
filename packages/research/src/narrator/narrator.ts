import type { StageName } from '../domain/artefacts.ts';
import type { RunEvent, RunEventPayloads } from '../domain/events.ts';

/**
 * Trajectory event kinds the narrator speaks about; every other kind returns null. Left out
 * on purpose: `hypothesis_selected` and `compile_finished`, because the stage_completed,
 * awaiting_feedback and paper_ready events that follow them say the same thing, and the
 * per-step kinds (`stage_started`, `code_generated`, `execution_started`, …), which would
 * flood the chat.
 *
 * Metadata read when present (each kind falls back to its label and detail):
 * - `hypotheses_generated`: `count`
 * - `blueprint_reviewed`, `blueprint_revised`: `verdict` ('accept' | 'revise'), `score` (1–10)
 * - `execution_finished`: `ok`, `duration_ms`, `timed_out`
 * - `repair_attempt`: `attempt` (the attempt about to run), `max_attempts`
 * - `stage_revision_started`: `stage`
 * - `draft_written`: none (the detail is read, e.g. "6 sections, 2 table(s), 1 figure(s)")
 * - `queued`: `position` (1 = next), `limit` (run slots)
 * - `waiting_for_slot`: `slot` ('experiment' | 'compile'), `limit`
 */
export const NOTABLE_TRAJECTORY_KINDS = [
  'hypotheses_generated',
  'blueprint_reviewed',
  'blueprint_revised',
  'execution_finished',
  'repair_attempt',
  'stage_revision_started',
  'draft_written',
  'queued',
  'waiting_for_slot',
] as const;
export type NotableTrajectoryKind = (typeof NOTABLE_TRAJECTORY_KINDS)[number];

/** Stage names as a chat message says them. */
export const STAGE_WORDS: Record<StageName, string> = {
  ideation: 'ideation',
  planning: 'planning',
  coding: 'coding and execution',
  analysis: 'analysis',
  writing: 'writing',
  review: 'review',
};

const ASK_FOR_FEEDBACK = "Have a look and tell me what you think — or just say 'continue'.";

const PAUSE_OPENERS: Record<StageName, string> = {
  ideation: "I've picked a hypothesis.",
  planning: 'The experiment plan is ready and has been peer-reviewed.',
  coding: 'The experiment code has been written and run.',
  analysis: 'The analysis of the results is ready.',
  writing: 'The paper draft is ready.',
  review: 'The review of the paper is ready.',
};

/**
 * Turns a run event into one or two plain-English sentences for the chat, or null when
 * the event is not worth a message (routine steps, narrations themselves, the stream end).
 */
export function narrate(event: RunEvent): string | null {
  const text = narrateEvent(event);
  // Braces read as code in a chat bubble (error texts quote dicts and JSON now and then).
  return text === null ? null : text.replace(/[{}]/g, '');
}

function narrateEvent(event: RunEvent): string | null {
  switch (event.type) {
    case 'run_started':
      return `I've started researching ${quote(event.data.topic)}.`;
    case 'status_changed':
      return narrateStatus(event.data.status);
    case 'trajectory_event':
      return narrateTrajectory(event.data);
    case 'stage_completed':
      return narrateStageCompleted(event.data);
    case 'awaiting_feedback':
      return `${PAUSE_OPENERS[event.data.stage] ?? 'This stage is done.'} ${ASK_FOR_FEEDBACK}`;
    case 'feedback_received':
      return isPlainGoAhead(event.data.text)
        ? 'Got it — carrying on.'
        : "Thanks for the feedback — I'll take it into account.";
    case 'feedback_enqueued':
      return `I've saved your feedback on the ${stageWords(event.data.stage)} stage so the planner can learn your preferences.`;
    case 'paper_ready':
      return narratePaper(event.data);
    case 'run_completed':
      return 'All done — the research run is complete.';
    case 'run_failed': {
      const error = plainError(event.data.error);
      return error
        ? `The run stopped because of an error: ${error}`
        : 'The run stopped because of an unexpected error.';
    }
    case 'narration':
    case 'stream_end':
      return null;
  }
}

/**
 * Paused, completed and failed have events of their own; narrating both would repeat. So
 * has pending: a run that has to wait gets a `queued` event saying where it stands, and one
 * that gets a slot at once goes on without a word.
 */
function narrateStatus(status: RunEventPayloads['status_changed']['status']): string | null {
  switch (status) {
    case 'running':
      return 'The run is underway.';
    default:
      return null;
  }
}

function narrateStageCompleted(data: RunEventPayloads['stage_completed']): string {
  const title = capitalise(stageWords(data.stage));
  const summary = sentence(shorten(data.summary, 280));
  const parts = [summary ? `${title} is complete: ${summary}` : `${title} is complete.`];
  const learned = learnedSentence(data.new_skills.length, data.new_memories.length);
  if (learned) parts.push(learned);
  return parts.join(' ');
}

function learnedSentence(skills: number, memories: number): string | null {
  const skillText = `${skills} new ${skills === 1 ? 'skill' : 'skills'}`;
  const memoryText = `${memories} ${memories === 1 ? 'memory' : 'memories'}`;
  if (skills > 0 && memories > 0)
    return `I learned ${skillText} and saved ${memoryText} for future runs.`;
  if (skills > 0) return `I learned ${skillText} for future runs.`;
  if (memories > 0) return `I saved ${memoryText} for future runs.`;
  return null;
}

function narratePaper(data: RunEventPayloads['paper_ready']): string {
  if (data.compiled) return 'The paper is ready as PDF and LaTeX.';
  const error = data.compile_error?.trim() ?? '';
  if (!error || /not found|not installed|enoent|no latex|missing|unavailable/i.test(error)) {
    return "The paper is ready as LaTeX source. There's no PDF because no LaTeX compiler is installed on the server.";
  }
  return `The paper is ready as LaTeX source. There's no PDF because the LaTeX compiler reported an error: ${plainError(error) || 'unknown.'}`;
}

function narrateTrajectory(data: RunEventPayloads['trajectory_event']): string | null {
  if (!isNotable(data.kind)) return null;
  const meta = data.metadata;
  switch (data.kind) {
    case 'hypotheses_generated': {
      const count = numberOf(meta.count);
      return count !== null
        ? `I came up with ${count} candidate ${count === 1 ? 'hypothesis' : 'hypotheses'} and I'm choosing the most promising.`
        : fallback(data);
    }
    case 'blueprint_reviewed':
    case 'blueprint_revised': {
      const score = numberOf(meta.score);
      const scored = score !== null ? ` (score ${score}/10)` : '';
      const revised = data.kind === 'blueprint_revised';
      if (meta.verdict === 'accept') {
        return revised
          ? `I revised the experiment plan and the reviewer accepted it${scored}.`
          : `A reviewer accepted the experiment plan${scored}.`;
      }
      if (meta.verdict === 'revise') {
        return revised
          ? `I revised the experiment plan; the reviewer still has suggestions${scored}, which I'll keep in mind.`
          : `A reviewer asked for changes to the experiment plan${scored}, so I'm revising it.`;
      }
      return fallback(data);
    }
    case 'execution_finished': {
      if (meta.ok === true) {
        const ms = numberOf(meta.duration_ms);
        return ms !== null
          ? `The experiment ran successfully in ${formatDuration(ms)}.`
          : 'The experiment ran successfully.';
      }
      if (meta.timed_out === true) return 'The experiment ran out of time before it finished.';
      const error = plainError(data.detail);
      return error ? `The experiment failed: ${error}` : 'The experiment failed.';
    }
    case 'repair_attempt': {
      const fromLabel = /attempt (\d+) of (\d+)/i.exec(data.label);
      const attempt = numberOf(meta.attempt) ?? (fromLabel ? Number(fromLabel[1]) : null);
      const max = numberOf(meta.max_attempts) ?? (fromLabel ? Number(fromLabel[2]) : null);
      const which =
        attempt !== null ? ` (attempt ${attempt}${max !== null ? ` of ${max}` : ''})` : '';
      return `The experiment code hit a problem, so I'm fixing it${which}.`;
    }
    case 'stage_revision_started': {
      const stage = typeof meta.stage === 'string' ? stageWords(meta.stage) : null;
      return stage
        ? `I'm reworking the ${stage} stage based on your feedback.`
        : "I'm reworking this stage based on your feedback.";
    }
    case 'queued': {
      const position = numberOf(meta.position);
      const limit = numberOf(meta.limit);
      if (position === null) return fallback(data);
      const busy =
        limit === 1
          ? 'The one run slot is busy'
          : limit !== null
            ? `All ${limit} run slots are busy`
            : 'Every run slot is busy';
      const place =
        position === 1 ? 'your run is next in line' : `your run is number ${position} in the queue`;
      return `${busy}, so ${place}. It will start as soon as a slot frees up.`;
    }
    case 'waiting_for_slot': {
      const what = meta.slot === 'compile' ? 'LaTeX compiles' : 'experiments';
      return `Other runs' ${what} are using every slot right now, so this one waits its turn.`;
    }
    case 'draft_written': {
      const parts = data.detail.replace(/(\d+) (\w+)\(s\)/g, (_all, n: string, word: string) =>
        Number(n) === 1 ? `${n} ${word}` : `${n} ${word}s`,
      );
      return parts.trim()
        ? `I've drafted the paper: ${sentence(parts)}`
        : "I've drafted the paper.";
    }
  }
}

function isNotable(kind: string): kind is NotableTrajectoryKind {
  return (NOTABLE_TRAJECTORY_KINDS as readonly string[]).includes(kind);
}

/** For a notable event without the metadata its template needs. */
function fallback(data: RunEventPayloads['trajectory_event']): string {
  const label = sentence(data.label);
  const detail = sentence(shorten(data.detail, 200));
  return detail && label ? `${label} ${detail}` : label || detail;
}

/**
 * An error message in plain words: its first line, without stack frames or an
 * `XxxError:` prefix, shortened, ending with a full stop; empty when there is nothing.
 */
export function plainError(error: string): string {
  const lines = error
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^at\s/.test(line));
  let text = (lines[0] ?? '').replace(/^(?:\w*(?:Error|Exception)\s*:\s*)+/, '');
  for (const [pattern, words] of ERROR_WORDS) text = text.replace(pattern, words);
  text = shorten(text, 200);
  return sentence(text);
}

const ERROR_WORDS: [RegExp, string][] = [
  [/\bllm_unavailable\b/g, 'the language model is unavailable'],
  [/\bllm_invalid_output\b/g, "the language model's answer was not in the expected format"],
  [/\bllm_rate_limited\b/g, 'the language model is rate-limited'],
  [/\bllm_cancelled\b/g, 'the request was cancelled'],
  [/\bconnect ECONNREFUSED (\S+)/g, 'the connection to $1 was refused'],
  [/\bgetaddrinfo ENOTFOUND (\S+)/g, 'the host $1 could not be found'],
  [/\bECONNREFUSED\b/g, 'a connection was refused'],
  [/\bETIMEDOUT\b/g, 'a connection timed out'],
  [/\bENOTFOUND\b/g, 'a host could not be found'],
  [/\bENOENT\b/g, 'a file was not found'],
  [/\bEACCES\b/g, 'permission was denied'],
];

function stageWords(stage: string): string {
  return (STAGE_WORDS as Record<string, string>)[stage] ?? stage.replace(/_/g, ' ');
}

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function formatDuration(ms: number): string {
  if (ms < 1000) return 'under a second';
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} seconds`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  return `${minutes} min ${rest} s`;
}

const GO_AHEAD =
  /^(?:continue|go on|go ahead|proceed|carry on|keep going|next|lgtm|looks good(?: to me)?|approve[d]?|ok|okay|yes|fine|good|great|sounds good|perfect)$/;

function isPlainGoAhead(text: string): boolean {
  return GO_AHEAD.test(
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

function quote(text: string): string {
  return `“${text.trim()}”`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Trims, collapses whitespace and makes sure the text ends like a sentence. */
function sentence(text: string): string {
  const out = text.replace(/\s+/g, ' ').trim();
  if (!out) return '';
  return /[.!?…]["'”’)]?$/u.test(out) ? out : `${out}.`;
}

/** Cuts long text at a word boundary, with an ellipsis. */
function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
