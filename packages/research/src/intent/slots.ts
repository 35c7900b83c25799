// Slots the local router captures: names as user ids, topics, and "FIELD is VALUE" profile pairs.
import type { ProfileField, ProfilePatch } from './schema.ts';
import { textOffset, type Message } from './message.ts';

/**
 * Trims quotes, brackets and trailing punctuation from a captured slot; a bracket the slot
 * opens and closes stays ("… in Argentina (2003-2023)").
 */
export function cleanSlot(text: string): string {
  let out = text.replace(/\s+/g, ' ').trim();
  const count = (s: string, c: string) => s.split(c).length - 1;
  for (let previous = ''; previous !== out;) {
    previous = out;
    out = out
      .replace(/^["'“”‘’«»`[]+|["'“”‘’«»`\]]+$/g, '')
      .replace(/[\s.,;:!?…،]+$/u, '')
      .trim();
    if (out.startsWith('(') && count(out, '(') > count(out, ')')) out = out.slice(1).trim();
    if (out.endsWith(')') && count(out, ')') > count(out, '(')) out = out.slice(0, -1).trim();
  }
  return out;
}

/**
 * What may follow a topic without being part of it: a deadline or a courtesy ("… by friday
 * please", "… before Monday", "… if you can"), or the "by" of a deadline whose day the tagger
 * left out (no topic ends on it).
 */
const TOPIC_TAIL = new RegExp(
  String.raw`(?:[\s,;—–-]+(?:(?:by|before|until)(?:\s+(?:(?:this|next|the\s+end\s+of(?:\s+the)?)\s+)?` +
    String.raw`(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|today|` +
    String.raw`week|month|weekend|deadline))?|if\s+(?:you\s+can|you\s+could|possible)|asap|please|pls|` +
    String.raw`plz|thanks|thank\s+you|thx|this\s+time|for\s+a\s+change|stp|svp|s'il\s+(?:te|vous)\s+pla[iî]t|` +
    String.raw`merci|porfa|por\s+favor|gracias|من\s+فضلك|لو\s+سمحت))+$`,
  'iu',
);

/**
 * A deadline in another language, or said as a clause of its own after the topic: "para el
 * lunes", "pour la fin du mois", "entro venerdì se possibile", "bis Freitag", "قبل الخميس", "…,
 * ideally before the ministry meeting", "…, no deadline really".
 */
const DEADLINE = new RegExp(
  String.raw`(?:[\s,;—–-]+(?:` +
    String.raw`(?:para|antes\s+del?|hasta\s+el)\s+(?:el\s+)?(?:lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo|ma[ñn]ana|fin\s+de\s+mes)|` +
    String.raw`(?:pour|avant|d['’]ici)\s+(?:la\s+fin\s+du\s+mois|la\s+fin\s+de\s+la\s+semaine|demain|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|la\s+semaine\s+prochaine)|` +
    String.raw`(?:entro|prima\s+di)\s+(?:luned[iì]|marted[iì]|mercoled[iì]|gioved[iì]|venerd[iì]|sabato|domenica|domani|fine\s+mese|la\s+settimana\s+prossima)|` +
    String.raw`(?:at[ée]|antes\s+de)\s+(?:segunda|ter[çc]a|quarta|quinta|sexta|s[áa]bado|domingo|amanh[ãa])(?:-feira)?|` +
    String.raw`(?:bis|vor)\s+(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|morgen|ende\s+des\s+monats|n[äa]chste\s+woche)|` +
    String.raw`(?:[وف]?(?:ياليت|يا\s+ريت)\s+(?:تكون|يكون)\s+جاهز[ةه]?\s+)?قبل\s+(?:يوم\s+)?(?:الأحد|الاحد|الاثنين|الإثنين|الثلاثاء|الأربعاء|الاربعاء|الخميس|الجمعة|السبت|بكرة|بكره|غدا|غداً)|` +
    String.raw`se\s+possibile|si\s+(?:es\s+)?posible|se\s+poss[íi]vel|si\s+possible|wenn\s+m[öo]glich|plis|` +
    String.raw`(?:ideally|preferably|hopefully)\s+(?:before|by|within)\s+.+|no\s+(?:deadline|rush)(?:\s+really)?` +
    String.raw`)[\s.!]*)+$`,
  'iu',
);

/**
 * What may open a span read as a topic without being part of it: a label ("topic: …") or the
 * verb of the request ("examining rent control", "a deep dive on …", "un artículo sobre …",
 * "j'aimerais que tu étudies …"), or "about" and "whether" in Spanish, French, Italian and
 * Arabic ("sull'impatto …", "فيما إذا كان"). Not "studying" or "exploring", which also begin
 * topics ("studying habits of bees").
 */
const TOPIC_HEAD =
  /^(?:(?:research\s+)?topic\s*:\s*|(?:the\s+)?(?:topic|subject|question)\s+of\s+|(?:whether|if|sobre|sur|acerca\s+de|(?:[àa]\s+)?propos\s+de|sul|sullo|sulla|sui|sugli|sulle|عن|حول)\s+|sull['’]|(?:(?:(?:في)?ما\s+)?إذا\s+)?(?:كان|كانت)\s+(?=\S+\s+\S)|(?:aimerais|voudrais)\s+que\s+tu\s+(?:[ée]tudies|analyses|explores|examines)\s+|(?:[àa]\s+)?propos\s+d['’]|(?:(?:an?|un|une|el|la)\s+)?(?:paper|article|art[ií]culo|estudio|[ée]tude|informe)\s+(?:on|about|sobre|sur)\s+|(?:(?:uno|una|un)\s+)?(?:studio|ricerca|articolo)\s+su(?:l|lla|llo|i|gli|lle)?\s+|(?:(?:etwas|was)\s+)(?:zu|zum|zur|über)\s+|(?:examining|investigating|researching|looking\s+(?:at|into)|(?:a\s+)?deep[\s-]+dive\s+(?:on|into)|[ée]tudier|analyser|explorer|examiner|estudiar|analizar|explorar|investigar|examinar)\s+(?=\S+\s+\S))/iu;

/**
 * Where a topic ends when a second statement follows it: a new sentence after "?" or "!", or
 * a clause about the user after a comma or a dash ("…, my field is marine biology", "… — I'm a
 * sociologist", "…، أنا في مجال …"), or the Arabic "my field" ("… فتخصصي هو …").
 */
const TOPIC_END =
  /(?:[?!؟]+\s+\S|\s*[,;—–،]\s*(?:my\s+(?:field|background|area|domain|discipline)\b|I['’]m\s+an?\b|I\s+am\s+an?\b|I\s+(?:work|study|research)\b|[وف]?(?:أنا|انا)\s)|\s+-\s+(?:my\s+(?:field|background)\b|I['’]m\s+an?\b)|\s+[وف]?(?:تخصصي|مجالي)(?:\s|$)).*$/isu;

/**
 * A word no topic ends on: the tagger stopped one word short of the rest ("soil erosion for")
 * or went one too far ("a paper on X would be great").
 */
const DANGLING = /\s+(?:for|in|of|on|about|with|to|and|or|the|a|an|instead|would|could|should)$/iu;

export function cleanTopic(text: string): string {
  let out = cleanSlot(text).replace(TOPIC_END, '');
  out = cleanSlot(out).replace(TOPIC_HEAD, '');
  for (let previous = ''; previous !== out;) {
    previous = out;
    out = out.replace(TOPIC_TAIL, '').replace(DEADLINE, '');
  }
  for (let previous = ''; previous !== out;) {
    previous = out;
    out = cleanSlot(out).replace(DANGLING, '');
  }
  return out;
}

/**
 * A preamble that announces feedback is not part of it: "here's my feedback: …", "my two
 * cents — …", "quick thought - …", "reviewer hat on: …".
 */
const FEEDBACK_PREAMBLE =
  /^[^:—–]{0,40}?\b(?:(?:feedback|thoughts?|notes?|comments?)(?:\s+(?:for|on|about|regarding|re)\s+[^:—–]{1,30}?)?|cents|hat on|suggestions?|points?|things?|remarks?|take)\s*(?::|—|–|\s-\s)\s*/iu;

export function cleanFeedback(text: string): string {
  const rest = text.replace(FEEDBACK_PREAMBLE, '');
  // Only when something of substance follows ("notes: none" is kept whole).
  return rest !== text && /\S+\s+\S+/u.test(rest) ? cleanSlot(rest) : cleanSlot(text);
}

/** Words that follow "I'm" without being a name ("I'm done", "I'm new here"). */
const NOT_NAMES = new Set(
  (
    'a an the me you it that this there here so very just also still going gonna alright well ' +
    'done ready back fine good great ok okay sure sorry confused lost new not interested ' +
    'working looking trying curious happy glad finished stuck bored tired busy excited ' +
    'thinking wondering satisfied unsure certain afraid in on at from with to all no yes ' +
    'always really pretty quite too now human bot alone right wrong correct late early cool ' +
    'nice awesome perfect hi hello hey thanks user users admin nobody someone somebody ' +
    'anyone everyone sceptical skeptical impressed disappointed serious kidding joking honest ' +
    'worried concerned unconvinced convinced aware listening waiting ' +
    'help status progress start run skills memories planner feedback continue profile'
  ).split(' '),
);

/** A user id from a captured name: lower-case letters, digits, `.`, `_`, `-`. */
export function toUserId(text: string): string | null {
  const id = cleanSlot(text).replace(/^@/, '').toLowerCase();
  if (!/^[a-z0-9][a-z0-9._-]{0,63}$/.test(id) || NOT_NAMES.has(id)) return null;
  return id;
}

const PROFILE_FIELD_NAMES: [string, ProfileField][] = [
  ['risk preferences', 'risk_preference'],
  ['risk preference', 'risk_preference'],
  ['risk appetite', 'risk_preference'],
  ['risk tolerance', 'risk_preference'],
  ['risk level', 'risk_preference'],
  ['appetite for risk', 'risk_preference'],
  ['tolerance for risk', 'risk_preference'],
  ['risk', 'risk_preference'],
  ['baseline strictness', 'baseline_strictness'],
  ['strictness about baselines', 'baseline_strictness'],
  ['strictness level', 'baseline_strictness'],
  ['strictness', 'baseline_strictness'],
  ['persona brief', 'persona_brief'],
  ['persona', 'persona_brief'],
  ['bio', 'persona_brief'],
  ['about me', 'persona_brief'],
  ['archetype', 'archetype'],
  ['researcher type', 'archetype'],
  ['research style', 'archetype'],
  ['role', 'archetype'],
  ['research domain', 'domain'],
  ['research field', 'domain'],
  ['research area', 'domain'],
  ['area of research', 'domain'],
  ['field of study', 'domain'],
  ['field of research', 'domain'],
  ['domain', 'domain'],
  ['field', 'domain'],
  ['discipline', 'domain'],
  ['subject', 'domain'],
];
export const FIELD = `(?:${PROFILE_FIELD_NAMES.map(([name]) => name).join('|')})`;
const fieldByName = new Map(PROFILE_FIELD_NAMES);

/** Values read as words rather than free text: stored lower-case. */
const ENUM_LIKE: ReadonlySet<ProfileField> = new Set(['risk_preference', 'baseline_strictness']);

const FIELD_LEAD = `(?:(?:set|change|update|make|put|switch|edit|modify)(?: up)? )?(?:(?:my|the|our) )?`;
const FIELD_CONNECTOR = /^(?: ?(?:'s|to|as|is|are|=|:|-|should be|would be|will be|be)(?= |$))*/;
const NEXT_FIELD = new RegExp(
  ` (?:,|;|and|also|plus)(?: (?:,|and|also))*(?: (?:set|change|update|make|put))?(?: (?:my|the))? (${FIELD})\\b`,
  'dg',
);

/**
 * Reads "FIELD (is|to|:) VALUE" pairs starting at `from` in `message.s`, where a field
 * starts (optionally after "set my"); later fields follow a separator (", and my risk …").
 */
export function readProfile(
  message: Message,
  from: number,
): { patch: ProfilePatch; slot?: [number, number] } {
  const patch: ProfilePatch = {};
  const first = new RegExp(`^${FIELD_LEAD}(${FIELD})\\b`, 'd').exec(message.s.slice(from));
  if (!first?.indices?.[1]) return { patch };
  const starts: { name: string; nameEnd: number; leadStart: number }[] = [
    { name: first[1]!, nameEnd: from + first.indices[1][1], leadStart: from },
  ];
  NEXT_FIELD.lastIndex = starts[0]!.nameEnd;
  for (let next = NEXT_FIELD.exec(message.s); next; next = NEXT_FIELD.exec(message.s)) {
    starts.push({ name: next[1]!, nameEnd: next.indices![1]![1], leadStart: next.index });
  }
  let slot: [number, number] | undefined;
  starts.forEach((field, i) => {
    const end = starts[i + 1]?.leadStart ?? message.s.length;
    const after = message.s.slice(field.nameEnd, end);
    let valueStart = field.nameEnd + (FIELD_CONNECTOR.exec(after)?.[0].length ?? 0);
    while (message.s[valueStart] === ' ') valueStart++;
    if (valueStart >= end) return;
    const start = textOffset(message, valueStart, 'start');
    const stop = textOffset(message, end, 'end');
    const key = fieldByName.get(field.name);
    let value = cleanSlot(message.text.slice(start, stop));
    if (!key || !value) return;
    if (ENUM_LIKE.has(key)) value = value.toLowerCase();
    patch[key] = value;
    slot = [slot?.[0] ?? start, stop];
  });
  return { patch, slot };
}
