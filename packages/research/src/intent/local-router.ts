// The old rule router. The service routes with the learned model (learned-router.ts); these
// rules are kept as the baseline that scripts/eval-intent.ts measures the model against.
import { completeIntent, HELP_TEXT, isApproval, nextStepHint } from './replies.ts';
import type { IntentDraft } from './replies.ts';
import type { Intent, IntentRequest, IntentSession } from './schema.ts';
import { captured, fuzzyPenalty, parse, type Message } from './message.ts';
import { cleanSlot, cleanTopic, FIELD, readProfile, toUserId } from './slots.ts';

/** The local router's answer: the intent and how sure the rules are (0 to 1). */
export interface LocalRoute {
  intent: Intent;
  confidence: number;
}

/** Routes a chat message with rules and fuzzy keyword matching; no model involved. */
export function routeLocally(request: IntentRequest): LocalRoute {
  const message = parse(request.text);
  const session = request.session;
  const awaiting = session.run_status === 'awaiting_feedback';

  let best: Candidate | null = null;
  for (const rule of RULES) {
    const found = rule(message, session);
    if (!found) continue;
    const confidence = Math.max(0, found.confidence - fuzzyPenalty(message, found.slot));
    // Strictly greater: on a tie the earlier (more specific) rule wins.
    if (!best || confidence > best.confidence) best = { ...found, confidence };
  }

  // While a run waits for feedback, anything that is not clearly another command is feedback.
  if (awaiting && (!best || best.confidence < FEEDBACK_OVERRIDE)) {
    const feedback = request.text.trim();
    best = feedback
      ? { draft: { action: 'submit_feedback', feedback }, confidence: 0.85 }
      : { draft: { action: 'chitchat', reply: nextStepHint(session) }, confidence: 0.5 };
  }

  if (!best) {
    best = {
      draft: { action: 'help', reply: `Sorry, I didn't catch that. ${HELP_TEXT}` },
      confidence: 0.2,
    };
  }
  return { intent: completeIntent(best.draft, session), confidence: round(best.confidence) };
}

/** Below this, a candidate loses to "it's feedback" while a run awaits feedback. */
const FEEDBACK_OVERRIDE = 0.8;

interface Candidate {
  draft: IntentDraft;
  confidence: number;
  /** The slot's span in `Message.text`, so misspellings inside it do not lower confidence. */
  slot?: [number, number];
}

type Rule = (message: Message, session: IntentSession) => Candidate | null;

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

// ---------------------------------------------------------------------------------------
// Rules: each looks at the message and may propose one candidate.

/** A rule from a pattern over `message.s`; `build` turns the match into a candidate. */
function pattern(
  re: RegExp,
  build: (match: RegExpExecArray, message: Message, session: IntentSession) => Candidate | null,
): Rule {
  const withIndices = new RegExp(re.source, re.flags.includes('d') ? re.flags : `${re.flags}d`);
  return (message, session) => {
    const match = withIndices.exec(message.s);
    return match ? build(match, message, session) : null;
  };
}

/** A rule that matches whole phrases of `message.plain` (the message without punctuation). */
function phrase(re: RegExp, build: (session: IntentSession) => Candidate | null): Rule {
  return (message, session) => (re.test(message.plain) ? build(session) : null);
}

/** A keyword anywhere in a short message: a weak hint, lower confidence. */
function keyword(re: RegExp, maxWords: number, candidate: Candidate): Rule {
  return (message) =>
    re.test(message.s) && message.core.filter((t) => !t.punct).length <= maxWords
      ? candidate
      : null;
}

const LIST = `(?:(?:list|show|display|get|see|view|give|tell|print|fetch|check|what are|which are|what's in|what is in|what's|what is)(?: me| us)?(?: all| every| each)?(?: of)? )?`;

const RUN_NOUN = `(?:research run|research project|research paper|research study|run|project|study|investigation|experiment|paper|research|report|article|manuscript)`;
const TOPIC_LEAD = `(?: (?:on|about|into|for|regarding|concerning|around|of|exploring|investigating|studying|examining|titled|called|named|on the topic of|about the topic of|with (?:the )?topic|looking at|to study|to investigate|to explore|to test|to see|to find out|to look into))?(?: [:-])?`;

function startRun(confidence: number, looseInFeedback = false): Parameters<typeof pattern>[1] {
  return (match, message, session) => {
    const slot = captured(message, match, 1);
    const topic = slot ? cleanTopic(slot.text) : '';
    // While a run awaits feedback, "investigate X instead" is advice, not a new run.
    const c = looseInFeedback && session.run_status === 'awaiting_feedback' ? 0.5 : confidence;
    return {
      draft: { action: 'start_run', topic },
      confidence: topic ? c : c - 0.1,
      slot: slot?.span,
    };
  };
}

function userRule(
  action: 'create_user' | 'select_user',
  confidence: number,
): Parameters<typeof pattern>[1] {
  return (match, message) => {
    const slot = captured(message, match, 1);
    const id = slot ? toUserId(slot.text) : null;
    return id ? { draft: { action, user_id: id }, confidence, slot: slot?.span } : null;
  };
}

/** "I'm alice": a new user when nobody is signed in, otherwise a switch. */
const introduction: Parameters<typeof pattern>[1] = (match, message, session) => {
  const slot = captured(message, match, 1);
  const id = slot ? toUserId(slot.text) : null;
  if (!id) return null;
  const action = session.user_id ? 'select_user' : 'create_user';
  // "I'm <word>" is often not a name at all ("I'm sceptical"): less sure once someone is
  // signed in, and below the feedback override while a run waits for feedback.
  const confidence =
    session.run_status === 'awaiting_feedback' ? 0.75 : session.user_id ? 0.8 : 0.9;
  return { draft: { action, user_id: id }, confidence, slot: slot?.span };
};

function simple(draft: IntentDraft, confidence: number): Parameters<typeof pattern>[1] {
  return () => ({ draft, confidence });
}

const profileRule: Rule = (message, session) => {
  const lead =
    /^(?:(set|change|update|make|put|switch|edit|modify)(?: up)? )?(?:(my|our|the) )?/.exec(
      message.s,
    );
  // "my domain is …" / "set the field to …" are clear; a bare "the field …" may be chatter,
  // so it needs an explicit "is" / ":" / "=".
  const clear = Boolean(lead?.[1] || lead?.[2] === 'my' || lead?.[2] === 'our');
  const bare = new RegExp(`^(?:the )?${FIELD}(?:('s| is| are)|( [:=-])) `).exec(message.s);
  if (!clear && !bare) return null;
  const { patch, slot } = readProfile(message, 0);
  if (Object.keys(patch).length === 0) return null;
  // "domain: ecology" reads like a command; "the field is moving fast" may well not be.
  const confidence = clear
    ? 0.95
    : session.run_status === 'awaiting_feedback'
      ? 0.6
      : bare?.[2]
        ? 0.8
        : 0.65;
  return { draft: { action: 'update_profile', profile: patch }, confidence, slot };
};

const profileCommandRule: Rule = (message) => {
  const match =
    /^(?:update|edit|change|set|modify|fill in|complete|create|set up)(?: up)?(?: my| the)? profile(?: (?::|-|,|with|so that|so))?(?: |$)/.exec(
      message.s,
    );
  if (!match) return null;
  const { patch, slot } = readProfile(message, match[0].length);
  return { draft: { action: 'update_profile', profile: patch }, confidence: 0.9, slot };
};

/** "I work on ecology", "I study X": the domain. */
const workRule = pattern(
  /^(?:i (?:work|do research|specialise|specialize|am working|am researching)|i'm (?:working|researching)|my (?:work|research) is) (?:in|on|about|within) (.+)$|^i study (.+)$/,
  (match, message) => {
    const slot = captured(message, match, match[1] !== undefined ? 1 : 2);
    const domain = slot ? cleanSlot(slot.text) : '';
    return domain
      ? {
          draft: { action: 'update_profile', profile: { domain } },
          confidence: 0.85,
          slot: slot?.span,
        }
      : null;
  },
);

/** "I prefer low risk". */
const riskRule = pattern(
  /^i(?: would|'d)? (?:prefer|like|want|go for|favour|favor) ((?:very |quite |fairly )?(?:low|high|medium|moderate|minimal|some|more|less|little))[ -]risk\b/,
  (match, message) => {
    const slot = captured(message, match, 1);
    return slot
      ? {
          draft: {
            action: 'update_profile',
            profile: { risk_preference: cleanSlot(slot.text).toLowerCase() },
          },
          confidence: 0.85,
          slot: slot.span,
        }
      : null;
  },
);

const feedbackRule = pattern(
  /^(?:(?:my|here's my|here is my|some|the|more) )?(?:feedback|comments?|notes?)(?: (?:is|are|for you|on (?:this|that|it|the \S+)))?(?: [:-])? (.+)$/,
  (match, message, session) => {
    const slot = captured(message, match, 1);
    const feedback = slot ? cleanSlot(slot.text) : '';
    if (!feedback) return null;
    // "comment: …" is only feedback when there is something to comment on.
    const explicit = /^(?:(?:my|here's my|here is my|some|the|more) )?feedback/.test(message.s);
    if (!explicit && session.run_status !== 'awaiting_feedback') return null;
    return { draft: { action: 'submit_feedback', feedback }, confidence: 0.95, slot: slot?.span };
  },
);

const approvalRule: Rule = (message, session) => {
  const words = message.core
    .filter((t) => !t.punct)
    .map((t) => t.norm)
    .join(' ');
  if (!isApproval(words)) return null;
  const feedback = message.text.trim();
  if (session.run_status === 'awaiting_feedback') {
    return { draft: { action: 'submit_feedback', feedback }, confidence: 0.95 };
  }
  // "ok" outside a pause is small talk; "continue" still means the run.
  if (
    /^(?:continue|go on|go ahead|proceed|carry on|keep going|next|lgtm|approve|approved)$/.test(
      words,
    )
  ) {
    return { draft: { action: 'submit_feedback', feedback }, confidence: 0.85 };
  }
  return {
    draft: { action: 'chitchat', reply: `Okay! ${nextStepHint(session)}` },
    confidence: 0.85,
  };
};

const bareNameRule: Rule = (message, session) => {
  if (session.user_id || message.core.length !== 1) return null;
  const token = message.core[0]!;
  if (token.corrected || !/^[a-z][a-z0-9._-]*$/.test(token.norm)) return null;
  const id = toUserId(token.raw);
  // Could be a name, could be anything: below the threshold, so a model may overrule it.
  return id ? { draft: { action: 'create_user', user_id: id }, confidence: 0.55 } : null;
};

const RULES: Rule[] = [
  // help
  pattern(
    /^(?:help|\?|help me|what can you do|what do you do|what can i (?:do|say|ask)(?: here)?|how does (?:this|it) work|how do i (?:use (?:this|you|it)|start|begin|get started)|(?:list |show )?commands|menu|options|usage|instructions|i need help|i'm lost|i'm confused|what now|what next|what should i do(?: next| now)?|where do i start)$/,
    simple({ action: 'help' }, 0.95),
  ),
  keyword(/\bhelp\b/, 12, { draft: { action: 'help' }, confidence: 0.7 }),

  // list_users
  pattern(
    new RegExp(
      `^${LIST}(?:the |our )?(?:existing |known |registered |available |current |other )?users(?: (?:are there|exist|do you (?:have|know)|you know|registered|here))?$|^(?:who's|who(?: else)? (?:is|are)|which users|what users|how many users)\\b.*$`,
    ),
    (_match, message) =>
      /\busers?\b|\bwho\b.*\b(?:registered|signed up|using|here|else)\b/.test(message.s)
        ? { draft: { action: 'list_users' }, confidence: 0.95 }
        : null,
  ),
  keyword(/\busers\b/, 8, { draft: { action: 'list_users' }, confidence: 0.7 }),

  // list_skills
  pattern(
    new RegExp(
      `^${LIST}(?:my |the |your |our )?(?:learned |learnt |stored |saved |current )?(?:skills|skill bank|skillbank)(?: (?:i have|you have|i've got|you've learned|you learned|so far|learned|learnt|do i have|have i (?:got|learned|learnt)|have you (?:learned|learnt)|are there|did you learn))*$|^what(?: have| did) (?:i|you|we) (?:learn|learned|learnt)(?: so far)?$|^(?:what|which) skills\\b.*$`,
    ),
    simple({ action: 'list_skills' }, 0.95),
  ),
  keyword(/\bskills?\b/, 8, { draft: { action: 'list_skills' }, confidence: 0.7 }),

  // list_memories
  pattern(
    new RegExp(
      `^${LIST}(?:my |the |your |our )?(?:stored |saved )?(?:memories|memory|memory bank|memory module)(?: (?:i have|you have|so far|do you have|have you (?:got|stored|saved|kept)|are there))*$|^what (?:do|did) you remember\\b.*$|^what have you (?:remembered|stored|saved|memorised|memorized)\\b.*$|^(?:what|which) memories\\b.*$`,
    ),
    simple({ action: 'list_memories' }, 0.95),
  ),
  keyword(/\b(?:memor(?:y|ies)|remember)\b/, 8, {
    draft: { action: 'list_memories' },
    confidence: 0.7,
  }),

  // train_planner
  pattern(
    /^(?:re)?train(?: up)?(?: the| my| your)? (?:planner|planning model|local model|model|preference model)\b.*$|^(?:fine-tune|finetune|fine tune|update|improve|teach|tune)(?: the| my| your)? (?:planner|planning model)\b.*$|^(?:learn|train) (?:from|on) (?:my|the|our) (?:feedback|preferences)\b.*$/,
    simple({ action: 'train_planner' }, 0.95),
  ),
  pattern(/^(?:re)?train$/, simple({ action: 'train_planner' }, 0.8)),
  keyword(
    /\bplanner\b.*\b(?:train|retrain|tune|update|learn)|\b(?:train|retrain|tune|update)\b.*\bplanner\b/,
    12,
    {
      draft: { action: 'train_planner' },
      confidence: 0.85,
    },
  ),

  // status
  pattern(
    /^(?:(?:run |current )?status|progress|(?:what's|what is) the (?:status|progress|latest|state)(?: (?:of|on) (?:the|my|this) (?:run|research|paper|project))?|how(?:'s| is) (?:the|my|this) (?:run|research|paper|project|work)(?: (?:going|doing|coming along|progressing))?|where are (?:we|things)(?: at)?|where's my (?:run|paper)|what stage (?:are we|is it|is the run|is my run)(?: (?:at|in|on))?|(?:what's|what is) (?:happening|going on)|(?:is|are) (?:it|the run|my run|the paper|we) (?:done|finished|ready|complete)(?: yet)?|any (?:news|updates?|progress)|(?:show|check|get|give|tell)(?: me)?(?: the)? (?:status|progress)(?: (?:of|on) (?:the|my) run)?|(?:check|show|report) (?:on )?(?:the|my) run|status (?:of|on) (?:the|my) run|update)$/,
    simple({ action: 'status' }, 0.95),
  ),
  keyword(/\b(?:status|progress)\b/, 10, { draft: { action: 'status' }, confidence: 0.75 }),
  phrase(/^(?:how's it going|how is it going|how are things(?: going)?)$/, (session) =>
    session.run_id && (session.run_status === 'running' || session.run_status === 'pending')
      ? { draft: { action: 'status' }, confidence: 0.92 }
      : null,
  ),

  // create_user / select_user
  pattern(
    /^(?:create|make|add|register|set up|setup|open|start)(?: me)?(?: a| an)?(?: new)? (?:user|account)(?: (?:called|named|for|as|with the name|with name|with id|with the id|id|name|[:=-]))? (\S+)$/,
    userRule('create_user', 0.95),
  ),
  pattern(/^new (?:user|account)(?: (?:called|named|[:-]))? (\S+)$/, userRule('create_user', 0.95)),
  pattern(
    /^(?:sign me up|register me|sign up|enrol me|enroll me)(?: as)? (\S+)$/,
    userRule('create_user', 0.9),
  ),
  pattern(/^register (\S+)$/, userRule('create_user', 0.85)),
  pattern(
    /^(?:(?:create|make|add|register|set up|setup)(?: me)?(?: a| an)?(?: new)? (?:user|account)|new (?:user|account)|sign me up|sign up|register me)$/,
    simple({ action: 'create_user' }, 0.85),
  ),
  pattern(
    /^(?:i'm|i am|my name is|my name's|name's|the name's|call me|i go by)(?: user)? (\S+)$/,
    introduction,
  ),
  pattern(
    /^.* [,.;!-] (?:i'm|i am|my name is|my name's|call me)(?: user)? (\S+)$/,
    (match, message, session) => {
      const found = introduction(match, message, session);
      return found ? { ...found, confidence: found.confidence - 0.05 } : null;
    },
  ),
  pattern(/^(\S+) here$/, (match, message, session) =>
    session.user_id ? null : userRule('create_user', 0.8)(match, message, session),
  ),
  bareNameRule,
  pattern(
    /^(?:switch|change|swap|go|move)(?: over| back)?(?: the)?(?: (?:user|account|profile) (?:to|into)| (?:to|into) (?:user|account|profile)) (\S+)$/,
    userRule('select_user', 0.95),
  ),
  // Without the word "user", "switch to X" could be advice about the research.
  pattern(/^(?:switch|change|swap|go)(?: over| back)? to (\S+)$/, userRule('select_user', 0.78)),
  pattern(
    /^(?:select|use|choose|pick|load|open|activate)(?: the)? (?:user|account|profile)(?: [:-])? (\S+)$/,
    userRule('select_user', 0.95),
  ),
  pattern(
    /^(?:select|use|choose|pick|load|open)(?: the)? (\S+?)'s (?:profile|account)$/,
    userRule('select_user', 0.9),
  ),
  pattern(
    /^(?:log ?in|login|sign in|signin|log me in|sign me in|log on|logon)(?: as)?(?: user)? (\S+)$/,
    userRule('select_user', 0.95),
  ),
  pattern(
    /^(?:act as|continue as|become|i'm back as|back as)(?: user)? (\S+)$/,
    userRule('select_user', 0.8),
  ),
  pattern(
    /^(?:(?:switch|change|swap)(?: the)? (?:user|users|account|accounts)|log ?in|login|sign in)$/,
    simple({ action: 'select_user' }, 0.85),
  ),

  // update_profile
  profileRule,
  profileCommandRule,
  workRule,
  riskRule,

  // start_run
  pattern(
    new RegExp(
      `^(?:start|begin|launch|kick off|kickoff|kick-off|kick|run|do|create|open|make|spin up|fire off|fire up|set up|setup|initiate|trigger|new|get|give me|produce|generate|write|draft|prepare|compose)(?: me| us)?(?: off)?(?: up)?(?: a| an| the| another| one more| some)?(?: new| fresh| quick| short| full)?(?: research)? ${RUN_NOUN}${TOPIC_LEAD}(?: (.+))?$`,
    ),
    startRun(0.95),
  ),
  pattern(
    new RegExp(
      `^(?:i want|i'd like|i would like|i need|how about)(?: a| an| another)?(?: new)?(?: research)? ${RUN_NOUN}${TOPIC_LEAD} (.+)$`,
    ),
    startRun(0.9),
  ),
  pattern(
    /^(?:research|investigate|explore|study|examine|look into|dig into|delve into|find out|figure out|probe)(?: (?:on|about|into))?(?: [:-])? (.+)$/,
    startRun(0.9, true),
  ),
  pattern(/^(?:write|draft) (?:about|on)(?: [:-])? (.+)$/, startRun(0.85, true)),
  pattern(/^(?:research|investigate)$/, startRun(0.7, true)),
  pattern(
    /^(?:a )?(?:research )?(?:paper|run|study) (?:on|about|into|regarding)(?: [:-])? (.+)$/,
    startRun(0.9, true),
  ),
  pattern(/^(?:new |research |run )?topic(?: [:=-]| is)? (.+)$/, startRun(0.9)),

  // submit_feedback
  feedbackRule,
  approvalRule,
  pattern(
    /^(?:(?:i have |here's |here is )?(?:some )?feedback|give feedback|send feedback|leave feedback)$/,
    (_match, _message, session) => ({
      draft: {
        action: 'chitchat',
        reply:
          session.run_status === 'awaiting_feedback'
            ? 'Go ahead — tell me what you think, or just say "continue".'
            : "There's no run waiting for feedback right now; I'll ask when one pauses.",
      },
      confidence: 0.85,
    }),
  ),

  // chitchat
  phrase(
    /^(?:(?:hi|hello|hey|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening|day)|morning|evening)(?: there| again| everyone| all| friend| bot| assistant)?)(?: (?:hi|hello|hey))*$/,
    (session) => ({
      draft: { action: 'chitchat', reply: `Hello! ${nextStepHint(session)}` },
      confidence: 0.95,
    }),
  ),
  phrase(
    /^(?:ok |okay |great |)(?:thanks|thank you|thanks a lot|thanks so much|thank you so much|thank you very much|thanks a bunch|many thanks|much appreciated|cheers|ty|appreciate it|thanks again)(?: so much| a lot)?$/,
    (session) => ({
      draft: {
        action: 'chitchat',
        reply:
          session.run_status === 'awaiting_feedback'
            ? `You're welcome! ${nextStepHint(session)}`
            : "You're welcome! Let me know if there's anything else.",
      },
      confidence: 0.95,
    }),
  ),
  phrase(
    /^(?:bye|goodbye|bye bye|see you|see ya|see you later|later|good night|cya|that's all|that is all|i'm done for today)$/,
    () => ({
      draft: {
        action: 'chitchat',
        reply: 'Goodbye! Your profile and runs will be here when you come back.',
      },
      confidence: 0.95,
    }),
  ),
  phrase(
    /^(?:how are you|how are you doing|how're you|how's it going|how is it going|how are things|what's up|sup|how do you do)(?: today)?$/,
    (session) => ({
      draft: {
        action: 'chitchat',
        reply: `I'm doing well, thanks for asking! ${nextStepHint(session)}`,
      },
      confidence: 0.9,
    }),
  ),
  phrase(
    /^(?:who are you|what are you|are you a bot|are you human|are you an ai|what's your name|what is your name)$/,
    (session) => ({
      draft: {
        action: 'chitchat',
        reply: `I'm your research assistant: I turn a topic into a research paper, pausing for your feedback along the way. ${nextStepHint(session)}`,
      },
      confidence: 0.9,
    }),
  ),
  phrase(
    /^(?:ok|okay|k|cool|nice|awesome|yep|yeah|sure|alright|lol|haha|wow|hmm|interesting|good job|nice work|well done|you're great|you rock)$/,
    (session) =>
      session.run_status === 'awaiting_feedback'
        ? null
        : {
            draft: { action: 'chitchat', reply: `Okay! ${nextStepHint(session)}` },
            confidence: 0.85,
          },
  ),
];
