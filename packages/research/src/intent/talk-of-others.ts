// Messages, and clauses, that only tell how someone else is ("my advisor is super strict
// about baselines, it drives me nuts"): small talk, whose level words are not the writer's;
// likewise clauses that tell how a past run was.
// Read by the action corrections (action-overrides.ts) and the level reading
// (profile-levels.ts).
import type { Token } from './model/tokens.ts';

/**
 * True when a message only tells how someone else is ("my advisor is super strict
 * about baselines, it drives me nuts"; "mon directeur de thèse est hyper exigeant"; "المشرف
 * تبعي كتير صارم") and neither asks for anything nor says who the writer is: small talk,
 * whatever level words it holds.
 */
export function talksOfOthers(tokens: readonly Token[]): boolean {
  const words = tokens.map((t) => t.lower);
  return words.some((_, i) => namesOther(words, i)) && !words.some((w) => ASKS_OR_SELF.has(w));
}

/** True when the folded word at `i` is someone else the writer knows ("my advisor"). */
function namesOther(words: readonly string[], i: number): boolean {
  return (
    OTHERS.has(words[i]!) &&
    (POSSESSIVES.has(words[i - 1] ?? '') ||
      POSSESSIVES.has(words[i - 2] ?? '') ||
      ARABIC_POSSESSIVES.has(words[i + 1] ?? ''))
  );
}

/**
 * For each token, whether its clause (between punctuation) tells of someone else and asks
 * nothing: "a gentle touch please, | my advisor is harsh enough" — its levels are not the
 * writer's.
 */
export function clausesOfOthers(tokens: readonly Token[]): boolean[] {
  return clausesWhere(tokens, talksOfOthers);
}

/**
 * For each token, whether its clause tells how a past run was and asks nothing: "a bit more
 * gentle?, | last run was brutal", "play it safer, | those ideas were way out there" — the
 * complaint is why the writer asks, its level words are not what they ask for.
 */
export function clausesOfThePast(tokens: readonly Token[]): boolean[] {
  return clausesWhere(tokens, (clause) => {
    const words = clause.map((t) => t.lower);
    return words.some((w) => PAST.has(w)) && !words.some((w) => ASKS_OR_SELF.has(w));
  });
}

/** Tokens of the clauses (between punctuation) for which `holds` is true. */
function clausesWhere(tokens: readonly Token[], holds: (clause: Token[]) => boolean): boolean[] {
  const out = tokens.map(() => false);
  for (let start = 0; start < tokens.length;) {
    let end = start;
    while (end < tokens.length && !tokens[end]!.punct) end++;
    if (holds(tokens.slice(start, end))) out.fill(true, start, end);
    start = end + 1;
  }
  return out;
}
/** Verbs that tell how something was. */
const PAST = new Set(
  'was were felt seemed got fue fueron estaba estaban fut etait etaient كان كانت كانوا'.split(' '),
);
/** People the writer may talk about. */
const OTHERS = new Set(
  (
    'advisor adviser supervisor boss colleague colleagues coworker pi professor prof mentor ' +
    'directeur directrice encadrant encadrante collegue chef director directora asesor ' +
    'asesora tutor tutora jefe jefa colega المشرف مشرف الدكتور الدكتورة مديري زميلي استاذي'
  ).split(' '),
);
const POSSESSIVES = new Set(['my', 'mon', 'ma', 'mes', 'mi', 'mis', 'our', 'notre', 'nuestro']);
/** Arabic dialect possessives written after the noun: "المشرف تبعي", "الدكتور بتاعي". */
const ARABIC_POSSESSIVES = new Set(['تبعي', 'بتاعي', 'حقي', 'ديالي', 'تاعي']);
/** Words that ask for a setting, not about it. */
export const ASKING_FOR = new Set(
  (
    'want please pls set make be prefer rather veux voudrais sois soyez quiero pon sea ' +
    'seas بدي ابي أبي عايز اريد أريد خلي خليك كن'
  ).split(' '),
);
/** Words that ask the app for something or say who the writer is. */
const ASKS_OR_SELF = new Set([
  ...ASKING_FOR,
  ...(
    "i'm im am je suis soy انا أنا wants like use change cambia mets prefere prefiero " +
    'quisiera se افضل أفضل'
  ).split(' '),
]);
