// Roles the writer imagines or hopes to hold, not holds: "if I were a physicist", "si yo
// fuera químico", "wenn ich Physiker wäre", "لو كنت دكتور"; "I want to become a data
// scientist", "quero ser cientista de dados", "vorrei diventare psicologo", "ich möchte
// Data Scientist werden", "أودّ أن أصبح عالم بيانات". Read by the role corrections
// (non-roles.ts) and the action corrections (action-overrides.ts).
import { isField, isRoleWord } from './model/gazetteer.ts';
import { lexiconClass } from './model/lexicon.ts';
import { foldedSet, type Token } from './model/tokens.ts';
import { beforeOwnName } from './name-fallback.ts';

/** Whether the folded word at `i` opens an imagined or hoped-for self. */
function opensImagined(words: readonly string[], i: number): boolean {
  const [word, before, twoBefore] = [words[i]!, words[i - 1] ?? '', words[i - 2] ?? ''];
  if (BECOMING.has(word)) return true;
  // "if I were", "si j'étais", "si fuera", "se fosse", "se fossi", "لو كنت"
  if (WERE.has(word)) return IF.has(before) || (SUBJECTS.has(before) && IF.has(twoBefore));
  // "quiero ser", "quero ser"; "want to be", "wanna be"
  if (word === 'ser') return WISHING.has(before) || WISHING.has(twoBefore);
  if (word === 'be') return before === 'wanna' || (before === 'to' && WISHING.has(twoBefore));
  return false;
}
const BECOMING = foldedSet('become becoming devenir diventare diventero أصبح أصير');
const WERE = new Set(['were', 'was', 'etais', 'fuera', 'fuese', 'fosse', 'fossi', 'كنت']);
const IF = new Set(['if', 'si', 'se', 'لو']);
const SUBJECTS = new Set(['i', "j'", 'yo', 'eu', 'io']);
const WISHING = new Set(
  'want wanna hope like love quiero quisiera gustaria quero queria gostaria sonho sueno'.split(' '),
);
/** German says the wish after the role: "… Data Scientist werden", "… Physiker wäre". */
const GERMAN_AFTER = new Set(['werden', 'ware', 'waere', 'sein']);

/** For each token, whether it lies in a clause that imagines or hopes for a self. */
export function imaginedSelf(tokens: readonly Token[]): boolean[] {
  const words = tokens.map((t) => t.lower);
  const out = tokens.map(() => false);
  words.forEach((_, i) => {
    if (opensImagined(words, i)) {
      markToClauseEnd(tokens, out, i);
    } else if (GERMAN_AFTER.has(words[i]!) && words.slice(0, i).some((w) => GERMAN_WISH.has(w))) {
      for (let j = i; j >= 0 && !tokens[j]!.punct; j--) out[j] = true;
    }
  });
  return out;
}
const GERMAN_WISH = new Set(['wenn', 'mochte', 'will', 'wurde', 'werde', 'irgendwann']);

/**
 * True when a message imagines or hopes for a self and says nothing else of the writer:
 * no field, role or level outside that clause, and no name introduced ("Quero ser cientista
 * de dados um dia, mas por enquanto sou só curioso" is small talk; "…, de momento estudio
 * estadística. Soy Valentina." is not).
 */
export function onlyImagines(
  tokens: readonly Token[],
  imagined: readonly boolean[] = imaginedSelf(tokens),
): boolean {
  if (!imagined.includes(true)) return false;
  return !tokens.some((t, i) => {
    if (imagined[i] || t.punct) return false;
    const next = tokens[i + 1]?.raw ?? '';
    const named = beforeOwnName(t.lower) && /^[\p{Lu}\p{Script=Arabic}]/u.test(next);
    return named || isField(t.lower) || isRoleWord(t.lower) || lexiconClass(t.lower) !== undefined;
  });
}

/**
 * For each token, whether its clause tells of a field the writer hopes or plans to go into
 * ("hoping to get into corpus linguistics eventually", "i'm going to start my PhD in
 * neuroscience in September", "J'espère faire un doc en écologie du feu", "Quero fazer
 * doutorado em ciência do solo depois"): not one the writer is in yet.
 */
export function hopedFor(tokens: readonly Token[]): boolean[] {
  const words = tokens.map((t) => t.lower);
  const out = tokens.map(() => false);
  words.forEach((word, i) => {
    const next = words.slice(i + 1, i + 3).join(' ');
    const opens =
      HOPING.has(word) ||
      // "planning to …", not "urban planning"
      (word === 'planning' && /^(?:to|on)\b/.test(next)) ||
      (GOING.has(word) && /^to (?:start|begin|do|apply|study)\b/.test(next)) ||
      // "thinking of going into data science", "I might switch to epidemiology next year"
      (word === 'thinking' &&
        /^(?:of|about) (?:going|switching|moving|getting|doing)\b/.test(next)) ||
      (MAYBE.has(word) && /^(?:switch|move|go|pivot|change)\b/.test(next)) ||
      (PLANS.has(word) && /^(?:fazer|hacer|fare|faire) /.test(`${next} `));
    if (!opens) return;
    // to the clause's end, or to a new subject ("… next fall | so I guess my field is …")
    for (let j = i; j < tokens.length && !tokens[j]!.punct; j++) {
      if (j > i && TURNS.has(words[j]!) && SELF_OPENERS.has(words[j + 1] ?? '')) break;
      out[j] = true;
    }
  });
  return out;
}
/** Words that join a new clause, and what opens one about the writer ("so I", "but my"). */
const TURNS = foldedSet('so but and mais pero mas aber ma');
const SELF_OPENERS = foldedSet("i i'm im my je j' mon ma yo mi eu meu minha ich mein meine io mio");
const HOPING = foldedSet('hoping hope hopes espero espere spero hoffe');
const GOING = new Set(['going', 'gonna']);
const MAYBE = new Set(['might', 'may', 'could']);
/** "I want to do" in the other languages, before a degree ("quero fazer doutorado em …"). */
const PLANS = foldedSet('quero quiero voglio vorrei veux voudrais');

/** Marks `out` from token `i` to the end of its clause (the next punctuation). */
function markToClauseEnd(tokens: readonly Token[], out: boolean[], i: number): void {
  for (let j = i; j < tokens.length && !tokens[j]!.punct; j++) out[j] = true;
}
