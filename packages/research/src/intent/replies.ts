import type {
  Intent,
  IntentAction,
  IntentSession,
  Missing,
  ProfileField,
  ProfilePatch,
} from './schema.ts';
import { PROFILE_FIELDS } from './schema.ts';

/** An intent before the session checks: slots as found, and optionally a reply already written. */
export interface IntentDraft {
  action: IntentAction;
  topic?: string;
  user_id?: string;
  profile?: ProfilePatch;
  feedback?: string;
  /** The name as written when it cannot be a user id (it has no letter or digit to start it). */
  name?: string;
  /** Kept unless something is missing, in which case the reply asks for it instead. */
  reply?: string;
}

/** What the assistant can do, in one paragraph; the reply to help. */
export const HELP_TEXT =
  'Here\'s what I can do: introduce yourself ("I\'m alice") or switch user ("switch to bob"); ' +
  'set up your profile ("my domain is ecology", "set risk preference to high"); ' +
  'start a research run ("start a run on graph neural networks for molecules"); ' +
  'take your feedback when a run pauses (or just say "continue"); ' +
  'tell you how a run is going ("status"); list users, your skills or your memories; ' +
  'and train the planner on your feedback ("train the planner").';

const FIELD_WORDS: Record<ProfileField, string> = {
  archetype: 'archetype',
  domain: 'domain',
  risk_preference: 'risk preference',
  baseline_strictness: 'baseline strictness',
  persona_brief: 'persona brief',
};

const SIGN_IN_HINT = 'tell me who you are first — for example, "I\'m alice"';
const PROFILE_HINT = 'tell me about your work — for example, "my domain is ecology"';

/** Wraps user text in curly quotes for a reply. */
export function quote(text: string): string {
  return `“${text}”`;
}

/** The next thing the user could do, as a sentence, given the session. */
export function nextStepHint(session: IntentSession): string {
  if (!session.user_id) return 'To get started, tell me your name — for example, "I\'m alice".';
  if (session.run_status === 'awaiting_feedback') {
    return 'The run is waiting for your feedback: tell me what you think, or just say "continue".';
  }
  if (!session.has_profile) return `Next, ${PROFILE_HINT}.`;
  return 'Say "start a run on …" whenever you\'re ready.';
}

/** Decides what, if anything, stops the intent from being carried out in this session. */
export function missingFor(draft: IntentDraft, session: IntentSession): Missing | undefined {
  const signedIn = session.user_id.length > 0;
  switch (draft.action) {
    case 'create_user':
    case 'select_user':
      return draft.user_id ? undefined : 'user_id';
    case 'update_profile':
      if (!signedIn) return 'user';
      return draft.profile && Object.keys(draft.profile).length > 0 ? undefined : 'profile_fields';
    case 'start_run':
      if (!signedIn) return 'user';
      // Profile fields stated with the topic are saved before the run starts.
      if (!session.has_profile && !hasFields(draft.profile)) return 'profile';
      return draft.topic ? undefined : 'topic';
    case 'submit_feedback':
      return session.run_id && session.run_status === 'awaiting_feedback' ? undefined : 'run';
    case 'status':
      return session.run_id ? undefined : 'run';
    case 'list_skills':
    case 'list_memories':
      return signedIn ? undefined : 'user';
    default:
      return undefined;
  }
}

function hasFields(patch: ProfilePatch | undefined): patch is ProfilePatch {
  return patch !== undefined && Object.keys(patch).length > 0;
}

/** Actions whose intent carries the profile fields the message stated. */
const WITH_PROFILE: ReadonlySet<IntentAction> = new Set([
  'update_profile',
  'create_user',
  'start_run',
]);

/**
 * Turns a draft into a complete intent: fills `topic` (empty unless start_run), sets
 * `missing` from the session, and writes the reply (a draft's own reply is kept unless
 * something is missing). Both routers finish through here so their answers agree.
 */
export function completeIntent(draft: IntentDraft, session: IntentSession): Intent {
  const missing = missingFor(draft, session);
  const intent: Intent = {
    action: draft.action,
    topic: draft.action === 'start_run' ? (draft.topic ?? '') : '',
    reply: '',
  };
  if (draft.user_id && (draft.action === 'create_user' || draft.action === 'select_user')) {
    intent.user_id = draft.user_id;
  }
  if (hasFields(draft.profile) && WITH_PROFILE.has(draft.action)) intent.profile = draft.profile;
  if (draft.feedback && draft.action === 'submit_feedback') intent.feedback = draft.feedback;
  if (missing) intent.missing = missing;
  const own = draft.reply?.trim();
  intent.reply = missing
    ? missingReply(intent, missing, session, draft.name)
    : own || defaultReply(intent, session);
  return intent;
}

function missingReply(
  intent: Intent,
  missing: Missing,
  session: IntentSession,
  name?: string,
): string {
  switch (missing) {
    case 'action':
      return "I'm not sure what you meant — could you say it another way?";
    case 'user':
      if (intent.action === 'start_run' && intent.topic) {
        return `I'd be glad to research ${quote(intent.topic)}, but ${SIGN_IN_HINT}.`;
      }
      return `Sure — but ${SIGN_IN_HINT}.`;
    case 'profile':
      return intent.topic
        ? `Before I research ${quote(intent.topic)} I need your profile: ${PROFILE_HINT}.`
        : `Before starting a run I need your profile: ${PROFILE_HINT}.`;
    case 'topic':
      return 'What should the research be about? For example, "start a run on graph neural networks for molecules".';
    case 'user_id':
      if (name) {
        return `Nice to meet you, ${name}! User names here are written in letters or digits — what name should I use? For example, "I'm salma".`;
      }
      return intent.action === 'select_user'
        ? 'Which user should I switch to? For example, "switch to user bob".'
        : 'What name should I use? For example, "create user alice".';
    case 'profile_fields':
      return 'Sure — what should I change? For example, "my domain is ecology" or "set risk preference to high".';
    case 'run':
      if (intent.action === 'status') {
        return 'There\'s no run yet. Say "start a run on …" to begin one.';
      }
      return session.run_id
        ? "The run isn't waiting for feedback right now; I'll ask when it pauses."
        : 'There\'s no run waiting for feedback. Say "start a run on …" to begin one.';
  }
}

function defaultReply(intent: Intent, session: IntentSession): string {
  switch (intent.action) {
    case 'help':
      return HELP_TEXT;
    case 'create_user': {
      const fields = hasFields(intent.profile)
        ? `, with ${describePatch(intent.profile, 'with')}`
        : '';
      if (intent.user_id === session.user_id) {
        return `You're already signed in as ${intent.user_id}${fields}.`;
      }
      return fields
        ? `Welcome, ${intent.user_id}! I've set you up as a new user${fields}.`
        : `Welcome, ${intent.user_id}! I've set you up as a new user. Next, ${PROFILE_HINT}.`;
    }
    case 'select_user':
      return intent.user_id === session.user_id
        ? `You're already signed in as ${intent.user_id}.`
        : `Switching to user ${intent.user_id}.`;
    case 'update_profile':
      return `Got it — I'll set ${describePatch(intent.profile ?? {})}.`;
    case 'list_users':
      return 'Here are the users I know about.';
    case 'start_run':
      return hasFields(intent.profile)
        ? `Starting a research run on ${quote(intent.topic)}, with ${describePatch(intent.profile, 'with')}.`
        : `Starting a research run on ${quote(intent.topic)}.`;
    case 'submit_feedback':
      return isApproval(intent.feedback ?? '')
        ? 'Great — carrying on with the run.'
        : "Thanks for the feedback — I'll take it into account and carry on with the run.";
    case 'status':
      return statusReply(session.run_status);
    case 'list_skills':
      return "Here are the skills I've learned for you so far.";
    case 'list_memories':
      return "Here's what I remember from your earlier runs.";
    case 'train_planner':
      return 'Training the planner on your queued feedback so it picks up your preferences.';
    case 'chitchat':
      return `Happy to chat! ${nextStepHint(session)}`;
  }
}

function statusReply(runStatus: string | null): string {
  switch (runStatus) {
    case 'pending':
      return 'Your run is queued and will start shortly.';
    case 'running':
      return "Your run is underway; here's the latest.";
    case 'awaiting_feedback':
      return "Your run is paused for your feedback; here's where it stands.";
    case 'completed':
      return "Your run has finished; here's the summary.";
    case 'failed':
      return "Your run stopped with an error; here's what happened.";
    default:
      return 'Let me check on your run.';
  }
}

/**
 * "your domain to “ecology” and your risk preference to “high”"; with `with`, "your domain
 * set to “ecology” …" (for "…, with your domain set to …").
 */
export function describePatch(patch: ProfilePatch, style: 'set' | 'with' = 'set'): string {
  const to = style === 'with' ? 'set to' : 'to';
  const parts = PROFILE_FIELDS.filter((field) => patch[field] !== undefined).map(
    (field) => `your ${FIELD_WORDS[field]} ${to} ${quote(patch[field] ?? '')}`,
  );
  if (parts.length <= 1) return parts[0] ?? 'your profile';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const APPROVALS = new Set([
  'continue',
  'go on',
  'go ahead',
  'proceed',
  'carry on',
  'keep going',
  'next',
  'lgtm',
  'looks good',
  'looks good to me',
  'approve',
  'approved',
  'ok',
  'okay',
  'yes',
  'fine',
  'good',
  'great',
  'sounds good',
  'perfect',
]);

/** True when feedback text only says "carry on". */
export function isApproval(text: string): boolean {
  const plain = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .replace(/\b(?:please|pls|just|now|then|thanks|thank you)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return APPROVALS.has(plain);
}

/** What each action does, to finish "Did you want to …?". */
const ACTION_PHRASES: Record<IntentAction, string> = {
  help: 'see what I can do',
  create_user: 'create a new user',
  select_user: 'switch to another user',
  update_profile: 'update your profile',
  list_users: 'see the list of users',
  start_run: 'start a run',
  submit_feedback: 'give feedback on the current run',
  status: 'check on your run',
  list_skills: 'see your skills',
  list_memories: 'see what I remember about you',
  train_planner: 'train the planner on your feedback',
  chitchat: 'just chat',
};

/** "Did you want to start a run or give feedback on the current one?" */
export function clarifyReply(first: IntentAction, second: IntentAction): string {
  const a = ACTION_PHRASES[first];
  let b = ACTION_PHRASES[second];
  if (/\brun\b/.test(a)) b = b.replace(/\bthe current run\b/, 'the current one');
  return `Did you want to ${a} or ${b}?`;
}

/**
 * The answer when the router is unsure: its best two guesses, best first, and a question
 * naming both. The client offers them and resends the text with the chosen `action`.
 */
export function clarifyIntent(first: IntentAction, second: IntentAction): Intent {
  return {
    action: first,
    topic: '',
    reply: clarifyReply(first, second),
    clarify: [first, second],
    missing: 'action',
  };
}

const SMALL_TALK: [RegExp, (session: IntentSession) => string][] = [
  [
    /\bwho are you\b|\bwhat are you\b|\bare you (?:a |an )?(?:bot|ai|human|robot|real|person)|\byour name\b/,
    (session) =>
      `I'm your research assistant: I turn a topic into a research paper, pausing for your feedback along the way. ${nextStepHint(session)}`,
  ],
  [
    /\bhow are you\b|\bhow(?:'s| is) (?:it|your day) going\b|\bhow are things\b|\bwhat'?s up\b|\bque tal\b|\bca va\b|كيف حالك/,
    (session) => `I'm doing well, thanks for asking! ${nextStepHint(session)}`,
  ],
  [
    /\b(?:bye|goodbye|see (?:you|ya)|later|good ?night|au revoir|a demain|adios|hasta|ciao|talk (?:to you )?soon)\b|\bbonne (?:soiree|nuit|journee)\b|\bbuenas noches\b|مع السلامة/,
    () => 'Goodbye! Your profile and runs will be here when you come back.',
  ],
  [
    /\b(?:thanks?|thank you|thx|ty|cheers|appreciated?|merci|gracias)\b|شكرا/,
    (session) =>
      session.run_status === 'awaiting_feedback'
        ? `You're welcome! ${nextStepHint(session)}`
        : "You're welcome! Let me know if there's anything else.",
  ],
  [
    /\b(?:great|good|nice|awesome|impressive|amazing|brilliant) (?:job|work|one)\b|\bwell done\b|\byou(?:'re| are) (?:doing )?(?:a )?(?:great|awesome|smart|amazing|brilliant|the best|helpful)|\blove (?:this|it|you)\b|\byou rock\b|\bimpressive\b/,
    (session) => `Thank you, that's kind! ${nextStepHint(session)}`,
  ],
  [
    /\b(?:hi|hello|hey|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening|day)|morning|mornin|evening|bonjour|bonsoir|salut|hola|buenos|buenas|salam)\b|مرحب|أهل|اهل|السلام|صباح/,
    (session) => `Hello! ${nextStepHint(session)}`,
  ],
];

/** The reply to small talk: a greeting, thanks, a goodbye, a compliment, "who are you". */
export function chitchatReply(text: string, session: IntentSession): string {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/’/g, "'")
    .toLowerCase();
  for (const [re, reply] of SMALL_TALK) if (re.test(plain)) return reply(session);
  if (isApproval(plain)) return `Okay! ${nextStepHint(session)}`;
  return `Happy to chat! ${nextStepHint(session)}`;
}
