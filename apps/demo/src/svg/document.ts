/** A minimal SVG writer: elements as strings, numbers rounded so files stay small and diffable. */
export const n = (x: number): string => (Math.round(x * 100) / 100).toString();

export function svgDocument(width: number, height: number, body: string[], title: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#15171c"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

export function escapeXml(s: string): string {
  return s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);
}

export function text(
  x: number,
  y: number,
  s: string,
  color = '#d8dbe2',
  anchor = 'start',
  size = 12,
): string {
  return `<text x="${n(x)}" y="${n(y)}" fill="${color}" text-anchor="${anchor}" font-size="${size}">${escapeXml(s)}</text>`;
}

export function polyline(points: [number, number][], stroke: string, width = 1.5, extra = ''): string {
  return `<polyline fill="none" stroke="${stroke}" stroke-width="${width}" ${extra} points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}"/>`;
}

export function polygon(points: [number, number][], fill: string, stroke = 'none', extra = ''): string {
  return `<polygon fill="${fill}" stroke="${stroke}" ${extra} points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}"/>`;
}

/** The palette of the figures (dark background): the tutorial's yellow, teal and ember. */
export const COLORS = {
  yellow: '#f2c14e',
  teal: '#3fb8af',
  ember: '#e4572e',
  grey: '#8a8f99',
  light: '#d8dbe2',
  faint: '#3a3f4a',
};
