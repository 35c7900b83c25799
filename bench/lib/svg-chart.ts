/** One line of a chart panel. */
export interface Series {
  name: string;
  points: [x: number, y: number][];
  color: string;
  dashed?: boolean;
}

/** One chart panel: its own y axis, shared x values. */
export interface Panel {
  title: string;
  yLabel: string;
  series: Series[];
  /** Horizontal reference lines (targets). */
  rules?: { y: number; label: string }[];
  /** Logarithmic y axis (decades), for values spanning orders of magnitude. */
  logY?: boolean;
}

const W = 360;
const H = 250;
const M = { left: 56, right: 16, top: 34, bottom: 92 };

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A y-axis top with four round steps (1, 2, 2.5 or 5 × 10^k each) covering `v`. */
function niceMax(v: number): number {
  if (!(v > 0)) return 1;
  const step = v / 4;
  const exp = 10 ** Math.floor(Math.log10(step));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * exp >= step) return 4 * m * exp;
  return 40 * exp;
}

const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : String(Number(v.toPrecision(3))));

function panelSvg(panel: Panel, xs: number[], xLabel: string, ox: number): string {
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const out: string[] = [];
  const finite = panel.series.flatMap((s) => s.points.map(([, y]) => y)).filter(Number.isFinite);
  const ruleYs = (panel.rules ?? []).map((r) => r.y);
  let sy: (y: number) => number;
  let ticks: number[];
  if (panel.logY) {
    const positive = [...finite, ...ruleYs].filter((y) => y > 0);
    const lo = Math.floor(Math.log10(Math.min(...positive, 1)));
    const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(...positive, 10))));
    const clamp = (y: number) => Math.min(hi, Math.max(lo, Math.log10(Math.max(y, 10 ** lo))));
    sy = (y) => M.top + ph - ((clamp(y) - lo) / (hi - lo)) * ph;
    ticks = Array.from({ length: hi - lo + 1 }, (_, i) => 10 ** (lo + i));
  } else {
    const yMax = niceMax(Math.max(...finite, ...ruleYs, 0) * 1.05);
    sy = (y) => M.top + ph - (Math.min(y, yMax) / yMax) * ph;
    ticks = [0, 1, 2, 3, 4].map((i) => (yMax * i) / 4);
  }
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  const sx = (x: number): number =>
    ox + M.left + (xMax === xMin ? pw / 2 : ((x - xMin) / (xMax - xMin)) * pw);
  out.push(`<text x="${ox + W / 2}" y="18" class="t">${esc(panel.title)}</text>`);
  for (const y of ticks) {
    out.push(
      `<line x1="${ox + M.left}" x2="${ox + M.left + pw}" y1="${sy(y)}" y2="${sy(y)}" class="g"/>`,
      `<text x="${ox + M.left - 6}" y="${sy(y) + 4}" class="yt">${fmt(y)}</text>`,
    );
  }
  for (const x of xs) {
    out.push(`<text x="${sx(x)}" y="${M.top + ph + 16}" class="xt">${x}</text>`);
  }
  out.push(
    `<text x="${ox + M.left + pw / 2}" y="${M.top + ph + 32}" class="xt">${esc(xLabel)}</text>`,
    `<text transform="translate(${ox + 14},${M.top + ph / 2}) rotate(-90)" class="xt">${esc(panel.yLabel)}</text>`,
    `<rect x="${ox + M.left}" y="${M.top}" width="${pw}" height="${ph}" class="f"/>`,
  );
  for (const rule of panel.rules ?? []) {
    out.push(
      `<line x1="${ox + M.left}" x2="${ox + M.left + pw}" y1="${sy(rule.y)}" y2="${sy(rule.y)}" class="r"/>`,
      `<text x="${ox + M.left + pw - 4}" y="${sy(rule.y) - 4}" class="rt">${esc(rule.label)}</text>`,
    );
  }
  panel.series.forEach((s, k) => {
    const pts = s.points.filter(([, y]) => Number.isFinite(y));
    const dash = s.dashed ? ' stroke-dasharray="5 3"' : '';
    if (pts.length > 1) {
      const d = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${sx(x).toFixed(1)},${sy(y).toFixed(1)}`);
      out.push(`<path d="${d.join('')}" stroke="${s.color}" fill="none" stroke-width="2"${dash}/>`);
    }
    for (const [x, y] of pts) {
      out.push(
        `<circle cx="${sx(x).toFixed(1)}" cy="${sy(y).toFixed(1)}" r="3" fill="${s.color}"/>`,
      );
    }
    const ly = M.top + ph + 48 + k * 14;
    out.push(
      `<line x1="${ox + M.left}" x2="${ox + M.left + 18}" y1="${ly - 4}" y2="${ly - 4}" stroke="${s.color}" stroke-width="2"${dash}/>`,
      `<text x="${ox + M.left + 24}" y="${ly}" class="l">${esc(s.name)}</text>`,
    );
  });
  return out.join('\n');
}

/** Panels side by side, sharing the x values (e.g. concurrent sessions); a standalone SVG. */
export function lineChartSvg(options: {
  title: string;
  subtitle?: string;
  xLabel: string;
  xs: number[];
  panels: Panel[];
}): string {
  const top = 44;
  const width = W * options.panels.length;
  const height = H + top;
  const body = options.panels
    .map((p, i) => panelSvg(p, options.xs, options.xLabel, i * W))
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">
<style>
.t{font-size:13px;font-weight:600;text-anchor:middle}.yt{font-size:10px;text-anchor:end;fill:#444}
.xt{font-size:10px;text-anchor:middle;fill:#444}.l{font-size:10px;fill:#222}
.g{stroke:#e4e4e4}.f{fill:none;stroke:#999}.r{stroke:#c00;stroke-dasharray:2 3}.rt{font-size:9px;fill:#c00;text-anchor:end}
</style>
<rect width="100%" height="100%" fill="#fff"/>
<text x="8" y="16" font-size="14" font-weight="700">${esc(options.title)}</text>
<text x="8" y="32" font-size="10" fill="#555">${esc(options.subtitle ?? '')}</text>
<g transform="translate(0,${top})">
${body}
</g>
</svg>
`;
}
