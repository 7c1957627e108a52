import { COLORS, n, polyline, svgDocument, text } from './document.js';

/** A line chart over s ∈ [0, 1]: series, point markers, vertical marks and bands on the s axis. */
export interface PlotSpec {
  title: string;
  yLabel: string;
  series: { points: [number, number][]; color: string; label?: string }[];
  markers?: { x: number; y: number; color: string; label?: string }[];
  marks?: { x: number; color: string; label: string }[];
  bands?: { x0: number; x1: number; color: string }[];
  logY?: boolean;
}

export function linePlot(spec: PlotSpec, width = 720, height = 360): string {
  const left = 70;
  const right = 20;
  const top = 40;
  const bottom = 50;
  const w = width - left - right;
  const h = height - top - bottom;
  const ys = spec.series
    .flatMap((s) => s.points.map((p) => p[1]))
    .concat((spec.markers ?? []).map((m) => m.y));
  const fy = spec.logY ? (y: number) => Math.log10(Math.max(y, 1e-12)) : (y: number) => y;
  const lo = spec.logY ? Math.floor(Math.min(...ys.map(fy))) : Math.min(0, ...ys);
  const hi = spec.logY ? Math.ceil(Math.max(...ys.map(fy))) : Math.max(...ys) * 1.05 || 1;
  const X = (x: number) => left + x * w;
  const Y = (y: number) => top + h - ((fy(y) - lo) / (hi - lo || 1)) * h;
  const body: string[] = [text(left, 24, spec.title, COLORS.light, 'start', 14)];
  body.push(`<rect x="${left}" y="${top}" width="${w}" height="${h}" fill="none" stroke="${COLORS.faint}"/>`);
  for (let k = 0; k <= 10; k++) {
    body.push(text(X(k / 10), top + h + 16, (k / 10).toFixed(1), COLORS.grey, 'middle', 10));
  }
  const ticks = spec.logY
    ? Array.from({ length: hi - lo + 1 }, (_, k) => lo + k)
    : [0, 0.25, 0.5, 0.75, 1].map((t) => lo + t * (hi - lo));
  for (const t of ticks) {
    const y = top + h - ((t - lo) / (hi - lo || 1)) * h;
    body.push(
      `<line x1="${left - 4}" x2="${left + w}" y1="${n(y)}" y2="${n(y)}" stroke="${COLORS.faint}" stroke-width="0.5"/>`,
    );
    body.push(text(left - 6, y + 4, spec.logY ? `1e${t}` : t.toFixed(3), COLORS.grey, 'end', 10));
  }
  body.push(text(left + w / 2, height - 12, 's (fraction of the step)', COLORS.grey, 'middle'));
  body.push(
    text(14, top + h / 2, spec.yLabel, COLORS.grey, 'middle').replace(
      '<text',
      `<text transform="rotate(-90 14 ${n(top + h / 2)})"`,
    ),
  );
  for (const b of spec.bands ?? []) {
    body.push(
      `<rect x="${n(X(b.x0))}" y="${top + h - 6}" width="${n(Math.max(1, X(b.x1) - X(b.x0)))}" height="6" fill="${b.color}"/>`,
    );
  }
  for (const s of spec.series)
    body.push(
      polyline(
        s.points.map(([x, y]) => [X(x), Y(y)]),
        s.color,
        1.6,
      ),
    );
  for (const m of spec.marks ?? []) {
    body.push(
      `<line x1="${n(X(m.x))}" x2="${n(X(m.x))}" y1="${top}" y2="${top + h}" stroke="${m.color}" stroke-dasharray="4 3"/>`,
    );
    body.push(text(X(m.x) + 4, top + 14, m.label, m.color));
  }
  for (const m of spec.markers ?? []) {
    body.push(`<circle cx="${n(X(m.x))}" cy="${n(Y(m.y))}" r="4" fill="${m.color}"/>`);
    if (m.label) body.push(text(X(m.x), Y(m.y) - 8, m.label, m.color, 'middle', 10));
  }
  return svgDocument(width, height, body, spec.title);
}
