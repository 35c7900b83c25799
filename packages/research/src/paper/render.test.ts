import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PaperDraft } from '../domain/artefacts.ts';
import { sanitizeUrl } from './bib.ts';
import { renderLatex } from './render.ts';
import { isNumericColumn } from './table.ts';
import { sampleDraft } from './testing.ts';

function usedPackages(tex: string): string[] {
  return [...tex.matchAll(/\\usepackage(?:\[[^\]]*\])?\{([^}]+)\}/g)].map((m) => m[1] ?? '');
}

test('renderLatex writes a complete article with the expected preamble', () => {
  const { tex } = renderLatex(sampleDraft());
  assert.match(tex, /^% Generated/);
  assert.match(tex, /\\documentclass\[11pt\]\{article\}/);
  assert.match(tex, /\\usepackage\[T1\]\{fontenc\}/);
  assert.match(tex, /\\usepackage\[utf8\]\{inputenc\}/);
  assert.match(tex, /\\pgfplotsset\{compat=1\.18\}/);
  const packages = usedPackages(tex);
  for (const p of [
    'geometry',
    'fontenc',
    'inputenc',
    'lmodern',
    'booktabs',
    'pgfplots',
    'hyperref',
  ]) {
    assert.ok(packages.includes(p), p);
  }
  assert.equal(packages.at(-1), 'hyperref', 'hyperref is loaded last');
  assert.match(tex, /\\title\{Learning-Rate Warm-up Improves Small Transformers\}/);
  assert.match(tex, /\\author\{Ada Lovelace \\and Alan Turing\}/);
  assert.match(tex, /\\begin\{abstract\}[\s\S]*\\end\{abstract\}/);
  assert.equal(tex.match(/\\section\{/g)?.length, 4);
  assert.doesNotMatch(tex, /\\today/);
  assert.match(tex, /\\end\{document\}\n$/);
});

test('renderLatex is deterministic', () => {
  assert.deepEqual(renderLatex(sampleDraft()), renderLatex(sampleDraft()));
});

test('tables use booktabs and right-align numeric columns', () => {
  const { tex } = renderLatex(sampleDraft());
  assert.match(
    tex,
    /\\begin\{tabular\}\{lrr\}\n\\toprule\n\{\}Condition & accuracy & final loss \\\\\n\\midrule/,
  );
  assert.match(
    tex,
    /\{\}warm\\_up & 0\.833 \$\\pm\$ 0\.003 & 0\.55 \$\\pm\$ 0\.01 \\\\\n\\bottomrule/,
  );
  assert.match(
    tex,
    /\\caption\{Mean \$\\pm\$ standard deviation over 3 seeds\.\}\n\\label\{tab:results\}/,
  );
  assert.ok(isNumericColumn(['1', '-2.5e-3', '—', '12%', '**0.9**', '3 +/- 1']));
  assert.ok(!isNumericColumn(['1', 'n=3']));
  assert.ok(!isNumericColumn(['', '—']));
});

test('table rows are padded or cut to the number of columns', () => {
  const draft = sampleDraft();
  draft.tables = [{ label: 't', caption: '', columns: ['a', 'b'], rows: [['1'], ['1', '2', '3']] }];
  const { tex } = renderLatex(draft);
  assert.match(tex, /\{\}1 & {2}\\\\\n\{\}1 & 2 \\\\\n/);
  assert.match(tex, /\\label\{tab:t\}/);
});

test('figures are pgfplots axes with one \\addplot per series, read from a CSV file', () => {
  const { tex, files } = renderLatex(sampleDraft());
  assert.equal(tex.match(/\\addplot\+/g)?.length, 2);
  assert.match(
    tex,
    /\\addplot\+\[thick, mark size=1\.5pt\] table\[x=x, y=y1, col sep=comma\]\{fig-loss\.csv\};/,
  );
  assert.match(
    tex,
    /table\[x=x, y=y2, col sep=comma\]\{fig-loss\.csv\};\n\\addlegendentry\{warm\\_up\}/,
  );
  assert.match(tex, /\\addlegendentry\{constant\}\n/);
  assert.match(tex, /xlabel=\{step\}/);
  assert.match(tex, /ylabel=\{loss\}/);
  assert.match(tex, /\\label\{fig:loss\}/);
  assert.doesNotMatch(tex, /coordinates/, 'no inline coordinates');
  assert.equal(files.length, 1);
  assert.equal(files[0]!.name, 'fig-loss.csv');
  const lines = files[0]!.content.split('\n');
  assert.equal(lines[0], 'x,y1,y2');
  assert.equal(lines[1], '0,2,1.8');
  assert.equal(lines[2], '100,1.5384615,1.3333333');
  assert.equal(lines.length, 22, 'header, 20 rows and the final newline');
});

test('series with different x values get one CSV file each; names are unique and safe', () => {
  const draft = sampleDraft();
  const fig = (label: string, series: [number, number][][]) => ({
    label,
    caption: 'c',
    x_label: 'x',
    y_label: 'y',
    series: series.map((points, i) => ({ name: `s${i}`, points })),
  });
  draft.figures = [
    fig('fig:A b', [
      [
        [0, 1],
        [1, 2],
      ],
      [[0.5, 3]],
    ]),
    fig('fig:a-b', [[[1, 1]]]),
    fig('fig:}{\\input', [[[2, 2]]]),
  ];
  const { tex, files } = renderLatex(draft);
  assert.deepEqual(
    files.map((f) => f.name),
    ['fig-a-b--1.csv', 'fig-a-b--2.csv', 'fig-a-b-2.csv', 'fig-input.csv'],
  );
  assert.equal(files[0]!.content, 'x,y\n0,1\n1,2\n');
  assert.equal(files[1]!.content, 'x,y\n0.5,3\n');
  assert.match(tex, /table\[x=x, y=y, col sep=comma\]\{fig-a-b--2\.csv\}/);
  for (const f of files) assert.match(f.name, /^[a-z0-9][a-z0-9-]*\.csv$/);
});

test('figures drop non-finite points, thin long series and skip empty ones', () => {
  const draft = sampleDraft();
  draft.figures = [
    {
      label: 'fig:big',
      caption: 'c',
      x_label: 'x',
      y_label: 'y',
      series: [
        {
          name: 'a',
          points: Array.from(
            { length: 5000 },
            (_, i) => [i, i === 7 ? NaN : i] as [number, number],
          ),
        },
        { name: 'empty', points: [] },
      ],
    },
    {
      label: 'fig:none',
      caption: 'c',
      x_label: 'x',
      y_label: 'y',
      series: [{ name: 'a', points: [] }],
    },
  ];
  draft.sections[0]!.body += ' See @fig:none.';
  const { tex, files } = renderLatex(draft);
  assert.deepEqual(
    files.map((f) => f.name),
    ['fig-big.csv'],
  );
  const rows = files[0]!.content.trim().split('\n').slice(1);
  assert.equal(rows.length, 400);
  assert.equal(rows[0], '0,0');
  assert.equal(rows.at(-1), '4999,4999');
  assert.doesNotMatch(tex + files[0]!.content, /NaN|empty|fig:none\}/);
  assert.match(tex, /See @fig:none\./, 'a reference to a skipped figure stays text');
});

test('floats are placed after the section that first refers to them', () => {
  const { tex } = renderLatex(sampleDraft());
  // The abstract refers to both, so they follow the first section.
  const intro = tex.indexOf('\\section{Introduction}');
  const method = tex.indexOf('\\section{Method}');
  assert.ok(intro < tex.indexOf('\\begin{table}') && tex.indexOf('\\begin{figure}') < method);
  const draft = sampleDraft();
  draft.abstract = 'No references here.';
  const late = renderLatex(draft).tex;
  const results = late.indexOf('\\section{Results}');
  assert.ok(
    late.indexOf('\\begin{table}') > results &&
      late.indexOf('\\section{Conclusion}') > late.indexOf('\\begin{figure}'),
  );
});

test('the bibliography lists cited references only, with escaped fields', () => {
  const draft = sampleDraft();
  draft.references.push(
    { key: 'uncited', title: 'Never cited', authors: [], year: null, venue: null, url: null },
    {
      key: 'odd_1',
      title: 'Braces {and} 100% & $money$',
      authors: ['Procter and Gamble', 'R. Ø'],
      year: null,
      venue: null,
      url: 'javascript:alert(1)',
    },
  );
  draft.sections[1]!.body += ' Also [@odd_1].';
  const { tex, bib } = renderLatex(draft);
  assert.match(tex, /\\bibliographystyle\{plain\}\n\\bibliography\{refs\}/);
  assert.equal(
    bib,
    [
      '@article{vaswani2017,',
      '  author = {Ashish Vaswani and Noam Shazeer},',
      '  title = {{Attention Is All You Need}},',
      '  journal = {Advances in Neural Information Processing Systems},',
      '  year = {2017},',
      '  note = {\\url{https://arxiv.org/abs/1706.03762}},',
      '}',
      '',
      '@misc{odd_1,',
      '  author = {{Procter and Gamble} and R. Ø},',
      '  title = {{Braces \\textbraceleft{}and\\textbraceright{} 100\\% \\& \\$money\\$}},',
      '}',
      '',
    ].join('\n'),
  );
  assert.doesNotMatch(bib, /uncited|javascript/);
  // BibTeX counts every brace, escaped or not: they must balance.
  let depth = 0;
  for (const ch of bib) depth += ch === '{' ? 1 : ch === '}' ? -1 : 0;
  assert.equal(depth, 0);
});

test('no bibliography at all when nothing known is cited', () => {
  const draft: PaperDraft = { ...sampleDraft(), abstract: 'Abstract [@ghost].' };
  draft.sections = [{ heading: 'Only', body: 'No citations [@vaswani] here.' }];
  const { tex, bib } = renderLatex(draft);
  assert.equal(bib, '');
  assert.doesNotMatch(tex, /\\bibliography|\\cite/);
});

test('no authors renders Anonymous; section numbers written by the LLM are dropped', () => {
  const draft = sampleDraft();
  draft.authors = ['  '];
  draft.sections[0]!.heading = '1. Introduction';
  const { tex } = renderLatex(draft);
  assert.match(tex, /\\author\{Anonymous\}/);
  assert.match(tex, /\\section\{Introduction\}/);
});

test('sanitizeUrl allows http(s) only and encodes characters that could escape \\url', () => {
  assert.equal(
    sanitizeUrl('https://x.org/a b{c}\\d%zz%20#f'),
    'https://x.org/a%20b%7Bc%7D%5Cd%25zz%20#f',
  );
  assert.equal(sanitizeUrl('file:///etc/passwd'), null);
  assert.equal(sanitizeUrl('javascript:alert(1)'), null);
});
