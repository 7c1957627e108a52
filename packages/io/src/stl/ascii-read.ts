import { Surface } from '@firsttouch/mesh';
import { FirstTouchError } from '@firsttouch/pose';
import { GrowableFloat64 } from '../growable.js';
import { decodeUtf8, quoteBytes } from '../input.js';
import { MAX_NAME_BYTES } from '../text/limits.js';
import { parseNumber, TextWindow } from '../text/number.js';
import { TextScanner } from '../text/scanner.js';
import type { StlReadResult, StlSolid } from './types.js';

/**
 * Reads ASCII STL: one or more `solid` blocks of facets
 * `facet normal nx ny nz / outer loop / vertex x y z (×3) / endloop / endfacet`. Tokens are separated
 * by any white space and line breaks, keywords are matched in any case, numbers in any decimal float
 * syntax (see `parseNumber`). A solid's name is the rest of its `solid` line, up to a word `facet` or
 * `endsolid` (so a file on one line reads too); after `endsolid` the name may be repeated, or another
 * given (a word `solid` there starts the next solid only where `facet` or `endsolid` follows it on the
 * line). Normals are
 * read as numbers (NaN allowed, as degenerate facets often carry) and ignored.
 *
 * @param hint - appended to syntax errors (why the data was taken for ASCII).
 * @throws `FirstTouchError` `STL_SYNTAX` with line and column, `NON_FINITE` naming the facet,
 *   line and column of a NaN or infinite vertex coordinate, `EMPTY` for a solid without facets or
 *   data without a solid.
 */
export function readAsciiStl(bytes: Uint8Array, hint = ''): StlReadResult {
  const textWindow = new TextWindow(bytes);
  const sc = new TextScanner(bytes);
  const xyz = new GrowableFloat64(Math.min(1 << 20, Math.max(1024, bytes.length >> 3)), 'readStl');
  const solids: StlSolid[] = [];
  // The current token is not what was expected, or (atEnd) there is none left.
  const fail = (expected: string, atEnd = false): never => {
    throw new FirstTouchError(
      'STL_SYNTAX',
      atEnd
        ? `ASCII STL ${sc.whereNow}: expected ${expected}, found the end of the data${hint}`
        : `ASCII STL ${sc.where}: expected ${expected}, found ${quoteBytes(bytes, sc.start, sc.end)}${hint}`,
    );
  };
  const expect = (keyword: string): void => {
    if (!sc.next()) fail(`'${keyword}'`, true);
    if (!sc.is(keyword)) fail(`'${keyword}'`);
  };
  const number = (what: string): number => {
    if (!sc.next()) return fail(what, true);
    const x = parseNumber(bytes, sc.start, sc.end, textWindow);
    return x === undefined ? fail(what) : x;
  };
  let facets = 0;
  while (sc.next()) {
    if (!sc.is('solid')) fail(solids.length === 0 ? "'solid'" : "'solid' or the end of the data");
    const solidLine = sc.tokenLine;
    const [nameStart, nameEnd] = readName(sc);
    if (nameEnd - nameStart > MAX_NAME_BYTES) {
      throw new FirstTouchError(
        'STL_SYNTAX',
        `ASCII STL line ${solidLine}: the solid's name is longer than ${MAX_NAME_BYTES} bytes${hint}`,
      );
    }
    const name = decodeUtf8(bytes.subarray(nameStart, nameEnd));
    const first = facets;
    for (;;) {
      if (!sc.next()) fail("'facet' or 'endsolid'", true);
      if (sc.is('endsolid')) {
        skipEndName(sc, nameStart, nameEnd);
        break;
      }
      if (!sc.is('facet')) fail("'facet' or 'endsolid'");
      expect('normal');
      for (let k = 0; k < 3; k++) number('a normal component');
      expect('outer');
      expect('loop');
      for (let v = 0; v < 3; v++) {
        expect('vertex');
        for (let k = 0; k < 3; k++) {
          const x = number('a coordinate');
          if (x - x !== 0) {
            throw new FirstTouchError(
              'NON_FINITE',
              `ASCII STL ${sc.where}: facet ${facets}, vertex ${v}: coordinate ${'xyz'[k]} is ${x}`,
            );
          }
          xyz.push(x);
        }
      }
      expect('endloop');
      expect('endfacet');
      facets++;
    }
    if (facets === first) {
      throw new FirstTouchError(
        'EMPTY',
        `ASCII STL line ${solidLine}: solid ${solids.length} (${JSON.stringify(name.slice(0, 40))}) has no facets`,
      );
    }
    solids.push({ name, firstFacet: first, facetCount: facets - first });
  }
  if (solids.length === 0) throw new FirstTouchError('EMPTY', 'ASCII STL: the data holds no solid');
  return {
    surface: Surface.fromTriangles(xyz.view()),
    name: solids[0].name,
    header: new Uint8Array(0),
    solids,
    format: 'ascii',
  };
}

/** The byte range of the name after `solid`: its words on the same line, up to `facet` or `endsolid`. */
function readName(sc: TextScanner): [number, number] {
  let start = sc.pos;
  let end = sc.pos;
  let any = false;
  while (sc.nextOnLine()) {
    if (sc.is('facet') || sc.is('endsolid')) {
      sc.unread();
      break;
    }
    if (!any) start = sc.start;
    any = true;
    end = sc.end;
  }
  return any ? [start, end] : [start, start];
}

/**
 * Skips what follows `endsolid` on its line, up to a word `facet` or `endsolid`: the solid's name
 * again (word by word, so a name holding the word `solid` is skipped whole), or another name; a
 * word `solid` that is not part of the name starts the next solid of a file written on one line,
 * which a word `facet` or `endsolid` after it on the line shows (without one, `endsolid my solid`
 * was read as the start of an empty solid).
 */
function skipEndName(sc: TextScanner, nameStart: number, nameEnd: number): void {
  const b = sc.bytes;
  let q = nameStart;
  let matching = true;
  while (sc.nextOnLine()) {
    // a word that no name holds (the name stops before it): the next facet or end, left for the
    // caller to refuse or read, where skipping it lost a facet written on the `endsolid` line
    if (sc.is('facet') || sc.is('endsolid')) {
      sc.unread();
      return;
    }
    if (matching) {
      while (q < nameEnd && isSpace(b[q])) q++;
      let r = q;
      while (r < nameEnd && !isSpace(b[r])) r++;
      if (r - q === sc.end - sc.start && r > q && sameBytes(b, q, sc.start, r - q)) {
        q = r;
        continue;
      }
      matching = false;
    }
    if (sc.is('solid')) {
      const at = sc.start;
      // (the rest of the line is read once here, and at most once again as the next solid's name)
      while (sc.nextOnLine()) {
        if (sc.is('facet') || sc.is('endsolid')) {
          sc.pos = at;
          return;
        }
      }
      return;
    }
  }
}

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);

function sameBytes(b: Uint8Array, p: number, q: number, n: number): boolean {
  for (let i = 0; i < n; i++) if (b[p + i] !== b[q + i]) return false;
  return true;
}
