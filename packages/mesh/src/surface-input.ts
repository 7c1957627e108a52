import { describeValue, FirstTouchError, isArrayLike } from '@firsttouch/pose';
import { sharedArrays } from './util/shared-arrays.js';

// A surface's input, checked and copied into its arrays: what Surface.fromTriangles and
// Surface.fromIndexed do before they wrap the arrays (a hostile array stops at its first bad entry).

/**
 * Options of `Surface.fromTriangles` and `Surface.fromIndexed`.
 *
 * @example
 * ```ts
 * import { Surface, serialize, type SurfaceOptions } from '@firsttouch/mesh';
 * const options: SurfaceOptions = { shared: true };
 * const s = Surface.fromIndexed([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 2], options);
 * console.log(s.positions.buffer instanceof SharedArrayBuffer, serialize(s).positions === s.positions); // true true
 * ```
 */
export interface SurfaceOptions {
  /**
   * Build the surface in shared memory (default false): its vertices and indices in one
   * `SharedArrayBuffer`, and its tree, when built, in another. `serialize` then copies nothing (the
   * data holds the body's own arrays) and `postMessage` shares them: a large body reaches any number
   * of workers for the cost of their checks. Needs `SharedArrayBuffer` (in a browser, a page that
   * is cross-origin isolated).
   */
  shared?: boolean;
}

/** The `shared` option of a surface constructor, checked. */
function sharedOption(options: SurfaceOptions | undefined, where: string): boolean {
  if (options === undefined) return false;
  if (typeof options !== 'object' || options === null) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: options must be an object, got ${describeValue(options)}`,
    );
  }
  const shared = options.shared ?? false;
  if (typeof shared !== 'boolean') {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: shared must be a boolean, got ${describeValue(shared)}`,
    );
  }
  return shared;
}

/** A surface's two arrays, empty, in one `SharedArrayBuffer` when `shared`. */
function surfaceArrays(vertices: number, facets: number, shared: boolean): [Float64Array, Uint32Array] {
  if (!shared) return [new Float64Array(3 * vertices), new Uint32Array(3 * facets)];
  return sharedArrays([
    [Float64Array, 3 * vertices],
    [Uint32Array, 3 * facets],
  ]) as [Float64Array, Uint32Array];
}

/**
 * The arrays of a surface from triangles (9 numbers a facet), checked: `Surface.fromTriangles`.
 *
 * @internal
 * @example
 * ```ts
 * import { Surface } from '@firsttouch/mesh';
 * console.log(Surface.fromTriangles([0, 0, 0, 1, 0, 0, 0, 1, 0]).vertexCount); // 3
 * ```
 */
export function trianglesArrays(
  xyz: ArrayLike<number>,
  options: SurfaceOptions | undefined,
): [Float64Array, Uint32Array] {
  const shared = sharedOption(options, 'Surface.fromTriangles');
  if (!isArrayLike(xyz)) {
    throw new FirstTouchError('BAD_LENGTH', 'xyz must be an array of 9 numbers a facet');
  }
  if (xyz.length % 9 !== 0) {
    throw new FirstTouchError('BAD_LENGTH', `xyz must hold 9 numbers a facet, got length ${xyz.length}`);
  }
  // Checked before anything is allocated: a hostile array (holes, strings, symbols, bigints)
  // stops at its first bad entry instead of being copied or coerced.
  for (let i = 0; i < xyz.length; i++) {
    const x = (xyz as ArrayLike<unknown>)[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) {
      throw new FirstTouchError(
        'NON_FINITE',
        `facet ${Math.floor(i / 9)}, vertex ${Math.floor(i / 3) % 3}: coordinate ${'xyz'[i % 3]} is ${describeValue(x)}`,
      );
    }
  }
  const [positions, indices] = surfaceArrays(xyz.length / 3, xyz.length / 9, shared);
  // (a detached typed array reads as empty, and `set` from it threw a raw TypeError)
  if (positions.length > 0) positions.set(xyz as ArrayLike<number>);
  // What was checked is what is built: a getter that answered a number to the check and NaN to the
  // copy put a NaN vertex into the surface (which its own serialization then refused).
  for (let i = 0; i < positions.length; i++) {
    if (0 * positions[i] !== 0) {
      throw new FirstTouchError(
        'NON_FINITE',
        `facet ${Math.floor(i / 9)}, vertex ${Math.floor(i / 3) % 3}: coordinate ${'xyz'[i % 3]} is ${positions[i]} (read again)`,
      );
    }
  }
  for (let i = 0; i < indices.length; i++) indices[i] = i;
  return [positions, indices];
}

/**
 * The arrays of a surface from shared vertices and facets' indices, checked: `Surface.fromIndexed`.
 *
 * @internal
 * @example
 * ```ts
 * import { Surface } from '@firsttouch/mesh';
 * console.log(Surface.fromIndexed([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 2]).facetCount); // 1
 * ```
 */
export function indexedArrays(
  positions: ArrayLike<number>,
  indices: ArrayLike<number>,
  options: SurfaceOptions | undefined,
): [Float64Array, Uint32Array] {
  const shared = sharedOption(options, 'Surface.fromIndexed');
  if (!isArrayLike(positions) || positions.length % 3 !== 0) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `positions must hold 3 numbers a vertex, got ${isArrayLike(positions) ? `length ${positions.length}` : typeof positions}`,
    );
  }
  if (!isArrayLike(indices) || indices.length % 3 !== 0) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `indices must hold 3 vertex indices a facet, got ${isArrayLike(indices) ? `length ${indices.length}` : typeof indices}`,
    );
  }
  for (let i = 0; i < positions.length; i++) {
    const x = (positions as ArrayLike<unknown>)[i];
    if (typeof x !== 'number') {
      throw new FirstTouchError(
        'NON_FINITE',
        `vertex ${Math.floor(i / 3)}: coordinate ${'xyz'[i % 3]} is ${describeValue(x)}`,
      );
    }
  }
  // A plain array's length says nothing of its memory (a sparse one of length 3·10⁹ holding three
  // indices): its entries are read up to the first that is no number before the indices' array,
  // as long as that length, is allocated.
  if (!ArrayBuffer.isView(indices)) {
    for (let i = 0; i < indices.length; i++) {
      const v = (indices as ArrayLike<unknown>)[i];
      if (typeof v !== 'number') {
        throw new FirstTouchError(
          'INDEX_RANGE',
          `facet ${Math.floor(i / 3)}: vertex index ${describeValue(v)} is not an integer in [0, ${positions.length / 3})`,
        );
      }
    }
  }
  const [p, idx] = surfaceArrays(positions.length / 3, indices.length / 3, shared);
  if (p.length > 0) p.set(positions as ArrayLike<number>);
  const n = p.length / 3;
  for (let i = 0; i < idx.length; i++) {
    const v = (indices as ArrayLike<unknown>)[i];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= n) {
      throw new FirstTouchError(
        'INDEX_RANGE',
        `facet ${Math.floor(i / 3)}: vertex index ${describeValue(v)} is not an integer in [0, ${n})`,
      );
    }
    idx[i] = v;
  }
  for (let i = 0; i < p.length; i++) {
    if (!Number.isFinite(p[i])) {
      // Name the first facet that uses the vertex: that is what the user will look for.
      const v = Math.floor(i / 3);
      const k = idx.indexOf(v);
      const where = k >= 0 ? `facet ${Math.floor(k / 3)}, vertex ${v}` : `vertex ${v} (used by no facet)`;
      throw new FirstTouchError(
        'NON_FINITE',
        `${where}: coordinate ${'xyz'[i % 3]} is ${describeValue(positions[i])}`,
      );
    }
  }
  return [p, idx];
}
