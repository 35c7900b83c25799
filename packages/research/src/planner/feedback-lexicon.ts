// The words and phrases feedback is read with: attribute words and their direction,
// rewrites of idioms, references by index, ordinal or deixis, negation, approval and rejection.
import { stem } from './text.ts';

export type Attribute = 'novelty' | 'feasibility' | 'rigour';

/** Novelty and feasibility pull against each other; rigour has no opposite. */
export const OPPOSITE: Partial<Record<Attribute, Attribute>> = {
  novelty: 'feasibility',
  feasibility: 'novelty',
};

/** Smallest attribute gap that counts as "more novel" / "more feasible". */
export const ATTRIBUTE_MARGIN = 0.1;

interface AttributeWord {
  attribute: Attribute;
  /** +1: the user wants more of the attribute when the word is used plainly. */
  sign: 1 | -1;
  /** A desire ("bolder") names what is wanted; a criticism ("boring") names what is wrong. */
  kind: 'desire' | 'criticism';
  /** "more risky" asks for the opposite of "risky". */
  flipOnMore?: boolean;
}

export const ATTRIBUTE_WORDS = new Map<string, AttributeWord>();
export function lexicon(list: string, word: Omit<AttributeWord, 'flipOnMore'>, flip = ''): void {
  for (const w of list.split(' ')) ATTRIBUTE_WORDS.set(w, word);
  for (const w of flip.split(' ').filter(Boolean))
    ATTRIBUTE_WORDS.set(w, { ...word, flipOnMore: true });
}
lexicon(
  'ambitious novel bold bolder creative original innovative exciting adventurous daring ' +
    'groundbreaking radical speculative riskier wilder braver interesting surprising ' +
    'unconventional provocative fresh newer ambition novelty originality',
  { attribute: 'novelty', sign: 1, kind: 'desire' },
);
lexicon(
  'simple simpler safe safer feasible practical realistic easy easier conservative modest ' +
    'tractable doable achievable straightforward grounded cheaper smaller manageable testable ' +
    'humble quicker faster feasibility practicality',
  { attribute: 'feasibility', sign: 1, kind: 'desire' },
);
lexicon('rigorous thorough careful controlled systematic rigour rigor', {
  attribute: 'rigour',
  sign: 1,
  kind: 'desire',
});
lexicon(
  'unrealistic impractical infeasible unfeasible farfetched overambitious hard difficult ' +
    'expensive costly messy convoluted unworkable overcomplicated',
  { attribute: 'feasibility', sign: 1, kind: 'criticism' },
  'risky complex complicated',
);
lexicon(
  'boring dull incremental obvious trivial bland unoriginal derivative predictable mundane ' +
    'uninspired tame',
  { attribute: 'novelty', sign: 1, kind: 'criticism' },
  'basic',
);
lexicon('sloppy superficial shallow', { attribute: 'rigour', sign: 1, kind: 'criticism' });

/** Phrases rewritten before parsing so the rules see one token per idea. */
export const REWRITES: [RegExp, string][] = [
  [/\bnot (?:bad|too bad)\b/g, 'good'],
  [/\b(?:no|without) (?:changes?|complaints?|problems?|objections?|worries|issues?)\b/g, 'ok'],
  [/\bnothing to (?:change|add)\b/g, 'ok'],
  [/\b(?:why not|of course|sounds? like a plan)\b/g, 'ok'],
  [/\b(?:i )?(?:dont|do not) mind\b/g, 'fine'],
  [/\bdo not\b/g, 'dont'],
  [/\b(?:is|are|was) not\b/g, 'isnt'],
  [/\binstead of\b/g, 'insteadof'],
  [/\brather than\b/g, 'ratherthan'],
  [/\b(?:id|i would|would|i d) rather\b/g, 'prefer'],
  [/\brather\b/g, 'prefer'],
  [/\bfar fetched\b/g, 'farfetched'],
  [/\bover (?:ambitious|complicated|engineered)\b/g, 'overambitious'],
  [/\b(?:way|far|much|a bit|a little|slightly|rather|somewhat|kind of|a tad) too\b/g, 'too'],
  [/\boverly\b/g, 'too'],
  [/\b(?:take|taking) (?:more |bigger |some )?risks?\b/g, 'riskier'],
  [/\bmore risk\b/g, 'riskier'],
  [/\bless risk\b/g, 'safer'],
  [/\bplay(?:ing)? it safe\b/g, 'safer'],
  [/\blow hanging fruit\b/g, 'easier'],
  [/\bhigh risk high reward\b/g, 'bolder'],
  [
    /\b(?:push(?:ing)? the (?:boundaries|envelope)|think(?:ing)? bigger|aim(?:ing)? higher|go(?:ing)? bigger|go big|be bolder)\b/g,
    'bolder',
  ],
];

export const INDEX_REF =
  /\b(?:option|hypothesis|hypotheses|idea|number|choice|proposal|candidate|h|hyp)\s*(\d+)\b/g;
export const ORDINALS: Record<string, number> = {
  first: 0,
  '1st': 0,
  second: 1,
  '2nd': 1,
  third: 2,
  '3rd': 2,
  fourth: 3,
  '4th': 3,
  fifth: 4,
  '5th': 4,
};
export const ORDINAL_REF =
  /\b(?:the )?(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last) (?:one|hypothesis|option|idea|choice|proposal)\b/g;
export const DEICTIC_REF =
  /\b(?:(?:this|that|the current|current|the selected|selected|the chosen|chosen|the proposed|your) (?:one|hypothesis|idea|option|choice|pick|selection|proposal)|(?:the one|what) you (?:picked|chose|selected|proposed))\b/g;

/** Words that turn a following reference negative ("not h1", "instead of h1"). */
export const PRE_NEGATIVE = new Set(
  (
    'not no dont never insteadof ratherthan than over except without drop reject skip avoid ' +
    'dislike hate against nor neither nope nah cant wont isnt ditch scrap forget remove lose'
  ).split(' '),
);
/** A comparative that makes "than X" favour X ("h1 is worse than h3"). */
export const WORSE = new Set('worse worst inferior weaker less'.split(' '));
/** Words after a reference that criticise it ("h1 is too risky"). */
export const POST_NEGATIVE = new Set(
  (
    'not too bad weak worse worst wrong meh sucks isnt doesnt dont terrible awful poor no nope ' +
    'confusing vague'
  ).split(' '),
);
/** Words that make a segment about choosing, so content words in it may name a candidate. */
export const CONTENT_CUES = new Set(
  (
    'one about prefer like love go choose pick take want favour favor instead insteadof ' +
    'ratherthan than over option idea hypothesis focus pursue better dislike hate drop not dont ' +
    'skip avoid something'
  ).split(' '),
);
/** Words never used to match a candidate by content (the vocabulary of feedback itself). */
export const NON_CONTENT = new Set(
  (
    'prefer like love choose chose pick go take use want favour favor keep select switch try ' +
    'pursue do better best good great nice please instead insteadof ratherthan idea ideas ' +
    'hypothesis hypotheses option options choice proposal candidate something thing things ' +
    'lets let think feel maybe perhaps really actually kind sort bit little lot ok okay yes ' +
    'dont isnt study approach direction topic look looks sound sounds seem seems focus work ' +
    'selected current chosen proposed pick picked go going continue proceed enough instead'
  )
    .split(' ')
    .concat([...ATTRIBUTE_WORDS.keys()])
    .map(stem),
);

export const APPROVAL_WORDS = new Set(
  (
    'ok okay k yes yep yeah yup sure fine good great perfect excellent nice awesome cool lovely ' +
    'brilliant looks look it is its this that all continue proceed go ahead on approve approved ' +
    'accept accepted lgtm carry next keep going please thanks thank you sounds sound right ' +
    'correct agreed agree move forward let us lets do with me by to i like love happy ' +
    'satisfied works work for choice pick makes sense sensible reasonable solid ship fantastic ' +
    'we can lets alright much very really so'
  ).split(' '),
);
export const REJECTION =
  /^(?:no|nope|nah|nay)\b|\b(?:dont|isnt) (?:like|love|want|think|agree|buy|work)\b|\bdislike\b|\bhate\b|\breject(?:ed)?\b|\bsomething (?:else|different)\b|\b(?:another|different|other) (?:one|idea|hypothesis|option|direction|approach|angle)\b|\btry again\b|\bredo\b|\bstart over\b|\b(?:not|isnt) (?:convinced|good|great|it|interested|keen|happy|satisfied|a fan|that|this)\b|\b(?:bad|weak|meh|wrong|terrible|awful|poor)\b/;
/** "None of these" rejects every candidate: nothing to learn about their order. */
export const ALL_REJECTED =
  /\b(?:none|neither|any) of (?:these|them|those|the)\b|\ball (?:of them )?(?:are|look|seem|sound) (?:bad|weak|boring|wrong)\b/;
