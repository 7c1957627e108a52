import type { Series } from './scene.js';

/** What {@link linePlotSvg} draws. Log axes suit "time against size", which spans decades. */
export interface LinePlotOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  series: readonly Series[];
  logX?: boolean;
  logY?: boolean;
  width?: number;
  height?: number;
}

const COLORS = ['#d9480f', '#1971c2', '#2f9e44', '#862e9c', '#e67700', '#495057'];
const MARGIN = { left: 70, right: 20, top: 40, bottom: 50 };

/** A self-contained SVG line plot (no dependency): axes, decade or 1-2-5 ticks, one polyline a series. */
export function linePlotSvg(options: LinePlotOptions): string {
  const width = options.width ?? 640;
  const height = options.height ?? 400;
  const fx = options.logX ? Math.log10 : (v: number) => v;
  const fy = options.logY ? Math.log10 : (v: number) => v;
  const pts = options.series
    .flatMap((s) => s.points)
    .filter(([x, y]) => usable(x, options.logX) && usable(y, options.logY));
  if (pts.length === 0) throw new Error(`plot "${options.title}": no point to draw`);
  const xt = ticks(
    pts.map((p) => p[0]),
    options.logX ?? false,
  );
  const yt = ticks(
    pts.map((p) => p[1]),
    options.logY ?? false,
  );
  const [x0, x1] = [fx(xt[0]), fx(xt[xt.length - 1])];
  const [y0, y1] = [fy(yt[0]), fy(yt[yt.length - 1])];
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const px = (v: number) => MARGIN.left + ((fx(v) - x0) / (x1 - x0 || 1)) * plotW;
  const py = (v: number) => MARGIN.top + plotH - ((fy(v) - y0) / (y1 - y0 || 1)) * plotH;

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-family="sans-serif" font-size="12">`,
  );
  out.push(`<title>${escapeXml(options.title)}</title>`);
  out.push(`<rect width="${width}" height="${height}" fill="white"/>`);
  out.push(
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="14">${escapeXml(options.title)}</text>`,
  );
  for (const t of xt) {
    const x = px(t).toFixed(1);
    out.push(`<line x1="${x}" y1="${MARGIN.top}" x2="${x}" y2="${MARGIN.top + plotH}" stroke="#e9ecef"/>`);
    out.push(`<text x="${x}" y="${MARGIN.top + plotH + 16}" text-anchor="middle">${tickLabel(t)}</text>`);
  }
  for (const t of yt) {
    const y = py(t).toFixed(1);
    out.push(`<line x1="${MARGIN.left}" y1="${y}" x2="${MARGIN.left + plotW}" y2="${y}" stroke="#e9ecef"/>`);
    out.push(
      `<text x="${MARGIN.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${tickLabel(t)}</text>`,
    );
  }
  out.push(
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#343a40"/>`,
  );
  out.push(
    `<text x="${MARGIN.left + plotW / 2}" y="${height - 12}" text-anchor="middle">${escapeXml(options.xLabel)}</text>`,
  );
  out.push(
    `<text x="16" y="${MARGIN.top + plotH / 2}" text-anchor="middle" transform="rotate(-90 16 ${MARGIN.top + plotH / 2})">${escapeXml(options.yLabel)}</text>`,
  );
  options.series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length];
    const ok = s.points.filter(([x, y]) => usable(x, options.logX) && usable(y, options.logY));
    const path = ok.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(' ');
    out.push(`<polyline points="${path}" fill="none" stroke="${color}" stroke-width="2"/>`);
    for (const [x, y] of ok)
      out.push(`<circle cx="${px(x).toFixed(1)}" cy="${py(y).toFixed(1)}" r="3" fill="${color}"/>`);
    const ly = MARGIN.top + 16 + 16 * i;
    out.push(
      `<line x1="${MARGIN.left + 10}" y1="${ly}" x2="${MARGIN.left + 30}" y2="${ly}" stroke="${color}" stroke-width="2"/>`,
    );
    out.push(
      `<text x="${MARGIN.left + 36}" y="${ly}" dominant-baseline="middle">${escapeXml(s.name)}</text>`,
    );
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** Ticks are already round: print them plainly, with an exponent only when long. */
function tickLabel(t: number): string {
  return Math.abs(t) >= 1e5 || (t !== 0 && Math.abs(t) < 1e-3) ? t.toExponential(0) : String(t);
}

function usable(v: number, log: boolean | undefined): boolean {
  return Number.isFinite(v) && (!log || v > 0);
}

/** Tick values covering the data: whole decades on a log axis, a 1-2-5 step on a linear one. */
function ticks(values: number[], log: boolean): number[] {
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (log) {
    const a = Math.floor(Math.log10(lo));
    const b = Math.max(a + 1, Math.ceil(Math.log10(hi)));
    const out: number[] = [];
    for (let k = a; k <= b; k++) out.push(10 ** k);
    return out;
  }
  if (lo === hi) {
    lo -= 1;
    hi += 1;
  }
  const raw = (hi - lo) / 5;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
  const first = Math.floor(lo / step);
  const last = Math.max(first + 1, Math.ceil(hi / step));
  const out: number[] = [];
  for (let k = first; k <= last; k++) out.push(Number((k * step).toPrecision(12)));
  return out;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
