import { OVERLAP_SHARE } from '../gjk/distance-loop.js';
import { ABSOLUTE_SLACK } from '../gjk/gjk-state.js';
import { WALK_FROM } from '../hull/polygon.js';
import type { Shape } from '../shape.js';
import { CORE_BOX, CORE_POINTS2 } from '../support.js';
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
  const kind = shape.base === null ? shape.kind : shape.base.kind;
  if (kind === 'convexPolygon' && shape.core === CORE_POINTS2 && shape.count < WALK_FROM) return shape.points;
  if (kind !== 'cuboid2' || shape.core !== CORE_BOX) return null;
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
  /** Calls since the shapes were bound, and those of them that took the exact search. */
  evaluations = 0;
  exactSearches = 0;
  /** A's core vertices (x y each, counter-clockwise), and B's in its own frame. */
  #a: Float64Array = new Float64Array(0);
  #b: Float64Array = new Float64Array(0);
  readonly #boxA = new Float64Array(8);
  readonly #boxB = new Float64Array(8);
  /** B's vertices placed in A's frame. */
  readonly #wb = new Float64Array(2 * WALK_FROM);
  #marginA = 0;
  #marginB = 0;
  #reach = 0;
  /** The vertices of A and B at which the last search ended (−1: none yet). */
  #i = -1;
  #j = -1;
  /** What the searches write: the closest pair found (on A's core, on B's) and its squared length. */
  readonly #found: FeatureSearch = { d2: 0, ax: 0, ay: 0, bx: 0, by: 0, nx: 0, ny: 0 };

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
    const box = new Float64Array(8);
    return polygonCore(a, box) !== null && polygonCore(b, box) !== null;
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
    this.evaluations = 0;
    this.exactSearches = 0;
    return this;
  }

  /** Drops the shapes' arrays (a pooled pair keeps no body alive). */
  unbind(): void {
    this.#a = this.#b = this.#boxA.subarray(0, 0);
  }

  /**
   * The gap when a point `x` of B is at `rot x + (tu, tv)` in A's frame, `rot` the rotation of cosine
   * `c` and sine `s`: returns {@link PolygonPair.lowerBound} and sets the fields.
   */
  evaluate2(c: number, s: number, tu: number, tv: number): number {
    const a = this.#a;
    const b = this.#b;
    const wb = this.#wb;
    const na = a.length >> 1;
    const nb = b.length >> 1;
    for (let k = 0; k < 2 * nb; k += 2) {
      const x = b[k];
      const y = b[k + 1];
      wb[k] = c * x - s * y + tu;
      wb[k + 1] = s * x + c * y + tv;
    }
    this.evaluations++;
    const scale = Math.abs(tu) + Math.abs(tv) + this.#reach;
    const slack = ABSOLUTE_SLACK * scale;
    const f = this.#found;
    let i = this.#i;
    let j = this.#j;
    if (i < 0) {
      // No features yet: the supports along the line of the origins.
      const m = Math.abs(tu) + Math.abs(tv);
      i = farthest(a, na, m > 0 ? tu : 1, m > 0 ? tv : 0);
      j = nearest(wb, nb, m > 0 ? tu : 1, m > 0 ? tv : 0);
    }
    let lower = Number.NEGATIVE_INFINITY;
    let nx = 0;
    let ny = 0;
    let certified = false;
    for (let round = 0; round < LOCAL_ROUNDS && !certified; round++) {
      localSearch(a, na, i, wb, nb, j, f);
      const d = Math.sqrt(f.d2);
      if (!(d > 0)) break;
      nx = f.nx === 0 && f.ny === 0 ? (f.bx - f.ax) / d : f.nx;
      ny = f.nx === 0 && f.ny === 0 ? (f.by - f.ay) / d : f.ny;
      // The gap along the witness axis between exact supports: every point of B lies that far beyond
      // every point of A along it. It meets the witness's length only at the closest features.
      i = farthest(a, na, nx, ny);
      j = nearest(wb, nb, nx, ny);
      lower = nx * (wb[2 * j] - a[2 * i]) + ny * (wb[2 * j + 1] - a[2 * i + 1]);
      certified = lower >= d - RELATIVE_TOLERANCE * d - slack;
      // (Above the witness's length only by rounding: the bound stays below the distance reported.)
      if (lower > d) lower = d;
    }
    let overlap = false;
    if (!certified) {
      this.exactSearches++;
      overlap = !exactSearch(a, na, wb, nb, f);
      const d = Math.sqrt(f.d2);
      if (!overlap && d > 0) {
        nx = f.nx === 0 && f.ny === 0 ? (f.bx - f.ax) / d : f.nx;
        ny = f.nx === 0 && f.ny === 0 ? (f.by - f.ay) / d : f.ny;
        i = farthest(a, na, nx, ny);
        j = nearest(wb, nb, nx, ny);
        lower = Math.min(d, nx * (wb[2 * j] - a[2 * i]) + ny * (wb[2 * j + 1] - a[2 * i + 1]));
      } else overlap = true;
    }
    this.#i = i;
    this.#j = j;
    this.#results(overlap, Math.sqrt(f.d2), lower, nx, ny, scale);
    return this.lowerBound;
  }

  /** The public fields from the cores' closest pair in {@link PolygonPair.#found} (margins not subtracted). */
  #results(overlap: boolean, upper: number, lower: number, nx: number, ny: number, scale: number): void {
    const margin = this.#marginA + this.#marginB;
    const f = this.#found;
    const intersecting = overlap || upper - margin <= OVERLAP_SHARE * scale;
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

/** The vertex of `p` (n vertices) farthest along (dx, dy); ties go to the first. */
function farthest(p: Float64Array, n: number, dx: number, dy: number): number {
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

/** The vertex of `p` least far along (dx, dy); ties go to the first. */
function nearest(p: Float64Array, n: number, dx: number, dy: number): number {
  return farthest(p, n, -dx, -dy);
}

/**
 * The closest of the four vertex–edge pairs around vertex `i` of A and vertex `j` of B (each vertex
 * against the other's two edges at its vertex) into `f`: where the closest features lie when `i` and
 * `j` are the supports along the axis of the closest pair.
 */
function localSearch(
  a: Float64Array,
  na: number,
  i: number,
  wb: Float64Array,
  nb: number,
  j: number,
  f: FeatureSearch,
): void {
  f.d2 = Number.POSITIVE_INFINITY;
  const ax = a[2 * i];
  const ay = a[2 * i + 1];
  const bx = wb[2 * j];
  const by = wb[2 * j + 1];
  const jp = 2 * (j === 0 ? nb - 1 : j - 1);
  const jn = 2 * (j === nb - 1 ? 0 : j + 1);
  const ip = 2 * (i === 0 ? na - 1 : i - 1);
  const in_ = 2 * (i === na - 1 ? 0 : i + 1);
  pointSegment(ax, ay, wb[jp], wb[jp + 1], bx, by, true, f);
  pointSegment(ax, ay, bx, by, wb[jn], wb[jn + 1], true, f);
  pointSegment(bx, by, a[ip], a[ip + 1], ax, ay, false, f);
  pointSegment(bx, by, ax, ay, a[in_], a[in_ + 1], false, f);
}
