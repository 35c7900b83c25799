// A small grouped bar chart as standalone SVG (no dependencies), log or linear y axis.

export interface BarSeries {
  name: string;
  color: string;
  values: (number | null)[];
}

export interface BarChart {
  title: string;
  subtitle?: string;
  yLabel: string;
  groups: string[];
  series: BarSeries[];
  log?: boolean;
  /** A line of small print under the legend. */
  note?: string;
  /** A dashed horizontal line, e.g. a target. */
  reference?: { value: number; label: string };
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const fmt = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));

/** Renders the chart as an SVG document. */
export function barChartSvg(chart: BarChart): string {
  const width = 900;
  const height = 480;
  const m = { top: 70, right: 20, bottom: 110, left: 70 };
  const plotW = width - m.left - m.right;
  const plotH = height - m.top - m.bottom;
  const values = chart.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  if (chart.reference) values.push(chart.reference.value);
  const maxV = Math.max(...values, 1e-3);
  const minV = Math.max(Math.min(...values.filter((v) => v > 0), maxV), 1e-3);
  // A decade of room under the smallest bar, so it does not vanish against the axis.
  const lo = chart.log ? 10 ** Math.floor(Math.log10(minV / 2)) : 0;
  const hi = chart.log ? 10 ** Math.ceil(Math.log10(maxV)) : maxV * 1.1;
  const y = (v: number) =>
    m.top +
    plotH -
    (chart.log
      ? ((Math.log10(Math.max(v, lo)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))) * plotH
      : (v / hi) * plotH);
  const ticks: number[] = [];
  if (chart.log) for (let t = lo; t <= hi * 1.0001; t *= 10) ticks.push(t);
  else for (let i = 0; i <= 5; i++) ticks.push((hi / 5) * i);

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${m.left}" y="26" font-size="16" font-weight="600">${escape(chart.title)}</text>`,
  );
  if (chart.subtitle)
    out.push(`<text x="${m.left}" y="46" fill="#555">${escape(chart.subtitle)}</text>`);
  for (const t of ticks) {
    out.push(
      `<line x1="${m.left}" x2="${m.left + plotW}" y1="${y(t)}" y2="${y(t)}" stroke="#e5e5e5"/>`,
      `<text x="${m.left - 6}" y="${y(t) + 4}" text-anchor="end" fill="#555">${fmt(t)}</text>`,
    );
  }
  out.push(
    `<text transform="translate(18 ${m.top + plotH / 2}) rotate(-90)" text-anchor="middle" fill="#333">${escape(chart.yLabel)}</text>`,
  );
  const groupW = plotW / chart.groups.length;
  const barW = Math.min(28, (groupW * 0.8) / chart.series.length);
  chart.groups.forEach((group, g) => {
    const x0 = m.left + g * groupW + (groupW - barW * chart.series.length) / 2;
    chart.series.forEach((s, i) => {
      const v = s.values[g];
      if (v === null || v === undefined) return;
      const top = y(v);
      out.push(
        `<rect x="${x0 + i * barW}" y="${top}" width="${barW - 2}" height="${m.top + plotH - top}" fill="${s.color}"><title>${escape(`${s.name}, ${group}: ${fmt(v)}`)}</title></rect>`,
        `<text x="${x0 + i * barW + (barW - 2) / 2}" y="${top - 4}" text-anchor="middle" font-size="9" fill="#333">${fmt(v)}</text>`,
      );
    });
    out.push(
      `<text x="${m.left + g * groupW + groupW / 2}" y="${m.top + plotH + 18}" text-anchor="middle">${escape(group)}</text>`,
    );
  });
  if (chart.reference) {
    const ry = y(chart.reference.value);
    out.push(
      `<line x1="${m.left}" x2="${m.left + plotW}" y1="${ry}" y2="${ry}" stroke="#c00" stroke-dasharray="6 4"/>`,
      `<text x="${m.left + 6}" y="${ry - 5}" fill="#c00">${escape(chart.reference.label)}</text>`,
    );
  }
  out.push(
    `<line x1="${m.left}" x2="${m.left}" y1="${m.top}" y2="${m.top + plotH}" stroke="#333"/>`,
    `<line x1="${m.left}" x2="${m.left + plotW}" y1="${m.top + plotH}" y2="${m.top + plotH}" stroke="#333"/>`,
  );
  chart.series.forEach((s, i) => {
    const lx = m.left + i * 200;
    const ly = height - 50;
    out.push(
      `<rect x="${lx}" y="${ly - 10}" width="12" height="12" fill="${s.color}"/>`,
      `<text x="${lx + 18}" y="${ly}">${escape(s.name)}</text>`,
    );
  });
  if (chart.note)
    out.push(
      `<text x="${m.left}" y="${height - 18}" font-size="11" fill="#555">${escape(chart.note)}</text>`,
    );
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
