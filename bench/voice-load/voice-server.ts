// Child process: the real voice service (Silero VAD, protocol, sessions, tenants) with fast
// vendor fakes for STT, LLM and TTS, on 127.0.0.1. Configuration comes from the environment
// (the parent raises the limits there); the fakes' latencies from the arguments.
// Run by bench/voice-load.ts:
//   voice-server.ts <stt-delay-ms> <llm-delay-ms> <tts-delay-ms> <sentence-ms> <text> [<stt-partials-ms>]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SileroVAD } from '../../packages/voice/src/audio/silero-vad.ts';
import { loadConfig } from '../../packages/voice/src/config.ts';
import { createVoiceService } from '../../packages/voice/src/service.ts';
import { DelayedLLM, FixedLengthTTS, ScriptedSTT } from './fakes.ts';
import { serveStats } from './child-stats.ts';

const [sttDelayMs, llmDelayMs, ttsDelayMs, sentenceMs] = process.argv.slice(2, 6).map(Number);
const text = process.argv[6] ?? 'hello';
const sttPartialsMs = Number(process.argv[7] ?? 0);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-voice-load-'));
const config = loadConfig({ ...process.env, VOICE_DATA_DIR: dataDir, VOICE_PORT: '0' });
// Non-default VAD options (--vad-gather-ms, --vad-thread): the service takes the process-wide
// model, so loading it first with these options is what the service then uses.
const vadOptions = process.env['BENCH_VAD_OPTIONS'];
if (vadOptions) await SileroVAD.shared(JSON.parse(vadOptions) as Record<string, unknown>);
const service = await createVoiceService(config, {
  stt: new ScriptedSTT(text, sttDelayMs, sttPartialsMs),
  llm: new DelayedLLM(llmDelayMs),
  tts: new FixedLengthTTS({
    ...(sentenceMs ? { sentenceMs } : {}),
    ...(ttsDelayMs ? { delayMs: ttsDelayMs } : {}),
  }),
});
if (!service.engines.vad) throw new Error('Silero VAD did not load: the benchmark needs it');
await service.app.listen({ host: '127.0.0.1', port: 0 });
const address = service.app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
// The service's VAD is the process-wide model, loaded above or by the service.
const vad = await SileroVAD.shared();
serveStats({
  port: address.port,
  vadStats: () => vad.stats,
  close: async () => {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
});
