// A role the tagger cut after the word that makes it an occupation: "ER | nurse", "QA |
// engineer", "science | educator". Convention: a role is one noun phrase with the words that
// qualify the person, and a teacher's subject makes the occupation ("biology teacher").
import { isField, isFieldHead, isRoleModifier, isRoleWord } from './model/gazetteer.ts';
import { isEnglishWord } from './model/english-words.ts';
import { lexiconClass } from './model/lexicon.ts';
import { romanceAdjective, romanceWord } from './field-words.ts';
import { markSpan, runsOf } from './model/tags.ts';
import type { Token } from './model/tokens.ts';
import { TEACHING } from './settle-roles.ts';

/** An acronym of a ward, a trade or a department: "ER", "ICU", "QA", "UX", "A&E". */
const ACRONYM = /^[A-Z][A-Z&]{1,3}$/u;

/** The tags with each role taking in the acronym, or the taught field, just before it. */
export function withCompoundHead(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  for (const run of runsOf(out, 'archetype')) {
    const before = tokens[run.first - 1];
    if (!before || before.punct || out[run.first - 1] !== 0) continue;
    const head = tokens[run.last]!.lower;
    const acronym = ACRONYM.test(before.raw) && run.first === run.last;
    const taught = TEACHING.has(head) && (isField(before.lower) || isFieldHead(before.lower));
    const trade =
      run.first === run.last &&
      isRoleWord(head) &&
      isEnglishWord(head) &&
      tradeNoun(tokens, run.first - 1);
    if (acronym || taught || trade) markSpan(out, 'archetype', run.first - 1, run.last);
  }
  // A French, Spanish, Portuguese or Italian role whose complement the tagger cut before its
  // adjective takes it in ("analista de políticas | públicas").
  for (const run of runsOf(out, 'archetype')) {
    const [last, next] = [tokens[run.last]!, tokens[run.last + 1]];
    const joined = ROMANCE_OF.has(tokens[run.last - 1]?.lower ?? '');
    if (joined && romanceWord(last) && !isEnglishWord(last.lower) && out[run.last + 1] === 0) {
      // (not a participle, which starts a clause: "profe de secundaria | interesado en …")
      const participle = /(?:ad|id)[oa]s?$/u.test(next?.lower ?? '');
      if (romanceAdjective(next) && !participle)
        markSpan(out, 'archetype', run.first, run.last + 1);
    }
  }
  // One said with the adjective of its kind after it, where its clause ends or a place follows
  // ("kiné | libéral à Bordeaux", "avvocato | penalista a Napoli", "profesor | titular, …")
  for (const run of runsOf(out, 'archetype')) {
    const [head, kind, after] = [tokens[run.last]!, tokens[run.last + 1], tokens[run.last + 2]];
    if (out[run.last + 1] !== 0 || !isRoleWord(head.lower) || isEnglishWord(head.lower)) continue;
    const ends = !after || after.punct || PLACE_AFTER.has(after.lower);
    if (ends && kindOfRole(kind)) markSpan(out, 'archetype', run.first, run.last + 1);
  }
  return out;
}
/** Prepositions of a place after a role: "à Bordeaux", "a Napoli", "en Lyon", "em Braga". */
const PLACE_AFTER = new Set(['à', 'a', 'en', 'em', 'in', 'no', 'na', 'au']);

/** A Romance adjective that says what kind of role it follows; not a field, nor a participle. */
function kindOfRole(token: Token | undefined): boolean {
  if (!token || isField(token.lower) || isRoleWord(token.lower)) return false;
  // (not a participle, which opens a clause: "archéologue | spécialisée en …")
  const participle =
    /(?:ad|id|at|it)[oa]s?$/u.test(token.lower) || /(?:é|ée|és|ées)$/u.test(token.raw);
  const trade = romanceWord(token) && /(?:ista|iste|istes|istas)$/u.test(token.lower);
  return trade || (romanceAdjective(token) && !participle);
}
/** "Of" in French, Spanish, Portuguese and Italian, before a role's complement. */
const ROMANCE_OF = new Set(['de', 'di', 'do', 'da', 'des', 'del', 'du', 'dos', 'das']);

/**
 * True when the token at `i` is a plain English noun that names the trade of the role word
 * after it ("a | yoga | instructor", "startup | founder"), opening its noun phrase: after "a"
 * or "an", or first in its clause. Not a word of the lexicons, nor a word of talk.
 */
function tradeNoun(tokens: readonly Token[], i: number): boolean {
  const t = tokens[i]!;
  const before = tokens[i - 1];
  const opens = !before || before.punct || ARTICLES.has(before.lower);
  return (
    opens &&
    /^[a-z]{3,}$/u.test(t.lower) &&
    (t.raw === t.lower || !before || before.punct) &&
    isEnglishWord(t.lower) &&
    !isRoleModifier(t.lower) &&
    !isRoleWord(t.lower) &&
    !lexiconClass(t.lower) &&
    !NOT_TRADES.has(t.lower) &&
    !/(?:ous|ful|ive|ish|less|ble|ing|ed|ly|est|er)$/u.test(t.lower)
  );
}
const ARTICLES = new Set(['a', 'an']);
/** Words that open a role's phrase without naming its trade. */
const NOT_TRADES = new Set(
  (
    'the and but also just only really now still then here there this that some any new old ' +
    'good great real proud happy humble lowly mere simple full part one two first second third ' +
    'retired former future young tired busy lone solo fellow certified licensed trained ' +
    // words of other languages and labels the English list holds
    'soy sou bin als ana ora role job title position'
  ).split(' '),
);
