import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fliteSpeech16k } from '../lib/flite-speech.ts';

/** Speech as PCM16LE 16 kHz mono from Flite (`slt`) or eSpeak NG (`espeak:en-us`). */
export function speak(text: string, voice: string): Buffer {
  if (!voice.startsWith('espeak:')) return fliteSpeech16k(text, voice);
  const dir = mkdtempSync(join(tmpdir(), 'bench-espeak-'));
  try {
    const wav = join(dir, 'speech.wav');
    execFileSync('espeak-ng', ['-v', voice.slice('espeak:'.length), '-w', wav, text]);
    return execFileSync('sox', [
      wav,
      ...['-r', '16000', '-c', '1', '-b', '16', '-e', 'signed-integer', '-t', 'raw', '-'],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
