import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../src/testing.ts';

// `npm start` as a user runs it: both services come up, then the banner says where they are.

const root = new URL('../../../', import.meta.url).pathname;

async function refused(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
    return false;
  } catch {
    return true;
  }
}

test('start-all starts both services and prints the banner once they answer', async () => {
  const [researchPort, voicePort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'start-all-'));
  const child = spawn(process.execPath, ['scripts/start-all.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      RESEARCH_PORT: String(researchPort),
      VOICE_PORT: String(voicePort),
      RESEARCH_DATA_DIR: join(dataDir, 'research'),
      VOICE_DATA_DIR: join(dataDir, 'voice'),
      VOICE_API_KEYS: '',
      VOICE_STT_DECODERS: '1',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    const deadline = Date.now() + 240_000;
    while (!out.includes('Ctrl-C stops both.')) {
      if (Date.now() > deadline || child.exitCode !== null)
        assert.fail(`no banner; output:\n${out.slice(-4000)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const banner = out.slice(out.indexOf('hikma is up'));
    for (const expected of [
      `http://127.0.0.1:${researchPort}/api`,
      `http://127.0.0.1:${voicePort}/v1`,
      'API key   dev-local-key',
      'offline LLM',
      'SQLite',
      'PocketSphinx',
      'Flite + eSpeak NG',
      'in-process limits',
    ])
      assert.ok(banner.includes(expected), `missing ${expected} in\n${banner}`);
    // The services' own lines (JSON here: not a terminal) name which service wrote them.
    const names = new Set(
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => (JSON.parse(l) as { name?: string }).name),
    );
    assert.ok(names.has('research') && names.has('voice'), [...names].join(', '));
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  // Both services went down with it.
  const deadline = Date.now() + 15_000;
  while (!((await refused(researchPort)) && (await refused(voicePort)))) {
    assert.ok(Date.now() < deadline, 'a service outlived start-all');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});
