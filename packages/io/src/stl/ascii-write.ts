import type { Surface } from '@firsttouch/mesh';
import { FirstTouchError } from '@firsttouch/pose';
import { ByteWriter } from '../growable.js';
import { encodeUtf8 } from '../input.js';
import { formatNumber } from '../text/format-number.js';
import { MAX_NAME_BYTES } from '../text/limits.js';
import { facetNormal, NormalWork } from './facet-normal.js';

/**
 * Writes ASCII STL, one solid, LF line endings, two-space indents. Every number is written in the
 * shortest form that reads back as the same float64, so an ASCII round trip is bit-exact.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a name the reader would not read back (see
 *   {@link assertAsciiName}).
 */
export function writeAsciiStl(surface: Surface, name: string): Uint8Array {
  assertAsciiName(name);
  const nameBytes = encodeUtf8(name.replace(/^[ \t\v\f]+|[ \t\v\f]+$/g, ''));
  if (nameBytes.length > MAX_NAME_BYTES) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `writeStl: the name is ${nameBytes.length} bytes in UTF-8, more than the ${MAX_NAME_BYTES} readStl reads back`,
    );
  }
  const { positions, indices, facetCount } = surface;
  const w = new ByteWriter(Math.min(1 << 24, 64 + 256 * facetCount));
  w.ascii('solid ');
  w.bytes(nameBytes);
  w.ascii('\n');
  const n = new Float64Array(3);
  const work = new NormalWork();
  // Piece by piece: concatenating a line first would make the writer flatten a rope of strings.
  for (let f = 0; f < facetCount; f++) {
    facetNormal(positions, indices, f, n, work);
    w.ascii('  facet normal ');
    w.ascii(formatNumber(n[0]));
    w.ascii(' ');
    w.ascii(formatNumber(n[1]));
    w.ascii(' ');
    w.ascii(formatNumber(n[2]));
    w.ascii('\n    outer loop\n');
    for (let v = 0; v < 3; v++) {
      const p = 3 * indices[3 * f + v];
      w.ascii('      vertex ');
      w.ascii(formatNumber(positions[p]));
      w.ascii(' ');
      w.ascii(formatNumber(positions[p + 1]));
      w.ascii(' ');
      w.ascii(formatNumber(positions[p + 2]));
      w.ascii('\n');
    }
    w.ascii('    endloop\n  endfacet\n');
  }
  w.ascii('endsolid ');
  w.bytes(nameBytes);
  w.ascii('\n');
  return w.result();
}

/**
 * Checks that an ASCII solid name reads back: no line break (the name is the rest of the `solid`
 * line), no word `facet` or `endsolid` in any case (either ends the name on reading), and no
 * character below the tab (U+0000–U+0008): the text's byte 83, the high byte of a binary header's
 * count, is then 9 or more, so the text's size can never be the one a binary file of that count
 * would have (a name holding `\x05\0\0\0` at bytes 80–83 of the file made it read back as a
 * binary mesh of 5 facets of garbage).
 *
 * @throws `FirstTouchError` `INVALID_OPTION` naming the problem.
 */
export function assertAsciiName(name: string): void {
  for (let k = 0; k < name.length; k++) {
    const c = name.charCodeAt(k);
    if (c < 9) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `writeStl: an ASCII name may not hold a control character below the tab (U+0000–U+0008), got U+000${c} at ${k}: such bytes could make the text read as binary`,
      );
    }
  }
  if (/[\n\r]/.test(name)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `writeStl: the name may not hold a line break, got ${JSON.stringify(name.slice(0, 40))}`,
    );
  }
  for (const word of name.split(/[ \t\v\f]+/)) {
    const w = word.toLowerCase();
    if (w === 'facet' || w === 'endsolid') {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `writeStl: an ASCII name may not hold the word '${word}', which ends the name on reading`,
      );
    }
  }
}
