import type { Bounds } from './bounds.js';
import type { SupportTable } from './hull/support-table.js';
import { doubles, plainCopy } from './plain.js';
import { diagonalOf, timesPowerOfTwo } from './scale.js';
import { CORE_POINTS, coreSupport } from './support.js';

const BRAND_SHAPE = Symbol.for('firsttouch.Shape');

/**
 * What a shape is: a primitive (Rapier's names), a hull or point set, a 2-D twin, or a shape
 * `rounded` by a margin.
 *
 * @example
 * ```ts
 * import { ball, type ShapeKind } from '@firsttouch/convex';
 * const kind: ShapeKind = ball(1).kind;
 * console.log(kind); // ball
 * ```
 */
export type ShapeKind =
  | 'ball'
  | 'cuboid'
  | 'capsule'
  | 'cylinder'
  | 'cone'
  | 'convexHull'
  | 'pointSet'
  | 'rounded'
  | 'ball2'
  | 'cuboid2'
  | 'capsule2'
  | 'convexPolygon'
  | 'pointSet2';

/**
 * What the constructors give a {@link Shape}: the core's support data, the margin and the sizes.
 * Internal to the package (the constructors are `ball`, `cuboid`, ...).
 *
 * @internal @hidden
 */
export interface ShapeInit<D extends 2 | 3> {
  kind: ShapeKind;
  dim: D;
  params: Record<string, number>;
  base: Shape<D> | null;
  margin: number;
  core: number;
  e0?: number;
  e1?: number;
  e2?: number;
  points?: Float64Array;
  start?: Int32Array;
  neighbours?: Int32Array;
  climb?: boolean;
  /** A hull's support table (`hull/support-table.ts`), or none. */
  table?: SupportTable | null;
  /** A planar ring's polar table (`hull/polar-table.ts`), or none. */
  polar?: Int16Array;
  facets?: Uint32Array;
  sources?: Uint32Array;
  /** The core's box (the margin is added here) and its largest |x|. */
  min: ArrayLike<number>;
  max: ArrayLike<number>;
  coreReach: number;
  /**
   * Left unfrozen: a point set whose points and reach its owner rewrites (`pointCore` of the internal
   * entry). Never a shape a user is given.
   */
  mutable?: boolean;
}

const NONE64 = /* @__PURE__ */ new Float64Array(0);
const NONE32 = /* @__PURE__ */ new Uint32Array(0);
/** (Signed: an index read from it times 3 stays a small integer, where an unsigned one may not.) */
const NONE_I32 = /* @__PURE__ */ new Int32Array(0);
const NONE16 = /* @__PURE__ */ new Uint16Array(0);
const NONE_I16 = /* @__PURE__ */ new Int16Array(0);
const NONE8 = /* @__PURE__ */ new Uint8Array(0);

/**
 * A convex shape, exactly: a support mapping (the point farthest along any direction), not a
 * tessellation. The shape is its **core** (a point, a segment, a box, a cylinder, a cone, or the hull
 * of a point set) grown by a ball of radius {@link Shape.margin} (seed 002's margin: a ball is a point
 * with a margin, a capsule a segment with one, `rounded` adds one); GJK runs on the cores and
 * subtracts the margins. In its own frame (the body frame): poses place it. Immutable; made by
 * {@link ball}, {@link cuboid}, {@link capsule}, {@link cylinder}, {@link cone}, {@link convexHull},
 * {@link pointSet}, {@link rounded} and the 2-D twins {@link ball2}, {@link cuboid2}, {@link capsule2},
 * {@link convexPolygon}, {@link pointSet2} (`dim` 2: the plane z = 0 of 3-D space, angles about z).
 *
 * A caller that does not know the kind reads {@link Shape.support}, {@link Shape.margin},
 * {@link Shape.bounds} and {@link Shape.reach}.
 *
 * @example
 * ```ts
 * import { capsule } from '@firsttouch/convex';
 * const c = capsule(0.5, 0.25);
 * const out = new Float64Array(3);
 * c.support(new Float64Array([0.3, -1, 0]), out); // the core's lower end
 * console.log(c.kind, c.dim, c.margin, Array.from(out), c.reach); // capsule 3 0.25 [0, -0.5, 0] 0.75
 * ```
 */
export class Shape<D extends 2 | 3 = 2 | 3> {
  // The numeric fields are `declare`d: made by the constructor's assignments with their numbers, not
  // defined as undefined first (an ES2022 class field), which left V8 storing them tagged: the
  // supports' selects between e0 and −e0 then boxed a float at every call (two cylinders' time of
  // impact made 19.9 kB of garbage a query, now 1.3 kB).
  /** What the shape is. */
  readonly kind: ShapeKind;
  /** 3, or 2 for the shapes of `timeOfImpact2` (the plane z = 0). */
  readonly dim: D;
  /** The radius of the ball the core is grown by (0 for cuboids, cylinders, cones and hulls). */
  declare readonly margin: number;
  /**
   * The largest distance from the body origin to a point of the shape: with the turn θ of a step,
   * `θ · reach` bounds how far a point moves by the rotation (the speed bound μ = |Δ| + |θ| reach).
   */
  declare readonly reach: number;
  /** The parameters it was made with (`{radius}`, `{hx, hy, hz}`, `{halfHeight, radius}`, `{count}`, ...). */
  readonly params: Readonly<Record<string, number>>;
  /** For a `rounded` shape, the shape it rounds (never itself rounded); else null. */
  readonly base: Shape<D> | null;
  /** @internal @hidden */
  declare readonly core: number;
  /** @internal @hidden */
  declare readonly e0: number;
  /** @internal @hidden */
  declare readonly e1: number;
  /** @internal @hidden */
  declare readonly e2: number;
  /** @internal @hidden */
  readonly points: Float64Array;
  /**
   * @internal @hidden The points of a 3-D point set again, as unboxed doubles in a plain array: what
   * the scans read (`plain.ts`). A rewritten point set's copy is brought up to date by its readers.
   */
  readonly scan: number[];
  /** @internal @hidden */
  declare readonly count: number;
  /** @internal @hidden */
  readonly start: Int32Array;
  /** @internal @hidden */
  readonly neighbours: Int32Array;
  /** @internal @hidden */
  readonly climb: boolean;
  /** @internal @hidden The support table's cells a side of its cube map (0: no table). */
  declare readonly cellK: number;
  /** @internal @hidden */
  readonly cellStart: Uint16Array;
  /** @internal @hidden */
  readonly cellPoints: Uint8Array;
  /** @internal @hidden A planar ring's polar table (empty: none; supports then scan). */
  readonly polar: Int16Array;
  /** @internal @hidden The owner rewrites the points between queries (`pointCore`). */
  readonly rewritten: boolean;
  /** @internal @hidden */
  readonly facetIndices: Uint32Array;
  /** @internal @hidden */
  readonly sources: Uint32Array;
  /** @internal @hidden The core's box, before the margin. */
  readonly coreMin: Float64Array;
  /** @internal @hidden */
  readonly coreMax: Float64Array;
  /** @internal @hidden The core's largest |x|. */
  declare readonly coreReach: number;
  /** @internal @hidden The diagonal of {@link Shape.bounds}, kept for the default tolerances of queries. */
  declare readonly boxDiagonal: number;
  /**
   * @internal @hidden The largest |coordinate| of {@link Shape.bounds}, kept with the diagonal: a
   * query reads both at its start, from the shape's own fields (no box copied, no array touched).
   */
  declare readonly boxLargest: number;

  /**
   * The shape from its constructor's record: what `ball`, `cuboid`, ... call.
   *
   * @internal @hidden
   */
  static create<D extends 2 | 3>(init: ShapeInit<D>): Shape<D> {
    return new Shape<D>(init);
  }

  private constructor(init: ShapeInit<D>) {
    this.kind = init.kind;
    this.dim = init.dim;
    this.margin = init.margin;
    this.reach = init.coreReach + init.margin;
    this.params = Object.freeze({ ...init.params });
    this.base = init.base;
    this.core = init.core;
    this.e0 = init.e0 ?? 0;
    this.e1 = init.e1 ?? 0;
    this.e2 = init.e2 ?? 0;
    this.points = init.points ?? NONE64;
    this.count = this.points.length / init.dim;
    // Its own empty array for the other kinds (of the same elements kind: one kind at every read).
    this.scan = init.core === CORE_POINTS ? plainCopy(this.points) : doubles(0);
    this.start = init.start ?? NONE_I32;
    this.neighbours = init.neighbours ?? NONE_I32;
    this.climb = init.climb ?? false;
    const table = init.table ?? null;
    this.cellK = table === null ? 0 : table.k;
    this.cellStart = table === null ? NONE16 : table.start;
    this.cellPoints = table === null ? NONE8 : table.points;
    this.polar = init.polar ?? NONE_I16;
    this.rewritten = init.mutable === true;
    this.facetIndices = init.facets ?? NONE32;
    this.sources = init.sources ?? NONE32;
    this.coreMin = Float64Array.from({ length: init.dim }, (_, i) => init.min[i]);
    this.coreMax = Float64Array.from({ length: init.dim }, (_, i) => init.max[i]);
    this.coreReach = init.coreReach;
    // Through a power of two where the squares would overflow or underflow (a shape far from unit size).
    const side = (i: number) => (i < init.dim ? init.max[i] - init.min[i] + 2 * init.margin : 0);
    this.boxDiagonal = diagonalOf(side(0), side(1), side(2));
    let largest = 0;
    for (let i = 0; i < init.dim; i++) {
      largest = Math.max(largest, Math.abs(init.min[i] - init.margin), Math.abs(init.max[i] + init.margin));
    }
    this.boxLargest = largest;
    if (init.mutable !== true) Object.freeze(this);
  }

  /**
   * The support table the shape was made with, or null (for a shape made from this one).
   *
   * @internal @hidden
   */
  get supportTable(): SupportTable | null {
    return this.cellK === 0 ? null : { k: this.cellK, start: this.cellStart, points: this.cellPoints };
  }

  /**
   * True for a shape of this package (of any copy of it loaded in the process).
   *
   * @example
   * ```ts
   * import { Shape, ball } from '@firsttouch/convex';
   * console.log(Shape.isShape(ball(1)), Shape.isShape({ kind: 'ball' })); // true false
   * ```
   */
  static isShape(value: unknown): value is Shape {
    return (
      typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND_SHAPE] === true
    );
  }

  /** The brand {@link Shape.isShape} looks for. */
  get [BRAND_SHAPE](): true {
    return true;
  }

  /**
   * The point of the core farthest along `d` (body frame, any length) into `out[0..2]` (`out[2]` = 0
   * in 2-D); the shape's own farthest point is that point plus `margin · d / |d|`. Returns the index
   * of that point in {@link Shape.vertices} for a hull or point set, −1 for the other kinds. `from`, a
   * vertex index (the last answer), starts the climb of large hulls near the answer; it changes the
   * time, not the height reached (anything but an index of a vertex is no hint). A direction whose
   * heights over a point set would overflow or underflow float64 (its size times the shape's past
   * about 1e±290) is taken through a power of two first, exactly. Allocates nothing but that
   * direction's copy.
   *
   * @example
   * ```ts
   * import { cone } from '@firsttouch/convex';
   * const out = new Float64Array(3);
   * cone(1, 0.5).support(new Float64Array([1, -1, 0]), out);
   * console.log(Array.from(out)); // [0.5, -1, 0]
   * ```
   */
  support(d: Float64Array, out: Float64Array, from = -1): number {
    const hint = Number.isInteger(from) && from >= 0 && from < this.count ? from : -1;
    if (this.count > 0) {
      const m = Math.max(Math.abs(d[0]), Math.abs(d[1]), this.dim === 3 ? Math.abs(d[2]) : 0);
      const size = m * this.coreReach;
      if (m > 0 && m < Number.POSITIVE_INFINITY && !(size > 1e-290 && size < 1e290)) {
        // The heights as the scans compare them, scaled by 2^e: the same order, the same ties.
        const e = -Math.floor(Math.log2(m));
        const u = Float64Array.from(d, (x) => timesPowerOfTwo(x, e));
        return coreSupport(this, u, out, hint);
      }
    }
    return coreSupport(this, d, out, hint);
  }

  /**
   * The bounding box of the shape (margin included) in its own frame: a fresh copy.
   *
   * @example
   * ```ts
   * import { capsule } from '@firsttouch/convex';
   * const b = capsule(1, 0.5).bounds();
   * console.log(Array.from(b.min), Array.from(b.max)); // [-0.5, -1.5, -0.5] [0.5, 1.5, 0.5]
   * ```
   */
  bounds(): Bounds {
    const m = this.margin;
    const min = this.coreMin.map((x) => x - m);
    const max = this.coreMax.map((x) => x + m);
    const side = (i: number) => (i < min.length ? max[i] - min[i] : 0);
    return { min, max, diagonal: diagonalOf(side(0), side(1), side(2)) };
  }

  /**
   * The points of a hull or point set (3 numbers each, or 2 in 2-D), a fresh copy: a hull's own
   * vertices (the input points that are vertices of the hull, in the order of
   * {@link Shape.sourceIndices}), or a point set's points. Empty for the primitives.
   *
   * @example
   * ```ts
   * import { convexHull } from '@firsttouch/convex';
   * // a tetrahedron and a point inside it
   * const h = convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0.1, 0.1, 0.1]);
   * console.log(h.vertices().length / 3, Array.from(h.sourceIndices())); // 4 [0, 1, 2, 3]
   * ```
   */
  vertices(): Float64Array {
    return this.points.slice();
  }

  /**
   * For each point of {@link Shape.vertices}, its index in the points the shape was made from (a
   * fresh copy; empty for the primitives).
   *
   * @example
   * ```ts
   * import { convexPolygon } from '@firsttouch/convex';
   * // a square given clockwise, with its centre: the hull goes counter-clockwise
   * const p = convexPolygon([0, 0, 0, 1, 1, 1, 1, 0, 0.5, 0.5]);
   * console.log(Array.from(p.sourceIndices())); // [0, 3, 2, 1]
   * ```
   */
  sourceIndices(): Uint32Array {
    return this.sources.slice();
  }

  /**
   * A hull's facets, three indices into {@link Shape.vertices} each, counter-clockwise seen from
   * outside (a fresh copy; empty for the other kinds).
   *
   * @example
   * ```ts
   * import { convexHull } from '@firsttouch/convex';
   * console.log(convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]).facets().length / 3); // 4
   * ```
   */
  facets(): Uint32Array {
    return this.facetIndices.slice();
  }
}

/**
 * True for a 3-D shape (`dim` 3) that can be a body: not a point set rewritten in place (mesh's
 * `pointSet`, GJK's scratch for `ConvexSurfacePair.bindHulls`).
 *
 * @example
 * ```ts
 * import { ball, ball2, isShape3 } from '@firsttouch/convex';
 * console.log(isShape3(ball(1)), isShape3(ball2(1)), isShape3(null)); // true false false
 * ```
 */
export function isShape3(value: unknown): value is Shape<3> {
  return Shape.isShape(value) && value.dim === 3 && !value.rewritten;
}

/**
 * True for a 2-D shape (`dim` 2) that can be a body (see {@link isShape3}).
 *
 * @example
 * ```ts
 * import { ball, ball2, isShape2 } from '@firsttouch/convex';
 * console.log(isShape2(ball2(1)), isShape2(ball(1))); // true false
 * ```
 */
export function isShape2(value: unknown): value is Shape<2> {
  return Shape.isShape(value) && value.dim === 2 && !value.rewritten;
}
