// The model on what PocketSphinx really writes: each held-out finished request (four words or
// more) is spoken by Flite, fed to the embedded recogniser with partials every 300 ms of
// audio, and every distinct partial and the final are scored. Mid-word partials are included,
// so this is harder than the decision semantic_vad makes at a pause.
// Run: npx tsx packages/voice/src/turn/training/pocketsphinx-partials.ts [--list]

import { PocketSphinxSTT } from '../../providers/stt/pocketsphinx.ts';
import { chunks, fliteSpeech16k, silence16k } from '../../../test/helpers/audio.ts';
import { EndOfTurnModel } from '../end-of-turn.ts';
import { loadHeldout } from './build-dataset.ts';

const model = EndOfTurnModel.load();
const sentences = loadHeldout()
  .filter((e) => e.finished && e.kind !== 'vendor' && e.text.split(' ').length >= 4)
  .map((e) => e.text);
const stt = new PocketSphinxSTT({ maxDecoders: 1, partialIntervalMs: 300 });
await stt.warmup(1);
let finals = 0;
let finalsFinished = 0;
let partials = 0;
let partialsNot = 0;
for (const text of sentences) {
  const audio = Buffer.concat([fliteSpeech16k(text), silence16k(300)]);
  const stream = stt.stream({ languages: ['en-US'] });
  const seen: string[] = [];
  let final = '';
  const reading = (async () => {
    for await (const e of stream) {
      if (e.type === 'partial') seen.push(e.text);
      if (e.type === 'final') {
        final = e.text;
        break;
      }
    }
  })();
  for (const c of chunks(audio, 3200)) {
    stream.pushAudio(c);
    await new Promise((r) => setTimeout(r, 5));
  }
  stream.flush();
  await reading;
  stream.close();
  const p = model.probabilityFinished(final);
  finals++;
  if (p >= 0.5) finalsFinished++;
  const lines = [`${p.toFixed(2)} final "${final}" (said: ${text})`];
  for (const partial of new Set(seen)) {
    if (!partial || partial === final) continue;
    const q = model.probabilityFinished(partial);
    partials++;
    if (q < 0.5) partialsNot++;
    lines.push(`   ${q.toFixed(2)} partial "${partial}"`);
  }
  if (process.argv.includes('--list')) console.log(lines.join('\n'));
}
console.log(
  `finals read as finished: ${finalsFinished}/${finals}; ` +
    `partials that differ from the final read as not finished: ${partialsNot}/${partials}`,
);
await stt.close();
