import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Speaks `text` with Flite and returns it as raw PCM16LE 16 kHz mono (converted by sox). */
export function fliteSpeech16k(text: string, voice = 'slt'): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'bench-flite-'));
  try {
    const wav = join(dir, 'speech.wav');
    execFileSync('flite', ['-voice', voice, '-t', text, '-o', wav]);
    return execFileSync('sox', [
      wav,
      ...['-r', '16000', '-c', '1', '-b', '16', '-e', 'signed-integer', '-t', 'raw', '-'],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
