import type { PaperFigure } from '../pipeline/artefacts.ts';
import { renderInline, type MarkupContext } from './markup.ts';

/** More points than this per series are thinned: pgfplots keeps them all in TeX's memory. */
const MAX_POINTS = 400;
/** Above this many points a series is drawn as a plain line; marks would be a smear. */
const MAX_MARKED_POINTS = 30;

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

/**
 * Renders a figure float with one pgfplots line per series from inline coordinates, or
 * null when no series has a drawable point (an empty axis is an error in pgfplots).
 */
export function renderFigure(
  figure: PaperFigure,
  label: string,
  ctx: MarkupContext,
): string | null {
  const series = plottableSeries(figure);
  if (series.length === 0) return null;
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
  const plots = series.flatMap((s) => {
    const style =
      s.points.length > MAX_MARKED_POINTS ? 'thick, no markers' : 'thick, mark size=1.5pt';
    const coords = s.points
      .map(([x, y]) => `(${formatCoordinate(x)},${formatCoordinate(y)})`)
      .join(' ');
    return [
      `\\addplot+[${style}] coordinates {${coords}};`,
      ...(legend ? [`\\addlegendentry{${renderInline(s.name, ctx)}}`] : []),
    ];
  });
  return [
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
}
