// What a paused run shows for feedback (its ideas, plan, draft and their parts), and a
// message that points at one: "idea 2", "number 3", "the plan", "la deuxième idée". Read by
// the action corrections (action-overrides.ts, later-settings.ts).

/** A run's items, as the tokens fold them. */
const RUN_ITEMS = new Set(
  (
    'idea ideas plan draft section intro introduction abstract conclusion number option ' +
    'idee idees brouillon borrador ideen entwurf bozza ideia ideias rascunho فكرة الفكرة ' +
    'الافكار الخطة المسودة'
  ).split(' '),
);
/**
 * Words that point at one thing: "the", "this", "cette", "esta", "diese", "questa", "essa"
 * (not the Portuguese "a" and "o", which English writes too).
 */
const POINTING = new Set(
  (
    'the this these that those cette ces ce cet la le les esta estas este estos las el ' +
    'diese dieser dieses die der das questa queste questo il essa essas esse'
  ).split(' '),
);
const ORDINALS = new Set(
  (
    'first second third fourth fifth last 1st 2nd 3rd 4th 5th premiere deuxieme troisieme ' +
    'derniere primera segunda tercera ultima erste zweite dritte letzte prima seconda terza ' +
    'primeira terceira'
  ).split(' '),
);
const numbered = (word = '') => /^(?:#?\d+|[ivx]+)$/u.test(word);

/** True when a run item is said with its number or its rank ("idea 2", "the second idea"). */
export function numbersRunItem(words: readonly string[]): boolean {
  return words.some(
    (w, i) =>
      RUN_ITEMS.has(w) &&
      (numbered(words[i + 1]) ||
        ORDINALS.has(words[i - 1] ?? '') ||
        ORDINALS.has(words[i + 1] ?? '')),
  );
}

/** True when a run item is pointed at: numbered, ranked, or with "the", "this" and the like. */
export function pointsAtRun(words: readonly string[]): boolean {
  return (
    numbersRunItem(words) ||
    words.some((w, i) => RUN_ITEMS.has(w) && POINTING.has(words[i - 1] ?? ''))
  );
}
