// Runs one PocketSphinx decoder off the main thread; see PocketSphinxSTT.
import { parentPort, workerData } from 'node:worker_threads';
import { pcm16ToInt16 } from '../../audio/pcm.ts';
import { VoiceError } from '../../errors.ts';
import { PocketSphinxDecoder } from './pocketsphinx-ffi.ts';
import type { FromWorker, ToWorker, WorkerInit } from './pocketsphinx-protocol.ts';

const port = parentPort;
if (!port) throw new Error('pocketsphinx-worker must run in a worker thread');
const init = workerData as WorkerInit;
const post = (m: FromWorker) => port.postMessage(m);
const codeOf = (err: unknown) => (err instanceof VoiceError ? err.code : 'stt_unavailable');

let decoder: PocketSphinxDecoder;
try {
  const t0 = performance.now();
  decoder = new PocketSphinxDecoder(init.model);
  post({ type: 'ready', loadMs: performance.now() - t0 });
} catch (err) {
  post({ type: 'error', utt: null, message: (err as Error).message, code: codeOf(err) });
  process.exit(0);
}

const partialSamples = (init.partialIntervalMs / 1000) * 16000;
let current: number | null = null;
let audioSamples = 0;
let sinceHyp = 0;
let lastHyp = '';
let decodeMs = 0;

port.on('message', (msg: ToWorker) => {
  try {
    switch (msg.type) {
      case 'start':
        decoder.start();
        current = msg.utt;
        audioSamples = sinceHyp = decodeMs = 0;
        lastHyp = '';
        break;
      case 'audio': {
        if (msg.utt !== current) return;
        const t0 = performance.now();
        const samples = pcm16ToInt16(msg.pcm);
        decoder.process(samples);
        audioSamples += samples.length;
        sinceHyp += samples.length;
        if (partialSamples > 0 && sinceHyp >= partialSamples) {
          sinceHyp = 0;
          const hyp = decoder.hypothesis();
          if (hyp !== '' && hyp !== lastHyp) {
            lastHyp = hyp;
            post({ type: 'partial', utt: msg.utt, text: hyp });
          }
        }
        decodeMs += performance.now() - t0;
        break;
      }
      case 'hypothesis': {
        if (msg.utt !== current) return;
        const t0 = performance.now();
        const hyp = decoder.hypothesis();
        // [] when no lattice could be built for a non-empty text: the decoder cannot say.
        const words = hyp === '' ? null : (decoder.words() ?? []);
        decodeMs += performance.now() - t0;
        // The next partial repeats it only if the words change.
        lastHyp = hyp;
        post({ type: 'hypothesis', utt: msg.utt, id: msg.id, text: hyp, words });
        break;
      }
      case 'end': {
        if (msg.utt !== current) return;
        const t0 = performance.now();
        const text = decoder.end();
        decodeMs += performance.now() - t0;
        current = null;
        post({ type: 'final', utt: msg.utt, text, audioMs: audioSamples / 16, decodeMs });
        break;
      }
      case 'cancel':
        if (msg.utt !== current) return;
        decoder.end();
        current = null;
        break;
    }
  } catch (err) {
    const utt = 'utt' in msg ? msg.utt : null;
    if (utt === current) current = null;
    post({ type: 'error', utt, message: (err as Error).message, code: codeOf(err) });
  }
});
