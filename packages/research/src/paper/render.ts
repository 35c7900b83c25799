import type { PaperDraft } from '../domain/artefacts.ts';
import { citableReferences, renderBibliography } from './bib.ts';
import { escapeLatex, plainAscii } from './escape.ts';
import { plottableSeries, renderFigure, type DataFile } from './figure.ts';
import { renderBlocks, renderInline, type MarkupContext, type MathMode } from './markup.ts';
import { renderTable } from './table.ts';

/** File names the rendered document expects: \bibliography{refs} reads refs.bib. */
export const TEX_FILE = 'paper.tex';
export const BIB_FILE = 'refs.bib';

export interface RenderOptions {
  /** 'text' shows every `$...$` as literal text; used to retry a compile that failed on math. */
  math?: MathMode;
}

export interface RenderedPaper {
  tex: string;
  /** The .bib content, or '' when nothing is cited (then the .tex has no bibliography). */
  bib: string;
  /** Files the .tex reads, to be written next to it: each figure's points as CSV. */
  files: DataFile[];
}

const PREAMBLE = [
  '\\documentclass[11pt]{article}',
  '\\usepackage[letterpaper,margin=1in]{geometry}',
  '\\usepackage[T1]{fontenc}',
  '\\usepackage[utf8]{inputenc}',
  // Scalable Latin Modern fonts when the lmodern package is installed; without it T1 falls
  // back to the EC fonts, which still compile (as bitmaps generated on first use).
  '\\IfFileExists{lmodern.sty}{\\usepackage{lmodern}}{}',
  '\\usepackage{amsmath}',
  '\\usepackage{amssymb}',
  '\\usepackage{graphicx}',
  '\\usepackage{booktabs}',
  '\\usepackage{pgfplots}',
  '\\pgfplotsset{compat=1.18}',
  // Generated prose has long identifiers and numbers; stretch spacing instead of overflowing.
  '\\setlength{\\emergencystretch}{3em}',
  // LaTeX holds at most 18 pending floats by default; a results-heavy draft can have more.
  '\\extrafloats{100}',
  // Tables are set in a box first and shrunk to the text width only if wider.
  '\\newsavebox{\\papertablebox}',
  '\\newcommand{\\fitwidth}[1]{\\ifdim\\wd#1>\\linewidth\\resizebox{\\linewidth}{!}{\\usebox{#1}}\\else\\usebox{#1}\\fi}',
];

/**
 * The base name of each figure's data files: `fig-<label id>`, lower-case letters, digits and
 * single hyphens only (so no TeX special and no `--`, which per-series files use), unique.
 */
function dataBases(labels: readonly (string | null)[]): (string | null)[] {
  const used = new Set<string>();
  return labels.map((label, i) => {
    if (label === null) return null;
    const slug = label
      .replace(/^fig:/, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
    const base = `fig-${slug || String(i + 1)}`;
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
    used.add(name);
    return name;
  });
}

/** Labels for tables and figures, deduplicated, with the lookup `@tab:x` / `@fig:x` uses. */
function assignLabels(draft: PaperDraft): {
  tables: string[];
  figures: (string | null)[];
  lookup: Map<string, string>;
} {
  const used = new Set<string>();
  const lookup = new Map<string, string>();
  const assign = (raw: string, prefix: 'tab' | 'fig', index: number): string => {
    const id = raw
      .trim()
      .replace(/^(tab|table|fig|figure):/i, '')
      .replace(/[^A-Za-z0-9_.:-]+/g, '-')
      .replace(/^-+|-+$/g, '');
    const base = `${prefix}:${id || String(index + 1)}`;
    let label = base;
    for (let n = 2; used.has(label.toLowerCase()); n++) label = `${base}-${n}`;
    used.add(label.toLowerCase());
    const key = `${prefix}:${id}`.toLowerCase();
    if (id !== '' && !lookup.has(key)) lookup.set(key, label);
    return label;
  };
  const tables = draft.tables.map((t, i) => assign(t.label, 'tab', i));
  // A figure without drawable points is left out, and so gets no label to refer to.
  const figures = draft.figures.map((f, i) =>
    plottableSeries(f).length > 0 ? assign(f.label, 'fig', i) : null,
  );
  return { tables, figures, lookup };
}

/** hyperref, loaded last as it patches other packages, and the PDF's metadata. */
function hyperref(title: string, authors: string[]): string[] {
  // PDF metadata is a plain string: LaTeX markup there only produces hyperref warnings.
  return [
    '\\usepackage[hidelinks]{hyperref}',
    `\\hypersetup{pdftitle={${plainAscii(title)}}, pdfauthor={${plainAscii(authors.join(', '))}}}`,
  ];
}

/**
 * Renders a paper draft to a complete LaTeX document and its BibTeX file. The output is a
 * pure function of the draft: no dates, no environment, stable ordering.
 */
export function renderLatex(draft: PaperDraft, options: RenderOptions = {}): RenderedPaper {
  const references = citableReferences(draft.references);
  const labels = assignLabels(draft);
  const bases = dataBases(labels.figures);
  const files: DataFile[] = [];
  const ctx: MarkupContext = {
    references: new Map([...references].map(([lower, ref]) => [lower, ref.key])),
    labels: labels.lookup,
    cited: new Set(),
    referenced: new Set(),
    math: options.math ?? 'auto',
  };

  const floats = [
    ...draft.tables.map((t, i) => ({
      label: labels.tables[i]!,
      render: () => renderTable(t, labels.tables[i]!, ctx),
    })),
    ...draft.figures.flatMap((f, i) => {
      const label = labels.figures[i];
      const base = bases[i];
      if (!label || !base) return [];
      const render = (): string => {
        const figure = renderFigure(f, label, base, ctx);
        if (figure === null) return '';
        files.push(...figure.files);
        return figure.tex;
      };
      return [{ label, render }];
    }),
  ];
  const placed = new Set<string>();
  // Each float goes after the section that first refers to it; the rest after the last one.
  const placeFloats = (which: (label: string) => boolean): string[] =>
    floats
      .filter((f) => !placed.has(f.label) && which(f.label))
      .map((f) => {
        placed.add(f.label);
        return f.render();
      });

  const title = renderInline(draft.title, ctx);
  const abstract = renderBlocks(draft.abstract, ctx);
  const body: string[] = [];
  for (const section of draft.sections) {
    const heading = renderInline(section.heading.replace(/^\s*\d+(\.\d+)*\.?\s+/, ''), ctx);
    body.push(`\\section{${heading}}`);
    const text = renderBlocks(section.body, ctx, section.heading);
    if (text !== '') body.push(text);
    body.push(...placeFloats((label) => ctx.referenced.has(label)));
  }
  body.push(...placeFloats(() => true));

  const authors = draft.authors.map((a) => a.trim()).filter((a) => a !== '');
  const authorLine = authors.length > 0 ? authors.map(escapeLatex).join(' \\and ') : 'Anonymous';
  const bib = renderBibliography(draft.references, ctx.cited);
  const tex = [
    '% Generated from a PaperDraft by @hikma/research (paper/render.ts); edits are overwritten.',
    ...PREAMBLE,
    ...hyperref(draft.title, authors.length > 0 ? authors : ['Anonymous']),
    '',
    `\\title{${title}}`,
    `\\author{${authorLine}}`,
    '\\date{}',
    '',
    '\\begin{document}',
    '\\maketitle',
    '',
    '\\begin{abstract}',
    abstract,
    '\\end{abstract}',
    '',
    body.join('\n\n'),
    '',
    ...(bib === ''
      ? []
      : ['\\bibliographystyle{plain}', `\\bibliography{${BIB_FILE.replace(/\.bib$/, '')}}`, '']),
    '\\end{document}',
    '',
  ].join('\n');
  return { tex, bib, files };
}
