import { z } from 'zod';

/** Every action the chat command router can produce (spec §2, Intent request and response). */
export const INTENT_ACTIONS = [
  'help',
  'create_user',
  'select_user',
  'update_profile',
  'list_users',
  'start_run',
  'submit_feedback',
  'status',
  'list_skills',
  'list_memories',
  'train_planner',
  'chitchat',
] as const;
export const IntentAction = z.enum(INTENT_ACTIONS);
export type IntentAction = z.infer<typeof IntentAction>;

/** The profile fields a chat message can set; the rest of UserProfile is not chat-editable. */
export const PROFILE_FIELDS = [
  'archetype',
  'domain',
  'risk_preference',
  'baseline_strictness',
  'persona_brief',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** A partial UserProfile: only the fields the message mentioned. */
export const ProfilePatch = z
  .object({
    archetype: z.string().min(1),
    domain: z.string().min(1),
    risk_preference: z.string().min(1),
    baseline_strictness: z.string().min(1),
    persona_brief: z.string().min(1),
  })
  .partial();
export type ProfilePatch = z.infer<typeof ProfilePatch>;

/**
 * Why an action cannot be carried out yet. When `missing` is set the client shows the reply
 * (which asks for what is missing) and does not perform the action.
 * - `action`: the router is unsure which action was meant; `clarify` names its best two
 *   guesses and the reply asks which (the client resends the text with the chosen `action`).
 * - `user`: nobody is signed in (session.user_id is empty).
 * - `profile`: start_run needs a profile and the session has none.
 * - `run`: status / submit_feedback with no run, or no run awaiting feedback.
 * - `topic`: start_run without a topic.
 * - `user_id`: create_user / select_user without a usable name.
 * - `profile_fields`: update_profile that named no field.
 */
export const MISSING = [
  'action',
  'user',
  'profile',
  'run',
  'topic',
  'user_id',
  'profile_fields',
] as const;
export const Missing = z.enum(MISSING);
export type Missing = z.infer<typeof Missing>;

/**
 * The intent object. `action`, `topic` and `reply` are the spec fields; the rest are our
 * extension fields (the spec leaves the fields of other actions open), present only when
 * they apply:
 * - `user_id`: create_user / select_user — the user id, lower-cased (`"I'm Alice"` → `alice`).
 * - `profile`: update_profile, and create_user / start_run when the message also stated
 *   profile fields ("I'm Chen and I study epidemiology", "start a run on X, I work in
 *   ecology") — only the profile fields the message set; the client merges them into the
 *   user's profile (after creating the user, before starting the run).
 * - `feedback`: submit_feedback — the feedback text to send to POST /runs/{run_id}/feedback.
 * - `clarify`: the router's best two guesses, best first, when it is unsure (then `missing`
 *   is `action`, `action` is the first guess and the reply asks which one was meant).
 * - `missing`: see {@link Missing}.
 * `topic` is the research topic for start_run and the empty string for every other action.
 */
export const Intent = z.object({
  action: IntentAction,
  topic: z.string(),
  reply: z.string(),
  user_id: z.string().min(1).optional(),
  profile: ProfilePatch.optional(),
  feedback: z.string().min(1).optional(),
  clarify: z.tuple([IntentAction, IntentAction]).optional(),
  missing: Missing.optional(),
});
export type Intent = z.infer<typeof Intent>;

/** What the client knows about the chat session; `user_id` is empty when nobody is signed in. */
export const IntentSession = z.object({
  user_id: z.string(),
  run_id: z.string().nullable(),
  run_status: z.string().nullable(),
  has_profile: z.boolean(),
});
export type IntentSession = z.infer<typeof IntentSession>;

/**
 * Body of POST /intent. `action` is set by the client when the user picked one of the
 * options of a clarifying question (`intent.clarify`): the router then takes that action as
 * given and only reads its slots from the text.
 */
export const IntentRequest = z.object({
  text: z.string(),
  session: IntentSession,
  action: IntentAction.optional(),
});
export type IntentRequest = z.infer<typeof IntentRequest>;

/**
 * Response of POST /intent: which router answered, how sure the local model is of the
 * intent's action (0 to 1; 1 when the client chose the action), and the intent.
 */
export const IntentResponse = z.object({
  source: z.enum(['local', 'llm']),
  confidence: z.number().min(0).max(1),
  intent: Intent,
});
export type IntentResponse = z.infer<typeof IntentResponse>;
