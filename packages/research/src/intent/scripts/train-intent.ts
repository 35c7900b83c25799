// Trains the intent model on dataset/train.jsonl and writes model/intent-model.json.
// Usage: npx tsx packages/research/src/intent/scripts/train-intent.ts [--out <path>]
// (or `npm run train:intent` from the repository root).
import { writeFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { SHIPPED_MODEL_PATH } from '../model/intent-model.ts';
import { trainShippedModel } from '../training/train.ts';

const outAt = process.argv.indexOf('--out');
const out = outAt > 0 ? process.argv[outAt + 1]! : SHIPPED_MODEL_PATH;
const { model, report } = trainShippedModel();
// Written as the repository's Prettier writes JSON, so `prettier --check` stays clean.
const config = await prettier.resolveConfig(SHIPPED_MODEL_PATH);
const text = await prettier.format(JSON.stringify(model.toJSON()), {
  ...config,
  filepath: SHIPPED_MODEL_PATH,
});
writeFileSync(out, text);
console.log(
  `trained on ${report.examples} examples (${report.augmented} with augmentation) in ` +
    `${report.duration_ms} ms; temperature ${report.temperature}; ` +
    `${(text.length / 1024).toFixed(0)} KiB written to ${out}`,
);
