// Real compiles with the installed TeX. Each test skips itself, saying why, when no
// compiler is installed; the "no compiler" behaviour is tested without one.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import {
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PaperDraft } from '../domain/artefacts.ts';
import { compileLatex, latexAvailable, NO_COMPILER_ERROR } from './compile.ts';
import { MAPPED_CHARACTERS } from './escape.ts';
import { ALLOWED_MATH, sanitizeMath } from './math.ts';
import { renderLatex } from './render.ts';
import { findExecutable } from './run-process.ts';
import { HOSTILE_TEXT, sampleDraft } from './testing.ts';

const HAVE_LATEX = await latexAvailable();
const NO_LATEX =
  'no LaTeX compiler installed (latexmk or pdflatex not on PATH; see scripts/setup.sh)';

async function tempDir(t: TestContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'paper-compile-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Renders a draft into `dir` and compiles it, with no retry (unlike writePaper). */
async function renderAndCompile(draft: PaperDraft, dir: string) {
  const { tex, bib, files } = renderLatex(draft);
  await writeFile(join(dir, 'paper.tex'), tex);
  if (bib !== '') await writeFile(join(dir, 'refs.bib'), bib);
  for (const file of files) await writeFile(join(dir, file.name), file.content);
  return { tex, result: await compileLatex({ dir }) };
}

async function assertPdf(path: string | null): Promise<void> {
  assert.ok(path !== null);
  const pdf = await readFile(path);
  assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.match(pdf.subarray(-32).toString('latin1'), /%%EOF\s*$/);
  assert.ok(pdf.length > 10_000, `PDF is only ${pdf.length} bytes`);
}

/** Processes whose working directory is `dir` (Linux /proc), to prove a kill worked. */
async function processesIn(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => '');
    if (cwd === dir) found.push(pid);
  }
  return found;
}

test('a full draft with a table, a two-series figure and a reference compiles to PDF', async (t) => {
  if (!HAVE_LATEX) return t.skip(NO_LATEX);
  const dir = await tempDir(t);
  const { tex, result } = await renderAndCompile(sampleDraft(), dir);
  assert.equal(result.error, null);
  assert.ok(result.compiled);
  assert.equal(result.pdfPath, join(dir, 'paper.pdf'));
  await assertPdf(result.pdfPath);
  assert.match(tex, /\$\\eta\$/, 'safe math stayed math');
  const bbl = await readFile(join(dir, 'paper.bbl'), 'utf8');
  assert.match(bbl, /\\bibitem\{vaswani2017\}/);
  const log = await readFile(join(dir, 'paper.log'), 'utf8');
  assert.doesNotMatch(
    log,
    /undefined (references|citations)|Citation `.*' .*undefined|Reference `.*' .*undefined/,
  );
});

test('text that would break an unescaped compile, or run commands, compiles harmlessly', async (t) => {
  if (!HAVE_LATEX) return t.skip(NO_LATEX);
  const dir = await tempDir(t);
  const short = '50% of {x} & $y_1$ #2 ~ ^ \\input{/etc/hostname} [@ghost] `a_b`';
  const draft = sampleDraft();
  draft.title = `Title ${short}`;
  draft.authors = ['A\\write18{touch pwned} & B', 'C_D'];
  draft.abstract = HOSTILE_TEXT;
  draft.sections.push({
    heading: `Heading ${short}`,
    body: `${HOSTILE_TEXT}\n\n- ${short}\n- [x] starts with a bracket\n\n${HOSTILE_TEXT}`,
  });
  draft.tables.push({
    label: 'tab:{evil}#%',
    caption: HOSTILE_TEXT,
    columns: ['*', '[col]', short],
    rows: [['[1]', '*2*', short], ['\\\\', '&', '%'], ['only one cell']],
  });
  draft.figures.push({
    label: 'fig:$x$',
    caption: short,
    x_label: short,
    y_label: '$\\input{/etc/hostname}$',
    series: [
      {
        name: short,
        points: [
          [0, 1],
          [1, 2],
        ],
      },
      {
        name: '}{',
        points: [
          [0, 2],
          [1, 1e-300],
        ],
      },
    ],
  });
  draft.references.push({
    key: 'evil',
    title: HOSTILE_TEXT,
    authors: ['{Unbalanced', 'X and Y', '\\input{/etc/hostname}'],
    year: 2024,
    venue: '%#&',
    url: 'https://example.org/}\\input{/etc/hostname}%#',
  });
  draft.sections[0]!.body += ' Cited [@evil].';
  const { tex, result } = await renderAndCompile(draft, dir);
  assert.equal(result.error, null);
  await assertPdf(result.pdfPath);
  assert.doesNotMatch(tex, /\\(input|include|write|immediate|openout|catcode|def|csname)\b|\^\^/);
  const files = await readdir(dir);
  assert.deepEqual(
    files.filter((f) => f.includes('pwned')),
    [],
  );
  const recorded = await readFile(join(dir, 'paper.fls'), 'utf8');
  assert.doesNotMatch(recorded, /hostname|passwd/, 'no file outside TeX was read');
});

test('TeX itself reads nothing outside the run: \\input and \\openin of host files, tex-safety bypassed', async (t) => {
  if (!HAVE_LATEX) return t.skip(NO_LATEX);
  const dir = await tempDir(t);
  // Written straight to disk, so only the compiler's own fences (kpsewhich paranoid mode,
  // no shell escape) stand between it and the host's files.
  const probe = [
    '\\documentclass{article}',
    '\\begin{document}',
    '\\newread\\r\\openin\\r=/etc/hostname \\ifeof\\r closed\\else\\read\\r to\\x OPENED \\fi',
    '\\immediate\\write18{touch pwned}',
    '\\immediate\\openout9=/tmp/outside-\\jobname.txt \\immediate\\write9{x}\\immediate\\closeout9',
    'Text.',
    '\\end{document}',
    '',
  ].join('\n');
  await writeFile(join(dir, 'probe.tex'), probe);
  const opened = await compileLatex({ dir, texFile: 'probe.tex' });
  const fls = await readFile(join(dir, 'probe.fls'), 'utf8');
  assert.doesNotMatch(fls, /hostname|outside-probe/, 'nothing outside the directory was opened');
  assert.deepEqual(
    (await readdir(dir)).filter((f) => f.includes('pwned')),
    [],
  );
  assert.match(opened.error ?? '', /I can't write on file `\/tmp\/outside-probe.txt'/);
  await assert.rejects(stat('/tmp/outside-probe.txt'), { code: 'ENOENT' });

  await writeFile(
    join(dir, 'passwd.tex'),
    '\\documentclass{article}\n\\begin{document}\n\\input{/etc/passwd}\n\\end{document}\n',
  );
  const input = await compileLatex({ dir, texFile: 'passwd.tex' });
  assert.equal(input.compiled, false);
  assert.match(input.error ?? '', /File `\/etc\/passwd/);
  assert.doesNotMatch(await readFile(join(dir, 'passwd.fls'), 'utf8'), /INPUT \/etc\/passwd/);
});

test('every mapped unicode character, T1 letter and allowed math command compiles', async (t) => {
  if (!HAVE_LATEX) return t.skip(NO_LATEX);
  const dir = await tempDir(t);
  const letters = Array.from({ length: 0x180 - 0xc0 }, (_, i) =>
    String.fromCodePoint(0xc0 + i),
  ).join(' ');
  const math = [
    ...[...ALLOWED_MATH.symbols].map((name) => `$\\${name}$`),
    ...[...ALLOWED_MATH.oneArg].map((name) => `$\\${name}{x}$`),
    ...[...ALLOWED_MATH.twoArgs].map((name) => `$\\${name}{a}{b}$`),
    '$\\left( x \\right)$',
    '$\\left\\{ x \\right.$',
    '$\\left\\langle x \\right\\rangle$',
    '$\\big( \\Big) \\bigg[ \\Bigg] \\bigl( \\bigr) \\Bigl| \\Bigr|$',
    `$${MAPPED_CHARACTERS.filter((c) => sanitizeMath(c) !== null).join(' ')}$`,
  ];
  for (const m of math) assert.notEqual(sanitizeMath(m.slice(1, -1)), null, m);
  const draft = sampleDraft();
  draft.sections = [
    { heading: 'Characters', body: `${MAPPED_CHARACTERS.join(' ')}\n\n${letters}` },
    { heading: 'Math', body: math.join(' ') },
  ];
  const { tex, result } = await renderAndCompile(draft, dir);
  assert.equal(result.error, null);
  await assertPdf(result.pdfPath);
  assert.match(tex, /\$\\frac\{a\}\{b\}\$/, 'math was typeset as math');
});

test('a broken .tex fails with an error excerpt naming the offending line', async (t) => {
  if (!HAVE_LATEX) return t.skip(NO_LATEX);
  const dir = await tempDir(t);
  const tex = [
    '\\documentclass{article}',
    '\\begin{document}',
    'Fine.',
    '',
    'Broken \\undefinedmacro{here}',
    '\\end{document}',
  ];
  await writeFile(join(dir, 'broken.tex'), tex.join('\n'));
  const result = await compileLatex({ dir, texFile: 'broken.tex' });
  assert.equal(result.compiled, false);
  assert.equal(result.pdfPath, null);
  assert.match(result.error ?? '', /^! Undefined control sequence\.\nl\.5 Broken \\undefinedmacro/);
  assert.ok(result.log.length > 0);
});

test('a compile that loops forever is killed, process group and all, at the timeout', async (t) => {
  if (!HAVE_LATEX) return t.skip(NO_LATEX);
  const dir = await tempDir(t);
  await writeFile(
    join(dir, 'paper.tex'),
    '\\documentclass{article}\\begin{document}\\def\\x{\\x}\\x\\end{document}\n',
  );
  const started = Date.now();
  const result = await compileLatex({ dir, timeoutMs: 2_000 });
  const elapsed = Date.now() - started;
  assert.equal(result.compiled, false);
  assert.ok(result.timedOut);
  assert.equal(result.error, 'LaTeX compile timed out after 2000 ms');
  assert.ok(elapsed < 6_000, `took ${elapsed} ms`);
  if (process.platform === 'linux') assert.deepEqual(await processesIn(dir), []);
});

test('aborting a compile kills it and rejects with the abort reason', async (t) => {
  if (!HAVE_LATEX) return t.skip(NO_LATEX);
  const dir = await tempDir(t);
  await writeFile(
    join(dir, 'paper.tex'),
    '\\documentclass{article}\\begin{document}\\def\\x{\\x}\\x\\end{document}\n',
  );
  const controller = new AbortController();
  setTimeout(() => controller.abort(new Error('user cancelled')), 500);
  await assert.rejects(compileLatex({ dir, signal: controller.signal }), /user cancelled/);
  await new Promise((r) => setTimeout(r, 200));
  if (process.platform === 'linux') assert.deepEqual(await processesIn(dir), []);
});

test('without latexmk, pdflatex and bibtex are run directly', async (t) => {
  const pdflatex = await findExecutable('pdflatex', process.env.PATH ?? '');
  const bibtex = await findExecutable('bibtex', process.env.PATH ?? '');
  if (pdflatex === null || bibtex === null) return t.skip('pdflatex and bibtex are not installed');
  const dir = await tempDir(t);
  const bin = join(dir, 'bin');
  const build = join(dir, 'build');
  await mkdir(bin);
  await mkdir(build);
  await symlink(pdflatex, join(bin, 'pdflatex'));
  await symlink(bibtex, join(bin, 'bibtex'));
  const { tex, bib, files } = renderLatex(sampleDraft());
  await writeFile(join(build, 'paper.tex'), tex);
  await writeFile(join(build, 'refs.bib'), bib);
  for (const file of files) await writeFile(join(build, file.name), file.content);
  const result = await compileLatex({ dir: build, searchPath: bin });
  assert.equal(result.error, null);
  await assertPdf(result.pdfPath);
  await assert.rejects(stat(join(build, 'paper.fdb_latexmk')), 'latexmk did not run');
  assert.match(await readFile(join(build, 'paper.bbl'), 'utf8'), /\\bibitem\{vaswani2017\}/);
  assert.doesNotMatch(
    await readFile(join(build, 'paper.log'), 'utf8'),
    /undefined (references|citations)/,
  );
});

test('with no compiler on the PATH the result says what to install', async (t) => {
  const dir = await tempDir(t);
  const empty = join(dir, 'empty-bin');
  await mkdir(empty);
  assert.equal(await latexAvailable(empty), false);
  const result = await compileLatex({ dir, searchPath: empty });
  assert.deepEqual(result, {
    compiled: false,
    pdfPath: null,
    error: NO_COMPILER_ERROR,
    log: '',
    timedOut: false,
  });
});
