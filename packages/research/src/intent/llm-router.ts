import { z } from 'zod';
import { generateObject } from '@hikma/llm';
import type { LLM } from '@hikma/llm';
import { completeIntent } from './replies.ts';
import type { IntentDraft } from './replies.ts';
import { INTENT_ACTIONS, IntentAction, PROFILE_FIELDS } from './schema.ts';
import type { Intent, IntentRequest, ProfilePatch } from './schema.ts';

/**
 * What the model is asked for: the intent with every slot nullable, since models tend to
 * send `null` for "not applicable" rather than leaving a field out.
 */
export const ModelIntent = z.object({
  action: IntentAction,
  topic: z.string().nullish(),
  reply: z.string().nullish(),
  user_id: z.string().nullish(),
  profile: z
    .object({
      archetype: z.string().nullish(),
      domain: z.string().nullish(),
      risk_preference: z.string().nullish(),
      baseline_strictness: z.string().nullish(),
      persona_brief: z.string().nullish(),
    })
    .nullish(),
  feedback: z.string().nullish(),
});
export type ModelIntent = z.infer<typeof ModelIntent>;

/** The system prompt: the actions, their slots and how the session changes the reading. */
export const INTENT_SYSTEM_PROMPT = [
  'You route chat messages for a research assistant that turns a research topic into a paper.',
  'Read the user message and the session, and answer with one JSON object for the intent.',
  '',
  `action is exactly one of: ${INTENT_ACTIONS.join(', ')}.`,
  '- help: the user asks what you can do, or the message cannot be understood.',
  '- create_user: the user introduces themselves or asks for a new user; put the name in user_id.',
  '- select_user: switch to an existing user; put the name in user_id.',
  `- update_profile: the user states profile facts; put them in profile (fields: ${PROFILE_FIELDS.join(', ')}), only the ones mentioned.`,
  '- list_users: list the known users.',
  '- start_run: research a topic or write a paper; put the research topic alone in topic (no "start a run on", no "whether").',
  '- submit_feedback: comments on the paused stage of a run, or "continue"; put the text in feedback.',
  '- status: how the current run is going.',
  '- list_skills / list_memories: show the skills or memories learned from earlier runs.',
  '- train_planner: train the planner on queued feedback.',
  '- chitchat: greetings, thanks and other small talk.',
  '',
  'Rules:',
  '- topic is the empty string unless action is start_run.',
  '- user_id is the name in lower case, in the script it is written in, letters, digits, ".", "_" or "-" (a full name joined by "-").',
  '- When run_status is awaiting_feedback, a message that is not clearly another command is submit_feedback with the whole message as feedback.',
  '- When user_id in the session is empty and the message gives a name, it is create_user.',
  '- reply is one short, friendly plain-English sentence telling the user what happens next.',
  '- Use null for slots that do not apply.',
].join('\n');

/** Asks the model which action a chat message means (task `research.intent`). */
export async function routeWithLLM(
  llm: LLM,
  request: IntentRequest,
  signal?: AbortSignal,
): Promise<Intent> {
  const { value } = await generateObject({
    llm,
    schema: ModelIntent,
    name: 'intent',
    task: 'research.intent',
    context: { text: request.text, session: request.session },
    messages: [
      { role: 'system', content: INTENT_SYSTEM_PROMPT },
      {
        role: 'user',
        content: `Session: ${JSON.stringify(request.session)}\nMessage: ${JSON.stringify(request.text)}`,
      },
    ],
    temperature: 0,
    maxAttempts: 2,
    signal,
  });
  return completeIntent(toDraft(value, request.text), request.session);
}

/** Drops nulls and blanks so the model's answer reads like a local draft. */
function toDraft(value: ModelIntent, text: string): IntentDraft {
  const draft: IntentDraft = { action: value.action };
  const topic = value.topic?.trim();
  if (topic) draft.topic = topic;
  const reply = value.reply?.trim();
  if (reply) draft.reply = reply;
  const userId = value.user_id?.trim().toLowerCase().replace(/^@/, '');
  if (userId && /^[a-z0-9][a-z0-9._-]{0,63}$/.test(userId)) draft.user_id = userId;
  if (value.profile) {
    const patch: ProfilePatch = {};
    for (const field of PROFILE_FIELDS) {
      const v = value.profile[field]?.trim();
      if (v) patch[field] = v;
    }
    draft.profile = patch;
  }
  const feedback = value.feedback?.trim();
  // Feedback is the user's own words; a model that names the action but not the text means all of it.
  if (feedback) draft.feedback = feedback;
  else if (value.action === 'submit_feedback' && text.trim()) draft.feedback = text.trim();
  return draft;
}
