import {
  assertFiniteNumber,
  assertFiniteVector,
  assertPoints,
  describeValue,
  FirstTouchError,
  isArrayLike,
} from '@firsttouch/pose';
import { type Bounds, boundsOf } from './bounds.js';
import { labelComponents } from './components.js';
import { type CurveLoop, chainsArrays } from './curve-input.js';
import { assertExponent, diagonalOf, scaledPoints } from './scale.js';
import {
  type BoundingTree,
  buildTree,
  LEAF_SIZE,
  type TreeBuildOptions,
  treeBuildOptions,
} from './tree/build.js';

export type { CurveLoop } from './curve-input.js';

const BRAND_CURVE = Symbol.for('firsttouch.Curve');

/**
 * What the modules above keep with a curve, computed on first use and held as long as the curve:
 * each adds its own optional field to this interface by declaration merging (`convexCurve` keeps its
 * data here, on the curve itself, because a WeakMap lookup missed the processor's caches at every
 * query of many small curves, two per 2-D time of impact), so the curve holds them without naming
 * their types. Not exported by the package.
 *
 * @internal
 * @example
 * ```ts
 * import { convexCurve, disc } from '@firsttouch/mesh';
 * const c = disc(1, 8);
 * console.log(convexCurve(c) === convexCurve(c)); // true
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: the modules above add their fields (declaration merging)
export interface CurveKept {}

/**
 * The sizes of a {@link Curve} that the queries need at every call (see {@link Curve.extent}).
 *
 * @example
 * ```ts
 * import { disc } from '@firsttouch/mesh';
 * console.log(disc(1, 4).extent().radius); // 1
 * ```
 */
export interface CurveExtent {
  /** The diagonal of the bounding box of the vertices, as `bounds().diagonal` (0 without vertices). */
  readonly diagonal: number;
  /** The largest |coordinate| of a vertex (0 without vertices). */
  readonly largestCoordinate: number;
  /** The largest |u| plus the largest |v| of the vertices: no vertex lies farther from the origin. */
  readonly reach: number;
  /** The largest distance `Math.hypot(u, v)` of a vertex from the origin (what a turn moves). */
  readonly radius: number;
}

/**
 * A set of polylines in the plane, closed (loops) or open: the 2-D body. Segment `k` of a chain joins
 * its vertex `k` to `k + 1`; the last segment of a loop joins its last vertex to its first. Segments
 * are numbered chain by chain, 0-based. Immutable; zero-length segments are valid.
 *
 * @example
 * ```ts
 * import { Curve } from '@firsttouch/mesh';
 * const wall = Curve.fromLoops([0, 1, 1, 0], [-0.1, -0.1, 0, 0], [4]);
 * console.log(wall.segmentCount, wall.segment(2)); // 4 [1, 0, 0, 0]
 * ```
 */
export class Curve {
  /** Vertex coordinates, 2 a vertex (u, v). Do not modify. */
  readonly positions: Float64Array;
  /** Vertex indices, 2 a segment. Do not modify. */
  readonly indices: Uint32Array;
  /** Number of segments. */
  readonly segmentCount: number;
  /** The chains, in order. */
  readonly loops: readonly CurveLoop[];
  #tree: BoundingTree | undefined;
  #extent: CurveExtent | undefined;
  #segmentBoxes: Float64Array | undefined;
  /**
   * What the modules above keep with this curve (see {@link CurveKept}).
   *
   * @internal
   */
  readonly kept: CurveKept = {};

  /**
   * True for a Curve of any copy of this package (a brand, not \`instanceof\`, so that two installed
   * copies of \`@firsttouch/mesh\` still recognise each other's bodies).
   *
   * @example
   * ```ts
   * import { Curve } from '@firsttouch/mesh';
   * console.log(Curve.isCurve({})); // false
   * ```
   */
  static isCurve(value: unknown): value is Curve {
    return (
      typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND_CURVE] === true
    );
  }

  /** The brand Curve.isCurve looks for. */
  get [BRAND_CURVE](): boolean {
    return #tree in this;
  }

  private constructor(positions: Float64Array, loops: CurveLoop[]) {
    this.positions = positions;
    this.loops = loops;
    let n = 0;
    for (const l of loops) n += l.closed ? l.size : l.size - 1;
    const idx = new Uint32Array(2 * n);
    let k = 0;
    for (const l of loops) {
      const segs = l.closed ? l.size : l.size - 1;
      for (let s = 0; s < segs; s++) {
        idx[k++] = l.start + s;
        idx[k++] = l.start + ((s + 1) % l.size);
      }
    }
    this.indices = idx;
    this.segmentCount = n;
  }

  /**
   * A curve over these positions as they are, not copied, and these chains, with the tree `tree`
   * gives for its segments (their vertex indices, 2 a segment), if any: what `deserialize` makes once
   * it has checked the data. Not for users (nothing is checked here). Not on any query's path.
   *
   * @internal
   * @example
   * ```ts
   * import { Curve, disc } from '@firsttouch/mesh';
   * const d = disc(1, 8);
   * const twin = Curve.adopt(d.positions, [...d.loops], () => d.tree());
   * console.log(twin.tree() === d.tree(), twin.segmentCount); // true 8
   * ```
   */
  static adopt(
    positions: Float64Array,
    loops: CurveLoop[],
    tree: (indices: Uint32Array) => BoundingTree | undefined,
  ): Curve {
    const c = new Curve(positions, loops);
    c.#tree = tree(c.indices);
    return c;
  }

  /**
   * A curve of closed loops: `u`, `v` hold the vertices of all loops one after the other,
   * `loopSizes` the number of vertices of each loop.
   *
   * @throws `FirstTouchError` `BAD_LENGTH` when `u` and `v` differ in length or the sizes do not
   *   add up to it (or a size is not a positive integer), `NON_FINITE` naming the vertex of a NaN or
   *   infinite coordinate.
   * @example
   * ```ts
   * import { Curve } from '@firsttouch/mesh';
   * const square = Curve.fromLoops([0, 1, 1, 0], [0, 0, 1, 1], [4]);
   * console.log(square.segmentCount); // 4
   * ```
   */
  static fromLoops(u: ArrayLike<number>, v: ArrayLike<number>, loopSizes: ArrayLike<number>): Curve {
    return Curve.fromChains(u, v, loopSizes, true);
  }

  /**
   * A curve of one open polyline through the given vertices.
   *
   * @throws `FirstTouchError` as {@link Curve.fromChains}.
   * @example
   * ```ts
   * import { Curve } from '@firsttouch/mesh';
   * console.log(Curve.fromPolyline([0, 1, 2], [0, 1, 0]).segmentCount); // 2
   * ```
   */
  static fromPolyline(u: ArrayLike<number>, v: ArrayLike<number>): Curve {
    const n = isArrayLike(u) ? u.length : 0;
    return Curve.fromChains(u, v, [n], [false]);
  }

  /**
   * The general form: chains of `sizes[i]` vertices each, closed where `closed[i]` is true.
   *
   * @throws `FirstTouchError` `BAD_LENGTH` for inconsistent lengths or a size that is not a
   *   positive integer, `NON_FINITE` naming the vertex of a NaN or infinite coordinate.
   * @example
   * ```ts
   * import { Curve } from '@firsttouch/mesh';
   * const c = Curve.fromChains([0, 1, 5, 6, 6], [0, 0, 0, 0, 1], [2, 3], [false, true]);
   * console.log(c.segmentCount); // 4
   * ```
   */
  static fromChains(
    u: ArrayLike<number>,
    v: ArrayLike<number>,
    sizes: ArrayLike<number>,
    closed: ArrayLike<boolean> | boolean,
  ): Curve {
    const { positions, loops } = chainsArrays(u, v, sizes, closed);
    return new Curve(positions, loops);
  }

  /**
   * Segment `i` as `[u0, v0, u1, v1]`.
   *
   * @throws `FirstTouchError` `INDEX_RANGE` when `i` is not a segment index.
   * @example
   * ```ts
   * import { Curve } from '@firsttouch/mesh';
   * console.log(Curve.fromLoops([0, 1, 0], [0, 0, 1], [3]).segment(2)); // [0, 1, 0, 0]
   * ```
   */
  segment(i: number): [number, number, number, number] {
    if (!Number.isInteger(i) || i < 0 || i >= this.segmentCount) {
      throw new FirstTouchError(
        'INDEX_RANGE',
        `segment index ${describeValue(i)} is not in [0, ${this.segmentCount})`,
      );
    }
    const a = 2 * this.indices[2 * i];
    const b = 2 * this.indices[2 * i + 1];
    const p = this.positions;
    return [p[a], p[a + 1], p[b], p[b + 1]];
  }

  /**
   * The bounding box of the vertices.
   *
   * @throws `FirstTouchError` `EMPTY` for a curve without segments.
   * @example
   * ```ts
   * import { disc } from '@firsttouch/mesh';
   * console.log(Array.from(disc(1, 4).bounds().max)); // [1, 1]
   * ```
   */
  bounds(): Bounds {
    this.assertNotEmpty('bounds');
    return boundsOf(this.positions, 2);
  }

  /**
   * The vertices, flat (2 numbers each): what a motion bound ranges over.
   *
   * @example
   * ```ts
   * import { disc } from '@firsttouch/mesh';
   * console.log(disc(1, 8).vertices().length); // 16
   * ```
   */
  vertices(): Float64Array {
    return this.positions.slice();
  }

  /**
   * A new curve moved by `d = [du, dv]`.
   *
   * @example
   * ```ts
   * import { Curve } from '@firsttouch/mesh';
   * console.log(Curve.fromPolyline([0, 1], [0, 0]).translate([1, 2]).segment(0)); // [1, 2, 2, 2]
   * ```
   */
  translate(d: ArrayLike<number>): Curve {
    assertFiniteVector(d, 2, 'translate(d)');
    const p = this.positions.slice();
    for (let i = 0; i < p.length; i += 2) {
      p[i] += d[0];
      p[i + 1] += d[1];
    }
    // (a coordinate moved past float64's range: +∞, which fromPolyline refuses too)
    assertPoints(p, 2, 'translate: the moved curve');
    return this.#with(p);
  }

  /**
   * A new curve turned about the origin by `angle` radians (counter-clockwise).
   *
   * @example
   * ```ts
   * import { Curve } from '@firsttouch/mesh';
   * const c = Curve.fromPolyline([0, 1], [0, 0]).rotate(Math.PI / 2);
   * console.log(c.segment(0).map((x) => Math.round(x))); // [0, 0, 0, 1]
   * ```
   */
  rotate(angle: number): Curve {
    assertFiniteNumber(angle, 'rotate(angle)');
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    const p = this.positions.slice();
    for (let i = 0; i < p.length; i += 2) {
      const x = p[i],
        y = p[i + 1];
      p[i] = c * x - s * y;
      p[i + 1] = s * x + c * y;
    }
    assertPoints(p, 2, 'rotate: the turned curve');
    return this.#with(p);
  }

  /**
   * A new curve scaled about the origin by `su` and `sv` (default `su`).
   *
   * @example
   * ```ts
   * import { Curve } from '@firsttouch/mesh';
   * console.log(Curve.fromPolyline([0, 1], [0, 1]).scale(2, 3).segment(0)); // [0, 0, 2, 3]
   * ```
   */
  scale(su: number, sv: number = su): Curve {
    assertFiniteNumber(su, 'scale(su)');
    assertFiniteNumber(sv, 'scale(sv)');
    const p = this.positions.slice();
    for (let i = 0; i < p.length; i += 2) {
      p[i] *= su;
      p[i + 1] *= sv;
    }
    assertPoints(p, 2, 'scale: the scaled curve');
    return this.#with(p);
  }

  /**
   * This curve scaled by 2^e about the origin, exactly (a power of two changes no digit of a
   * coordinate that stays a normal number): what a query far from unit size runs on (see mesh's
   * `scaleExponent`). The last one asked for is kept, with its tree once built, so that the queries
   * of one scale share it.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for an `e` that is not an integer, `NON_FINITE` where
   *   a coordinate scaled overflows.
   * @example
   * ```ts
   * import { rectangle } from '@firsttouch/mesh';
   * const tiny = rectangle(1e-165, 1e-165);
   * const twin = tiny.scaledByPowerOfTwo(512);
   * console.log(twin.bounds().max[0] === 2 ** 512 * 0.5e-165, tiny.scaledByPowerOfTwo(512) === twin); // true true
   * ```
   */
  scaledByPowerOfTwo(e: number): Curve {
    const kept = this.#twin;
    if (kept !== undefined && kept.e === e) return kept.body;
    assertExponent(e);
    const p = scaledPoints(this.positions, this.indices, 2, e, `scaledByPowerOfTwo(${e}): the scaled curve`);
    const body = this.#with(p);
    this.#twin = { e, body };
    return body;
  }

  #twin: { e: number; body: Curve } | undefined;

  /**
   * Connected components: segments that share a vertex (bit-identical coordinates) are connected.
   *
   * @example
   * ```ts
   * import { Curve } from '@firsttouch/mesh';
   * const c = Curve.fromChains([0, 1, 5, 6], [0, 0, 0, 0], [2, 2], [false, false]);
   * console.log(Array.from(c.components())); // [0, 1]
   * ```
   */
  components(): Uint32Array {
    return labelComponents(this.positions, 2, this.indices, 2);
  }

  /**
   * The bounding-volume tree of the segments, built on first use and kept (see {@link BoundingTree}).
   *
   * @param options - a `signal` and an `onProgress` for the build, as `Surface.tree` takes them.
   * @throws `FirstTouchError` `EMPTY` for a curve without segments, `ABORTED`, `INVALID_OPTION`.
   * @example
   * ```ts
   * import { disc } from '@firsttouch/mesh';
   * console.log(disc(1, 64).tree().elementCount); // 64
   * ```
   */
  tree(options?: TreeBuildOptions): BoundingTree {
    this.assertNotEmpty('tree');
    if (!this.#tree)
      this.#tree = buildTree(this.positions, this.indices, 2, LEAF_SIZE, treeBuildOptions(options));
    return this.#tree;
  }

  /**
   * Sizes of the curve that queries ask for again and again, computed on first use and kept (the
   * curve is immutable): see {@link CurveExtent}. The object is frozen.
   *
   * @example
   * ```ts
   * import { Curve } from '@firsttouch/mesh';
   * const e = Curve.fromPolyline([0, 3], [-4, 0]).extent();
   * console.log(e.diagonal, e.reach, e.radius); // 5 7 4
   * ```
   */
  extent(): CurveExtent {
    if (this.#extent) return this.#extent;
    const p = this.positions;
    let minU = Number.POSITIVE_INFINITY;
    let minV = Number.POSITIVE_INFINITY;
    let maxU = Number.NEGATIVE_INFINITY;
    let maxV = Number.NEGATIVE_INFINITY;
    let radius = 0;
    for (let i = 0; i + 1 < p.length; i += 2) {
      const u = p[i],
        v = p[i + 1];
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
      const r = Math.hypot(u, v);
      if (r > radius) radius = r;
    }
    const empty = p.length === 0;
    this.#extent = Object.freeze({
      diagonal: empty ? 0 : diagonalOf(maxU - minU, maxV - minV, 0),
      largestCoordinate: empty ? 0 : Math.max(-minU, maxU, -minV, maxV),
      reach: empty ? 0 : Math.max(-minU, maxU) + Math.max(-minV, maxV),
      radius,
    });
    return this.#extent;
  }

  /**
   * The box of each segment, 4 numbers a segment (`uMin vMin uMax vMax`, exact: the smaller and the
   * larger endpoint coordinate), computed on first use and kept. Do not modify.
   *
   * @example
   * ```ts
   * import { Curve } from '@firsttouch/mesh';
   * console.log(Array.from(Curve.fromPolyline([0, 1], [2, -1]).segmentBoxes())); // [0, -1, 1, 2]
   * ```
   */
  segmentBoxes(): Float64Array {
    if (this.#segmentBoxes) return this.#segmentBoxes;
    const p = this.positions;
    const idx = this.indices;
    const out = new Float64Array(4 * this.segmentCount);
    for (let k = 0; k < this.segmentCount; k++) {
      const i = 2 * idx[2 * k];
      const j = 2 * idx[2 * k + 1];
      const u0 = p[i],
        v0 = p[i + 1],
        u1 = p[j],
        v1 = p[j + 1];
      out[4 * k] = u0 < u1 ? u0 : u1;
      out[4 * k + 1] = v0 < v1 ? v0 : v1;
      out[4 * k + 2] = u0 < u1 ? u1 : u0;
      out[4 * k + 3] = v0 < v1 ? v1 : v0;
    }
    this.#segmentBoxes = out;
    return out;
  }

  /**
   * Throws `EMPTY` naming `what` when the curve has no segments.
   *
   * @example
   * ```ts
   * import { disc } from '@firsttouch/mesh';
   * disc(1, 8).assertNotEmpty('distance');
   * ```
   */
  assertNotEmpty(what: string): void {
    if (this.segmentCount === 0) throw new FirstTouchError('EMPTY', `${what}: the curve has no segments`);
  }

  #with(positions: Float64Array): Curve {
    return new Curve(
      positions,
      this.loops.map((l) => ({ ...l })),
    );
  }
}
