// Exact corrections of the tagger's field (domain) spans, read off the development set's and
// cross-validation's misses: a field in two tagged pieces ("psychology | of | music"), a
// field that changed ("my field was economics, now it's public finance"), an article before
// the field ("the history and philosophy of science").
import { slotOf, TAGS } from './model/tags.ts';
import type { Token } from './model/tokens.ts';

const B = TAGS.indexOf('B-domain');
const I = TAGS.indexOf('I-domain');

/** Words that join two pieces of one field. */
const JOINS = new Set(['of', 'and', '&']);
/** Words that say the field that follows is the current one. */
const NOW = new Set(['now', 'nowadays', 'currently', 'today', 'lately']);
const ARTICLES = new Set(['the', 'a', 'an']);

interface Run {
  first: number;
  last: number;
}

function domainRuns(tags: readonly number[]): Run[] {
  const runs: Run[] = [];
  tags.forEach((tag, i) => {
    if (slotOf(tag) !== 'domain') return;
    const open = runs.at(-1);
    if (tag === I && open?.last === i - 1) open.last = i;
    else runs.push({ first: i, last: i });
  });
  return runs;
}

/** The tags with the domain spans settled as above; other slots are untouched. */
export function settleDomains(tokens: readonly Token[], tags: readonly number[]): number[] {
  const out = [...tags];
  let runs = domainRuns(out);
  // Two pieces one joining word apart are one field.
  for (let r = runs.length - 1; r > 0; r--) {
    const [a, b] = [runs[r - 1]!, runs[r]!];
    if (b.first === a.last + 2 && JOINS.has(tokens[a.last + 1]!.lower)) {
      out[a.last + 1] = I;
      out[b.first] = I;
    }
  }
  runs = domainRuns(out);
  // A later field after "now" or "these days" is the one that holds.
  const words = tokens.map((t) => t.lower);
  for (let r = runs.length - 1; r > 0; r--) {
    const between = words.slice(runs[0]!.last + 1, runs[r]!.first);
    const shifted = between.some(
      (w, i) => NOW.has(w) || (w === 'these' && between[i + 1] === 'days'),
    );
    if (!shifted) continue;
    for (const earlier of runs.slice(0, r)) out.fill(0, earlier.first, earlier.last + 1);
    break;
  }
  // An article is not part of the field.
  for (const run of domainRuns(out)) {
    if (run.last > run.first && ARTICLES.has(words[run.first]!)) {
      out[run.first] = 0;
      out[run.first + 1] = B;
    }
  }
  return out;
}
