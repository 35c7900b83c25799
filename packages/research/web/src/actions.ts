import { api, ApiError, errorText } from './api.ts';
import type { ChatMessage, Intent, Memory, RunSnapshot, Skill, UserProfile } from './types.ts';
import {
  describeProfile,
  hasFields,
  normalizeSlot,
  withSlot,
  type SlotKey,
  type Understanding,
} from './understanding.ts';

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
  /** The action was carried out (nothing was missing and no call failed). */
  ok: boolean;
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

/** What an action did; `ok` only when it found it could not be done after all. */
type Done = Omit<Outcome, 'ok'> & { ok?: false };

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
  if (intent.missing) return { ok: false, replies: [say(intent.reply)] };
  return attempt(() => perform(intent, ctx));
}

async function attempt(act: () => Promise<Done>): Promise<Outcome> {
  try {
    return { ok: true, ...(await act()) };
  } catch (err) {
    return { ok: false, replies: [{ role: 'error', text: errorText(err) }] };
  }
}

async function perform(intent: Intent, ctx: ActionContext): Promise<Done> {
  const userId = ctx.user?.user_id ?? '';
  switch (intent.action) {
    case 'help':
    case 'chitchat':
      return { replies: [say(intent.reply)] };

    case 'create_user': {
      const id = intent.user_id ?? '';
      const existing = await findUser(id);
      if (existing) {
        // The message also said something about the user's work: it holds for them too.
        if (!hasFields(intent.profile))
          return signIn(existing, `Welcome back, ${id}! You're signed in.`);
        const updated = await api.saveUser({ ...existing, ...intent.profile });
        return signIn(
          updated,
          `Welcome back, ${id}! You're signed in, and I've set ${describeProfile(intent.profile)}.`,
        );
      }
      const created = await api.saveUser({ ...intent.profile, user_id: id });
      return { replies: [say(intent.reply)], user: created, clearRun: true };
    }

    case 'select_user': {
      const id = intent.user_id ?? '';
      const existing = await findUser(id);
      if (!existing) {
        return {
          ok: false,
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
      // Profile first: the run's stages read the profile as it is when they start.
      const user = hasFields(intent.profile)
        ? await api.saveUser({ ...(ctx.user ?? (await api.getUser(userId))), ...intent.profile })
        : undefined;
      const run = await api.startRun(userId, intent.topic);
      return { replies: [say(intent.reply)], run, ...(user && { user }) };
    }

    case 'submit_feedback': {
      if (!ctx.run) return { replies: [say(intent.reply)] };
      try {
        const run = await api.feedback(ctx.run.runId, intent.feedback ?? ctx.text);
        return { replies: [say(intent.reply)], run };
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) {
          return {
            ok: false,
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

/**
 * Carries out an understood intent again with one slot corrected: another name signs in
 * (or creates) that user, a profile field is written to the user's profile, another topic
 * starts a run on it instead.
 */
export async function correct(
  u: Understanding,
  key: SlotKey,
  raw: string,
  ctx: ActionContext,
): Promise<Outcome> {
  const value = normalizeSlot(key, raw);
  const intent = withSlot(u.intent, key, value);
  return attempt(async () => {
    if (key === 'user_id') {
      // The same action under the right name; its reply says what changed.
      const reply =
        intent.action === 'select_user'
          ? `Switched to ${value} instead.`
          : `Got it: you're ${value}. I've set you up as a new user${
              hasFields(intent.profile) ? `, with ${describeProfile(intent.profile)}` : ''
            }.`;
      return perform({ ...intent, reply }, ctx);
    }

    if (key === 'topic') {
      const userId = u.userId ?? ctx.user?.user_id ?? '';
      const run = await api.startRun(userId, value);
      const old = ctx.run?.runId === u.runId ? ctx.run : null;
      const open = old && old.status !== 'completed' && old.status !== 'failed';
      return {
        replies: [
          say(
            `Started a new run on “${value}” instead.${
              open
                ? ` The run on “${u.intent.topic}” stays as it is: the chat can't stop a run.`
                : ''
            }`,
          ),
        ],
        run,
      };
    }

    // The chips never offer it: once sent, the run has moved on.
    if (key === 'feedback') throw new Error('Feedback that was sent cannot be changed.');
    // A profile field: written to the user the intent acted for.
    const userId = u.userId ?? ctx.user?.user_id ?? '';
    const current = ctx.user?.user_id === userId ? ctx.user : await api.getUser(userId);
    const updated = await api.saveUser({ ...current, [key]: value });
    return {
      replies: [say(`Updated ${describeProfile({ [key]: value })}.`)],
      ...(ctx.user?.user_id === userId && { user: updated }),
    };
  });
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
async function signIn(user: UserProfile, reply: string): Promise<Done> {
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

async function trainPlanner(userId: string, reply: string): Promise<Done> {
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
