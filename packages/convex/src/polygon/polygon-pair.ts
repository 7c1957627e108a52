import { OVERLAP_SHARE } from '../gjk/distance-loop.js';
import { ABSOLUTE_SLACK } from '../gjk/gjk-state.js';
import { WALK_FROM } from '../hull/polygon.js';
import type { Shape } from '../shape.js';
import { CORE_BOX, CORE_POINTS2, climbPolygon, climbSlack } from '../support.js';
import { exactSearch, type FeatureSearch, pointSegment } from './polygon-search.js';

/** Stop once the gap along the witness axis and the witness's length agree to this share (GjkPair's). */
const RELATIVE_TOLERANCE = 1e-13;
/** Local rounds (the four vertex–edge pairs around two vertices) before the exact search of every pair. */
const LOCAL_ROUNDS = 4;

/**
 * The counter-clockwise vertices of the core of a 2-D shape that {@link PolygonPair} takes, or null:
 * a `convexPolygon` of fewer than `WALK_FROM` vertices (its points are its hull, in order), a
 * `cuboid2` (its four corners, written into `box`), and a `rounded` one of those.
 *
 * @param box - 8 numbers, where a rectangle's corners go.
 * @example
 * ```ts
 * import { ball2, cuboid2, rounded } from '@firsttouch/convex';
 * import { polygonCore } from '@firsttouch/convex/internal';
 * const box = new Float64Array(8);
 * console.log(Array.from(polygonCore(rounded(cuboid2(2, 1), 0.1), box) ?? []), polygonCore(ball2(1), box)); // [-2, -1, 2, -1, 2, 1, -2, 1] null
 * ```
 */
export function polygonCore(shape: Shape<2>, box: Float64Array): Float64Array | null {
  if (!isSmallPolygon(shape)) return null;
  if (shape.core === CORE_POINTS2) return shape.points;
  const hx = shape.e0;
  const hy = shape.e1;
  box[0] = -hx;
  box[1] = -hy;
  box[2] = hx;
  box[3] = -hy;
  box[4] = hx;
  box[5] = hy;
  box[6] = -hx;
  box[7] = hy;
  return box;
}

/**
 * The distance between two small convex polygons of the plane (the cores of 2-D shapes that
 * {@link polygonCore} accepts, margins subtracted), as an object a loop keeps: the exact closest
 * features found by a local search around the last ones (frame coherence, as Lin–Canny and V-Clip
 * walk in 2-D), certified by the gap along the witness axis between two exact supports, with an
 * exact search over every vertex–edge pair when the local one does not certify. Allocates nothing;
 * B is placed in A's frame, the frame of every point and direction of the results (as
 * `GjkPair.evaluate2`, whose fields it mirrors).
 *
 * @example
 * ```ts
 * import { convexPolygon, cuboid2 } from '@firsttouch/convex';
 * import { PolygonPair } from '@firsttouch/convex/internal';
 * const pair = new PolygonPair();
 * pair.bind(cuboid2(1, 1), convexPolygon([0, 0, 1, -1, 1, 1]));
 * // the triangle's corner (0, 0) at (3, 0.5): 2 from the square's right side
 * console.log(pair.evaluate2(1, 0, 3, 0.5), Array.from(pair.pointA), Array.from(pair.lowerAxis)); // 2 [1, 0.5] [1, 0]
 * ```
 */
export class PolygonPair {
  /** A certified lower bound of the gap (0 when the shapes intersect). */
  lowerBound = Number.NaN;
  /** The gap between {@link PolygonPair.pointA} and {@link PolygonPair.pointB} (≥ the gap; 0 when they intersect). */
  distance = Number.NaN;
  /** The shapes overlap or touch (to rounding). */
  intersecting = false;
  /** The unit direction (A's frame, from A to B) along which {@link PolygonPair.lowerBound} separates the shapes; zeros when it is 0. */
  readonly lowerAxis = new Float64Array(2);
  /** The point of A found (A's frame, margin included); a common point when the shapes intersect. */
  readonly pointA = new Float64Array(2);
  /** The point of B found (A's frame). */
  readonly pointB = new Float64Array(2);
  /**
   * The supports of the last call along {@link PolygonPair.lowerAxis}: the index of A's core vertex
   * farthest along it and of B's farthest against it (B's own numbering), where the lower bound was
   * measured. −1 before the first call.
   */
  get supportA(): number {
    return this.#i;
  }

  get supportB(): number {
    return this.#j;
  }

  /**
   * What {@link PolygonPair.lowerAxis} is, from the last call: 1 the outward normal of one of A's
   * edges (the closest point of A inside that edge), 2 the inward normal of one of B's, 0 the
   * direction between two vertices (or no axis). A caller that bounds how the gap along the axis
   * changes with time keeps the axis in the frame of the body whose edge it is.
   */
  get axisEdge(): number {
    return this.#edge;
  }

  /** Calls since the shapes were bound, and those of them that took the exact search. */
  evaluations = 0;
  exactSearches = 0;
  /** A's core vertices (x y each, counter-clockwise), and B's in its own frame. */
  #a: Float64Array;
  #b: Float64Array;
  readonly #none = new Float64Array(0);
  readonly #boxA = new Float64Array(8);
  readonly #boxB = new Float64Array(8);
  /** B's vertices placed in A's frame. */
  readonly #wb = new Float64Array(2 * WALK_FROM);
  #marginA = 0;
  #marginB = 0;
  #reach = 0;
  /** The supports of A and B along the last axis (−1: none yet). */
  #i = -1;
  #j = -1;
  /** Which of the four pairs around them was the closest (`candidate`; −1: none). */
  #feature = -1;
  /** Supports to start from instead of the line of the origins, for the next call (−1: none). */
  #seedA = -1;
  #seedB = -1;
  /** The placement `evaluate2` passes on, and its scale (|t| plus both reaches: the rounding's unit). */
  readonly #placement: Placement2 = { c: 1, s: 0, tu: 0, tv: 0 };
  #scale = 0;
  /** The last axis and the gap along it. */
  #nx = 0;
  #ny = 0;
  #lower = 0;
  /** What the searches write: the closest pair found (on A's core, on B's) and its squared length. */
  readonly #found: FeatureSearch = { d2: 0, ax: 0, ay: 0, bx: 0, by: 0, nx: 0, ny: 0, edge: 0 };
  /** Whose edge's normal the last axis is (1 A's, 2 B's, 0 the two points' own direction). */
  #edge = 0;
  /** The climbs' direction and slack (`climbPolygon` reads them from a record: no number boxed). */
  readonly #along = new Float64Array(3);

  constructor() {
    this.#a = this.#b = this.#none;
  }

  /**
   * True when both shapes are polygons this pair takes ({@link polygonCore}).
   *
   * @example
   * ```ts
   * import { capsule2, cuboid2 } from '@firsttouch/convex';
   * import { PolygonPair } from '@firsttouch/convex/internal';
   * console.log(PolygonPair.accepts(cuboid2(1, 1), cuboid2(2, 1)), PolygonPair.accepts(cuboid2(1, 1), capsule2(1, 1))); // true false
   * ```
   */
  static accepts(a: Shape<2>, b: Shape<2>): boolean {
    return isSmallPolygon(a) && isSmallPolygon(b);
  }

  /**
   * Points the pair at two shapes (both accepted by {@link polygonCore}: not checked here, the
   * caller asked {@link PolygonPair.accepts}) and forgets the last features.
   */
  bind(a: Shape<2>, b: Shape<2>): this {
    this.#a = polygonCore(a, this.#boxA)!;
    this.#b = polygonCore(b, this.#boxB)!;
    this.#marginA = a.margin;
    this.#marginB = b.margin;
    this.#reach = a.coreReach + b.coreReach;
    this.#i = -1;
    this.#j = -1;
    this.#feature = -1;
    this.#seedA = -1;
    this.evaluations = 0;
    this.exactSearches = 0;
    return this;
  }

  /**
   * Vertices to start the next call's local search from, A's and B's, where the last features no
   * longer separate the polygons (a long step): a caller that knows where the supports will be (ccd's
   * directional step climbs them) saves the scans along the line of the origins. The next call only;
   * the answer is certified as ever (a poor seed costs rounds, never the bound).
   *
   * @example
   * ```ts
   * import { cuboid2 } from '@firsttouch/convex';
   * import { PolygonPair } from '@firsttouch/convex/internal';
   * const pair = new PolygonPair().bind(cuboid2(1, 1), cuboid2(1, 1));
   * pair.seed(1, 3);
   * console.log(pair.evaluate2(1, 0, 3, 0)); // 1
   * ```
   */
  seed(a: number, b: number): void {
    this.#seedA = a;
    this.#seedB = b;
  }

  /** Drops the shapes' arrays (a pooled pair keeps no body alive). */
  unbind(): void {
    this.#a = this.#b = this.#none;
  }

  /**
   * The gap when a point `x` of B is at `rot x + (tu, tv)` in A's frame, `rot` the rotation of cosine
   * `c` and sine `s`: returns {@link PolygonPair.lowerBound} and sets the fields.
   */
  evaluate2(c: number, s: number, tu: number, tv: number): number {
    const p = this.#placement;
    p.c = c;
    p.s = s;
    p.tu = tu;
    p.tv = tv;
    this.evaluatePlacement(p);
    return this.lowerBound;
  }

  /**
   * {@link PolygonPair.evaluate2} with the placement read from a record (the caller's loop keeps one
   * and rewrites it) and the answer left in the fields: a call the engine does not inline boxes every
   * number passed or returned, which a loop of a few hundred nanoseconds a step pays for.
   */
  evaluatePlacement(p: Placement2): void {
    const a = this.#a;
    const b = this.#b;
    const wb = this.#wb;
    const na = a.length >> 1;
    const nb = b.length >> 1;
    const c = p.c;
    const s = p.s;
    const tu = p.tu;
    const tv = p.tv;
    for (let k = 0; k < 2 * nb; k += 2) {
      const x = b[k];
      const y = b[k + 1];
      wb[k] = c * x - s * y + tu;
      wb[k + 1] = s * x + c * y + tv;
    }
    this.evaluations++;
    this.#scale = Math.abs(tu) + Math.abs(tv) + this.#reach;
    const f = this.#found;
    // The last closest pair of features first (a step moves the bodies little); then the four pairs
    // around the supports along the last axis, or along the line of the origins where that axis no
    // longer separates the bodies (a long step); then every pair.
    let certified = false;
    if (this.#feature >= 0) {
      f.d2 = Number.POSITIVE_INFINITY;
      candidate(a, na, this.#i, wb, nb, this.#j, this.#feature, f);
      certified = this.#certify(a, na, wb, nb);
      if (!certified && !(this.#lower > 0)) this.#i = -1;
    }
    if (this.#i < 0) {
      if (this.#seedA >= 0) {
        this.#i = this.#seedA;
        this.#j = this.#seedB;
      } else {
        this.#i = farthest(a, na, p, 1);
        this.#j = farthest(wb, nb, p, -1);
      }
    }
    this.#seedA = -1;
    for (let round = 0; round < LOCAL_ROUNDS && !certified; round++) {
      this.#feature = localSearch(a, na, this.#i, wb, nb, this.#j, f);
      certified = this.#certify(a, na, wb, nb);
    }
    let overlap = false;
    if (!certified) {
      this.exactSearches++;
      this.#feature = -1;
      overlap = !exactSearch(a, na, wb, nb, f) || !(f.d2 > 0);
      if (!overlap) this.#certify(a, na, wb, nb);
    }
    this.#results(overlap);
  }

  /**
   * The axis of the pair in {@link PolygonPair.#found}, the supports along it (climbed from the last
   * ones) and the gap along it between them: every point of B lies that far beyond every point of A
   * along the axis, whatever the pair. True when that gap meets the pair's length (to GjkPair's
   * tolerances): the pair is then the closest.
   */
  #certify(a: Float64Array, na: number, wb: Float64Array, nb: number): boolean {
    const f = this.#found;
    const d = Math.sqrt(f.d2);
    if (!(d > 0)) return false;
    const ux = f.bx - f.ax;
    const uy = f.by - f.ay;
    // The edge's normal, unless the point lies behind the edge (a pair across a body, not the
    // closest): the points' own direction then turns the supports towards the closest pair.
    const inEdge = f.nx * ux + f.ny * uy > 0;
    const nx = inEdge ? f.nx : ux / d;
    const ny = inEdge ? f.ny : uy / d;
    // (B's points are placed: their heights carry the placement's rounding, of the scene's size.)
    const slack = climbSlack(nx, ny, this.#scale);
    const along = this.#along;
    along[0] = nx;
    along[1] = ny;
    along[2] = slack;
    const i = climbPolygon(a, na, along, this.#i);
    along[0] = -nx;
    along[1] = -ny;
    const j = climbPolygon(wb, nb, along, this.#j);
    let lower = nx * (wb[2 * j] - a[2 * i]) + ny * (wb[2 * j + 1] - a[2 * i + 1]);
    const certified = lower >= d - RELATIVE_TOLERANCE * d - ABSOLUTE_SLACK * this.#scale;
    // (Above the pair's length only by rounding: the bound stays below the distance reported.)
    if (lower > d) lower = d;
    this.#nx = nx;
    this.#ny = ny;
    this.#edge = inEdge ? f.edge : 0;
    this.#lower = lower;
    this.#i = i;
    this.#j = j;
    return certified;
  }

  /**
   * The public fields from the cores' closest pair in {@link PolygonPair.#found} and the bound along
   * the axis certified last (margins subtracted here).
   */
  #results(overlap: boolean): void {
    const margin = this.#marginA + this.#marginB;
    const f = this.#found;
    const upper = Math.sqrt(f.d2);
    const lower = this.#lower;
    const nx = this.#nx;
    const ny = this.#ny;
    const intersecting = overlap || upper - margin <= OVERLAP_SHARE * this.#scale;
    this.intersecting = intersecting;
    this.lowerBound = intersecting ? 0 : Math.max(0, lower - margin);
    this.distance = intersecting ? 0 : upper - margin;
    const on = this.lowerBound > 0;
    this.lowerAxis[0] = on ? nx : 0;
    this.lowerAxis[1] = on ? ny : 0;
    const pA = this.pointA;
    const pB = this.pointB;
    if (overlap) {
      // The cores overlap: the middle of the two points found.
      pA[0] = pB[0] = 0.5 * (f.ax + f.bx);
      pA[1] = pB[1] = 0.5 * (f.ay + f.by);
    } else if (upper <= margin) {
      // Within the margins: the point that far along the segment of the cores lies in both shapes.
      const k = margin > 0 ? (upper * this.#marginA) / margin : 0;
      pA[0] = pB[0] = f.ax + k * nx;
      pA[1] = pB[1] = f.ay + k * ny;
    } else {
      pA[0] = f.ax + this.#marginA * nx;
      pA[1] = f.ay + this.#marginA * ny;
      pB[0] = f.bx - this.#marginB * nx;
      pB[1] = f.by - this.#marginB * ny;
    }
  }
}

/**
 * Where B stands in A's frame, as {@link PolygonPair.evaluatePlacement} reads it: a point `x` of B at
 * `rot x + (tu, tv)`, `rot` the rotation of cosine `c` and sine `s`.
 */
export interface Placement2 {
  c: number;
  s: number;
  tu: number;
  tv: number;
}

/** What {@link polygonCore} takes (without writing a rectangle's corners). */
function isSmallPolygon(shape: Shape<2>): boolean {
  const kind = shape.base === null ? shape.kind : shape.base.kind;
  if (kind === 'convexPolygon') return shape.core === CORE_POINTS2 && shape.count < WALK_FROM;
  return kind === 'cuboid2' && shape.core === CORE_BOX;
}

/**
 * The vertex of `p` (n vertices) farthest along `sign` times the line of the origins (B's translation
 * in the placement, or x where the origins meet); ties go to the first. The direction is read from
 * the placement: no number is boxed for the call.
 */
function farthest(p: Float64Array, n: number, along: Placement2, sign: number): number {
  const m = Math.abs(along.tu) + Math.abs(along.tv);
  const dx = m > 0 ? sign * along.tu : sign;
  const dy = m > 0 ? sign * along.tv : 0;
  let best = 0;
  let h = dx * p[0] + dy * p[1];
  for (let k = 1; k < n; k++) {
    const v = dx * p[2 * k] + dy * p[2 * k + 1];
    if (v > h) {
      h = v;
      best = k;
    }
  }
  return best;
}

/**
 * Pair `k` of the four vertex–edge pairs around vertex `i` of A and vertex `j` of B into `f` when
 * closer than what it holds: 0 and 1 A's vertex against B's edges before and after `j`, 2 and 3 B's
 * vertex against A's edges before and after `i`.
 */
function candidate(
  a: Float64Array,
  na: number,
  i: number,
  wb: Float64Array,
  nb: number,
  j: number,
  k: number,
  f: FeatureSearch,
): void {
  const ai = 2 * i;
  const bj = 2 * j;
  if (k < 2) {
    const o = k === 0 ? 2 * (j === 0 ? nb - 1 : j - 1) : 2 * (j === nb - 1 ? 0 : j + 1);
    if (k === 0) pointSegment(a, ai, wb, o, bj, true, f);
    else pointSegment(a, ai, wb, bj, o, true, f);
  } else {
    const o = k === 2 ? 2 * (i === 0 ? na - 1 : i - 1) : 2 * (i === na - 1 ? 0 : i + 1);
    if (k === 2) pointSegment(wb, bj, a, o, ai, false, f);
    else pointSegment(wb, bj, a, ai, o, false, f);
  }
}

/**
 * The closest of the four pairs around vertex `i` of A and vertex `j` of B into `f`, and which it is:
 * where the closest features lie when `i` and `j` are the supports along the axis of the closest
 * pair.
 */
function localSearch(
  a: Float64Array,
  na: number,
  i: number,
  wb: Float64Array,
  nb: number,
  j: number,
  f: FeatureSearch,
): number {
  f.d2 = Number.POSITIVE_INFINITY;
  let best = 0;
  for (let k = 0; k < 4; k++) {
    const before = f.d2;
    candidate(a, na, i, wb, nb, j, k, f);
    if (f.d2 < before) best = k;
  }
  return best;
}
