import { Surface } from '@firsttouch/mesh';
import { FirstTouchError } from '@firsttouch/pose';
import { allocationFailed, GrowableFloat64, GrowableUint32 } from '../growable.js';
import { decodeUtf8, type FileData, quoteBytes, toBytes } from '../input.js';
import { MAX_NAME_BYTES } from '../text/limits.js';
import { parseNumber, TextWindow } from '../text/number.js';
import { TextScanner } from '../text/scanner.js';

/**
 * What {@link readObj} returns.
 *
 * @example
 * ```ts
 * import { readObj } from '@firsttouch/io';
 * const r = readObj('o flag\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n');
 * console.log(r.name, r.surface.facetCount, r.surface.vertexCount); // flag 2 4
 * ```
 */
export interface ObjReadResult {
  /** The vertices (all `v` lines, in order) and the faces, polygons split into triangle fans. */
  surface: Surface;
  /**
   * The name of the first `o` statement, from its first word to its last, `''` when there is none; a
   * line continuation inside it (a `\` and a line break) reads as one space.
   */
  name: string;
}

/**
 * Reads a Wavefront OBJ file: `v x y z` vertices (a fourth `w` or colour numbers after them are
 * read as numbers and ignored) and `f` faces of three or more vertices, each `v`, `v/vt`, `v//vn` or
 * `v/vt/vn` with 1-based or negative (relative: `-1` is the latest vertex) indices. A polygon
 * `v0 v1 … vk` becomes the fan `(v0, vi, vi+1)`, in order. Vertex `i` of the surface is the `i`-th
 * `v` of the file, so indices survive a round trip. A `\` at the end of a line joins the next line
 * to it, the two read as one space (a line of only `\` joins the lines around it). Comments (`#`)
 * and all other statements (`vt`, `vn`, `g`, `s`, `usemtl`, `l`, …) are skipped. Keywords are
 * matched in any case, numbers in any decimal float syntax.
 *
 * @throws `FirstTouchError` `OBJ_SYNTAX` with line and column, `INDEX_RANGE` for a face
 *   index that refers to no vertex defined before it, `NON_FINITE` naming the vertex of a NaN or
 *   infinite coordinate, `EMPTY` for data without faces, `INVALID_OPTION` for bad arguments.
 * @example
 * ```ts
 * import { readObj } from '@firsttouch/io';
 * const { surface } = readObj('v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1/1/1 2/2/2 4/3/3\nf -4 -1 -2\n');
 * console.log(surface.facetCount, Array.from(surface.indices)); // 3 [0, 2, 1, 0, 1, 3, 0, 3, 2]
 * ```
 */
export function readObj(data: FileData): ObjReadResult {
  const bytes = toBytes(data, 'readObj');
  const textWindow = new TextWindow(bytes);
  const sc = new TextScanner(bytes, true);
  const positions = new GrowableFloat64(Math.min(1 << 20, Math.max(1024, bytes.length >> 3)), 'readObj');
  const indices = new GrowableUint32(Math.min(1 << 20, Math.max(1024, bytes.length >> 3)), 'readObj');
  let vertexCount = 0;
  let name: string | undefined;
  const fail = (expected: string, atEnd: boolean): never => {
    throw new FirstTouchError(
      'OBJ_SYNTAX',
      atEnd
        ? `OBJ ${sc.whereNow}: expected ${expected}, found the end of the line`
        : `OBJ ${sc.where}: expected ${expected}, found ${quoteBytes(bytes, sc.start, sc.end)}`,
    );
  };
  // The next operand of the statement: false at the end of the line or at a comment.
  const operand = (): boolean => {
    if (!sc.nextOnLine()) return false;
    if (sc.first === 35) {
      sc.unread();
      return false;
    }
    return true;
  };
  const number = (what: string): number => {
    if (!operand()) return fail(what, true);
    const x = parseNumber(bytes, sc.start, sc.end, textWindow);
    return x === undefined ? fail(what, false) : x;
  };
  while (sc.next()) {
    if (sc.is('v')) {
      for (let k = 0; k < 3; k++) {
        const x = number('a coordinate');
        if (x - x !== 0) {
          throw new FirstTouchError(
            'NON_FINITE',
            `OBJ ${sc.where}: vertex ${vertexCount + 1}: coordinate ${'xyz'[k]} is ${x}`,
          );
        }
        positions.push(x);
      }
      vertexCount++;
      // A fourth number (w) or three more (a colour): read to check them, not kept.
      while (operand()) {
        if (parseNumber(bytes, sc.start, sc.end, textWindow) === undefined) fail('a number', false);
      }
    } else if (sc.is('f')) {
      // The fan (v0, vi, vi+1) written as the face is read: a face's vertices were gathered in a
      // plain array first, which one face line of 10⁸ references overflowed (a fatal error of the
      // engine, not an exception), at 35 bytes of memory a byte of the file before that.
      let count = 0;
      let first = 0;
      let previous = 0;
      while (operand()) {
        const v = vertexRef(sc, vertexCount, fail);
        if (count === 0) first = v;
        else if (count >= 2) {
          indices.push(first);
          indices.push(previous);
          indices.push(v);
        }
        previous = v;
        count++;
      }
      if (count < 3) fail(`a face vertex (a face has at least 3, this one ${count})`, true);
    } else if (sc.is('o') && name === undefined) {
      let start = -1;
      let end = -1;
      while (operand()) {
        if (start < 0) start = sc.start;
        end = sc.end;
      }
      if (end - start > MAX_NAME_BYTES) {
        throw new FirstTouchError(
          'OBJ_SYNTAX',
          `OBJ line ${sc.line}: the object name is longer than ${MAX_NAME_BYTES} bytes`,
        );
      }
      // (joined: the raw range kept a continuation's backslash and line break inside the name)
      name = start < 0 ? '' : decodeUtf8(sc.joined(start, end));
    }
    sc.skipLine();
  }
  if (indices.length === 0) {
    // (UTF-16 text reads as statements of unknown keywords, each skipped: say why nothing was read)
    const utf16 =
      (bytes[0] === 0xff && bytes[1] === 0xfe) ||
      (bytes[0] === 0xfe && bytes[1] === 0xff) ||
      bytes.includes(0);
    throw new FirstTouchError(
      'EMPTY',
      `OBJ: the data holds no face${utf16 ? ' (it holds NUL bytes or a UTF-16 byte order mark: UTF-16 text? OBJ is read as UTF-8 or ASCII)' : ''}`,
    );
  }
  let surface: Surface;
  try {
    surface = Surface.fromIndexed(positions.view(), indices.view());
  } catch (e) {
    allocationFailed('readObj', positions.length + indices.length, e);
  }
  return { surface, name: name ?? '' };
}

/**
 * The 0-based vertex index of a face operand `v`, `v/vt`, `v//vn` or `v/vt/vn` (the texture and
 * normal indices must be integers or empty; they are not used).
 */
function vertexRef(
  sc: TextScanner,
  vertexCount: number,
  fail: (expected: string, atEnd: boolean) => never,
): number {
  const b = sc.bytes;
  let p = sc.start;
  const end = sc.end;
  let index = 0;
  // (where the vertex index is written: named as written when it is out of range)
  const first = p;
  let firstEnd = p;
  for (let part = 0; part < 3 && p <= end; part++) {
    let q = p;
    if (q < end && (b[q] === 45 || b[q] === 43)) q++;
    const digits = q;
    let value = 0;
    while (q < end && b[q] >= 48 && b[q] <= 57) {
      // Saturate far above any vertex count, so a long run of digits cannot lose its range error.
      if (value < 1e15) value = value * 10 + (b[q] - 48);
      q++;
    }
    const empty = q === p;
    if ((q === digits && !empty) || (q < end && b[q] !== 47) || (part === 0 && empty)) {
      fail('a vertex index (v, v/vt, v//vn or v/vt/vn)', false);
    }
    if (part === 0) {
      index = b[p] === 45 ? -value : value;
      firstEnd = q;
    }
    p = q + 1;
    if (q === end) break;
  }
  if (p <= end) fail('a vertex index (v, v/vt, v//vn or v/vt/vn)', false);
  const resolved = index > 0 ? index - 1 : vertexCount + index;
  if (index === 0 || resolved < 0 || resolved >= vertexCount) {
    throw new FirstTouchError(
      'INDEX_RANGE',
      `OBJ ${sc.where}: vertex index ${written(b, first, firstEnd)} refers to no vertex (${vertexCount} defined before this face)`,
    );
  }
  return resolved;
}

/** A vertex index's digits as the file writes them (a sign and ASCII digits), cut after 24. */
function written(b: Uint8Array, start: number, end: number): string {
  const cut = end - start > 24;
  return String.fromCharCode(...b.subarray(start, cut ? start + 24 : end)) + (cut ? '…' : '');
}
