import {
  assertFiniteNumber,
  assertFiniteVector,
  assertPoints,
  describeValue,
  FirstTouchError,
  poseFromAxisAngle,
} from '@firsttouch/pose';
import { type Bounds, boundsOf } from './bounds.js';
import { labelComponents } from './components.js';
import { distinctPoints } from './distinct-points.js';
import { assertExponent, scaledPoints } from './scale.js';
import { indexedArrays, type SurfaceOptions, trianglesArrays } from './surface-input.js';
import {
  type BoundingTree,
  buildTree,
  LEAF_SIZE,
  type TreeBuildOptions,
  treeBuildOptions,
} from './tree/build.js';

export type { SurfaceOptions } from './surface-input.js';

const BRAND_SURFACE = Symbol.for('firsttouch.Surface');

/**
 * What the modules above keep with a surface, computed on first use and held as long as the surface
 * (its convex data, its RSS, its facets' own boxes): each adds its own optional field to this
 * interface by declaration merging, so the surface holds them without naming their types, and they
 * go with it. Not exported by the package.
 *
 * @internal
 * @example
 * ```ts
 * import { box, convexSurface } from '@firsttouch/mesh';
 * const b = box(1);
 * console.log(convexSurface(b) === convexSurface(b)); // true
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: the modules above add their fields (declaration merging)
export interface SurfaceKept {}
/**
 * Sizes of a surface, computed once ({@link Surface.extent}).
 *
 * @example
 * ```ts
 * import { box } from '@firsttouch/mesh';
 * console.log(box(1).extent().largestCoordinate); // 0.5
 * ```
 */
export interface SurfaceExtent {
  /** The diagonal of the bounding box of the vertices, as `bounds().diagonal`. */
  readonly diagonal: number;
  /** The largest |coordinate| of a vertex. */
  readonly largestCoordinate: number;
}

/**
 * A triangulated surface in 3-D: open or closed, convex or not, degenerate facets allowed. Immutable:
 * `translate`, `rotate` and `scale` return new surfaces. Facet `i` is the `i`-th triangle given
 * (0-based, order kept). Its bounding-volume tree is built once, lazily, in the body frame, and reused
 * at every pose.
 *
 * @example
 * ```ts
 * import { Surface } from '@firsttouch/mesh';
 * const tri = Surface.fromTriangles(new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
 * console.log(tri.facetCount, Array.from(tri.facet(0))); // 1 [0, 0, 0, 1, 0, 0, 0, 1, 0]
 * ```
 */
export class Surface {
  /** Vertex coordinates, 3 a vertex (body frame). Do not modify. */
  readonly positions: Float64Array;
  /** Vertex indices, 3 a facet. Do not modify. */
  readonly indices: Uint32Array;
  /** Number of facets. */
  readonly facetCount: number;
  /** Number of vertices. */
  readonly vertexCount: number;
  /**
   * What the modules above keep with this surface (see {@link SurfaceKept}).
   *
   * @internal
   */
  readonly kept: SurfaceKept = {};
  #tree: BoundingTree | undefined;
  #bounds: Bounds | undefined;
  #distinct: Float64Array | undefined;

  /**
   * True for a Surface of any copy of this package (a brand, not \`instanceof\`, so that two installed
   * copies of \`@firsttouch/mesh\` still recognise each other's bodies).
   *
   * @example
   * ```ts
   * import { Surface } from '@firsttouch/mesh';
   * console.log(Surface.isSurface({})); // false
   * ```
   */
  static isSurface(value: unknown): value is Surface {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[BRAND_SURFACE] === true
    );
  }

  /**
   * The brand Surface.isSurface looks for: true on a surface itself only (an object made from its
   * prototype, or a proxy of it, has no private fields: the calls that trusted the brand read them
   * and threw a TypeError of their own).
   */
  get [BRAND_SURFACE](): boolean {
    return #tree in this;
  }

  private constructor(positions: Float64Array, indices: Uint32Array) {
    this.positions = positions;
    this.indices = indices;
    this.facetCount = indices.length / 3;
    this.vertexCount = positions.length / 3;
  }

  /**
   * A surface over these arrays as they are, not copied, with its tree when given: what
   * `deserialize` makes once it has checked the arrays and the tree against them. Not for users (the
   * arrays are not checked here). Not on any query's path.
   *
   * @internal
   * @example
   * ```ts
   * import { Surface, box } from '@firsttouch/mesh';
   * const b = box(1);
   * const twin = Surface.adopt(b.positions, b.indices, b.tree());
   * console.log(twin.tree() === b.tree(), twin.facetCount); // true 12
   * ```
   */
  static adopt(positions: Float64Array, indices: Uint32Array, tree: BoundingTree | undefined): Surface {
    const s = new Surface(positions, indices);
    s.#tree = tree;
    return s;
  }

  /**
   * A surface from a triangle soup: 9 numbers a facet (`x0 y0 z0 x1 y1 z1 x2 y2 z2`).
   *
   * @param options - `{shared: true}` builds it in shared memory (see {@link SurfaceOptions}).
   * @throws `FirstTouchError` `BAD_LENGTH` when the length is not a multiple of 9,
   *   `NON_FINITE` naming the facet of a NaN or infinite coordinate, `INVALID_OPTION`.
   * @example
   * ```ts
   * import { Surface } from '@firsttouch/mesh';
   * const s = Surface.fromTriangles([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1]);
   * console.log(s.facetCount); // 2
   * ```
   */
  static fromTriangles(xyz: ArrayLike<number>, options?: SurfaceOptions): Surface {
    const [positions, indices] = trianglesArrays(xyz, options);
    return new Surface(positions, indices);
  }

  /**
   * A surface from shared vertices (3 numbers each) and facets (3 vertex indices each, 0-based).
   *
   * @param options - `{shared: true}` builds it in shared memory (see {@link SurfaceOptions}).
   * @throws `FirstTouchError` `BAD_LENGTH` for lengths that are not multiples of 3,
   *   `NON_FINITE` naming the vertex of a NaN or infinite coordinate, `INDEX_RANGE` naming the facet
   *   of an index that is not an integer in [0, vertexCount), `INVALID_OPTION`.
   * @example
   * ```ts
   * import { Surface } from '@firsttouch/mesh';
   * const quad = Surface.fromIndexed([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], [0, 1, 2, 0, 2, 3]);
   * console.log(quad.facetCount, quad.vertexCount); // 2 4
   * ```
   */
  static fromIndexed(
    positions: ArrayLike<number>,
    indices: ArrayLike<number>,
    options?: SurfaceOptions,
  ): Surface {
    const [p, idx] = indexedArrays(positions, indices, options);
    return new Surface(p, idx);
  }

  /**
   * The bounding box of the vertices (body frame).
   *
   * @throws `FirstTouchError` `EMPTY` for a surface without facets.
   * @example
   * ```ts
   * import { box } from '@firsttouch/mesh';
   * console.log(box(2).bounds().diagonal.toFixed(4)); // 3.4641
   * ```
   */
  bounds(): Bounds {
    this.assertNotEmpty('bounds');
    if (!this.#bounds) this.#bounds = boundsOf(this.usedPositions(), 3);
    const b = this.#bounds;
    return { min: b.min.slice(), max: b.max.slice(), diagonal: b.diagonal };
  }

  /**
   * The diagonal of the bounding box and the largest |coordinate| of the vertices, computed once
   * and kept: what every query reads (`bounds()` copies its arrays for the caller).
   *
   * @throws `FirstTouchError` `EMPTY` for a surface without facets.
   * @example
   * ```ts
   * import { box } from '@firsttouch/mesh';
   * const e = box(2).translate([3, 0, 0]).extent();
   * console.log(e.diagonal.toFixed(4), e.largestCoordinate); // 3.4641 4
   * ```
   */
  extent(): SurfaceExtent {
    if (this.#extent) return this.#extent;
    this.assertNotEmpty('extent');
    if (!this.#bounds) this.#bounds = boundsOf(this.usedPositions(), 3);
    const b = this.#bounds;
    let largest = 0;
    for (let k = 0; k < 3; k++) largest = Math.max(largest, Math.abs(b.min[k]), Math.abs(b.max[k]));
    this.#extent = { diagonal: b.diagonal, largestCoordinate: largest };
    return this.#extent;
  }

  #extent: SurfaceExtent | undefined;

  /**
   * The 9 coordinates of facet `i`.
   *
   * @throws `FirstTouchError` `INDEX_RANGE` when `i` is not a facet index, `INVALID_OPTION` for an
   *   `out` that is not a Float64Array of 9 numbers or more.
   * @example
   * ```ts
   * import { Surface } from '@firsttouch/mesh';
   * const s = Surface.fromIndexed([0, 0, 0, 1, 0, 0, 0, 1, 0], [2, 1, 0]);
   * console.log(Array.from(s.facet(0))); // [0, 1, 0, 1, 0, 0, 0, 0, 0]
   * ```
   */
  facet(i: number, out: Float64Array = new Float64Array(9)): Float64Array {
    if (!Number.isInteger(i) || i < 0 || i >= this.facetCount) {
      throw new FirstTouchError(
        'INDEX_RANGE',
        `facet index ${describeValue(i)} is not in [0, ${this.facetCount})`,
      );
    }
    if (!(out instanceof Float64Array) || out.length < 9)
      throw new FirstTouchError(
        'INVALID_OPTION',
        `facet: out must be a Float64Array of 9 numbers or more, got ${describeValue(out)}`,
      );
    for (let k = 0; k < 3; k++) {
      const v = this.indices[3 * i + k];
      out[3 * k] = this.positions[3 * v];
      out[3 * k + 1] = this.positions[3 * v + 1];
      out[3 * k + 2] = this.positions[3 * v + 2];
    }
    return out;
  }

  /**
   * The vertices that facets use, flat (3 numbers each): what a motion bound ranges over.
   *
   * @example
   * ```ts
   * import { Surface } from '@firsttouch/mesh';
   * const s = Surface.fromIndexed([0, 0, 0, 9, 9, 9, 1, 0, 0, 0, 1, 0], [0, 2, 3]);
   * console.log(s.vertices().length); // 9
   * ```
   */
  vertices(): Float64Array {
    return this.usedPositions().slice();
  }

  /**
   * The distinct vertices that facets use, each position once (a triangle soup's shared corners
   * merged), computed once and shared: the points a motion bound must range over, at the least
   * cost. Do not modify the array.
   *
   * @example
   * ```ts
   * import { Surface, box } from '@firsttouch/mesh';
   * // a cube's 12 facets given as a soup of 36 corners: 8 distinct points
   * const cube = box(1);
   * const soup = Surface.fromTriangles(Array.from({ length: 12 }, (_, i) => [...cube.facet(i)]).flat());
   * console.log(soup.vertices().length / 3, soup.distinctVertices().length / 3); // 36 8
   * ```
   */
  distinctVertices(): Float64Array {
    if (!this.#distinct) this.#distinct = distinctPoints(this.usedPositions(), 3);
    return this.#distinct;
  }

  /**
   * A new surface moved by `d`.
   *
   * @example
   * ```ts
   * import { box } from '@firsttouch/mesh';
   * console.log(Array.from(box(1).translate([1, 0, 0]).bounds().min)); // [0.5, -0.5, -0.5]
   * ```
   */
  translate(d: ArrayLike<number>): Surface {
    assertFiniteVector(d, 3, 'translate(d)');
    const p = this.positions.slice();
    for (let i = 0; i < p.length; i += 3) {
      p[i] += d[0];
      p[i + 1] += d[1];
      p[i + 2] += d[2];
    }
    // (a coordinate moved past float64's range: +∞, which fromTriangles refuses too)
    assertPoints(p, 3, 'translate: the moved surface');
    return new Surface(p, this.indices);
  }

  /**
   * A new surface turned about `axis` through the origin by `angle` radians (right-handed).
   *
   * @throws `FirstTouchError` `INVALID_POSE` for a zero or non-finite axis or angle.
   * @example
   * ```ts
   * import { Surface } from '@firsttouch/mesh';
   * const s = Surface.fromTriangles([1, 0, 0, 1, 0, 0, 1, 0, 0]).rotate([0, 0, 1], Math.PI / 2);
   * console.log(s.facet(0)[1].toFixed(6)); // 1.000000
   * ```
   */
  rotate(axis: ArrayLike<number>, angle: number): Surface {
    const R = poseFromAxisAngle(axis, angle).R;
    const p = this.positions.slice();
    for (let i = 0; i < p.length; i += 3) {
      const x = p[i],
        y = p[i + 1],
        z = p[i + 2];
      p[i] = R[0] * x + R[1] * y + R[2] * z;
      p[i + 1] = R[3] * x + R[4] * y + R[5] * z;
      p[i + 2] = R[6] * x + R[7] * y + R[8] * z;
    }
    assertPoints(p, 3, 'rotate: the turned surface');
    return new Surface(p, this.indices);
  }

  /**
   * A new surface scaled about the origin by `sx`, `sy`, `sz` (`sy` and `sz` default to `sx`). A
   * negative product of factors mirrors the surface, which turns its facets inside out: the
   * distance queries do not care.
   *
   * @throws `FirstTouchError` `NON_FINITE` for a non-finite factor, or a coordinate scaled past
   *   float64's range.
   * @example
   * ```ts
   * import { box } from '@firsttouch/mesh';
   * console.log(Array.from(box(1).scale(2, 1, 0.5).bounds().max)); // [1, 0.5, 0.25]
   * ```
   */
  scale(sx: number, sy: number = sx, sz: number = sx): Surface {
    assertFiniteNumber(sx, 'scale(sx)');
    assertFiniteNumber(sy, 'scale(sy)');
    assertFiniteNumber(sz, 'scale(sz)');
    const p = this.positions.slice();
    for (let i = 0; i < p.length; i += 3) {
      p[i] *= sx;
      p[i + 1] *= sy;
      p[i + 2] *= sz;
    }
    assertPoints(p, 3, 'scale: the scaled surface');
    return new Surface(p, this.indices);
  }

  /**
   * This surface scaled by 2^e about the origin, exactly (a power of two changes no digit of a
   * coordinate that stays a normal number): what a query far from unit size runs on (see mesh's
   * `scaleExponent`). The last one asked for is kept, with its tree once built, so that the queries
   * of one scale share it.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for an `e` that is not an integer, `NON_FINITE` where
   *   a coordinate scaled overflows.
   * @example
   * ```ts
   * import { box } from '@firsttouch/mesh';
   * const tiny = box(1e-165);
   * const twin = tiny.scaledByPowerOfTwo(512);
   * console.log(twin.bounds().max[0] === 2 ** 512 * 0.5e-165, tiny.scaledByPowerOfTwo(512) === twin); // true true
   * ```
   */
  scaledByPowerOfTwo(e: number): Surface {
    const kept = this.#twin;
    if (kept !== undefined && kept.e === e) return kept.body;
    assertExponent(e);
    const p = scaledPoints(
      this.positions,
      this.indices,
      3,
      e,
      `scaledByPowerOfTwo(${e}): the scaled surface`,
    );
    const body = new Surface(p, this.indices);
    this.#twin = { e, body };
    return body;
  }

  #twin: { e: number; body: Surface } | undefined;

  /**
   * Connected components: facets that share a vertex (bit-identical coordinates) are connected.
   * One label a facet, numbered 0, 1, ... in the order of each component's first facet.
   *
   * @example
   * ```ts
   * import { Surface } from '@firsttouch/mesh';
   * const s = Surface.fromTriangles([0, 0, 0, 1, 0, 0, 0, 1, 0, 5, 5, 5, 6, 5, 5, 5, 6, 5, 1, 0, 0, 2, 0, 0, 1, 1, 0]);
   * console.log(Array.from(s.components())); // [0, 1, 0]
   * ```
   */
  components(): Uint32Array {
    return labelComponents(this.positions, 3, this.indices, 3);
  }

  /**
   * The bounding-volume tree of the facets (body frame), built on first use and kept. Its layout is
   * documented on {@link BoundingTree}, for users who write their own traversals.
   *
   * @param options - a `signal` that stops a long build (`ABORTED`, nothing kept) and an
   *   `onProgress` told how far it got (see {@link TreeBuildOptions}); read only by the build itself,
   *   which happens once.
   * @throws `FirstTouchError` `EMPTY` for a surface without facets, `ABORTED`, `INVALID_OPTION`.
   * @example
   * ```ts
   * import { icosphere } from '@firsttouch/mesh';
   * const tree = icosphere(1, 2).tree();
   * console.log(tree.elementCount, tree.order.length); // 320 320
   * ```
   */
  tree(options?: TreeBuildOptions): BoundingTree {
    this.assertNotEmpty('tree');
    if (!this.#tree)
      this.#tree = buildTree(this.positions, this.indices, 3, LEAF_SIZE, treeBuildOptions(options));
    return this.#tree;
  }

  /**
   * Throws `EMPTY` naming `what` when the surface has no facets.
   *
   * @example
   * ```ts
   * import { Surface } from '@firsttouch/mesh';
   * Surface.fromTriangles([0, 0, 0, 1, 0, 0, 0, 1, 0]).assertNotEmpty('distance');
   * ```
   */
  assertNotEmpty(what: string): void {
    if (this.facetCount === 0) throw new FirstTouchError('EMPTY', `${what}: the surface has no facets`);
  }

  #used: Float64Array | undefined;

  private usedPositions(): Float64Array {
    if (this.#used) return this.#used;
    const used = new Uint8Array(this.vertexCount);
    for (let i = 0; i < this.indices.length; i++) used[this.indices[i]] = 1;
    let n = 0;
    for (let v = 0; v < this.vertexCount; v++) n += used[v];
    const out = new Float64Array(3 * n);
    let k = 0;
    for (let v = 0; v < this.vertexCount; v++) {
      if (!used[v]) continue;
      out[k++] = this.positions[3 * v];
      out[k++] = this.positions[3 * v + 1];
      out[k++] = this.positions[3 * v + 2];
    }
    this.#used = n === this.vertexCount ? this.positions : out;
    return this.#used;
  }
}
