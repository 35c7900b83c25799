// Messages that mean nothing to the app, for "outlier exposure" (Hendrycks et al., 2019,
// "Deep anomaly detection with outlier exposure"): the classifier is trained to give them a
// flat distribution over the actions, so that what a message has in common with every other
// (its session, its length, a few function words) stops passing for evidence and nonsense
// gets a low probability and a clarifying question. Random English words the model has no
// use for, strung together with common function words; seeded.
import { readFileSync } from 'node:fs';
import { seededRandom } from '@hikma/llm';
import wordListPath from 'word-list';
import type { SessionName } from './dataset.ts';

export interface Outlier {
  text: string;
  session: SessionName;
}

const FUNCTION_WORDS = (
  'the a an my your his her our their this that these those is was are were be it its ' +
  "it's of on in at to with and or but for from by very so not some all there"
).split(' ');

/**
 * `count` outliers: one to six random words of the word list for which `useful` is false,
 * with a function word before some of them, in a random session.
 */
export function outliers(
  count: number,
  seed: number,
  useful: (word: string) => boolean,
): Outlier[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const words = readFileSync(wordListPath, 'utf8')
    .split('\n')
    .filter((w) => w.length >= 3 && w.length <= 10 && !useful(w));
  // Not while a run waits for feedback (or runs), where any text is feedback to pass on.
  const sessions: SessionName[] = ['anon', 'new', 'ready', 'done'];
  const out: Outlier[] = [];
  for (let n = 0; n < count; n++) {
    const length = 1 + Math.floor(random() * 6);
    const parts: string[] = [];
    for (let k = 0; k < length; k++) {
      if (k > 0 && random() < 0.5) parts.push(pick(FUNCTION_WORDS));
      parts.push(pick(words));
    }
    out.push({ text: parts.join(' '), session: pick(sessions) });
  }
  return out;
}
