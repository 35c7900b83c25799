// English word classes the end-of-turn features are built on. Only closed classes (and the
// fillers and numbers of speech) are listed: they decide most cut points, and a listed class
// carries over to words the training sentences never ended on.

/** Word class of a token; 'x' for open-class words (nouns, verbs, adjectives, names). */
export type WordClass =
  | 'det'
  | 'poss'
  | 'prep'
  | 'to'
  | 'conj'
  | 'aux'
  | 'subj'
  | 'obj'
  | 'her'
  | 'that'
  | 'wh'
  | 'pronaux'
  | 'neg'
  | 'intens'
  | 'filler'
  | 'disc'
  | 'polite'
  | 'num'
  | 'x';

const CLASSES: Record<Exclude<WordClass, 'x'>, string> = {
  det: 'the a an this these those some any every each no another all both either neither few several much many such',
  poss: 'my your his its our their whose',
  prep: 'for in on at of with from by about into onto over under after before between through during without near across behind beside toward towards around until till via per than like within against upon past since along beyond',
  to: 'to',
  conj: 'and or but so because if when while although though unless whether then nor plus cause cuz',
  aux: 'is are was were am be been being do does did have has had will would can could should shall may might must gonna wanna gotta need',
  subj: 'i you he she we they it there',
  obj: 'me him us them',
  her: 'her',
  that: 'that',
  wh: 'what where when who why how which whom',
  pronaux:
    "i'm it's what's that's there's here's who's where's how's when's let's i'd you'd he'd she'd we'd they'd i'll you'll he'll she'll we'll they'll it'll you're we're they're i've you've we've they've he's she's",
  neg: "not don't doesn't didn't can't couldn't won't wouldn't shouldn't isn't aren't wasn't weren't haven't hasn't hadn't never",
  intens: 'very really too quite pretty more most less least just even also only',
  filler: 'um uh er erm ah eh hmm mm uhm umm uhh hm',
  disc: 'okay ok well yeah yes no sure alright right oh hey hi hello actually basically anyway anyways',
  polite: 'please thanks',
  num: 'zero oh one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million half quarter point',
};

const LEXICON = new Map<string, WordClass>();
for (const [cls, words] of Object.entries(CLASSES) as [WordClass, string][]) {
  // First class listed wins ("no" is a determiner before "disc"; "oh" a filler-like digit).
  for (const word of words.split(' ')) if (!LEXICON.has(word)) LEXICON.set(word, cls);
}

/** The class of one word (lower case, as normalised). */
export function wordClass(word: string): WordClass {
  return LEXICON.get(word) ?? 'x';
}

/** True for hesitation sounds; "so" and "like" are not here since they also carry meaning. */
export function isFiller(word: string): boolean {
  return LEXICON.get(word) === 'filler';
}
