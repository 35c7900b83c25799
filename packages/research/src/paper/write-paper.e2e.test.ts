import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { CompiledPaper } from '../pipeline/artefacts.ts';
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
  const paper = await writePaper(sampleDraft(), join(dir, 'out'), { searchPath: empty });
  assert.deepEqual(paper, {
    compiled: false,
    tex_path: join(dir, 'out', 'paper.tex'),
    pdf_path: null,
    compile_error: NO_COMPILER_ERROR,
  });
  assert.match(await readFile(paper.tex_path, 'utf8'), /\\begin\{document\}/);
});
