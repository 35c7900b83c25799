import { api, ApiError, errorText } from './api.ts';
import type { ChatMessage, Intent, Memory, RunSnapshot, Skill, UserProfile } from './types.ts';

type Reply = Omit<ChatMessage, 'id'>;

/** What the app knows when it carries out an intent. */
export interface ActionContext {
  user: UserProfile | null;
  run: { runId: string; status: string } | null;
  /** The text the user typed (the feedback when the intent carries none). */
  text: string;
}

/** The result of carrying out an intent: messages to show and state to change. */
export interface Outcome {
  replies: Reply[];
  /** Sign in as this user (null: nobody). */
  user?: UserProfile;
  /** Follow this run. */
  run?: RunSnapshot;
  /** Drop the followed run (another user signed in). */
  clearRun?: boolean;
  skills?: Skill[];
  memories?: Memory[];
  /** Show this panel. */
  panel?: 'library';
}

const say = (text: string, extra: Partial<Reply> = {}): Reply => ({
  role: 'assistant',
  text,
  ...extra,
});

/**
 * Carries out the router's intent against the API. When the intent says something is
 * `missing`, only its reply is shown. Errors become a chat message, never a throw.
 */
export async function carryOut(intent: Intent, ctx: ActionContext): Promise<Outcome> {
  if (intent.missing) return { replies: [say(intent.reply)] };
  try {
    return await perform(intent, ctx);
  } catch (err) {
    return { replies: [{ role: 'error', text: errorText(err) }] };
  }
}

async function perform(intent: Intent, ctx: ActionContext): Promise<Outcome> {
  const userId = ctx.user?.user_id ?? '';
  switch (intent.action) {
    case 'help':
    case 'chitchat':
      return { replies: [say(intent.reply)] };

    case 'create_user': {
      const id = intent.user_id ?? '';
      const existing = await findUser(id);
      if (existing) return signIn(existing, `Welcome back, ${id}! You're signed in.`);
      const created = await api.saveUser({ user_id: id });
      return { replies: [say(intent.reply)], user: created, clearRun: true };
    }

    case 'select_user': {
      const id = intent.user_id ?? '';
      const existing = await findUser(id);
      if (!existing) {
        return {
          replies: [say(`I don't know a user called ${id} yet. Say "I'm ${id}" to create them.`)],
        };
      }
      return signIn(existing, intent.reply);
    }

    case 'update_profile': {
      const current = ctx.user ?? (await api.getUser(userId));
      const updated = await api.saveUser({ ...current, ...intent.profile });
      return { replies: [say(intent.reply)], user: updated };
    }

    case 'list_users': {
      const users = await api.listUsers();
      return {
        replies: [
          users.length
            ? say(intent.reply, { items: users })
            : say('There are no users yet. Say "I\'m …" to create one.'),
        ],
      };
    }

    case 'start_run': {
      const run = await api.startRun(userId, intent.topic);
      return { replies: [say(intent.reply)], run };
    }

    case 'submit_feedback': {
      if (!ctx.run) return { replies: [say(intent.reply)] };
      try {
        const run = await api.feedback(ctx.run.runId, intent.feedback ?? ctx.text);
        return { replies: [say(intent.reply)], run };
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) {
          return {
            replies: [say("The run isn't waiting for feedback any more; I'll ask when it pauses.")],
          };
        }
        throw err;
      }
    }

    case 'status': {
      if (!ctx.run) return { replies: [say(intent.reply)] };
      const run = await api.getRun(ctx.run.runId);
      return { replies: [say(intent.reply, { items: statusLines(run) })], run };
    }

    case 'list_skills': {
      const skills = await api.skills(userId);
      return {
        replies: [
          skills.length
            ? say(intent.reply, {
                items: skills.map((s) => `${s.name} (${s.stage}) — ${s.description}`),
              })
            : say("No skills yet: I distil them from each run once it's written its paper."),
        ],
        skills,
        panel: 'library',
      };
    }

    case 'list_memories': {
      const memories = await api.memories(userId);
      return {
        replies: [
          memories.length
            ? say(intent.reply, { items: memories.map((m) => `${m.kind}: ${m.content}`) })
            : say('Nothing to remember yet: memories are kept from each finished run.'),
        ],
        memories,
        panel: 'library',
      };
    }

    case 'train_planner':
      return trainPlanner(userId, intent.reply);
  }
}

async function findUser(id: string): Promise<UserProfile | null> {
  try {
    return await api.getUser(id);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** Signs in and follows the user's latest run, if any. */
async function signIn(user: UserProfile, reply: string): Promise<Outcome> {
  const [latest] = await api.listRuns(user.user_id);
  if (!latest) return { replies: [say(reply)], user, clearRun: true };
  return {
    replies: [
      say(reply),
      say(`Your latest run, on “${latest.topic}”, is ${latest.status.replace('_', ' ')}.`),
    ],
    user,
    run: latest,
  };
}

async function trainPlanner(userId: string, reply: string): Promise<Outcome> {
  try {
    const report = await api.trainPlanner(userId);
    return { replies: [say(reply, { items: describeTraining(report) })] };
  } catch (err) {
    // A bare 404 (no such route) means this service has no trainable planner yet.
    if (err instanceof ApiError && err.status === 404 && err.detail === 'Not Found') {
      return {
        replies: [
          say(
            "This service can't train the planner yet. Your feedback stays queued, so it will be used once training is available.",
          ),
        ],
      };
    }
    throw err;
  }
}

/** Readable lines of a training result (POST /users/{id}/planner/train). */
function describeTraining(result: Record<string, unknown>): string[] {
  const n = (key: string) => (typeof result[key] === 'number' ? (result[key] as number) : null);
  const version = n('version');
  const pairs = n('pairs') ?? 0;
  const consumed = n('feedback_consumed') ?? 0;
  const accuracy = n('train_accuracy');
  if (result.trained === true) {
    const lines = [
      `Planner version ${version ?? '?'} learned from ${pairs} preference pair(s) in ${n('feedback_used') ?? consumed} piece(s) of feedback.`,
    ];
    if (accuracy !== null) lines.push(`It now orders ${pct(accuracy)} of them the way you did.`);
    return lines;
  }
  if (result.trained === false) {
    return [
      consumed === 0
        ? 'There was no new feedback to learn from.'
        : `I read ${consumed} piece(s) of feedback, but none said which option you preferred, so the planner is unchanged.`,
    ];
  }
  // An unknown shape: show its plain fields.
  return Object.entries(result)
    .filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))
    .map(([k, v]) => `${k.replaceAll('_', ' ')}: ${String(v)}`);
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The status lines of a run snapshot. */
export function statusLines(run: RunSnapshot): string[] {
  const lines = [`Status: ${run.status.replace('_', ' ')}`];
  if (run.queue_position !== null && run.queue_position !== undefined)
    lines.push(`Queue position: ${run.queue_position}`);
  if (run.current_stage) lines.push(`Current stage: ${run.current_stage}`);
  lines.push(
    `Stages done: ${run.stages_completed.length ? run.stages_completed.join(', ') : 'none yet'}`,
  );
  if (run.last_summary) lines.push(`Latest: ${run.last_summary}`);
  if (run.error) lines.push(`Error: ${run.error}`);
  return lines;
}
