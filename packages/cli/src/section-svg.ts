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
  // One pass over the vertices (spreading them into Math.min overflowed the call stack past about
  // 120 000 of them: a large section failed as an internal error).
  let u0 = Number.POSITIVE_INFINITY;
  let u1 = Number.NEGATIVE_INFINITY;
  let v0 = Number.POSITIVE_INFINITY;
  let v1 = Number.NEGATIVE_INFINITY;
  for (const c of chains) {
    for (const [u, v] of c.vertices) {
      if (u < u0) u0 = u;
      if (u > u1) u1 = u;
      if (v < v0) v0 = v;
      if (v > v1) v1 = v;
    }
  }
  // A section wider than a double holds (from -1e308 to 1e308) is drawn from its halved coordinates:
  // its span overflowed, the scale was 0 and every point ∞ · 0, NaN in the drawing.
  const k = u1 - u0 < Number.POSITIVE_INFINITY && v1 - v0 < Number.POSITIVE_INFINITY ? 1 : 0.5;
  // The length a pixel stands for, divided by: its inverse, the scale, overflowed for a section
  // narrower than about 4e-306 (a tiny body), and every point was ∞ · 0 or ∞, NaN in the drawing.
  const unit = Math.max((k * u1 - k * u0) / (WIDTH - 2 * MARGIN), (k * v1 - k * v0) / (HEIGHT - 100)) || 1;
  const at = ([u, v]: [number, number]) =>
    `${round(MARGIN + (k * u - k * u0) / unit)},${round(50 + (k * v1 - k * v) / unit)}`;
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

/**
 * Text as XML character data: markup escaped, and the characters XML 1.0 does not allow at all (the
 * C0 controls but tab, line feed and carriage return; lone surrogates; U+FFFE, U+FFFF) written as
 * U+FFFD, so a file name holding them still gives a well-formed drawing.
 */
const escapeXml = (s: string): string =>
  s
    .replace(/[<>&"]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : '&quot;'))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it replaces
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu, '\uFFFD');
