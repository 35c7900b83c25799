// English sentiment words, written for this service (conversational and customer-service
// vocabulary), not taken from a published lexicon. Weights: ±3 strong, ±2 clear, ±1 mild.
import { weighted, type Valence } from './lexicon-types.ts';

/** English word → valence; inflected forms are listed where they are common. */
export const EN_LEXICON: ReadonlyMap<string, Valence> = new Map<string, Valence>([
  ...weighted(
    3,
    `excellent amazing amazed awesome fantastic wonderful outstanding superb brilliant perfect
     perfectly incredible incredibly marvelous marvellous magnificent phenomenal exceptional
     terrific spectacular flawless delighted delightful thrilled ecstatic overjoyed love loved
     loves loving adore adored adores best stellar remarkable extraordinary sublime fabulous
     gorgeous splendid stunning breathtaking masterpiece lifesaver heavenly`,
  ),
  ...weighted(
    2,
    `good great nice happy happily glad pleased satisfied satisfying helpful useful lovely
     beautiful beautifully pleasant enjoy enjoyed enjoying enjoys enjoyable fun thanks thank
     thankful thankfully grateful gratitude appreciate appreciated appreciates appreciation
     impressive impressed reliable friendly kind kindly polite courteous professional efficient
     effective smooth smoothly easy easily convenient comfortable clean excited exciting
     cheerful joy joyful proud success successful succeeded win winning won valuable beneficial
     favorite favourite liked charming elegant generous caring supportive patient accurate
     solid sweet wow yay hooray bravo congrats congratulations pleasure relieved glorious
     fortunate fortunately lucky luckily nicely wonderfully genius helpfully attentive
     knowledgeable responsive trustworthy honest smart
     clever neat tidy fresh delicious tasty cozy cosy welcoming heartwarming inspiring
     inspired motivated confident brave hilarious funny cute adorable handsome pretty
     peaceful relaxing relaxed refreshing rewarding secure`,
  ),
  ...weighted(
    1.5,
    `better improved improvement improving resolved solved likes quick quickly fast speedy
     prompt promptly helped cool hope hopeful hopefully upgrade upgraded worthwhile
     affordable reasonable intuitive handy`,
  ),
  ...weighted(
    1,
    `fine decent correct calm safe interesting welcome approve approved agreed fixed
     works fair clear accepted ready stable simple`,
  ),
  ...weighted(0.5, `ok okay alright sure acceptable`),
  ...weighted(
    -3,
    `terrible terribly horrible horribly awful awfully worst hate hated hates hating disgusting
     disgusted furious outrageous pathetic horrendous atrocious abysmal appalling dreadful
     nightmare disaster disastrous scam scammed fraud fraudulent garbage trash miserable
     devastated livid despise despised loathe unbearable sucks sucked`,
  ),
  ...weighted(
    -2.5,
    `useless unacceptable rubbish incompetent hopeless stupid idiot idiots liar cheated
     ripoff worthless shameful disgrace`,
  ),
  ...weighted(
    -2,
    `bad badly poor poorly broken problem problems error errors fail failed fails failing
     failure faulty wrong rude annoying annoyed annoyance annoy angry upset sad sadly unhappy
     disappointed disappointing disappointment frustrated frustrating frustration worse crash
     crashed crashes crashing buggy dirty ugly boring hurt hurts pain painful damaged mess
     unfair unhelpful careless waste wasted helpless dumb nonsense unreliable unsafe dangerous
     lied regret regretted mad overpriced awkward gross nasty lousy mediocre inferior
     defective disrespectful ignored insulted offended offensive hostile cruel upsetting
     tragic tragedy depressed depressing lonely heartbroken ashamed embarrassed embarrassing
     stressful stressed anxious nervous ridiculous absurd shocking shocked complaint
     complaints`,
  ),
  ...weighted(
    -1.5,
    `slow slowly confused confusing worried worry worrying afraid scared fear unfortunately
     complain complained complaining bug bugs stuck lost delay delayed delays exhausted sick
     damage mistake mistakes incorrect lazy hassle inconvenient inconvenience unstable lie
     bored tedious messy glitch glitches laggy lag freezes froze frozen unclear noisy rough
     doubt doubtful suspicious`,
  ),
  ...weighted(
    -1,
    `issue issues complicated difficult late expensive tired missing lose losing weird strange
     odd unlucky unfortunate impatient dislike disliked dislikes cancelled
     canceled declined denied rejected`,
  ),
  ...weighted(-0.5, `sorry apologies unsure`),
  // Neutral alone, a complaint when negated ("it's not working", "didn't help").
  ...weighted([0, -2], `work working worked function functioning help`),
  ...weighted([0.5, -2], `worth`),
  ...weighted([2, -2.5], `recommend recommended`),
  ...weighted([0, -1], `care cares`),
]);

/** Words that flip the sentiment of the next three words; any "n't" form counts too. */
export const EN_NEGATORS: ReadonlySet<string> = new Set(
  `not no never none nobody nothing neither nor cannot without hardly barely scarcely
   dont doesnt didnt isnt arent wasnt werent cant couldnt wont wouldnt shouldnt havent
   hasnt hadnt aint`.split(/\s+/),
);

/** Degree words: multiply the next sentiment word (or dampen it, below 1). */
export const EN_INTENSIFIERS: ReadonlyMap<string, number> = new Map([
  ['very', 1.5],
  ['really', 1.4],
  ['so', 1.4],
  ['extremely', 1.8],
  ['super', 1.5],
  ['totally', 1.5],
  ['absolutely', 1.6],
  ['completely', 1.5],
  ['truly', 1.4],
  ['incredibly', 1.7],
  ['highly', 1.5],
  ['too', 1.3],
  ['quite', 1.2],
  ['pretty', 1.2],
  ['most', 1.3],
  ['such', 1.3],
  ['deeply', 1.5],
  ['seriously', 1.4],
  ['slightly', 0.5],
  ['somewhat', 0.6],
  ['bit', 0.6],
  ['little', 0.6],
  ['fairly', 0.8],
  ['kinda', 0.6],
]);

/** Contrast words: the clause after them outweighs the clause before. */
export const EN_CONTRAST: ReadonlySet<string> = new Set(['but', 'however', 'although', 'though']);

/** Fixed phrases matched before single words, with their valence. */
export const EN_PHRASES: readonly (readonly [string, number])[] = [
  ['no thanks', 0],
  ['no thank you', 0],
  ['thank you', 2],
  ['thanks a lot', 2.5],
  ['well done', 2.5],
  ['top notch', 3],
  ['over the moon', 3],
  ['fed up', -2],
  ['let down', -2],
  ['rip off', -2.5],
  ['waste of time', -2.5],
  ['could be better', -1],
  ['not bad at all', 1.5],
  ['never mind', 0],
  ['no worries', 1],
  ['no problem', 1],
];

/** Multi-word degree phrases, like EN_INTENSIFIERS. */
export const EN_DEGREE_PHRASES: readonly (readonly [string, number])[] = [
  ['kind of', 0.6],
  ['sort of', 0.6],
  ['a bit', 0.6],
  ['a little', 0.6],
  ['a lot', 1.3],
];
