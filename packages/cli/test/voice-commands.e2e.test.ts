import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import wavefile from 'wavefile';
import { API_KEY, startVoice, type RunningVoice } from '../../voice/test/helpers/service.ts';
import { runHikma } from './run-hikma.ts';
import { freePort } from '../../service-kit/src/testing.ts';

// `hikma voice …` run in-process against the real voice service on its embedded defaults.

let voice: RunningVoice;
let dir: string;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hikma-cli-voice-'));
  voice = await startVoice();
});
after(async () => {
  await voice?.close();
  rmSync(dir, { recursive: true, force: true });
});

const hikma = (...args: string[]) => runHikma(dir, args);

/** A WAV's format and its peak sample. */
function inspectWav(path: string) {
  const wav = new wavefile.WaveFile(readFileSync(path));
  const fmt = wav.fmt as { sampleRate: number; numChannels: number; bitsPerSample: number };
  const samples = wav.getSamples(false, Int16Array) as unknown as Int16Array;
  const peak = samples.reduce((p, s) => Math.max(p, Math.abs(s)), 0);
  return { ...fmt, samples: samples.length, peak };
}

test('voice say: the text is a user turn; the reply is printed and written as WAV', async () => {
  const run = await hikma(
    'voice',
    'say',
    'what is the weather in london today',
    '--url',
    voice.http,
    '--api-key',
    API_KEY,
    '--out',
    'say.wav',
  );
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^you: what is the weather in london today$/m);
  assert.match(run.stdout, /^assistant: .*weather in london today/m);
  assert.match(run.stderr, /reply audio: .*say\.wav \(\d+\.\d\d s, 24 kHz mono\)/);
  const wav = inspectWav(join(dir, 'say.wav'));
  assert.equal(wav.sampleRate, 24_000);
  assert.equal(wav.numChannels, 1);
  assert.equal(wav.bitsPerSample, 16);
  assert.ok(wav.samples > 24_000, `${wav.samples} samples: over a second of speech`);
  assert.ok(wav.peak > 1000, `peak ${wav.peak}: speech, not silence`);
});

test('voice talk: a 44.1 kHz stereo WAV is converted by SoX, heard and answered', async () => {
  const flite = join(dir, 'flite.wav');
  const stereo = join(dir, 'stereo.wav');
  execFileSync('flite', [
    '-voice',
    'slt',
    '-t',
    'tell me about the weather in london',
    '-o',
    flite,
  ]);
  execFileSync('sox', [flite, '-r', '44100', '-c', '2', stereo, 'pad', '0.3', '0']);
  const run = await hikma(
    'voice',
    'talk',
    '--wav',
    stereo,
    '--url',
    voice.http,
    '--api-key',
    API_KEY,
    '--out',
    'talk.wav',
  );
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^you: .*(weather|london)/m);
  assert.match(run.stdout, /^assistant: .+/m);
  const wav = inspectWav(join(dir, 'talk.wav'));
  assert.equal(wav.sampleRate, 24_000);
  assert.ok(wav.peak > 1000 && wav.samples > 24_000, JSON.stringify(wav));
});

test('a refused key, an unreachable service and a bad WAV: a clear line and an exit code', async () => {
  const refused = await hikma('voice', 'say', 'hi', '--url', voice.http, '--api-key', 'wrong');
  assert.equal(refused.code, 3);
  assert.match(refused.stderr, /refused the API key.*\[invalid_api_key\]/);

  const port = await freePort(); // nothing listens there
  const down = await hikma('voice', 'say', 'hi', '--url', `http://127.0.0.1:${port}`);
  assert.equal(down.code, 4);
  assert.match(down.stderr, /cannot reach the voice service .*ECONNREFUSED.*\[unreachable\]/);

  writeFileSync(join(dir, 'text.wav'), 'RIFF but not really a wave file');
  const bad = await hikma('voice', 'talk', '--wav', join(dir, 'text.wav'), '--url', voice.http);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /text\.wav is not a WAV file.*\[bad_wav\]/);

  const missing = await hikma('voice', 'talk', '--wav', join(dir, 'nope.wav'));
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read .*nope\.wav.*\[bad_wav\]/);

  const usage = await hikma('voice', 'talk');
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /required option '--wav <file>'/);
});
