// writePaper's fix loop against scripted stand-ins for latexmk: fast, and runs without TeX.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleDraft } from './testing.ts';
import { writePaper } from './write-paper.ts';

/**
 * A directory holding a `latexmk` shell script: it "compiles" (a stub PDF and TeX's
 * "Output written" line with 12 pages) when paper.tex contains FIXED, hangs when it contains
 * HANG, and otherwise fails with an undefined control sequence in paper.log.
 */
async function fakeCompiler(t: TestContext): Promise<{ bin: string; out: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'paper-fake-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const bin = join(dir, 'bin');
  await mkdir(bin);
  const script = [
    '#!/bin/sh',
    'if grep -q HANG paper.tex; then sleep 30; fi',
    'if grep -q FIXED paper.tex; then',
    "  printf '%%PDF-1.5\\n%%%%EOF\\n' > paper.pdf",
    "  echo 'Output written on paper.pdf (12 pages, 345 bytes).'",
    '  exit 0',
    'fi',
    "printf '! Undefined control sequence.\\nl.42 \\\\broken\\n' > paper.log",
    'exit 12',
  ].join('\n');
  await writeFile(join(bin, 'latexmk'), `${script}\n`);
  await chmod(join(bin, 'latexmk'), 0o755);
  return { bin, out: join(dir, 'out') };
}

test('a compile error is sent to fix with the excerpt; the fixed .tex compiles', async (t) => {
  const { bin, out } = await fakeCompiler(t);
  const seen: string[] = [];
  const paper = await writePaper(sampleDraft(), out, {
    searchPath: bin,
    fix: async (tex, error) => {
      seen.push(error);
      return `${tex}% FIXED\n`;
    },
  });
  assert.deepEqual(seen, ['! Undefined control sequence.\nl.42 \\broken']);
  assert.ok(paper.compiled);
  assert.equal(paper.compile_error, null);
  assert.match(await readFile(paper.tex_path, 'utf8'), /% FIXED\n$/);
  // The stub PDF has no page objects: the count comes from TeX's output line.
  assert.equal(paper.pages, 12);
  assert.deepEqual(paper.warnings, [
    { code: 'page_limit_exceeded', message: 'the PDF has 12 pages; the limit is 8' },
  ]);
});

test('when every attempt fails, compile_error is the last error and all attempts are listed', async (t) => {
  const { bin, out } = await fakeCompiler(t);
  const draft = sampleDraft();
  draft.sections[1]!.body = 'Without any math.';
  let calls = 0;
  const paper = await writePaper(draft, out, {
    searchPath: bin,
    fix: async (tex) => {
      calls++;
      return calls === 1 ? `${tex}\\immediate\\write18{FIXED}` : tex;
    },
  });
  assert.equal(calls, 2);
  assert.equal(paper.compiled, false);
  assert.equal(paper.pdf_path, null);
  assert.equal(paper.compile_error, '! Undefined control sequence.\nl.42 \\broken');
  assert.deepEqual(
    paper.attempts.map((a) => [a.source, a.outcome]),
    [
      ['render', 'failed'],
      ['fix', 'refused'],
      ['fix', 'failed'],
      // The draft still has math ($\eta$ in the abstract): shown as text as a last resort.
      ['math_as_text', 'failed'],
    ],
  );
  assert.match(paper.attempts[1]!.error ?? '', /\\immediate is not allowed/);
  assert.doesNotMatch(await readFile(paper.tex_path, 'utf8'), /write18/);
  assert.equal(paper.pages, null);
  assert.deepEqual(paper.warnings, []);
});

test('a timed-out compile is not sent to fix and not retried', async (t) => {
  const { bin, out } = await fakeCompiler(t);
  const draft = sampleDraft();
  draft.abstract = 'HANG';
  let calls = 0;
  const started = Date.now();
  const paper = await writePaper(draft, out, {
    searchPath: bin,
    timeoutMs: 300,
    fix: async () => {
      calls++;
      return null;
    },
  });
  assert.equal(calls, 0);
  assert.deepEqual(paper.attempts, [
    { source: 'render', outcome: 'timed_out', error: 'LaTeX compile timed out after 300 ms' },
  ]);
  assert.ok(Date.now() - started < 5_000);
});

test('a fix that hangs the compiler ends the fixing; math as text is still tried', async (t) => {
  const { bin, out } = await fakeCompiler(t);
  const paper = await writePaper(sampleDraft(), out, {
    searchPath: bin,
    timeoutMs: 300,
    maxFixAttempts: 5,
    fix: async (tex) => `${tex}% HANG\n`,
  });
  assert.deepEqual(
    paper.attempts.map((a) => [a.source, a.outcome]),
    [
      ['render', 'failed'],
      ['fix', 'timed_out'],
      ['math_as_text', 'failed'],
    ],
  );
});
