// Scores the shipped end-of-turn model on the held-out transcripts (never trained on):
// accuracy, precision and recall of "finished", per kind, and the time of one decision.
// Run with `npm run eval:end-of-turn` (add `--errors` to list the misses).

import { fileURLToPath } from 'node:url';
import { EndOfTurnModel } from '../end-of-turn.ts';
import { normalizeTranscript } from '../normalize.ts';
import { buildDataset, loadHeldout, type Example } from './build-dataset.ts';

export interface Scores {
  n: number;
  accuracy: number;
  precision: number;
  recall: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

/** Accuracy, and precision and recall of "finished", at a threshold of 0.5. */
export function score(examples: readonly Example[], predict: (text: string) => number): Scores {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let correct = 0;
  for (const e of examples) {
    const said = predict(e.text) >= 0.5;
    if (said === e.finished) correct++;
    if (said && e.finished) tp++;
    if (said && !e.finished) fp++;
    if (!said && e.finished) fn++;
  }
  return {
    n: examples.length,
    accuracy: correct / Math.max(1, examples.length),
    precision: tp / Math.max(1, tp + fp),
    recall: tp / Math.max(1, tp + fn),
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;

function row(name: string, s: Scores): string {
  return `| ${name} | ${s.n} | ${pct(s.accuracy)} | ${pct(s.precision)} | ${pct(s.recall)} | ${s.falsePositives} | ${s.falseNegatives} |`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const loadStarted = performance.now();
  const model = EndOfTurnModel.load();
  const loadMs = performance.now() - loadStarted;
  const setName = process.argv.includes('--dev') ? 'dev' : 'held-out';
  const heldout = loadHeldout(setName === 'dev' ? 'dev.jsonl' : 'heldout.jsonl');
  const predict = (text: string): number => model.probabilityFinished(text);

  // Short prefixes ("can you", "what's the") occur in both sets by nature; score the rest apart.
  const trained = new Set(buildDataset().examples.map((e) => e.text));
  const unseen = heldout.filter((e) => !trained.has(normalizeTranscript(e.text).join(' ')));

  console.log(
    '| set | transcripts | accuracy | precision (finished) | recall (finished) | false "finished" | false "not finished" |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|');
  console.log(row(`${setName}, all`, score(heldout, predict)));
  console.log(row(`${setName}, text not in the training set`, score(unseen, predict)));
  for (const kind of [...new Set(heldout.map((e) => e.kind))]) {
    console.log(
      row(
        `  ${kind}`,
        score(
          heldout.filter((e) => e.kind === kind),
          predict,
        ),
      ),
    );
  }

  // Latency of one decision as the session makes it: normalise, featurise, score.
  const times: number[] = [];
  for (let round = 0; round < 30; round++) {
    for (const e of heldout) {
      const t = performance.now();
      predict(e.text);
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    `\nlatency per decision over ${times.length} decisions (one thread): ` +
      `p50 ${(percentile(times, 50) * 1000).toFixed(1)} µs, p99 ${(percentile(times, 99) * 1000).toFixed(1)} µs, ` +
      `max ${(times[times.length - 1]! * 1000).toFixed(0)} µs; model load ${loadMs.toFixed(1)} ms`,
  );

  if (process.argv.includes('--errors')) {
    console.log('\nmisses (p = probability finished):');
    for (const e of heldout) {
      const p = predict(e.text);
      if (p >= 0.5 !== e.finished) {
        console.log(
          `  ${e.finished ? 'finished    ' : 'not finished'} p=${p.toFixed(2)} [${e.kind}] ${e.text}`,
        );
      }
    }
  }
}
