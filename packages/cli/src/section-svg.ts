/** One loop or open chain of a section, in the plane's coordinates. */
export interface SectionChain {
  closed: boolean;
  vertices: [number, number][];
}

const WIDTH = 720;
const HEIGHT = 340;
const MARGIN = 20;

/**
 * The drawing of `slice --svg`: the section's chains as polylines (a loop closed back to its first
 * vertex) fitted to the page, the plane's v axis upwards, a title and a caption; dark background.
 */
export function sectionSvg(title: string, chains: readonly SectionChain[], caption: string): string {
  const all = chains.flatMap((c) => c.vertices);
  const us = all.map((p) => p[0]);
  const vs = all.map((p) => p[1]);
  const [u0, u1, v0, v1] = [Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs)];
  const scale = Math.min((WIDTH - 2 * MARGIN) / (u1 - u0 || 1), (HEIGHT - 100) / (v1 - v0 || 1));
  const at = ([u, v]: [number, number]) =>
    `${round(MARGIN + (u - u0) * scale)},${round(50 + (v1 - v) * scale)}`;
  const lines = chains.map((c) => {
    const points = (c.closed ? [...c.vertices, c.vertices[0]] : c.vertices).map(at).join(' ');
    return `<polyline fill="none" stroke="#f2c14e" stroke-width="1.5" points="${points}"/>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#15171c"/>`,
    `<text x="${MARGIN}" y="28" fill="#d8dbe2" font-size="14">${escapeXml(title)}</text>`,
    ...lines,
    `<text x="${MARGIN}" y="${HEIGHT - 14}" fill="#8a8f99" font-size="11">${escapeXml(caption)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

const round = (x: number): number => Math.round(x * 100) / 100;

const escapeXml = (s: string): string =>
  s.replace(/[<>&"]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : '&quot;'));
