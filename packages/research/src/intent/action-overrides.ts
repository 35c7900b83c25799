// Exact corrections of the classifier's action, where the words say more than its guess: a
// level said to an action that takes none is a profile update ("Soyez impitoyable avec mes
// articles"); someone who says they are back is signing in, not signing up ("c'est encore
// moi, Yannick").
import { levelMarks, readLevels } from './model/lexicon.ts';
import type { Token } from './model/tokens.ts';
import { wordClasses } from './model/word-classes.ts';
import type { IntentAction } from './schema.ts';

/**
 * The word classes that speak for each action a level word cannot belong to: "switch to the
 * strict profile" still switches, "thanks, harsh but fair" is still thanks.
 */
const OWN_CLASSES: Partial<Record<IntentAction, readonly string[]>> = {
  select_user: ['switching', 'account', 'naming'],
  train_planner: ['training'],
  list_users: ['account', 'people'],
  list_skills: ['skill'],
  list_memories: ['memory'],
  chitchat: ['greet', 'thanks', 'bye', 'praise'],
  help: ['helping', 'asking'],
};

/**
 * True when a message routed to an action that takes no level states a risk or strictness
 * level and no word of that action's own outside the level's idiom ("pick holes").
 */
export function setsLevelInstead(tokens: readonly Token[], action: IntentAction): boolean {
  const own = OWN_CLASSES[action];
  if (!own) return false;
  // a question about the app stays one ("is strict review slower?")
  if (action === 'help' && tokens.some((t) => t.raw === '?')) return false;

  const words = tokens.map((t) => t.lower);
  const marks = levelMarks(words);
  const levels = readLevels(
    words,
    words.map(() => false),
    marks,
  );
  if (Object.keys(levels).length === 0) return false;
  return !tokens.some((t, i) => !marks[i] && wordClasses(t.lower).some((c) => own.includes(c)));
}

/** Words that say the writer has been here before. */
const RETURNING = new Set(
  (
    'again back returning already existing encore reviens revoila nuevo otra vuelta regrese ' +
    'regresé reconnecte connecte مجددا مجدداً ثانية'
  ).split(' '),
);
/** Words that say the writer is new, or asks for an account to be made. */
const NEW = new Set(
  (
    'new first signup sign-up register registering registration create make nueva nouveau ' +
    'nouvelle premiere première primera crear créer inscrire inscription registrarme جديد'
  ).split(' '),
);

/**
 * True when a message taken for a sign-up says its writer is back and nothing new ("I'm
 * back, Rose here", "Hola de nuevo, soy Joaquín", "it's Faith, returning").
 */
export function returnsInstead(tokens: readonly Token[], action: IntentAction): boolean {
  if (action !== 'create_user') return false;
  const words = tokens.map((t) => t.lower);
  // "de nuevo" is back; "nuevo" alone is new
  const back = words.some((w, i) => RETURNING.has(w) && (w !== 'nuevo' || words[i - 1] === 'de'));
  const fresh = words.some((w, i) => NEW.has(w) && !(w === 'nuevo' && words[i - 1] === 'de'));
  return back && !fresh && !words.includes('up');
}
