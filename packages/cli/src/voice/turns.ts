import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { OUTPUT_SAMPLE_RATE, VoiceClient } from '@hikma/voice-client';
import { writeWav } from '../audio/wav.ts';
import { CliError, EXIT } from '../errors.ts';
import type { Io } from '../io.ts';
import { voiceFailure } from './errors.ts';
import { ReplyRecorder } from './reply-recorder.ts';

export interface VoiceOptions {
  url: string;
  apiKey: string;
  /** The reply WAV, relative to the working directory. */
  out: string;
  timeoutMs: number;
}

/** The service's limit on one `conversation.item.create`'s content. */
const MAX_TEXT_CHARS = 20_000;
/** 20 ms of 16 kHz audio: the frame a microphone would send. */
const FRAME_SAMPLES = 320;
const FRAME_MS = 20;
/** Silence after the WAV for the server VAD to hear the turn end (its default 500 ms, and more). */
const TRAILING_SILENCE_MS = 1500;

/** `hikma voice say`: the text as a typed user turn; the reply printed and written as WAV. */
export async function say(text: string, options: VoiceOptions, io: Io): Promise<void> {
  if (!text.trim()) throw new CliError('empty_text', 'there is nothing to say', EXIT.usage);
  if (text.length > MAX_TEXT_CHARS) {
    throw new CliError(
      'text_too_long',
      `the text is over ${MAX_TEXT_CHARS} characters`,
      EXIT.usage,
    );
  }
  await withSession(options, io, async (client, recorder) => {
    io.stdout.write(`you: ${text}\n`);
    const done = client.waitFor('response.done', undefined, { timeoutMs: options.timeoutMs });
    client.sendText(text);
    await done;
    return recorder;
  });
}

/** `hikma voice talk --wav`: the audio streamed at real time as a microphone would send it. */
export async function talk(samples: Int16Array, options: VoiceOptions, io: Io): Promise<void> {
  await withSession(options, io, async (client, recorder) => {
    const silence = new Int16Array(FRAME_SAMPLES);
    const start = performance.now();
    let frame = 0;
    const sendFrame = async (pcm: Int16Array) => {
      if (client.state === 'closed') {
        throw new CliError('session_closed', 'the service closed the session', EXIT.service);
      }
      client.sendAudio(pcm);
      frame++;
      const wait = start + frame * FRAME_MS - performance.now();
      if (wait > 0) await sleep(wait);
    };
    for (let at = 0; at < samples.length; at += FRAME_SAMPLES) {
      await sendFrame(samples.subarray(at, at + FRAME_SAMPLES));
    }
    // Silence, as an open microphone sends it, until every turn heard is answered.
    const audioEnd = performance.now();
    for (;;) {
      await sendFrame(silence);
      const waited = performance.now() - audioEnd;
      if (waited < TRAILING_SILENCE_MS) continue;
      if (recorder.speechStarted === 0) {
        throw new CliError(
          'no_speech',
          'the service heard no speech in the WAV (is it silent, or very quiet?)',
          EXIT.service,
        );
      }
      if (recorder.settled) return recorder;
      if (waited > options.timeoutMs) {
        throw new CliError(
          'timeout',
          `no reply within ${options.timeoutMs / 1000} s`,
          EXIT.service,
        );
      }
    }
  });
}

/** Opens a session, runs `body`, closes the session and writes the reply audio. */
async function withSession(
  options: VoiceOptions,
  io: Io,
  body: (client: VoiceClient, recorder: ReplyRecorder) => Promise<ReplyRecorder>,
): Promise<void> {
  const client = new VoiceClient({ url: options.url, apiKey: options.apiKey });
  const recorder = new ReplyRecorder(client, io);
  try {
    const created = await client.connect();
    io.stderr.write(
      `session ${created.session_id} (voice ${created.voice}, model ${created.model})\n`,
    );
    await body(client, recorder);
  } catch (err) {
    throw voiceFailure(err, options.url);
  } finally {
    client.close();
  }
  const audio = recorder.audio();
  const path = resolve(io.cwd, options.out);
  await writeWav(path, audio, OUTPUT_SAMPLE_RATE);
  const seconds = (audio.length / OUTPUT_SAMPLE_RATE).toFixed(2);
  io.stderr.write(`reply audio: ${path} (${seconds} s, 24 kHz mono)\n`);
  const failed = recorder.responses.filter((r) => r.status === 'failed');
  if (failed.length > 0 || !recorder.responses.some((r) => r.status === 'completed')) {
    const why = failed[0]?.reason ?? recorder.responses.at(-1)?.reason ?? 'no reply';
    throw new CliError('no_reply', `the assistant did not complete a reply (${why})`, EXIT.service);
  }
}
