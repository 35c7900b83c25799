// Recognition accuracy in noise: word error rate of the raw PocketSphinx engine on whole clips
// against the same clips through the service (real WebSocket client, server VAD, embedded
// PocketSphinx), without and with input noise suppression.
// Run: npm run bench:voice-wer [-- --sentences 24 --voices slt,awb --noises pink,brown
//      --snr 20,10,5 --ns near_field,far_field --prefix 300 --compare-no-padding --speed 8
//      --verbose] [--help]
import { PocketSphinxSTT } from '../packages/voice/src/index.ts';
import type { NoiseReductionType } from '../packages/voice/src/protocol/session-config.ts';
import {
  noisyClips,
  werSentences,
  type NoiseKind,
  type NoisyClip,
} from '../packages/voice/test/helpers/noisy-speech.ts';
import { startVoice } from '../packages/voice/test/helpers/service.ts';
import {
  percent,
  rawEngine,
  throughService,
  werBy,
  type PathResult,
} from '../packages/voice/test/helpers/wer-eval.ts';
import { parseBenchArgs } from './lib/cli.ts';

const USAGE = `npm run bench:voice-wer -- [options]
  --sentences <n>        sentences of the WER set (default 24)
  --voices <list>        Flite voices (default slt,awb)
  --noises <list>        noise colours mixed in (default pink,brown)
  --snr <list>           signal-to-noise ratios in dB (default 20,10,5)
  --ns <list>            input noise suppression types compared (default near_field,far_field)
  --prefix <ms>          the sessions' prefix_padding_ms (default: the service's)
  --compare-no-padding   also run the service path with no prefix padding
  --speed <x>            how much faster than real time audio is sent (default 8)
  --verbose              every clip's transcripts
  --help                 this text`;
const { values: args } = parseBenchArgs(USAGE, {
  options: {
    sentences: { type: 'string', default: '24' },
    voices: { type: 'string', default: 'slt,awb' },
    noises: { type: 'string', default: 'pink,brown' },
    snr: { type: 'string', default: '20,10,5' },
    ns: { type: 'string', default: 'near_field,far_field' },
    prefix: { type: 'string' },
    'compare-no-padding': { type: 'boolean', default: false },
    speed: { type: 'string', default: '8' },
    verbose: { type: 'boolean', default: false },
  },
});
const list = (s: string | undefined) => (s ? s.split(',').filter((x) => x !== '') : []);
const sentences = werSentences().slice(0, Number(args.sentences));
const voices = list(args.voices);
const noises = list(args.noises) as NoiseKind[];
const snrs = list(args.snr).map(Number);
const nsTypes = list(args.ns) as NoiseReductionType[];
const speed = Number(args.speed);
const session =
  args.prefix !== undefined
    ? { turn_detection: { type: 'server_vad', prefix_padding_ms: Number(args.prefix) } }
    : {};

const t0 = performance.now();
const clips = noisyClips(sentences, voices, noises, snrs);
console.log(
  `${clips.length} clips: ${sentences.length} sentences x voices ${voices.join(', ')} x noises ${noises.join(', ')} x SNR ${snrs.join(', ')} dB (made in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
);

// Each path has its own single decoder and takes the clips in the same order: PocketSphinx's
// cepstral mean carries from one utterance to the next on a decoder, so every path sees the
// same history. The paths run side by side (speed only sets how fast audio is sent).
async function rawPath(): Promise<PathResult> {
  const stt = new PocketSphinxSTT({ maxDecoders: 1 });
  try {
    await stt.warmup(1);
    return await rawEngine(stt, clips);
  } finally {
    await stt.close();
  }
}
async function servicePath(
  ns: NoiseReductionType | null,
  sessionFields = session,
): Promise<PathResult> {
  const voice = await startVoice({ VOICE_STT_DECODERS: '1', VOICE_TENANT_MAX_SESSIONS: '100' });
  try {
    return await throughService(voice, clips, {
      noiseReduction: ns,
      session: sessionFields,
      speed,
    });
  } finally {
    await voice.close();
  }
}
const t = performance.now();
const paths = await Promise.all([
  rawPath().then((result) => ({ name: 'raw engine', result })),
  ...(args['compare-no-padding']
    ? [
        servicePath(null, { turn_detection: { type: 'server_vad', prefix_padding_ms: 0 } }).then(
          (result) => ({ name: 'service, no padding', result }),
        ),
      ]
    : []),
  ...[null, ...nsTypes].map((ns) =>
    servicePath(ns).then((result) => ({ name: ns ? `service + NS ${ns}` : 'service', result })),
  ),
]);
console.log(`all paths done in ${((performance.now() - t) / 1000).toFixed(0)} s`);

const key = (c: NoisyClip) => `${c.voice}|${c.noise}|${c.snrDb}`;
const bySnr = (c: NoisyClip) => `all|all|${c.snrDb}`;
const groups = [...new Set(clips.map(key)), ...new Set(clips.map(bySnr))];
const tables = paths.map((p) => ({
  ...p,
  wer: new Map([...werBy(clips, p.result.texts, key), ...werBy(clips, p.result.texts, bySnr)]),
}));
const raw = tables[0]!;
console.log('');
console.log(
  `| voice | noise | SNR | words | ${tables.map((p) => p.name).join(' | ')} | service / raw |`,
);
console.log(`|---|---|---|---|${tables.map(() => '---|').join('')}---|`);
for (const g of groups) {
  const [v, n, s] = g.split('|');
  const service = tables.find((p) => p.name === 'service')!.wer.get(g)!;
  const rawWer = raw.wer.get(g)!;
  const ratio = rawWer.errors === 0 ? '—' : (service.errors / rawWer.errors).toFixed(2);
  const cells = tables.map((p) => percent(p.wer.get(g)));
  const row = `| ${v} | ${n} | ${s} dB | ${rawWer.words} | ${cells.join(' | ')} | ${ratio} |`;
  console.log(g.startsWith('all|') ? row.replace(/\| ([^|]+) /g, '| **$1** ') : row);
}
for (const p of paths.slice(1)) {
  const extra = p.result.turns.filter((n) => n > 1).length;
  const none = p.result.turns.filter((n) => n === 0).length;
  const errs = [...new Set(p.result.errors)].join(', ') || 'none';
  console.log(
    `${p.name}: clips with no turn ${none}, with more than one turn ${extra}; errors: ${errs}`,
  );
}
if (args.verbose) {
  clips.forEach((c, i) => {
    const heard = paths.map((p) => `${p.name}: ${p.result.texts[i]}`).join('\n    ');
    console.log(`${c.voice} ${c.noise} ${c.snrDb} dB  ${c.text}\n    ${heard}`);
  });
}
