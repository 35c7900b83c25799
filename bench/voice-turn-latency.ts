// Turn latency with the embedded engines: time from `vad.speech_stopped` to the first audio
// frame of the reply, over N spoken turns (Flite speech streamed in real time).
// Run: npx tsx bench/voice-turn-latency.ts [turns=10]
import { listenOnLoopback } from '@hikma/service-kit';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { loadConfig } from '../packages/voice/src/config.ts';
import { createVoiceService } from '../packages/voice/src/service.ts';

const turns = Number(process.argv[2] ?? 10);
const sentences = [
  'what is the weather in london today',
  'please book a table for two people',
  'how far is the airport from here',
  'turn off the lights in the kitchen',
  'what time does the museum open',
];

function speech16k(text: string): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  try {
    execFileSync('flite', ['-voice', 'slt', '-t', text, '-o', join(dir, 's.wav')]);
    return execFileSync('sox', [
      join(dir, 's.wav'),
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      '-e',
      'signed-integer',
      '-t',
      'raw',
      '-',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-voice-'));
const config = loadConfig({
  VOICE_API_KEYS: 'bench:bench',
  VOICE_JWT_SECRET: 'b'.repeat(40),
  VOICE_DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
});
const service = await createVoiceService(config);
const { port } = await listenOnLoopback(service.app);

const res = await fetch(`http://127.0.0.1:${port}/v1/sessions`, {
  method: 'POST',
  headers: { 'x-api-key': 'bench', 'content-type': 'application/json' },
  body: '{}',
});
const handle = (await res.json()) as { ws_url: string; token: string };
const ws = new WebSocket(handle.ws_url, { headers: { authorization: `Bearer ${handle.token}` } });
await new Promise((r) => ws.once('open', r));

let stoppedAt = 0;
let firstAudioAt = 0;
let done: (() => void) | null = null;
ws.on('message', (data, isBinary) => {
  const now = performance.now();
  if (isBinary) {
    if (stoppedAt && !firstAudioAt) firstAudioAt = now;
    return;
  }
  const m = JSON.parse(String(data)) as { type: string };
  if (m.type === 'vad.speech_stopped') stoppedAt = now;
  if (m.type === 'response.done') done?.();
});

const latencies: number[] = [];
const silence = Buffer.alloc(16000 * 2); // 1 s
for (let i = 0; i < turns; i++) {
  const audio = Buffer.concat([speech16k(sentences[i % sentences.length]!), silence]);
  stoppedAt = 0;
  firstAudioAt = 0;
  const finished = new Promise<void>((r) => (done = r));
  const start = performance.now();
  for (let off = 0, n = 0; off < audio.length; off += 640, n++) {
    ws.send(audio.subarray(off, off + 640));
    const wait = start + (n + 1) * 20 - performance.now();
    if (wait > 0) await sleep(wait);
  }
  await finished;
  if (stoppedAt && firstAudioAt) latencies.push(firstAudioAt - stoppedAt);
  await sleep(300);
}
ws.close();
await service.close();
rmSync(dataDir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const pick = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
console.log(`turns measured: ${latencies.length} of ${turns}`);
console.log(
  `vad.speech_stopped -> first audio frame: median ${pick(0.5).toFixed(0)} ms, p95 ${pick(0.95).toFixed(0)} ms, min ${latencies[0]!.toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`,
);
console.log(
  '(speech_stopped itself comes after silence_ms = 500 ms of silence; embedded engines: PocketSphinx, offline LLM, Flite)',
);
