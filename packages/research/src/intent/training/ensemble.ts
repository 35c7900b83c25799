// One model from several trained on the same data with different seeds: each weight table
// averaged feature by feature (a feature a run pruned counts as zero there), with the biases
// and the tagger's transitions. Each run of the averaged perceptron settles differently on
// words it saw rarely; the average keeps what the runs agree on, and read phrasings none of
// them saw better than a single run does, on every development and test set.
import type { ClassifierJSON } from '../model/classifier.ts';
import { decodeTable, encodeTable, type EncodedTable } from '../model/codec.ts';
import { IntentModel } from '../model/intent-model.ts';
import type { LevelReaderJSON } from '../model/level-reader.ts';

function averageTables(tables: readonly EncodedTable[]): EncodedTable {
  const decoded = tables.map(decodeTable);
  const width = decoded[0]!.width;
  const rows = new Map<number, Float64Array>();
  for (const table of decoded) {
    table.keys.forEach((key, i) => {
      let row = rows.get(key);
      if (!row) rows.set(key, (row = new Float64Array(width)));
      for (let c = 0; c < width; c++) row[c]! += table.weights[i * width + c]! / decoded.length;
    });
  }
  const keys = Uint32Array.from([...rows.keys()].sort((a, b) => a - b));
  const weights = new Float32Array(keys.length * width);
  keys.forEach((key, i) => weights.set(rows.get(key)!, i * width));
  return encodeTable({ keys, weights, width });
}

const mean = (vectors: readonly (readonly number[])[]) =>
  vectors[0]!.map((_, i) => vectors.reduce((sum, v) => sum + v[i]!, 0) / vectors.length);

/** The first classifier's temperature is kept: it is the one fitted by cross-validation. */
function averageClassifiers(classifiers: readonly ClassifierJSON[]): ClassifierJSON {
  return {
    classes: classifiers[0]!.classes,
    temperature: classifiers[0]!.temperature,
    bias: mean(classifiers.map((c) => c.bias)),
    table: averageTables(classifiers.map((c) => c.table)),
  };
}

/** The average of models trained on the same data and features; the first names the data. */
export function averageModels(models: readonly IntentModel[]): IntentModel {
  const runs = models.map((m) => m.toJSON());
  if (runs.length === 1) return models[0]!;
  const levels = Object.fromEntries(
    Object.keys(runs[0]!.levels).map((slot) => [
      slot,
      averageClassifiers(
        runs.map((r) => (r.levels as LevelReaderJSON)[slot as keyof LevelReaderJSON]),
      ),
    ]),
  );
  return IntentModel.fromJSON({
    ...runs[0]!,
    classifier: averageClassifiers(runs.map((r) => r.classifier as ClassifierJSON)),
    tagger: {
      tags: runs[0]!.tagger.tags,
      transitions: mean(runs.map((r) => r.tagger.transitions)).map(
        (v) => Math.round(v * 1e4) / 1e4,
      ),
      table: averageTables(runs.map((r) => r.tagger.table as EncodedTable)),
    },
    levels,
  });
}
