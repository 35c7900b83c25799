import { setTimeout as sleep } from 'node:timers/promises';
import type { NoiseReductionType } from '../../src/protocol/session-config.ts';
import type { STT, STTStream } from '../../src/providers/stt/stt.ts';
import { wordErrors } from '../../src/testing/wer.ts';
import type { NoisyClip } from './noisy-speech.ts';
import { createSession, type RunningVoice, VoiceClient } from './service.ts';

/** Errors and reference words summed over clips. */
export interface WerCount {
  errors: number;
  words: number;
}

/** What one path heard for each clip, in clip order. */
export interface PathResult {
  texts: string[];
  /** Utterances the service made of each clip (1 for the raw engine). */
  turns: number[];
  /** Error codes the service sent, e.g. `vad_overloaded`. */
  errors: string[];
}

async function finalOf(stream: STTStream): Promise<string> {
  for await (const e of stream) {
    if (e.type === 'final') return e.text;
    if (e.type === 'error') throw new Error(`${e.code}: ${e.message}`);
  }
  return '';
}

/** The recogniser alone: each whole clip (noise, speech, noise) as one utterance. */
export async function rawEngine(stt: STT, clips: readonly NoisyClip[]): Promise<PathResult> {
  const texts: string[] = [];
  for (const clip of clips) {
    const stream = stt.stream();
    for (let i = 0; i < clip.pcm.length; i += 3200)
      stream.pushAudio(clip.pcm.subarray(i, i + 3200));
    stream.flush();
    texts.push(await finalOf(stream));
    stream.close();
  }
  return { texts, turns: clips.map(() => 1), errors: [] };
}

/** Options of {@link throughService}. */
export interface ServicePathOptions {
  noiseReduction?: NoiseReductionType | null;
  /** Session fields sent at creation besides noise reduction (e.g. `turn_detection`). */
  session?: Record<string, unknown>;
  /** Audio is streamed this many times faster than real time. */
  speed?: number;
}

/**
 * Through the service as a client hears it: a session per clip over a real WebSocket, the clip
 * streamed in 20 ms frames, server VAD, the service's recogniser; the text is every
 * `transcript.final` of the session, in order.
 */
export async function throughService(
  voice: RunningVoice,
  clips: readonly NoisyClip[],
  options: ServicePathOptions = {},
): Promise<PathResult> {
  const result: PathResult = { texts: [], turns: [], errors: [] };
  for (const clip of clips) {
    const created = await createSession(voice.http, {
      ...options.session,
      input_audio_noise_reduction: options.noiseReduction ? { type: options.noiseReduction } : null,
    });
    if (created.status !== 201) throw new Error(`session: ${JSON.stringify(created.body)}`);
    const client = await VoiceClient.connect(created.body);
    try {
      await client.waitFor('session.created');
      await client.streamAudio(clip.pcm, options.speed ?? 8);
      await settled(client);
      const finals = client.of('transcript.final');
      result.texts.push(finals.map((m) => String(m.text)).join(' '));
      result.turns.push(finals.length);
      for (const m of client.of('error')) result.errors.push(String(m.code));
    } finally {
      client.close();
      await client.waitClosed().catch(() => undefined);
    }
  }
  return result;
}

// Every utterance the VAD started has stopped and has its final transcript, and no VAD or
// transcript event came for two polls (the VAD may still be catching up with audio sent faster
// than real time). The assistant's reply, paced at real time, is not waited for.
async function settled(client: VoiceClient, timeoutMs = 20_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let seen = -1;
  let quiet = 0;
  for (;;) {
    const started = client.of('vad.speech_started').length;
    const stopped = client.of('vad.speech_stopped').length;
    const finals = client.of('transcript.final').length;
    const count = started + stopped + finals + client.of('transcript.delta').length;
    quiet = stopped >= started && finals >= started && count === seen ? quiet + 1 : 0;
    if (quiet >= 2 || performance.now() > deadline) return;
    seen = count;
    await sleep(150);
  }
}

/** WER counts of a path's texts against the clips' sentences, grouped by `key`. */
export function werBy(
  clips: readonly NoisyClip[],
  texts: readonly string[],
  key: (clip: NoisyClip) => string,
): Map<string, WerCount> {
  const groups = new Map<string, WerCount>();
  clips.forEach((clip, i) => {
    const k = key(clip);
    const g = groups.get(k) ?? { errors: 0, words: 0 };
    const r = wordErrors(clip.text, texts[i] ?? '');
    g.errors += r.errors;
    g.words += r.words;
    groups.set(k, g);
  });
  return groups;
}

/** WER as a percentage with one decimal. */
export function percent(c: WerCount | undefined): string {
  return c && c.words > 0 ? `${((c.errors / c.words) * 100).toFixed(1)} %` : '—';
}

/** WER as a fraction. */
export function rate(c: WerCount | undefined): number {
  return c && c.words > 0 ? c.errors / c.words : 0;
}
