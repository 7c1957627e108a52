import { inSharedMemory, packArrays, typedArray } from '@firsttouch/convex/internal';
import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { Compound, type compound } from '../compound.js';
import { Compound2, type compound2 } from '../compound2.js';
import { Curve, type CurveLoop } from '../curve.js';
import { Surface } from '../surface.js';
import { type CompoundData, compoundData, compoundOf, shapeOf } from './compound-data.js';
import { type Compound2Data, compound2Data, compound2Of } from './compound2-data.js';
import { allFinite, type TreeCheck, type TreeData, treeFromData } from './tree-data.js';

/**
 * The version of the data {@link serialize} writes and {@link deserialize} reads. A later layout gets
 * a new number; data of another version is refused (`BAD_DATA`), never misread.
 *
 * @example
 * ```ts
 * import { box, DATA_VERSION, serialize } from '@firsttouch/mesh';
 * console.log(DATA_VERSION, serialize(box(1)).version === DATA_VERSION); // 1 true
 * ```
 */
export const DATA_VERSION = 1;

/**
 * A {@link Surface} as plain data: typed arrays that structured clone copies and `postMessage` can
 * transfer, with its built tree.
 *
 * @example
 * ```ts
 * import { icosphere, serialize, type SurfaceData } from '@firsttouch/mesh';
 * const data = serialize(icosphere(1, 1)) as SurfaceData;
 * console.log(data.kind, data.positions.length / 3, data.indices.length / 3); // surface 42 80
 * ```
 */
export interface SurfaceData {
  readonly kind: 'surface';
  /** {@link DATA_VERSION}. */
  readonly version: number;
  /** {@link Surface.positions}. */
  readonly positions: Float64Array;
  /** {@link Surface.indices}. */
  readonly indices: Uint32Array;
  /** The bounding-volume tree; null for a surface without facets. */
  readonly tree: TreeData | null;
}

/**
 * A {@link Curve} as plain data: its vertices, the size of each chain and whether it is closed, with
 * its built tree.
 *
 * @example
 * ```ts
 * import { disc, serialize, type CurveData } from '@firsttouch/mesh';
 * const data = serialize(disc(1, 16)) as CurveData;
 * console.log(data.kind, Array.from(data.sizes), Array.from(data.closed)); // curve [16] [1]
 * ```
 */
export interface CurveData {
  readonly kind: 'curve';
  /** {@link DATA_VERSION}. */
  readonly version: number;
  /** {@link Curve.positions}: u v a vertex. */
  readonly positions: Float64Array;
  /** Vertices of each chain, in order. */
  readonly sizes: Uint32Array;
  /** 1 for a closed chain (a loop), 0 for an open one. */
  readonly closed: Uint8Array;
  /** The bounding-volume tree; null for a curve without segments. */
  readonly tree: TreeData | null;
}

/**
 * What {@link serialize} gives: a surface's, a curve's or a (3-D or 2-D) compound's data, told apart
 * by `kind`.
 *
 * @example
 * ```ts
 * import { box, serialize, type MeshData } from '@firsttouch/mesh';
 * const data: MeshData = serialize(box(1));
 * console.log(data.kind); // surface
 * ```
 */
export type MeshData = SurfaceData | CurveData | CompoundData | Compound2Data;

/**
 * The data {@link serialize} makes of a body of type `B`: a Surface's is a {@link SurfaceData}, a
 * Curve's a {@link CurveData}, a Compound's a {@link CompoundData}, a Compound2's a
 * {@link Compound2Data}; of a body whose type says less, a {@link MeshData}.
 *
 * @example
 * ```ts
 * import { box, type DataOf, serialize, type Surface } from '@firsttouch/mesh';
 * const data: DataOf<Surface> = serialize(box(1));
 * console.log(data.kind, data.indices.length); // surface 36
 * ```
 */
export type DataOf<B> = B extends Surface
  ? SurfaceData
  : B extends Curve
    ? CurveData
    : B extends Compound
      ? CompoundData
      : B extends Compound2
        ? Compound2Data
        : MeshData;

/**
 * The body {@link deserialize} gives back of data of type `D`: a {@link Surface} of a
 * {@link SurfaceData}, a {@link Curve} of a {@link CurveData}, a {@link Compound} of a
 * {@link CompoundData}, a {@link Compound2} of a {@link Compound2Data}; of data whose type says less
 * (`unknown`, a {@link MeshData}), any of them. The type follows the data's declared kind; the
 * data itself is checked all the same (a `kind` that says otherwise is refused).
 *
 * @example
 * ```ts
 * import { type BodyOf, deserialize, disc, serialize, type CurveData } from '@firsttouch/mesh';
 * const data: CurveData = serialize(disc(1, 8));
 * const curve: BodyOf<CurveData> = deserialize(data);
 * console.log(curve.segmentCount); // 8
 * ```
 */
export type BodyOf<D> = D extends SurfaceData
  ? Surface
  : D extends CurveData
    ? Curve
    : D extends CompoundData
      ? Compound
      : D extends Compound2Data
        ? Compound2
        : Surface | Curve | Compound | Compound2;

/**
 * Options of {@link serialize}.
 *
 * @example
 * ```ts
 * import { box, serialize, type SerializeOptions } from '@firsttouch/mesh';
 * const options: SerializeOptions = { shared: true };
 * console.log(serialize(box(1), options).positions.buffer instanceof SharedArrayBuffer); // true
 * ```
 */
export interface SerializeOptions {
  /**
   * Put the arrays in a `SharedArrayBuffer`: every thread it is posted to reads the same memory, one
   * copy for all workers. Arrays already in shared memory are not copied: a surface built with
   * `{shared: true}` (see `SurfaceOptions`) is sent as its own arrays. Default: true for a body whose
   * vertices are in shared memory, else false. Needs `SharedArrayBuffer` (in a browser, a page that
   * is cross-origin isolated).
   */
  shared?: boolean;
}

/**
 * Options of {@link deserialize}.
 *
 * @example
 * ```ts
 * import { box, deserialize, serialize, Surface, type DeserializeOptions } from '@firsttouch/mesh';
 * const options: DeserializeOptions = { check: 'safety' }; // data this program serialized itself
 * console.log(Surface.isSurface(deserialize(serialize(box(1)), options))); // true
 * ```
 */
export interface DeserializeOptions {
  /**
   * `'full'` (the default) checks everything an answer relies on, the tree's boxes against the body
   * included, so that data from anywhere is refused or answers as the body with a tree built afresh.
   * `'safety'` checks what keeps every query from crashing, looping or allocating without bound (the
   * arrays, finite coordinates and boxes, vertex indices in range, the tree's shape and its
   * permutation) and trusts the boxes: for data whose source is trusted (what the same program
   * serialized and posted to its own workers), at a fraction of the cost on large bodies. A box
   * altered by hand may then make answers wrong (a box that does not contain its facets hides them),
   * never crash or hang.
   */
  check?: TreeCheck;
}

/**
 * A surface or a curve as plain data, with its bounding-volume tree (built now if it was not yet):
 * typed arrays laid out back to back in one new buffer, which structured clone copies and
 * `postMessage` may transfer (the body keeps its own arrays), or, with `{shared: true}`, a
 * `SharedArrayBuffer` that every thread reads in place. A body built in shared memory (see
 * `SurfaceOptions`) is sent as its own arrays: nothing is copied. {@link deserialize} makes it the body again,
 * tree included, equal in every answer. The tree is the only derived data sent: the rest (RSS
 * volumes, distinct vertices, convex data) is rebuilt on first use where it is needed, because
 * checking it against hostile data costs about as much as building it. A {@link Compound} becomes
 * {@link CompoundData}: its parts' bodies (convex shapes by `@firsttouch/convex`'s `serialize`) and
 * poses; a {@link Compound2} likewise becomes {@link Compound2Data}.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a value that is not a Surface, a Curve, a
 *   Compound or a Compound2, or bad options.
 * @example
 * ```ts
 * import { box, deserialize, serialize, Surface, surfaceDistance } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const cube = box(1, 3);
 * const copy = deserialize(structuredClone(serialize(cube)));
 * const poseB = poseFromAxisAngle([0, 0, 1], 0.3, [2, 0, 0]);
 * const d0 = surfaceDistance(cube, cube, { poseB }).distance;
 * const d1 = surfaceDistance(copy, copy, { poseB }).distance;
 * console.log(Surface.isSurface(copy), d0 === d1); // true true
 * ```
 */
export function serialize<B extends Surface | Curve | Compound | Compound2>(
  body: B,
  options?: SerializeOptions,
): DataOf<B> {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `serialize: options must be an object, got ${describeValue(options)}`,
    );
  }
  const shared =
    options?.shared ?? ((Surface.isSurface(body) || Curve.isCurve(body)) && inSharedMemory(body.positions));
  if (typeof shared !== 'boolean') {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `serialize: shared must be a boolean, got ${describeValue(shared)}`,
    );
  }
  // (the data's kind is the body's: DataOf<B> names it)
  return dataOf(body, shared) as DataOf<B>;
}

/** The data of `body` (anything: refused with `INVALID_OPTION` unless it is a body of this package). */
function dataOf(body: unknown, shared: boolean): MeshData {
  if (Surface.isSurface(body)) {
    const built = body.facetCount > 0 ? body.tree() : undefined;
    // (a tree whose float32 boxes overflowed, coordinates past 3.4e38, is not sent: its reader
    // refuses a box that is not finite, and builds the tree afresh when none comes)
    const tree = built !== undefined && allFinite(built.boxes) ? built : undefined;
    if (tree === undefined) {
      const [positions, indices] = packArrays([body.positions, body.indices] as const, shared);
      return { kind: 'surface', version: DATA_VERSION, positions, indices, tree: null };
    }
    const [positions, indices, boxes, child, count, order] = packArrays(
      [body.positions, body.indices, tree.boxes, tree.child, tree.count, tree.order] as const,
      shared,
    );
    return {
      kind: 'surface',
      version: DATA_VERSION,
      positions,
      indices,
      tree: { leafSize: tree.leafSize, boxes, child, count, order },
    };
  }
  if (Curve.isCurve(body)) {
    const sizes = Uint32Array.from(body.loops, (l) => l.size);
    const closed = Uint8Array.from(body.loops, (l) => (l.closed ? 1 : 0));
    const built = body.segmentCount > 0 ? body.tree() : undefined;
    const tree = built !== undefined && allFinite(built.boxes) ? built : undefined;
    if (tree === undefined) {
      const [positions, s, c] = packArrays([body.positions, sizes, closed] as const, shared);
      return { kind: 'curve', version: DATA_VERSION, positions, sizes: s, closed: c, tree: null };
    }
    const [positions, s, c, boxes, child, count, order] = packArrays(
      [body.positions, sizes, closed, tree.boxes, tree.child, tree.count, tree.order] as const,
      shared,
    );
    return {
      kind: 'curve',
      version: DATA_VERSION,
      positions,
      sizes: s,
      closed: c,
      tree: { leafSize: tree.leafSize, boxes, child, count, order },
    };
  }
  if (Compound.isCompound(body)) return compoundData(body, DATA_VERSION, shared, dataOf);
  if (Compound2.isCompound2(body)) return compound2Data(body, DATA_VERSION, shared, dataOf);
  throw new FirstTouchError(
    'INVALID_OPTION',
    `serialize: body must be a Surface, a Curve, a Compound or a Compound2, got ${describeValue(body)}`,
  );
}

/**
 * The body of data made by {@link serialize} (here or in another thread, window or process), with
 * its tree: no tree is built. Everything is checked first, in time linear in the data's size and
 * allocating at most a few bytes an element: the kind and version, each array's kind and length,
 * finite coordinates, vertex indices in range, the chains' sizes, and the tree against the body
 * (the shape the build gives, each leaf's box containing its elements, each parent's the union of
 * its children's). The body reads the data's memory in place, through views of its own (shared
 * memory stays shared): do not modify it afterwards. A compound's parts are read by the packages that own them (convex shapes by
 * `@firsttouch/convex`'s `deserialize`) and the compound made again by {@link compound} (or
 * {@link compound2}), whose
 * checks of the parts and poses answer as `BAD_DATA` naming the part. `{check: 'safety'}` skips the
 * boxes' check against the body for data from a trusted source (see {@link DeserializeOptions}).
 *
 * @throws `FirstTouchError` `BAD_DATA` for data that is not a body of this version or a tree that
 *   does not match, `BAD_LENGTH`, `NON_FINITE`, `INDEX_RANGE`, each naming the field and the place.
 * @example
 * ```ts
 * import { deserialize, disc, serialize, Curve } from '@firsttouch/mesh';
 * const c = deserialize(serialize(disc(1, 32)));
 * console.log(Curve.isCurve(c), c.tree().elementCount); // true 32
 * try {
 *   deserialize({ kind: 'surface', version: 7 });
 * } catch (e) {
 *   console.log((e as Error).message); // deserialize: data of version 7; this package reads version 1
 * }
 * ```
 */
export function deserialize<D = unknown>(data: D, options?: DeserializeOptions): BodyOf<D> {
  const where = 'deserialize';
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: options must be an object, got ${describeValue(options)}`,
    );
  }
  const check = options?.check ?? 'full';
  if (check !== 'full' && check !== 'safety') {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: check must be "full" or "safety", got ${describeValue(check)}`,
    );
  }
  // (the body's kind is the data's, checked: BodyOf<D> names it)
  return bodyOf(data, where, 0, check, new Map()) as BodyOf<D>;
}

/** A body read so far in one call, by the object of its data. */
type Read = Map<object, unknown>;

/** {@link deserialize} at `where`, `depth` compounds deep. */
function bodyOf(
  data: unknown,
  where: string,
  depth: number,
  check: TreeCheck,
  read: Read,
): Surface | Curve | Compound | Compound2 {
  if (typeof data !== 'object' || data === null) {
    throw new FirstTouchError('BAD_DATA', `${where}: data must be an object, got ${describeValue(data)}`);
  }
  const d = data as Record<string, unknown>;
  if (d.kind !== 'surface' && d.kind !== 'curve' && d.kind !== 'compound' && d.kind !== 'compound2') {
    throw new FirstTouchError(
      'BAD_DATA',
      `${where}: kind must be "surface", "curve", "compound" or "compound2", got ${describeValue(d.kind)}`,
    );
  }
  if (d.version !== DATA_VERSION) {
    throw new FirstTouchError(
      'BAD_DATA',
      `${where}: data of version ${describeValue(d.version)}; this package reads version ${DATA_VERSION}`,
    );
  }
  if (d.kind === 'compound')
    return compoundOf(d, where, depth, (p, at, k, kind) => partOf(p, at, k, kind, check, read));
  if (d.kind === 'compound2')
    return compound2Of(d, where, (p, at, kind) => partOf(p, at, depth + 1, kind, check, read));
  return d.kind === 'surface' ? surfaceOf(d, where, check) : curveOf(d, where, check);
}

/**
 * A compound's part: a shape's data read by convex, any other kind by {@link bodyOf}. Data met
 * before in this call is not read again: structured clone (and `v8.serialize`) keep shared
 * references, and a compound of a thousand references to one compound of a thousand references to a
 * box (100 KB on the wire) was read a million times, until the heap ran out.
 */
function partOf(p: unknown, at: string, depth: number, kind: unknown, check: TreeCheck, read: Read): unknown {
  const shared = typeof p === 'object' && p !== null;
  if (shared) {
    const known = read.get(p);
    if (known !== undefined) return known;
  }
  const body = kind === 'shape' ? shapeOf(p, at) : bodyOf(p, at, depth, check, read);
  if (shared) read.set(p, body);
  return body;
}

function surfaceOf(d: Record<string, unknown>, where: string, check: TreeCheck): Surface {
  const positions = typedArray(d.positions, 'Float64Array', 'positions', where);
  const indices = typedArray(d.indices, 'Uint32Array', 'indices', where);
  if (positions.length % 3 !== 0)
    throw new FirstTouchError(
      'BAD_LENGTH',
      `${where}: positions has length ${positions.length}, not 3 a vertex`,
    );
  if (indices.length % 3 !== 0)
    throw new FirstTouchError('BAD_LENGTH', `${where}: indices has length ${indices.length}, not 3 a facet`);
  checkFinite(positions, 3, where);
  const facets = indices.length / 3;
  // With a tree, its check reads every facet's indices (its leaves cover each facet once): they are
  // checked there, in the same pass, rather than in one more pass over 12 bytes a facet.
  const tree = bodyTree(d.tree, facets, where, (t) => treeFromData(t, 3, positions, indices, where, check));
  if (tree === undefined || check !== 'full') checkIndices(indices, positions.length / 3, where);
  return Surface.adopt(positions, indices, tree);
}

function curveOf(d: Record<string, unknown>, where: string, check: TreeCheck): Curve {
  const positions = typedArray(d.positions, 'Float64Array', 'positions', where);
  const sizes = typedArray(d.sizes, 'Uint32Array', 'sizes', where);
  const closed = typedArray(d.closed, 'Uint8Array', 'closed', where);
  if (positions.length % 2 !== 0)
    throw new FirstTouchError(
      'BAD_LENGTH',
      `${where}: positions has length ${positions.length}, not 2 a vertex`,
    );
  if (closed.length !== sizes.length)
    throw new FirstTouchError(
      'BAD_LENGTH',
      `${where}: closed has length ${closed.length}, sizes ${sizes.length}: one each a chain`,
    );
  checkFinite(positions, 2, where);
  const loops: CurveLoop[] = [];
  let start = 0;
  let firstSegment = 0;
  for (let i = 0; i < sizes.length; i++) {
    const size = sizes[i];
    const isClosed = closed[i] === 1;
    if (closed[i] > 1)
      throw new FirstTouchError('BAD_DATA', `${where}: closed[${i}] is ${closed[i]}, not 0 or 1`);
    if (size < (isClosed ? 1 : 2) || start + size > positions.length / 2) {
      throw new FirstTouchError(
        'BAD_LENGTH',
        `${where}: chain ${i} of ${size} vertices does not fit: ${isClosed ? 'a loop needs 1' : 'an open chain needs 2'} or more, and the chains hold ${positions.length / 2} in all`,
      );
    }
    loops.push({ start, size, closed: isClosed, firstSegment });
    start += size;
    firstSegment += isClosed ? size : size - 1;
  }
  if (start !== positions.length / 2) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `${where}: the chain sizes add up to ${start} vertices, but there are ${positions.length / 2}`,
    );
  }
  return Curve.adopt(positions, loops, (indices) =>
    bodyTree(d.tree, firstSegment, where, (t) => treeFromData(t, 2, positions, indices, where, check)),
  );
}

/** The tree of the data: absent for a body without elements, checked by `check` otherwise (or null: built on first use). */
function bodyTree<T>(
  tree: unknown,
  elements: number,
  where: string,
  check: (tree: unknown) => T,
): T | undefined {
  if (tree === null || tree === undefined) return undefined;
  if (elements === 0) throw new FirstTouchError('BAD_DATA', `${where}: a body without elements has no tree`);
  return check(tree);
}

/** Every vertex index is below `n`, or `INDEX_RANGE` naming the facet. */
function checkIndices(indices: Uint32Array, n: number, where: string): void {
  for (let i = 0; i < indices.length; i++) {
    if (indices[i] >= n) {
      throw new FirstTouchError(
        'INDEX_RANGE',
        `${where}: facet ${Math.floor(i / 3)}: vertex index ${indices[i]} is not in [0, ${n})`,
      );
    }
  }
}

/** Every coordinate is finite, or `NON_FINITE` naming the vertex. */
function checkFinite(positions: Float64Array, dim: 2 | 3, where: string): void {
  if (allFinite(positions)) return;
  for (let i = 0; i < positions.length; i++) {
    // x − x is 0 for a finite x and NaN for ±Infinity and NaN: one subtraction, no call.
    if (positions[i] - positions[i] !== 0) {
      throw new FirstTouchError(
        'NON_FINITE',
        `${where}: vertex ${Math.floor(i / dim)}: coordinate ${'xyz'[i % dim]} is ${positions[i]}`,
      );
    }
  }
}
