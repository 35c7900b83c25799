import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAPPED_CHARACTERS } from './escape.ts';
import { ALLOWED_MATH } from './math.ts';
import { renderLatex } from './render.ts';
import { texSafetyProblems } from './tex-safety.ts';
import { HOSTILE_TEXT, sampleDraft } from './testing.ts';
import { fixProblems } from './write-paper.ts';

const DOC = (body: string, preamble = ''): string =>
  `\\documentclass{article}\n${preamble}\\begin{document}\n${body}\n\\end{document}\n`;

test("the renderer's own output passes, hostile drafts and all mapped characters included", () => {
  const hostile = sampleDraft();
  hostile.abstract = HOSTILE_TEXT;
  hostile.sections.push({ heading: HOSTILE_TEXT, body: `${HOSTILE_TEXT}\n\n- ${HOSTILE_TEXT}` });
  hostile.tables.push({ label: '}{', caption: HOSTILE_TEXT, columns: ['a'], rows: [['\\\\']] });
  const chars = sampleDraft();
  chars.sections = [
    { heading: 'Characters', body: MAPPED_CHARACTERS.join(' ') },
    {
      heading: 'Math',
      body: [
        ...[...ALLOWED_MATH.symbols].map((n) => `$\\${n}$`),
        ...[...ALLOWED_MATH.oneArg].map((n) => `$\\${n}{x}$`),
        ...[...ALLOWED_MATH.twoArgs].map((n) => `$\\${n}{a}{b}$`),
        '$\\left( x \\right)$ $\\big( \\Big) \\bigl( \\bigr)$',
      ].join(' '),
    },
  ];
  for (const draft of [sampleDraft(), hostile, chars]) {
    for (const math of ['auto', 'text'] as const) {
      const { tex, files } = renderLatex(draft, { math });
      const dataFiles = new Set(files.map((f) => f.name));
      assert.deepEqual(texSafetyProblems(tex, { dataFiles }), [], draft.title);
    }
  }
});

const REFUSED: [string, string, RegExp][] = [
  ['shell escape', DOC('\\immediate\\write18{touch pwned}'), /\\immediate is not allowed/],
  ['\\write', DOC('\\write18{ls}'), /\\write is not allowed/],
  ['\\openout', DOC('\\newwrite\\f\\openout\\f=x.tex'), /\\openout is not allowed/],
  ['\\input of an absolute path', DOC('\\input{/etc/hostname}'), /outside the directory/],
  ['\\input of a parent path', DOC('\\input{../secret}'), /outside the directory/],
  ['bare \\input', DOC('\\input /etc/passwd'), /outside the directory/],
  ['\\include of a dotfile', DOC('\\include{.env}'), /outside the directory/],
  ['catcode', DOC('\\catcode`\\|=0 |input|etc'), /\\catcode is not allowed/],
  ['^^ escapes', DOC('^^5cinput{/etc/hostname}'), /\^\^ character escapes/],
  ['\\csname', DOC('\\csname input\\endcsname{x}'), /\\csname is not allowed/],
  ['\\scantokens', DOC('\\scantokens{\\input x}'), /\\scantokens is not allowed/],
  ['\\makeatletter', DOC('\\makeatletter\\@input{x}'), /\\makeatletter is not allowed/],
  ['expl3', DOC('\\ExplSyntaxOn \\use:c {input}'), /\\ExplSyntaxOn is not allowed/],
  ['\\def', DOC('\\def\\x{1}'), /\\def is not allowed/],
  ['a package that reads files', DOC('', '\\usepackage{verbatim}\n'), /"verbatim"/],
  ['filecontents', DOC('\\begin{filecontents}{x.tex}\nhi\n\\end{filecontents}'), /filecontents/],
  ['a shell plot', DOC('\\begin{axis}\\addplot shell {ls};\\end{axis}'), /\\addplot shell/],
  [
    'a table outside the directory',
    DOC('\\addplot+[thick] table[x=x, y=y, col sep=comma]{/etc/passwd};'),
    /reads "\/etc\/passwd"/,
  ],
  ['a table the renderer did not write', DOC('\\addplot table{paper.log};'), /reads "paper.log"/],
  ['a pgfplots search path', DOC('\\pgfplotsset{table/search path={/etc}}'), /search path/],
  ['a run: link', DOC('\\href{run:/bin/sh}{click}'), /link target/],
  ['a %& first line', `%&-translate-file=x\n${DOC('')}`, /%& first line/],
  ['a pdfTeX file primitive', DOC('\\pdfobj file {/etc/passwd}'), /\\pdfobj is not allowed/],
  ['a redefinition that hides a primitive', DOC('\\let\\x\\input'), /\\let is not allowed/],
];

for (const [name, tex, why] of REFUSED) {
  test(`refused: ${name}`, () => {
    const problems = texSafetyProblems(tex, { dataFiles: new Set(['fig-loss.csv']) });
    assert.ok(
      problems.some((p) => why.test(p)),
      `${JSON.stringify(problems)} should match ${why}`,
    );
  });
}

test('ordinary corrections pass: local files, allowed packages, own commands', () => {
  const tex = DOC(
    '\\newcommand{\\best}[1]{\\textbf{#1}}\nA \\best{result}~\\cite{x}, 50\\% \\\\ \\input{extra}\n' +
      '\\addplot+[thick] table[x=x, y=y1, col sep=comma]{fig-loss.csv};',
    '\\usepackage[utf8]{inputenc}\n\\usepackage{xcolor,booktabs}\n',
  );
  assert.deepEqual(texSafetyProblems(tex, { dataFiles: new Set(['fig-loss.csv']) }), []);
});

test('a fix may not cite unknown keys or add numbers', () => {
  const before = DOC('Accuracy is 0.81~\\cite{a}.');
  const bib = '@article{a,\n  title = {A},\n}\n';
  const none = new Set<string>();
  assert.deepEqual(fixProblems(DOC('Accuracy is 0.81~\\cite{A}.'), before, bib, none), []);
  assert.match(
    fixProblems(DOC('Accuracy is 0.81~\\cite{a,ghost}.'), before, bib, none).join(),
    /refs.bib does not have: ghost/,
  );
  assert.match(
    fixProblems(DOC('Accuracy is 0.93~\\cite{a}.'), before, bib, none).join(),
    /adds numbers the paper did not have: 0.93/,
  );
});

test('a fix may not read a file the paper does not have: a missing figure, the paper itself', () => {
  const bib = '';
  const data = new Set(['fig-curves.csv']);
  const before = DOC('Text.');
  assert.match(
    fixProblems(
      DOC('Text. \\includegraphics[width=\\linewidth]{figure1.png}'),
      before,
      bib,
      data,
    ).join(),
    /\\includegraphics of "figure1.png" names a file the paper does not have/,
  );
  assert.match(
    fixProblems(DOC('Text. \\input{paper}'), before, bib, data).join(),
    /\\input of "paper" names a file the paper does not have/,
  );
  assert.deepEqual(
    fixProblems(DOC('Text. \\addplot table[col sep=comma]{fig-curves.csv};'), before, bib, data),
    [],
  );
});
