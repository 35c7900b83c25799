import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import wavefile from 'wavefile';
import { startService } from '../../research/test/helpers.ts';
import { API_KEY, startVoice } from '../../voice/test/helpers/service.ts';

// `hikma` in a real terminal: tmux runs a shell at 120x40, the test types with send-keys and
// reads the screen with capture-pane, as a person at the terminal would.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// The bin npm links at install, so this also checks that `npx hikma` has something to run.
const HIKMA = join(ROOT, 'node_modules', '.bin', 'hikma');
const SOCKET = `hikma-test-${process.pid}`;
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const skip = hasTmux ? false : 'tmux is not installed (scripts/setup.sh installs it)';
const hasLatex = ['latexmk', 'pdflatex'].some(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0,
);

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'hikma-terminal-'));
});
after(() => {
  if (hasTmux) spawnSync('tmux', ['-L', SOCKET, 'kill-server']);
  rmSync(dir, { recursive: true, force: true });
});

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
}

/** A shell in a new 120x40 tmux window, in `cwd`. */
function openTerminal(name: string, cwd: string): void {
  tmux(
    'new-session',
    '-d',
    '-s',
    name,
    '-x',
    '120',
    '-y',
    '40',
    '-c',
    cwd,
    'bash --norc --noprofile',
  );
}

/** Types a line (literally) and presses Enter. */
function type(name: string, text: string): void {
  if (text) tmux('send-keys', '-t', name, '-l', text);
  tmux('send-keys', '-t', name, 'Enter');
}

/** The screen and its scrollback, wrapped lines joined. */
function screen(name: string): string {
  return tmux('capture-pane', '-p', '-J', '-t', name, '-S', '-400');
}

/** Waits until the screen matches `pattern` `times` times. */
async function waitForScreen(name: string, pattern: RegExp, timeoutMs: number, times = 1) {
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const text = screen(name);
    if ((text.match(global)?.length ?? 0) >= times) return text;
    if (performance.now() > deadline) {
      assert.fail(`the screen never showed ${pattern} (${times}x); it shows:\n${text}`);
    }
    await sleep(200);
  }
}

test(
  'hikma research run in a terminal: bars per stage, both pauses answered by typing, a PDF on disk',
  { skip, timeout: 120_000 },
  async (t) => {
    const svc = await startService();
    t.after(() => svc.close());
    const cwd = mkdtempSync(join(dir, 'research-'));
    openTerminal('research', cwd);
    type(
      'research',
      `${HIKMA} research run 'Pollinator decline in cities' --user ada --url ${svc.api}; echo "EXIT=$?"`,
    );

    const prompt = /Your feedback \(Enter to accept, or say what to change\):/;
    const first = await waitForScreen('research', prompt, 30_000);
    assert.match(first, /^created user ada \(general science\)$/m);
    assert.match(first, /^ ideation ████████████████████ paused/m, 'the bar of the paused stage');
    assert.match(first, /^ planning ░░░░░░░░░░░░░░░░░░░░ waiting/m);
    type('research', ''); // Enter: accept the hypothesis

    await waitForScreen('research', prompt, 30_000, 2);
    type('research', 'use a stronger baseline');

    const end = await waitForScreen('research', /EXIT=\d+/, 60_000);
    assert.match(end, /EXIT=0/, end);
    assert.match(end, /Sent: use a stronger baseline/);
    assert.match(end, /reworking the planning stage/);
    for (const stage of ['ideation', 'planning', 'coding', 'analysis', 'writing', 'review']) {
      assert.match(end, new RegExp(`^ ${stage} +████████████████████ done`, 'm'));
    }
    const tex = readFileSync(join(cwd, 'pollinator-decline-in-cities.tex'), 'utf8');
    assert.match(tex, /\\documentclass/);
    if (hasLatex) {
      const pdf = readFileSync(join(cwd, 'pollinator-decline-in-cities.pdf'));
      assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.match(end, /^paper: .*pollinator-decline-in-cities\.pdf$/m);
    } else {
      assert.match(end, /^no PDF: /m);
    }
  },
);

test(
  'Ctrl-C at a pause stops following without answering it: the run stays paused',
  { skip, timeout: 60_000 },
  async (t) => {
    const svc = await startService();
    t.after(() => svc.close());
    const cwd = mkdtempSync(join(dir, 'interrupt-'));
    openTerminal('interrupt', cwd);
    type(
      'interrupt',
      `${HIKMA} research run 'Coral bleaching' --user ada --url ${svc.api}; echo "EXIT=$?"`,
    );
    await waitForScreen('interrupt', /Your feedback \(Enter to accept/, 30_000);
    tmux('send-keys', '-t', 'interrupt', 'C-c');
    const end = await waitForScreen('interrupt', /EXIT=\d+/, 10_000);
    assert.match(end, /EXIT=130/);
    const runId = /stopped following; the run goes on: hikma research status (run-\S+)/.exec(
      end,
    )?.[1];
    assert.ok(runId, end);
    const run = (await (await fetch(`${svc.api}/runs/${runId}`)).json()) as { status: string };
    assert.equal(run.status, 'awaiting_feedback', 'Ctrl-C is no answer');
  },
);

test(
  'hikma voice talk in a terminal: a Flite WAV in, the transcript and reply printed, a reply WAV',
  { skip, timeout: 120_000 },
  async (t) => {
    const voice = await startVoice();
    t.after(() => voice.close());
    const cwd = mkdtempSync(join(dir, 'voice-'));
    execFileSync('flite', [
      '-voice',
      'slt',
      '-t',
      'what is the weather in london today',
      '-o',
      join(cwd, 'question.wav'),
    ]);
    openTerminal('voice', cwd);
    type(
      'voice',
      `${HIKMA} voice talk --wav question.wav --url ${voice.http} --api-key ${API_KEY} --out reply.wav; echo "EXIT=$?"`,
    );
    const end = await waitForScreen('voice', /EXIT=\d+/, 60_000);
    assert.match(end, /EXIT=0/, end);
    assert.match(end, /^you: .*(weather|london)/m);
    assert.match(end, /^assistant: .+/m);
    assert.match(end, /^reply audio: .*reply\.wav \(\d+\.\d\d s, 24 kHz mono\)$/m);

    const path = join(cwd, 'reply.wav');
    assert.ok(existsSync(path));
    const wav = new wavefile.WaveFile(readFileSync(path));
    assert.equal((wav.fmt as { sampleRate: number }).sampleRate, 24_000);
    const samples = wav.getSamples(false, Int16Array) as unknown as Int16Array;
    const peak = samples.reduce((p, s) => Math.max(p, Math.abs(s)), 0);
    assert.ok(samples.length > 24_000, `${samples.length} samples: over a second of speech`);
    assert.ok(peak > 1000, `peak ${peak}: speech, not silence`);
  },
);
