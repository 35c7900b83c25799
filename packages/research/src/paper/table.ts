import type { PaperTable } from '../domain/artefacts.ts';
import { renderInline, type MarkupContext } from './markup.ts';

const NUMBER = String.raw`[-+−]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][-+−]?\d+)?\s*%?`;
/** A number, optionally with an uncertainty ("0.91 ± 0.02", "3.1 +/- 0.4", "12%"). */
const NUMERIC_CELL = new RegExp(String.raw`^${NUMBER}(?:\s*(?:±|\+/-|\+-|\\pm)\s*${NUMBER})?$`);
/** Cells that say "no value" and so do not decide a column's alignment. */
const EMPTY_CELL = /^(?:|[-–—]|n\/?a|nan|none|null)$/i;

function stripMarkup(cell: string): string {
  return cell.replace(/\*\*|\*|\$/g, '').trim();
}

/** True when every cell that has a value is a number, and at least one does. */
export function isNumericColumn(cells: readonly string[]): boolean {
  let numbers = 0;
  for (const cell of cells.map(stripMarkup)) {
    if (EMPTY_CELL.test(cell)) continue;
    if (!NUMERIC_CELL.test(cell)) return false;
    numbers++;
  }
  return numbers > 0;
}

/**
 * Renders a table float: booktabs rules, numeric columns right-aligned, scaled down to the
 * text width only when it would overflow (the box is measured in TeX, see the preamble).
 */
export function renderTable(table: PaperTable, label: string, ctx: MarkupContext): string {
  const width = table.columns.length;
  // Short rows are padded and long ones cut: a row with more cells than columns is an
  // "Extra alignment tab" error that would stop the whole compile.
  const rows = table.rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''));
  const align = table.columns
    .map((_, i) => (isNumericColumn(rows.map((row) => row[i] ?? '')) ? 'r' : 'l'))
    .join('');
  const line = (cells: string[]): string =>
    // The leading {} keeps a cell that starts with * or [ from being read as an
    // argument of the previous row's \\.
    `{}${cells.map((cell) => renderInline(cell, ctx)).join(' & ')} \\\\`;
  const caption = renderInline(table.caption, ctx);
  return [
    '\\begin{table}[htbp]',
    '\\centering',
    // Always captioned: \ref needs the table counter that \caption steps.
    `\\caption{${caption}}`,
    `\\label{${label}}`,
    '\\begin{lrbox}{\\papertablebox}',
    `\\begin{tabular}{${align}}`,
    '\\toprule',
    line(table.columns),
    '\\midrule',
    ...rows.map(line),
    '\\bottomrule',
    '\\end{tabular}',
    '\\end{lrbox}',
    '\\fitwidth{\\papertablebox}',
    '\\end{table}',
  ].join('\n');
}
