import type { PaperFigure } from '../domain/artefacts.ts';
import { renderInline, type MarkupContext } from './markup.ts';

/** More points than this per series are thinned: pgfplots keeps them all in TeX's memory. */
const MAX_POINTS = 400;
/** Above this many points a series is drawn as a plain line; marks would be a smear. */
const MAX_MARKED_POINTS = 30;
/** Data file names the renderer writes and \addplot reads: lower-case, no path, no TeX specials. */
export const DATA_FILE = /^[a-z0-9][a-z0-9-]*\.csv$/;

/** A file written next to paper.tex that the document reads (a figure's data). */
export interface DataFile {
  name: string;
  content: string;
}

/** A number as pgfplots reads it: plain integers, else 8 significant digits (may use e-notation). */
export function formatCoordinate(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  return String(Number(n.toPrecision(8)));
}

type Point = readonly [number, number];

/** Keeps the first and last points and evenly spaced ones between: deterministic thinning. */
function thin(points: readonly Point[]): readonly Point[] {
  if (points.length <= MAX_POINTS) return points;
  return Array.from(
    { length: MAX_POINTS },
    (_, i) => points[Math.round((i * (points.length - 1)) / (MAX_POINTS - 1))]!,
  );
}

/** The series that can be drawn: non-finite points removed, empty series dropped. */
export function plottableSeries(figure: PaperFigure): { name: string; points: readonly Point[] }[] {
  return figure.series
    .map((s) => ({
      name: s.name,
      points: thin(s.points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y))),
    }))
    .filter((s) => s.points.length > 0);
}

/** True when every series has the same x values in the same order, so one table holds them all. */
function sharedX(series: readonly { points: readonly Point[] }[]): boolean {
  const first = series[0]!.points;
  return series.every(
    (s) => s.points.length === first.length && s.points.every(([x], i) => x === first[i]![0]),
  );
}

function csv(header: string[], rows: string[][]): string {
  return `${[header, ...rows].map((row) => row.join(',')).join('\n')}\n`;
}

/**
 * The data files of a figure and, per series, the file and column \addplot reads. Series
 * with the same x values share one file (`x,y1,y2,...`, in legend order); otherwise each
 * series gets its own (`<base>--<n>.csv`, columns `x,y`; a base never contains `--`, so these
 * names cannot clash with another figure's).
 */
function dataTables(
  series: readonly { points: readonly Point[] }[],
  base: string,
): { files: DataFile[]; columns: { file: string; y: string }[] } {
  const fmt = (p: Point): [string, string] => [formatCoordinate(p[0]), formatCoordinate(p[1])];
  if (sharedX(series)) {
    const name = `${base}.csv`;
    const header = ['x', ...series.map((_, i) => `y${i + 1}`)];
    const rows = series[0]!.points.map(([x], i) => [
      formatCoordinate(x),
      ...series.map((s) => formatCoordinate(s.points[i]![1])),
    ]);
    return {
      files: [{ name, content: csv(header, rows) }],
      columns: series.map((_, i) => ({ file: name, y: `y${i + 1}` })),
    };
  }
  const files = series.map((s, i) => ({
    name: `${base}--${i + 1}.csv`,
    content: csv(['x', 'y'], s.points.map(fmt)),
  }));
  return { files, columns: files.map((f) => ({ file: f.name, y: 'y' })) };
}

/**
 * Renders a figure float with one pgfplots line per series, read from CSV files named after
 * `dataBase` (written next to the .tex by the caller), or null when no series has a
 * drawable point (an empty axis is an error in pgfplots).
 */
export function renderFigure(
  figure: PaperFigure,
  label: string,
  dataBase: string,
  ctx: MarkupContext,
): { tex: string; files: DataFile[] } | null {
  const series = plottableSeries(figure);
  if (series.length === 0) return null;
  const { files, columns } = dataTables(series, dataBase);
  const legend = series.some((s) => s.name.trim() !== '');
  const axisOptions = [
    'width=0.82\\linewidth',
    'height=0.52\\linewidth',
    `xlabel={${renderInline(figure.x_label, ctx)}}`,
    `ylabel={${renderInline(figure.y_label, ctx)}}`,
    'grid=major',
    'grid style={gray!25}',
    'tick label style={font=\\small}',
    'label style={font=\\small}',
    ...(legend
      ? [
          // Above the axis, where nothing else is drawn, so it never hides data or labels.
          `legend style={at={(0.5,1.03)}, anchor=south, draw=none, font=\\small, legend columns=${Math.min(series.length, 3)}}`,
          'legend cell align={left}',
        ]
      : []),
  ];
  const plots = series.flatMap((s, i) => {
    const style =
      s.points.length > MAX_MARKED_POINTS ? 'thick, no markers' : 'thick, mark size=1.5pt';
    const { file, y } = columns[i]!;
    return [
      `\\addplot+[${style}] table[x=x, y=${y}, col sep=comma]{${file}};`,
      ...(legend ? [`\\addlegendentry{${renderInline(s.name, ctx)}}`] : []),
    ];
  });
  const tex = [
    '\\begin{figure}[htbp]',
    '\\centering',
    '\\begin{tikzpicture}',
    '\\begin{axis}[',
    axisOptions.map((o) => `  ${o},`).join('\n'),
    ']',
    ...plots,
    '\\end{axis}',
    '\\end{tikzpicture}',
    `\\caption{${renderInline(figure.caption, ctx)}}`,
    `\\label{${label}}`,
    '\\end{figure}',
  ].join('\n');
  return { tex, files };
}
