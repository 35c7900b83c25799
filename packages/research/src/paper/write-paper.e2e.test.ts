import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { CompiledPaper } from '../domain/artefacts.ts';
import { latexAvailable, NO_COMPILER_ERROR } from './compile.ts';
import { sampleDraft } from './testing.ts';
import { writePaper } from './write-paper.ts';

const HAVE_LATEX = await latexAvailable();
const NO_LATEX =
  'no LaTeX compiler installed (latexmk or pdflatex not on PATH; see scripts/setup.sh)';

async function tempDir(t: TestContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'paper-write-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

test('writePaper writes paper.tex and refs.bib, compiles, and returns absolute paths', async (t) => {
  if (!HAVE_LATEX) return t.skip(NO_LATEX);
  const dir = await tempDir(t);
  // A relative, not yet existing directory: created, and reported as absolute paths.
  const out = relative(process.cwd(), join(dir, 'nested', 'paper'));
  const paper = CompiledPaper.parse(await writePaper(sampleDraft(), out));
  assert.equal(paper.compile_error, null);
  assert.ok(paper.compiled);
  assert.ok(isAbsolute(paper.tex_path) && isAbsolute(paper.pdf_path ?? ''));
  assert.equal(paper.tex_path, join(dir, 'nested', 'paper', 'paper.tex'));
  assert.equal(paper.pdf_path, join(dir, 'nested', 'paper', 'paper.pdf'));
  assert.match(await readFile(paper.tex_path, 'utf8'), /\\bibliography\{refs\}/);
  assert.match(
    await readFile(join(dir, 'nested', 'paper', 'refs.bib'), 'utf8'),
    /@article\{vaswani2017,/,
  );
  assert.equal((await readFile(paper.pdf_path!)).subarray(0, 5).toString(), '%PDF-');
});

test('math that passes the filter but stops TeX is retried as text', async (t) => {
  if (!HAVE_LATEX) return t.skip(NO_LATEX);
  const dir = await tempDir(t);
  const draft = sampleDraft();
  // A prime after a superscript is a "Double superscript" error the filter does not model.
  draft.sections[1]!.body = "The update is $x^2'$ per step.";
  const paper = await writePaper(draft, dir);
  assert.equal(paper.compile_error, null);
  assert.ok(paper.compiled);
  assert.match(
    await readFile(paper.tex_path, 'utf8'),
    /The update is \\\$x\\textasciicircum\{\}2'\\\$ per step\./,
  );
});

test('a draft that cites nothing gets no refs.bib, and a stale one is removed', async (t) => {
  if (!HAVE_LATEX) return t.skip(NO_LATEX);
  const dir = await tempDir(t);
  await writeFile(join(dir, 'refs.bib'), '@misc{stale, title={Stale}}\n');
  const draft = { ...sampleDraft(), references: [] };
  const paper = await writePaper(draft, dir);
  assert.ok(paper.compiled, paper.compile_error ?? '');
  await assert.rejects(stat(join(dir, 'refs.bib')));
  assert.doesNotMatch(await readFile(paper.tex_path, 'utf8'), /\\bibliography|\\cite/);
});

test('without a compiler writePaper still writes the .tex and reports why there is no PDF', async (t) => {
  const dir = await tempDir(t);
  const empty = join(dir, 'empty-bin');
  await mkdir(empty);
  let fixCalls = 0;
  const paper = await writePaper(sampleDraft(), join(dir, 'out'), {
    searchPath: empty,
    fix: async () => {
      fixCalls++;
      return null;
    },
  });
  assert.deepEqual(paper, {
    compiled: false,
    tex_path: join(dir, 'out', 'paper.tex'),
    pdf_path: null,
    compile_error: NO_COMPILER_ERROR,
    pages: null,
    warnings: [],
    attempts: [{ source: 'render', outcome: 'no_compiler', error: NO_COMPILER_ERROR }],
  });
  assert.equal(fixCalls, 0, 'nothing to fix without a compiler');
  assert.match(await readFile(paper.tex_path, 'utf8'), /\\begin\{document\}/);
  assert.match(await readFile(join(dir, 'out', 'fig-loss.csv'), 'utf8'), /^x,y1,y2\n0,2,1\.8\n/);
});

test('figures are drawn from CSV files written next to paper.tex; stale ones are removed', async (t) => {
  if (!HAVE_LATEX) return t.skip(NO_LATEX);
  const dir = await tempDir(t);
  await writeFile(join(dir, 'fig-old.csv'), 'x,y\n1,2\n');
  await writeFile(join(dir, 'notes.csv'), 'kept\n');
  const paper = await writePaper(sampleDraft(), dir);
  assert.ok(paper.compiled, paper.compile_error ?? '');
  const tex = await readFile(paper.tex_path, 'utf8');
  assert.match(tex, /table\[x=x, y=y1, col sep=comma\]\{fig-loss\.csv\}/);
  assert.doesNotMatch(tex, /coordinates/);
  const csv = await readFile(join(dir, 'fig-loss.csv'), 'utf8');
  assert.equal(csv.split('\n')[0], 'x,y1,y2');
  await assert.rejects(stat(join(dir, 'fig-old.csv')));
  assert.equal(await readFile(join(dir, 'notes.csv'), 'utf8'), 'kept\n', 'not ours: left alone');
  const log = await readFile(join(dir, 'paper.log'), 'utf8');
  assert.equal(paper.pages, Number(/\((\d+) pages?/.exec(log)?.[1]));
  assert.deepEqual(paper.warnings, []);
  assert.deepEqual(paper.attempts, [{ source: 'render', outcome: 'compiled', error: null }]);
});

test('a PDF over the page limit is still compiled, with a page_limit_exceeded warning', async (t) => {
  if (!HAVE_LATEX) return t.skip(NO_LATEX);
  const dir = await tempDir(t);
  const draft = sampleDraft();
  const paragraph = 'Warm-up changes the early dynamics of training in small models. '.repeat(40);
  draft.sections.push({ heading: 'Long', body: Array(12).fill(paragraph).join('\n\n') });
  const paper = await writePaper(draft, dir, { maxPages: 2 });
  assert.ok(paper.compiled);
  assert.equal(paper.compile_error, null);
  assert.ok(paper.pages !== null && paper.pages > 2, `${paper.pages} pages`);
  assert.deepEqual(paper.warnings, [
    {
      code: 'page_limit_exceeded',
      message: `the PDF has ${paper.pages} pages; the limit is 2`,
    },
  ]);
  const within = await writePaper(draft, dir, { maxPages: paper.pages! });
  assert.deepEqual(within.warnings, []);
});

/** A draft whose math passes the filter but stops TeX ("Double superscript"). */
function brokenMathDraft() {
  const draft = sampleDraft();
  draft.sections[1]!.body = "The update is $x^2'$ per step.";
  return draft;
}

test('a compile error goes to the fix callback and the corrected .tex is compiled', async (t) => {
  if (!HAVE_LATEX) return t.skip(NO_LATEX);
  const dir = await tempDir(t);
  const calls: { tex: string; error: string }[] = [];
  const paper = await writePaper(brokenMathDraft(), dir, {
    fix: async (tex, error) => {
      calls.push({ tex, error });
      return tex.replace("$x^2'$", "${x^2}'$");
    },
  });
  assert.ok(paper.compiled, paper.compile_error ?? '');
  assert.equal(calls.length, 1);
  assert.match(calls[0]!.error, /Double superscript/);
  assert.match(calls[0]!.tex, /\\begin\{document\}/);
  assert.equal(paper.attempts.length, 2);
  assert.deepEqual(
    paper.attempts.map((a) => [a.source, a.outcome]),
    [
      ['render', 'failed'],
      ['fix', 'compiled'],
    ],
  );
  assert.match(paper.attempts[0]!.error ?? '', /Double superscript/);
  assert.match(await readFile(paper.tex_path, 'utf8'), /The update is \$\{x\^2\}'\$ per step\./);
});

test('an unsafe fix is refused uncompiled; after the fix attempts, math as text is the last resort', async (t) => {
  if (!HAVE_LATEX) return t.skip(NO_LATEX);
  const dir = await tempDir(t);
  const errors: string[] = [];
  const paper = await writePaper(brokenMathDraft(), dir, {
    fix: async (tex, error) => {
      errors.push(error);
      if (errors.length === 1)
        return tex.replace('\\maketitle', '\\maketitle\\input{/etc/hostname}');
      return null;
    },
  });
  assert.ok(paper.compiled, paper.compile_error ?? '');
  assert.equal(errors.length, 2);
  assert.match(errors[1]!, /refused and not compiled: \\input of "\/etc\/hostname"/);
  assert.deepEqual(
    paper.attempts.map((a) => [a.source, a.outcome]),
    [
      ['render', 'failed'],
      ['fix', 'refused'],
      ['fix', 'no_fix'],
      ['math_as_text', 'compiled'],
    ],
  );
  const tex = await readFile(paper.tex_path, 'utf8');
  assert.doesNotMatch(tex, /hostname/);
  const recorded = await readFile(join(dir, 'paper.fls'), 'utf8');
  assert.doesNotMatch(recorded, /hostname/);
});

test('fix attempts are bounded; a fix that still fails is followed by the math-as-text retry', async (t) => {
  if (!HAVE_LATEX) return t.skip(NO_LATEX);
  const dir = await tempDir(t);
  let calls = 0;
  const paper = await writePaper(brokenMathDraft(), dir, {
    maxFixAttempts: 3,
    fix: async (tex) => {
      calls++;
      return tex; // "fixed" without change: fails the same way
    },
  });
  assert.equal(calls, 3);
  assert.deepEqual(
    paper.attempts.map((a) => [a.source, a.outcome]),
    [
      ['render', 'failed'],
      ['fix', 'failed'],
      ['fix', 'failed'],
      ['fix', 'failed'],
      ['math_as_text', 'compiled'],
    ],
  );
  assert.ok(paper.compiled);
  assert.equal(paper.compile_error, null);
});

test('a fix callback that throws ends the fixing; an abort is not swallowed', async (t) => {
  if (!HAVE_LATEX) return t.skip(NO_LATEX);
  const dir = await tempDir(t);
  const paper = await writePaper(brokenMathDraft(), dir, {
    fix: async () => {
      throw new Error('model unavailable');
    },
  });
  assert.deepEqual(paper.attempts[1], {
    source: 'fix',
    outcome: 'no_fix',
    error: 'Error: model unavailable',
  });
  assert.ok(paper.compiled);
  const controller = new AbortController();
  await assert.rejects(
    writePaper(brokenMathDraft(), dir, {
      signal: controller.signal,
      fix: async () => {
        controller.abort(new Error('user cancelled'));
        throw new Error('aborted');
      },
    }),
    /aborted/,
  );
});
