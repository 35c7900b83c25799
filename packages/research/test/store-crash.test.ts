import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../src/store/store.ts';

const CHILD = new URL('./fixtures/audit-crash.ts', import.meta.url).pathname;

test('a process killed after publishing keeps every published event (group commit, no checkpoint)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'audit-crash-'));
  const file = join(dir, 'research.db');
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file, '100'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, sig) => resolve(sig)),
    );
    assert.equal(signal, 'SIGKILL');
    const published = out.trim().split('\n').map(Number);
    assert.equal(published.length, 100);
    assert.ok(statSync(`${file}-wal`).size > 0, 'the rows are only in the WAL');

    const store = Store.open(file);
    try {
      const seqs = (await store.events.list('run-a')).map((e) => e.seq);
      // Published events were committed first; the kill may have cut off the rest of the
      // last group's publication, never a commit that was already published.
      assert.deepEqual(seqs.slice(0, published.length), published);
      assert.ok(seqs.length - published.length < 7, `${seqs.length} rows`);
      seqs.forEach((seq, i) => assert.equal(seq, i + 1, 'no gap'));
      // The trail continues after the crash without reusing a number.
      assert.equal(store.events.append('run-a', 'stream_end', {}).seq, seqs.length + 1);
    } finally {
      await store.close();
    }
    assert.equal(
      statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0,
      0,
      'close empties the WAL',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
