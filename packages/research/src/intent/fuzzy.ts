/**
 * Optimal-string-alignment (restricted Damerau-Levenshtein) distance: insertions, deletions,
 * substitutions and swaps of neighbours each cost 1, so "strat" is one edit from "start".
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // Three rolling rows: the swap case looks two rows back.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, before[j - 2]! + 1);
      }
      current[j] = best;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/**
 * The edit distance of `a` and `b` (as `editDistance` counts it) when it is at most `limit`,
 * else `limit + 1`. Only the diagonal band `limit` wide can hold such a path, and a row whose
 * cells all exceed the limit ends the search: every unknown word of a long message is held
 * against dozens of known ones, and most differ at once.
 */
export function editDistanceWithin(a: string, b: string, limit: number): number {
  const over = limit + 1;
  if (Math.abs(a.length - b.length) > limit) return over;
  if (a === b) return 0;
  const width = b.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(3 * width * 2);
  let before = 0;
  let previous = width;
  let current = 2 * width;
  for (let j = 0; j < width; j++) rows[previous + j] = j <= limit ? j : over;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    rows[current] = i <= limit ? i : over;
    if (from > 1) rows[current + from - 1] = over;
    let rowBest = rows[current]!;
    for (let j = from; j <= to; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        rows[previous + j]! + 1,
        rows[current + j - 1]! + 1,
        rows[previous + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[before + j - 2]! + 1);
      }
      best = Math.min(best, over);
      rows[current + j] = best;
      if (best < rowBest) rowBest = best;
    }
    if (to < b.length) rows[current + to + 1] = over;
    if (rowBest > limit) return over;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(rows[previous + b.length]!, over);
}

let rows = new Int32Array(96);

/**
 * The candidate nearest `word` within `limit` edits, or null; of candidates as near, the
 * earlier (callers order them by how often they are meant).
 */
export function closestWord(
  word: string,
  candidates: Iterable<string>,
  limit: number,
): string | null {
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const distance = editDistanceWithin(word, candidate, bestDistance - 1);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** Command words a misspelt token may be corrected to. Short words are left out on purpose. */
export const COMMAND_WORDS: readonly string[] = [
  'start',
  'begin',
  'launch',
  'research',
  'investigate',
  'explore',
  'study',
  'examine',
  'write',
  'draft',
  'paper',
  'project',
  'list',
  'show',
  'display',
  'skill',
  'skills',
  'memory',
  'memories',
  'remember',
  'user',
  'users',
  'switch',
  'select',
  'change',
  'create',
  'register',
  'account',
  'profile',
  'domain',
  'field',
  'archetype',
  'risk',
  'preference',
  'strictness',
  'baseline',
  'persona',
  'discipline',
  'update',
  'status',
  'progress',
  'train',
  'retrain',
  'planner',
  'model',
  'help',
  'commands',
  'feedback',
  'continue',
  'proceed',
  'hello',
  'thanks',
  'thank',
  'goodbye',
  'please',
  'could',
  'would',
];

/**
 * Everyday words that sit one or two edits from a command word ("last" / "list",
 * "brain" / "train"); they are never "corrected".
 */
const PROTECTED = new Set(
  (
    'last lost least lust mist best test rest just must past fast list lists listed listing ' +
    'brain brains rain rains grain strain stain state states stats statue stated planet planets ' +
    'plan plans plane planned planning planners still will kill sill fill till hill mill pill ' +
    'uses used user users usher sure more mode modes models modal hell held hold shell show shows ' +
    'showed shown snow slow flow star stars stark smart start starts started starting starter ' +
    'switched witch stitch which selected selection settle sets feed feeds need needs trail trait ' +
    'trial trials trains trained training trainer tail remain main domains profiles proof prove ' +
    'skilled skillful person persons reason season fields yield filed fired risky risks rise disk ' +
    'write writes writer writing written wrote white route rite papers piper upper caper taper ' +
    'pager paler begins began begun being bring lunch launched launches topic memo memos member ' +
    'members remembered studies studied studying student students researched researcher ' +
    'researchers researching explored explorer exploring examined examining investigated ' +
    'projects projected drafts drafted helped helping helpful helps creates created creating ' +
    'changed changes changing updated updates updating registered accounts statuses continued ' +
    'continues proceeds proceeded thank thanks thanked could would should cold hold world word ' +
    'worlds words mould modern think thinks thing things thick cloud clouds chance chances ' +
    'charge protect protects amount retain retains certain manner planter scanner banner ' +
    'personal personally comment comments example examples steady sturdy pleased'
  ).split(' '),
);

/** How many edits a token of this length may be from the word it is corrected to. */
function allowedEdits(length: number): number {
  if (length < 4) return 0;
  return length <= 5 ? 1 : 2;
}

/**
 * The command word `token` most likely is a misspelling of, or null when it is fine as
 * written (known, protected, too short, has digits) or close to nothing.
 */
export function correctToken(
  token: string,
  vocabulary: readonly string[] = COMMAND_WORDS,
): string | null {
  const limit = allowedEdits(token.length);
  if (limit === 0 || /[^a-z]/.test(token) || PROTECTED.has(token) || vocabulary.includes(token)) {
    return null;
  }
  // Ties keep the earlier word; the vocabulary is ordered by how often commands use it.
  return closestWord(token, vocabulary, limit);
}
