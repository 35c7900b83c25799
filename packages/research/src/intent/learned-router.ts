// The learned router: the intent model picks the action (with a probability) and tags the
// slots; exact rules only where they are exact (a quoted topic, the shape of a user id).
import { isUserId } from '../domain/user-id.ts';
import { chitchatReply, completeIntent, HELP_TEXT, type IntentDraft } from './replies.ts';
import type { Intent, IntentAction, IntentRequest, IntentSession, ProfilePatch } from './schema.ts';
import { inLexicons } from './model/gazetteer.ts';
import { levelMarks } from './model/lexicon.ts';
import { wordClasses } from './model/word-classes.ts';
import { withoutLevelTail } from './profile-levels.ts';
import { letterFrame, withoutFrame } from './letter-frame.ts';
import { commandInOneSentence } from './sentence-commands.ts';
import { settlePersona } from './settle-persona.ts';
import { settleRoles } from './settle-roles.ts';
import { settleNames } from './settle-names.ts';
import { actionInstead, cueConfirms, statesProfileNotRun } from './action-overrides.ts';
import { asksWhyPaused } from './explicit-messages.ts';
import {
  arabicNameStart,
  nameAfterTitle,
  nameFromCue,
  nameFromPlace,
  signedName,
  withoutNonNames,
} from './name-fallback.ts';
import { settleDomains } from './settle-fields.ts';
import { withArabicHead } from './arabic-fields.ts';
import { withCompoundHead } from './role-compounds.ts';
import { dropNonFields } from './non-fields.ts';
import { withoutLeftJobs } from './past-jobs.ts';
import { fieldFromLexicon } from './field-fallback.ts';
import { fieldMostly } from './field-mostly.ts';
import { fieldMovedTo } from './field-moves.ts';
import { settleTopic } from './settle-topics.ts';
import { shippedIntentModel, type ActionScore, type IntentModel } from './model/intent-model.ts';
import { slotOf } from './model/tags.ts';
import { fold, type Token } from './model/tokens.ts';
import { cleanFeedback, cleanSlot, cleanTopic } from './slots.ts';
import { profileFrom, readSpans, type Spans } from './read-spans.ts';

export interface LearnedRoute {
  intent: Intent;
  /** The model's probability of the intent's action (1 when the client chose the action). */
  confidence: number;
  /** Every action with its probability, most likely first (empty when the client chose). */
  ranked: ActionScore[];
  /** False when not one word of the message was seen in training: nothing to go on. */
  understood: boolean;
}

/** Routes a chat message with the intent model; `request.action`, when set, is taken as given. */
export function routeLearned(
  request: IntentRequest,
  model: IntentModel = shippedIntentModel(),
): LearnedRoute {
  const { session } = request;
  // The model reads the start of a long message (a long message is feedback, whose text is
  // kept whole below); reading a whole 1 MiB body would hold the event loop for seconds.
  const full = request.text;
  const text = full.length > READ_LIMIT ? full.slice(0, READ_LIMIT) : full;
  const tokens = model.read(text);
  // While a run waits for feedback, what the model cannot read is feedback too ("👍",
  // "¯\_(ツ)_/¯"): the user is answering the run.
  const noWords = !tokens.some((t) => !t.punct);
  const waiting = !request.action && session.run_status === 'awaiting_feedback' && full.trim();
  const unknown = noWords || !model.knowsAnyWord(text, tokens, session);
  if (waiting && unknown && !asksWhyPaused(tokens)) {
    return {
      intent: completeIntent({ action: 'submit_feedback', feedback: full.trim() }, session),
      confidence: 1,
      ranked: [],
      understood: true,
    };
  }
  if (noWords && !request.action) {
    return {
      intent: completeIntent(
        { action: 'help', reply: `Sorry, I didn't catch that. ${HELP_TEXT}` },
        session,
      ),
      confidence: 0,
      ranked: [],
      understood: false,
    };
  }
  // a letter's action is read from its body (letter-frame.ts)
  const frame = letterFrame(text);
  const framed = frame.bodyStart > 0 || frame.bodyEnd < text.length;
  const body = framed ? text.slice(frame.bodyStart, frame.bodyEnd) : text;
  let ranked = request.action
    ? []
    : model.classify(body, framed ? model.read(body) : tokens, session);
  let action = request.action ?? ranked[0]!.action;
  let confidence = request.action ? 1 : ranked[0]!.p;
  // "Ci vuole ancora molto? Ho un'udienza alle tre.": a command in one sentence of small talk
  const command = action === 'chitchat' ? commandInOneSentence(body, session, model) : undefined;
  if (command) {
    ranked = leading(ranked, command.action);
    [action, confidence] = [command.action, command.p];
  }
  let tags = model.tag(tokens, action, session);
  // A user to create or switch to whose "name" is a word of the lexicons ("j'aime les idées
  // audacieuses", "as risk-free as possible") is no user: the next guess is taken.
  if (!request.action && ranked[1] && namesNoUser(tokens, tags)) {
    ranked = [...ranked.slice(1), ranked[0]!];
    [action, confidence] = [ranked[0]!.action, ranked[0]!.p];
    tags = model.tag(tokens, action, session);
  }
  // A signed-in user who says how bold or strict to be, in words the classifier has not met
  // ("Soyez impitoyable avec mes articles", "pick holes in everything"), updates the profile.
  // The lexicon's reading is the evidence, as sure as the classifier was of its own guess
  // and of the action the words say, together; its guess becomes the second.
  const instead = request.action ? undefined : actionInstead(tokens, action, session);
  if (instead) {
    confidence = Math.min(1, confidence + (ranked.find((r) => r.action === instead)?.p ?? 0));
    ranked = leading(ranked, instead);
    action = instead;
    tags = model.tag(tokens, action, session);
  }
  // an exact cue that says what the classifier guessed makes it sure, however unsure it was
  if (!request.action && cueConfirms(tokens, action, session)) {
    confidence = Math.max(confidence, 0.9);
  }

  if (!request.action && session.user_id && statesProfileNotRun(tokens, tags, action)) {
    action = 'update_profile';
    ranked = leading(ranked, action);
    tags = model.tag(tokens, action, session);
  }

  // Nobody signed in can update a profile; if the message names its writer ("I am Ada, I
  // work in ecology") it is an introduction carrying the profile.
  if (action === 'update_profile' && !session.user_id && !request.action) {
    const asIntroduction = model.tag(tokens, 'create_user', session);
    if (asIntroduction.some((tag) => slotOf(tag) === 'name')) {
      action = 'create_user';
      tags = asIntroduction;
      confidence += ranked.find((r) => r.action === 'create_user')?.p ?? 0;
    }
  }
  tags = SPAN_CORRECTIONS.reduce((settled, settle) => settle(tokens, settled), tags);
  if (action === 'create_user' || action === 'select_user') {
    tags = signedName(
      tokens,
      nameFromPlace(
        tokens,
        nameAfterTitle(
          tokens,
          arabicNameStart(tokens, nameFromCue(tokens, withoutNonNames(tokens, tags))),
        ),
      ),
    );
  }
  // a field the lexicon finds is no more a workplace's kind, say, than a tagged one
  if (action === 'create_user' || action === 'update_profile')
    tags = withoutLeftJobs(
      tokens,
      dropNonFields(tokens, fieldFromLexicon(tokens, fieldMostly(tokens, tags))),
    );
  if (framed) tags = withoutFrame(tokens, tags, frame);
  const spans = readSpans(text, tokens, tags);
  const profile = () => profileFrom(spans, tokens, tags, model);
  return {
    intent: completeIntent(
      draftFor(action, text, spans, profile, session, Boolean(request.action), full),
      session,
    ),
    confidence,
    ranked,
    // words a rule reads are understood too ("stuck?" to a paused run asks its status)
    understood:
      Boolean(request.action) || instead !== undefined || model.knowsAnyWord(text, tokens, session),
  };
}

/** The ranking with `action` moved to its head, the others in their order. */
function leading(ranked: readonly ActionScore[], action: IntentAction): ActionScore[] {
  return [
    ...ranked.filter((r) => r.action === action),
    ...ranked.filter((r) => r.action !== action),
  ];
}

/** A text's words (letters and digits), for telling whether a span holds all of them. */
const wordsOf = (text: string) => (text.match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');

/** True when every word the tagger read as a name is a level, field, role or command word. */
export function namesNoUser(tokens: readonly Token[], tags: readonly number[]): boolean {
  const named = tokens.flatMap((t, i) => (slotOf(tags[i]!) === 'name' && !t.punct ? [i] : []));
  if (named.length === 0) return false;
  const marks = levelMarks(tokens.map((t) => t.lower));
  return named.every((i) => {
    const word = tokens[i]!.lower;
    return marks[i] || inLexicons(word) || wordClasses(word.replace(/-/g, '')).length > 0;
  });
}

/** The exact corrections of the tagger's spans, in the order they apply. */
const SPAN_CORRECTIONS: ((tokens: readonly Token[], tags: readonly number[]) => number[])[] = [
  settlePersona,
  withoutLevelTail,
  settleDomains,
  fieldMovedTo,
  withArabicHead,
  settleRoles,
  withCompoundHead,
  settleTopic,
  settleNames,
];

/** Thanks alone, in the languages the router reads, before a run's feedback. */
const THANKS_ONLY =
  /^(?:\s*(?:thanks|thank\s+you|thx|many\s+thanks|merci|gracias|danke|grazie|obrigad[oa]|شكرا|شكراً)[\s.!,;:]*)+$/iu;

/** Characters of a message the model reads. */
export const READ_LIMIT = 2000;

/** A quoted stretch of the text ("…", “…”, '…'), which is exactly the topic when present. */
const QUOTED = /["“«]([^"”»]{2,})["”»]|(?:^|\s)'([^']{2,})'(?=[\s.,;:!?]|$)/u;

/**
 * A user id from a name as written: lower case, accents folded, apostrophes dropped ("O'Neill"
 * is "oneill"), spaces as hyphens, so a full name is one id ("ada-lovelace"). Names in other
 * scripts keep their letters ("ليلى"; domain/user-id.ts): a transliteration of unvowelled
 * Arabic ("lyla") is not a name its owner would type to sign in again.
 */
export function nameToUserId(name: string): string | null {
  const id = fold(cleanSlot(name)).replace(/^@/, '').replace(/['’]/g, '').replace(/\s+/g, '-');
  return isUserId(id) ? id : null;
}

function draftFor(
  action: IntentAction,
  text: string,
  spans: Spans,
  profile: () => ProfilePatch,
  session: IntentSession,
  /** The user picked the action: a message with no slot found is the slot itself. */
  chosen: boolean,
  /** The whole message when `text` is only its start. */
  full: string,
): IntentDraft {
  const draft: IntentDraft = { action };
  const whole = cleanSlot(text);
  switch (action) {
    case 'create_user':
    case 'select_user': {
      const name = spans.name?.[0] ?? (chosen && !/\s/.test(whole) ? whole : undefined);
      const id = name ? nameToUserId(name) : null;
      if (id) draft.user_id = id;
      else if (name) draft.name = cleanSlot(name);
      if (action === 'create_user') draft.profile = profile();
      break;
    }
    case 'update_profile':
      draft.profile = profile();
      break;
    case 'start_run': {
      const quoted = QUOTED.exec(text);
      const topic = quoted
        ? (quoted[1] ?? quoted[2])!
        : (spans.topic?.[0] ?? (chosen ? whole : undefined));
      if (topic) draft.topic = cleanTopic(topic);
      draft.profile = profile();
      break;
    }
    case 'submit_feedback': {
      // A span that holds every word of the message is the message, emoji and all ("👍 go
      // ahead"): only its edges' punctuation was left out.
      // A span that runs to the last word keeps what follows it ("… baseline 👍").
      // Thanks before it are part of it ("Thank you. Idea 1 is interesting, but …").
      const span = spans.feedback?.[0] ?? '';
      const at = span ? text.indexOf(span) : -1;
      const start = at > 0 && THANKS_ONLY.test(text.slice(0, at)) ? 0 : at;
      const toEnd = at >= 0 && wordsOf(text.slice(at + span.length)) === '';
      const spanWithThanks = at >= 0 ? text.slice(start, at + span.length) : span;
      const whole =
        span && wordsOf(span) === wordsOf(text)
          ? text
          : toEnd
            ? text.slice(start).trim()
            : spanWithThanks;
      let feedback = cleanFeedback(whole) || text.trim();
      if (full !== text && feedback) {
        // Cut at the read limit: the feedback runs on to the end of the message.
        const at = text.indexOf(feedback);
        feedback = full.slice(Math.max(0, at)).trim();
      }
      if (feedback) draft.feedback = feedback;
      break;
    }
    case 'chitchat':
      draft.reply = chitchatReply(text, session);
      break;
    default:
      break;
  }
  return draft;
}
