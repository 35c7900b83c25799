import type { Intent, IntentResponse, IntentSession, ProfilePatch } from './types.ts';

export type IntentAction = Intent['action'];
export type ProfileField = keyof ProfilePatch;
/** A slot of an intent the chat shows as a chip. */
export type SlotKey = 'user_id' | 'topic' | 'feedback' | ProfileField;

/**
 * What the router understood from one message, kept with the assistant's reply so its
 * chips can show it and the user can correct it.
 */
export interface Understanding {
  /** The message the router read, and the session it read it in. */
  text: string;
  session: IntentSession;
  source: IntentResponse['source'];
  confidence: number;
  intent: Intent;
  /** The user chose the action (a clarifying question's option, or the action chip). */
  picked: boolean;
  /** Other actions the message may have meant, best first (from a clarifying question). */
  alternatives: IntentAction[];
  /** The intent was carried out: its slots can be corrected. */
  carriedOut: boolean;
  /** The user the intent acted for (the one created or selected, or the signed-in one). */
  userId: string | null;
  /** The run it started, if any. */
  runId: string | null;
  /** Slots the user corrected, shown as such. */
  corrected: SlotKey[];
  /** For a clarifying question: the option picked (the question is answered). */
  chosen?: IntentAction;
  /** Another reading replaced this one (the action was changed): its chips are history. */
  superseded?: boolean;
}

/** Each action in words, as the chat shows it. */
export const ACTION_WORDS: Record<IntentAction, string> = {
  help: 'Help',
  create_user: 'Sign up',
  select_user: 'Switch user',
  update_profile: 'Update profile',
  list_users: 'List users',
  start_run: 'Start a run',
  submit_feedback: 'Give feedback',
  status: 'Run status',
  list_skills: 'Show skills',
  list_memories: 'Show memories',
  train_planner: 'Train the planner',
  chitchat: 'Chat',
};

/** Chip names of the slots, short enough for a chip. */
export const SLOT_WORDS: Record<SlotKey, string> = {
  user_id: 'name',
  topic: 'topic',
  domain: 'domain',
  archetype: 'archetype',
  risk_preference: 'risk',
  baseline_strictness: 'strictness',
  persona_brief: 'persona',
  feedback: 'feedback',
};

/** Profile fields in the order the chips show them. */
export const PROFILE_ORDER: readonly ProfileField[] = [
  'domain',
  'archetype',
  'risk_preference',
  'baseline_strictness',
  'persona_brief',
];

/** The slots present in an intent, in reading order. */
export function slotsOf(intent: Intent): { key: SlotKey; value: string }[] {
  const slots: { key: SlotKey; value: string }[] = [];
  if (intent.user_id) slots.push({ key: 'user_id', value: intent.user_id });
  if (intent.topic) slots.push({ key: 'topic', value: intent.topic });
  for (const field of PROFILE_ORDER) {
    const value = intent.profile?.[field];
    if (value) slots.push({ key: field, value });
  }
  if (intent.feedback) slots.push({ key: 'feedback', value: intent.feedback });
  return slots;
}

/** How sure the router was, in a word (the numbers mean little to a reader). */
export function certainty(u: Pick<Understanding, 'confidence' | 'picked'>): string {
  if (u.picked) return 'your pick';
  if (u.confidence >= 0.85) return 'sure';
  if (u.confidence >= 0.6) return 'fairly sure';
  return 'unsure';
}

/**
 * Which slots can be corrected in place: those whose action can be carried out again with
 * another value. Feedback cannot: once sent, the run has moved on.
 */
export function isEditable(u: Understanding, key: SlotKey): boolean {
  if (!u.carriedOut || u.superseded) return false;
  switch (u.intent.action) {
    case 'create_user':
      return key !== 'topic' && key !== 'feedback';
    case 'select_user':
      return key === 'user_id';
    case 'update_profile':
      return key !== 'user_id' && key !== 'topic' && key !== 'feedback';
    case 'start_run':
      return key !== 'user_id' && key !== 'feedback';
    default:
      return false;
  }
}

/** Actions that read slots from a message: what a misrouted message most likely meant. */
const CORRECTABLE_TO: readonly IntentAction[] = [
  'create_user',
  'select_user',
  'update_profile',
  'start_run',
  'submit_feedback',
  'help',
];

/**
 * The other actions the action chip offers: the router's other guesses first, then the
 * actions that take their slots from the text and make sense in the current session.
 */
export function otherActions(u: Understanding, session: IntentSession): IntentAction[] {
  const signedIn = session.user_id !== '';
  const sensible = CORRECTABLE_TO.filter((action) => {
    if (action === 'update_profile' || action === 'start_run') return signedIn;
    if (action === 'submit_feedback') return session.run_status === 'awaiting_feedback';
    return true;
  });
  const all = [...u.alternatives, ...sensible];
  return all.filter((a, i) => a !== u.intent.action && all.indexOf(a) === i);
}

/** The intent with one slot set to a corrected value. */
export function withSlot(intent: Intent, key: SlotKey, value: string): Intent {
  if (key === 'user_id' || key === 'topic' || key === 'feedback')
    return { ...intent, [key]: value };
  return { ...intent, profile: { ...intent.profile, [key]: value } };
}

/** A corrected value as it is applied: trimmed, and a name as a user id. */
export function normalizeSlot(key: SlotKey, raw: string): string {
  return key === 'user_id' ? toUserId(raw) : raw.trim();
}

/** A user id as the service takes it: lower-case, accents folded ("Amélie" → `amelie`). */
export function toUserId(name: string): string {
  return name.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, '-');
}

const FIELD_WORDS: Record<ProfileField, string> = {
  archetype: 'archetype',
  domain: 'domain',
  risk_preference: 'risk preference',
  baseline_strictness: 'baseline strictness',
  persona_brief: 'persona brief',
};

/** "your domain to “ecology” and your risk preference to “high”" */
export function describeProfile(patch: ProfilePatch): string {
  const parts = PROFILE_ORDER.filter((f) => patch[f]).map(
    (f) => `your ${FIELD_WORDS[f]} to “${patch[f] ?? ''}”`,
  );
  if (parts.length <= 1) return parts[0] ?? 'your profile';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** True when the patch sets at least one field. */
export function hasFields(patch: ProfilePatch | undefined): patch is ProfilePatch {
  return !!patch && PROFILE_ORDER.some((f) => patch[f]);
}
