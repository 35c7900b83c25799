import {
  ResearchApiError,
  type ResearchClient,
  type RunEventOf,
  type StageName,
  type UserProfile,
} from '@hikma/research-client';
import { CliError, EXIT } from '../errors.ts';
import type { Io } from '../io.ts';
import { Prompter } from '../prompt.ts';
import { savePaper, slugify } from './paper-files.ts';
import { StageBoard } from './stage-board.ts';

export interface RunOptions {
  user: string;
  topic: string;
  /** Set on the profile (created or updated). */
  domain?: string;
  /** Stages to pause after; undefined: the service's default. */
  pauseAfter?: StageName[];
  /** Accept every pause without asking. */
  yes: boolean;
}

/** What an approving answer says: the service moves on without revising the stage. */
const ACCEPT = 'looks good, continue';

/** `hikma research run`: a topic to a paper, on the terminal. */
export async function runResearch(research: ResearchClient, options: RunOptions, io: Io) {
  const user = await ensureUser(research, options, io);
  const run = await research.startRun({
    user_id: user.user_id,
    topic: options.topic,
    ...(options.pauseAfter ? { pause_after: options.pauseAfter } : {}),
  });
  io.stdout.write(`run ${run.run_id} for ${user.user_id}: ${run.topic}\n`);

  const board = new StageBoard(io);
  const prompter = new Prompter(io);
  // Ctrl-C stops following; the run itself goes on in the service.
  const onInterrupt = () => {
    board.hide();
    io.stderr.write(`\nstopped following; the run goes on: hikma research status ${run.run_id}\n`);
    process.exit(130);
  };
  process.once('SIGINT', onInterrupt);
  board.show();
  let paper: RunEventOf<'paper_ready'> | null = null;
  let failed: string | null = null;
  let pausedAt: StageName | null = null;
  try {
    for await (const event of research.followRun(run.run_id, {
      maxRetries: 8,
      onStatus: (status) => {
        if (status === 'reconnecting') board.log('(connection lost; resuming the event stream…)');
      },
    })) {
      board.update(event);
      if (event.type === 'paper_ready') paper = event;
      if (event.type === 'run_failed') failed = event.data.error;
      if (event.type === 'awaiting_feedback') pausedAt = event.data.stage;
      // The pause's narration comes between `awaiting_feedback` and this: ask after it.
      if (
        event.type === 'status_changed' &&
        event.data.status === 'awaiting_feedback' &&
        pausedAt
      ) {
        board.hide();
        await answerPause(research, run.run_id, pausedAt, options, prompter, io);
        pausedAt = null;
        board.show();
      }
    }
  } finally {
    process.off('SIGINT', onInterrupt);
    board.hide();
    prompter.close();
  }

  if (failed !== null) throw new CliError('run_failed', `the run failed: ${failed}`, EXIT.service);
  const files = await savePaper(research, run.run_id, io.cwd, slugify(run.topic, run.run_id));
  if (files.pdf) io.stdout.write(`paper: ${files.pdf}\n`);
  io.stdout.write(`LaTeX: ${files.tex}\n`);
  if (!files.pdf) {
    const why =
      (paper as RunEventOf<'paper_ready'> | null)?.data.compile_error ?? 'no LaTeX compiler';
    io.stderr.write(`no PDF: ${why}\n`);
  }
}

/** The user's profile: created when missing; `domain` set when given. */
async function ensureUser(
  research: ResearchClient,
  options: RunOptions,
  io: Io,
): Promise<UserProfile> {
  let existing: UserProfile | null = null;
  try {
    existing = await research.getUser(options.user);
  } catch (err) {
    if (!(err instanceof ResearchApiError && err.status === 404)) throw err;
  }
  if (existing && (options.domain === undefined || existing.domain === options.domain)) {
    return existing;
  }
  const saved = await research.saveUser({
    ...(existing ?? {}),
    user_id: options.user,
    ...(options.domain !== undefined ? { domain: options.domain } : {}),
  });
  io.stdout.write(`${existing ? 'updated' : 'created'} user ${saved.user_id} (${saved.domain})\n`);
  return saved;
}

/** Asks for feedback on a paused stage and sends it; an empty answer accepts. */
async function answerPause(
  research: ResearchClient,
  runId: string,
  stage: StageName,
  options: RunOptions,
  prompter: Prompter,
  io: Io,
): Promise<void> {
  io.stdout.write(`\n── ${stage} is ready for your feedback ──\n`);
  let text = ACCEPT;
  if (options.yes) {
    io.stdout.write('(accepted: --yes)\n');
  } else {
    const answer = await prompter.ask('Your feedback (Enter to accept, or say what to change): ');
    if (answer === null) io.stdout.write('\n(no input: accepted)\n');
    else if (answer.trim()) text = answer.trim();
  }
  try {
    await research.feedback(runId, text);
  } catch (err) {
    // Answered elsewhere (the web app) in the meantime: the run goes on all the same.
    if (err instanceof ResearchApiError && err.status === 409) {
      io.stdout.write(`(the pause was already answered: ${err.detail})\n`);
      return;
    }
    throw err;
  }
  io.stdout.write(text === ACCEPT ? 'Continuing.\n\n' : `Sent: ${text}\n\n`);
}
