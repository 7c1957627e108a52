import type { Curve } from '../curve.js';
import { SEGMENT_DISTANCE, SEGMENT_MEET, segmentPairDistance2 } from '../geometry/segment-distance2.js';
import { type ConvexCurve, convexCurve } from './convex-curve.js';
import { supportPolar, walkPolar } from './convex-curve-polar.js';
import { support, supportAll, WALK_FROM, walk } from './convex-curve-support.js';
import { nearestSegment, segmentEnd, segmentStart } from './convex-curve-witness.js';
import { Simplex2 } from './simplex2.js';

/**
 * Support searches in one evaluation at most, the certifying ones included. Warm-started, polygons of
 * a few vertices take one or two, a 400-vertex wing section against a 32-gon about six; the cap only
 * ends a search that rounding keeps from settling (its bound holds all the same, if looser).
 */
const MAX_ITERATIONS = 64;
/** Stop once |v| and the gap along v agree to this share of |v| ... */
const RELATIVE_GAP = 1e-13;
/** ... or to this share of the scene's scale (the rounding of the gap itself is far below). */
const ABSOLUTE_GAP = 1e-14;

/**
 * The gap between the vertex hulls of two curves at a pose, by GJK (Gilbert–Johnson–Keerthi) on
 * their distinct vertices: the 2-D convex path of the time of impact, a few hundred nanoseconds for
 * polygons of a few vertices where the segment search costs microseconds.
 *
 * {@link ConvexCurvePair.evaluate} returns a **lower bound** of the curve distance for any two
 * curves, convex or not, to rounding (a few ulps of the coordinates in play, as the exact search's
 * own distances): the hulls contain the curves, and the bound is the gap of the two vertex sets
 * along a search direction (a separating axis), so it holds whatever the simplex did. When both curves are convex ({@link ConvexCurvePair.usable}) and their
 * hulls apart, it is the gap to within 1e-12 of the scene's size, and
 * {@link ConvexCurvePair.resolve} finds the segments that meet it. Each evaluation starts from the
 * previous one's simplex (frame coherence) and allocates nothing.
 *
 * @example
 * ```ts
 * import { ConvexCurvePair, rectangle } from '@firsttouch/mesh';
 * const pair = new ConvexCurvePair(rectangle(1, 1), rectangle(1, 1));
 * console.log(pair.usable, pair.evaluate(1, 0, 3, 0.25).toFixed(9)); // true 2.000000000
 * console.log(pair.resolve(), pair.distance); // true 2
 * ```
 */
export class ConvexCurvePair {
  /** The lower bound of the last evaluation (what it returned). */
  lowerBound = Number.NaN;
  /** |pointB − pointA| after an evaluation: the gap between the two hull points, ≥ the hulls' gap. */
  upperBound = Number.NaN;
  /** The hulls overlap (the simplex holds the origin): the lower bound is 0. */
  overlap = false;
  /** Support searches of the last evaluation. */
  iterations = 0;
  /**
   * The last evaluation converged: the lower bound is within about 1e-13 of the scene's scale of
   * the hulls' gap (it is a valid bound either way, but a loose one when this is false).
   */
  converged = false;
  /**
   * The unit direction (A's frame, from A towards B) along which {@link lowerBound} separates the two
   * vertex sets: every vertex of B lies at least `lowerBound` beyond every vertex of A along it (a
   * fixed axis that bounds the gap at other poses too: the directional step). Zeros when the bound is 0.
   */
  readonly lowerAxis = new Float64Array(2);
  /**
   * Closest point found on A, in A's frame: on A's hull after {@link evaluate} (a common point of the
   * hulls when they overlap), on segment {@link segmentA} after {@link resolve}.
   */
  readonly pointA = new Float64Array(2);
  /** The same on B, in A's frame. */
  readonly pointB = new Float64Array(2);
  /** The witness segment of A found by {@link resolve} (−1 before). */
  segmentA = -1;
  /** The witness segment of B found by {@link resolve} (−1 before). */
  segmentB = -1;
  /** The exact distance of the two witness segments ({@link resolve}). */
  distance = Number.NaN;
  /** The witness segments intersect ({@link resolve}). */
  intersecting = false;

  #a!: Curve;
  #b!: Curve;
  #ca!: ConvexCurve;
  #cb!: ConvexCurve;
  /** The supports are found by walking the loop from the last one. */
  #walkA = false;
  #walkB = false;
  /** The curve has neither chunks nor runs: its supports try every vertex. */
  #plainA = false;
  #plainB = false;
  /** The last supports: where the walks start. */
  #lastA = 0;
  #lastB = 0;
  /** The simplex (kept from one evaluation to the next: the warm start). */
  readonly #simplex = new Simplex2();
  /** The placement c, s, tu, tv of the last evaluation, and its scale. */
  readonly #place = new Float64Array(5);
  /** A's placement in its own frame (the identity), for the witness search. */
  readonly #unplaced = new Float64Array([1, 0, 0, 0]);
  /** The hull points of the last evaluation (resolve reads these, not pointA and pointB). */
  readonly #hull = new Float64Array(4);
  /** The witness pair for `segmentPairDistance2`: A's segment, B's placed, and no limit. */
  readonly #seg = new Float64Array([0, 0, 0, 0, 0, 0, 0, 0, Number.POSITIVE_INFINITY]);
  /** The search direction v̂ in A's frame, then −v̂ in B's (what the supports are asked along). */
  readonly #dir = new Float64Array(4);
  readonly #out = new Float64Array(6);
  /** The segments nearestSegment has measured (the first 16). */
  readonly #tried = new Int32Array(16);

  /**
   * @throws `FirstTouchError` `EMPTY` for a curve without segments.
   */
  constructor(a: Curve, b: Curve) {
    this.rebind(a, b);
  }

  /** Curve A (the frame of the computation). */
  get a(): Curve {
    return this.#a;
  }

  /** Curve B. */
  get b(): Curve {
    return this.#b;
  }

  /**
   * Both curves are convex: while their hulls are apart, the hull distance is the curve distance.
   *
   * @example
   * ```ts
   * import { ConvexCurvePair, Curve, disc } from '@firsttouch/mesh';
   * const ell = Curve.fromLoops([0, 2, 2, 1, 1, 0], [0, 0, 1, 1, 2, 2], [6]);
   * console.log(new ConvexCurvePair(disc(1, 8), ell).usable); // false
   * ```
   */
  get usable(): boolean {
    return this.#ca.convex && this.#cb.convex;
  }

  /**
   * Points the pair at two other curves, keeping the scratch: what a caller that runs many short
   * queries uses instead of a new pair. Forgets the simplex.
   *
   * @throws `FirstTouchError` `EMPTY` for a curve without segments.
   * @example
   * ```ts
   * import { ConvexCurvePair, disc } from '@firsttouch/mesh';
   * const pair = new ConvexCurvePair(disc(1, 4), disc(1, 4));
   * pair.rebind(disc(1, 8), disc(0.5, 8));
   * console.log(pair.evaluate(1, 0, 3, 0).toFixed(9)); // 1.500000000
   * ```
   */
  rebind(a: Curve, b: Curve): void {
    a.assertNotEmpty('distance (curve A)');
    b.assertNotEmpty('distance (curve B)');
    this.#a = a;
    this.#b = b;
    this.#ca = convexCurve(a);
    this.#cb = convexCurve(b);
    this.#walkA = this.#ca.loop && this.#ca.count >= WALK_FROM;
    this.#walkB = this.#cb.loop && this.#cb.count >= WALK_FROM;
    this.#plainA = this.#ca.chunks.length === 0 && this.#ca.runs.length === 0;
    this.#plainB = this.#cb.chunks.length === 0 && this.#cb.runs.length === 0;
    this.#lastA = 0;
    this.#lastB = 0;
    this.#simplex.n = 0;
    this.lowerBound = Number.NaN;
    this.upperBound = Number.NaN;
    this.overlap = false;
    this.iterations = 0;
    // (Element by element: a fill call costs more than these writes.)
    const hull = this.#hull;
    this.pointA[0] = this.pointA[1] = this.pointB[0] = this.pointB[1] = Number.NaN;
    hull[0] = hull[1] = hull[2] = hull[3] = Number.NaN;
    this.#forgetWitness();
  }

  /**
   * Forgets the two curves and their convex data, keeping the scratch: what a pool does before it
   * keeps the pair. {@link rebind} it before the next evaluation.
   *
   * @example
   * ```ts
   * import { ConvexCurvePair, disc } from '@firsttouch/mesh';
   * const pair = new ConvexCurvePair(disc(1, 4), disc(1, 4));
   * pair.unbind();
   * pair.rebind(disc(1, 8), disc(0.5, 8));
   * console.log(pair.evaluate(1, 0, 3, 0).toFixed(9)); // 1.500000000
   * ```
   */
  unbind(): void {
    this.#a = undefined!;
    this.#b = undefined!;
    this.#ca = undefined!;
    this.#cb = undefined!;
  }

  /**
   * A lower bound (to rounding) of the gap between A and B when a point `x` of B is at `rot x + (tu, tv)`
   * in A's frame, `rot` the rotation of cosine `c` and sine `s`, B's vertices placed as
   * {@link CurvePair.evaluate} places them. Sets the fields ({@link resolve}'s are cleared).
   *
   * @example
   * ```ts
   * import { ConvexCurvePair, disc } from '@firsttouch/mesh';
   * const pair = new ConvexCurvePair(disc(1, 4), disc(1, 4));
   * console.log(pair.evaluate(1, 0, 3, 0), pair.upperBound); // 1 1
   * console.log(pair.evaluate(1, 0, 1, 0), pair.overlap); // 0 true
   * ```
   */
  evaluate(c: number, s: number, tu: number, tv: number): number {
    const place = this.#place;
    place[0] = c;
    place[1] = s;
    place[2] = tu;
    place[3] = tv;
    // The search proper takes its numbers from the fields: this small caller is inlined where it is
    // called, and no double is boxed on the way in or out.
    this.#search();
    return this.lowerBound;
  }

  /** {@link evaluate} at the placement in `#place[0..3]`. */
  #search(): void {
    const ca = this.#ca;
    const cb = this.#cb;
    const A = ca.points;
    const B = cb.points;
    const place = this.#place;
    const c = place[0],
      s = place[1],
      tu = place[2],
      tv = place[3];
    const scale = Math.abs(tu) + Math.abs(tv) + ca.reach + cb.reach;
    place[4] = scale;
    const floor = ABSOLUTE_GAP * scale;
    const simplex = this.#simplex;
    const ia = simplex.ia;
    const ib = simplex.ib;
    const w = simplex.w;
    const v = simplex.v;
    // The previous simplex at the new pose: its points are still points of B − A.
    let n = simplex.n;
    if (n === 0) {
      ia[0] = this.#lastA;
      ib[0] = this.#lastB;
      n = 1;
    }
    for (let k = 0; k < n; k++) this.#put(k, ia[k], ib[k]);
    n = simplex.closest(n);
    // Walked supports may stop short of the extreme vertex: they steer the search, and the gap is
    // then taken from a search of every vertex (run by run) along the final direction.
    let certified = !(this.#walkA || this.#walkB);
    let lower = Number.NEGATIVE_INFINITY;
    let axisX = 0;
    let axisY = 0;
    let overlap = false;
    let iterations = 0;
    let norm = 0;
    for (;;) {
      const vx = v[0],
        vy = v[1];
      if (vx === 0 && vy === 0) {
        overlap = true;
        break;
      }
      norm = Math.sqrt(vx * vx + vy * vy);
      // (Squares of tiny coordinates underflow: there the slower hypot.)
      if (!(norm > 1e-150)) norm = Math.hypot(vx, vy);
      iterations++;
      // The unit direction: the products of the searches and of the gap then underflow only where
      // the coordinates themselves do.
      const nx = vx / norm,
        ny = vy / norm;
      // Support of B − A in −v: A's vertex farthest along v, B's least far (B searched in its frame,
      // along rotᵀ v).
      const dir = this.#dir;
      dir[0] = nx;
      dir[1] = ny;
      dir[2] = -(c * nx + s * ny);
      dir[3] = -(c * ny - s * nx);
      const sa = this.#plainA
        ? supportAll(A, this.#lastA, dir, 0)
        : certified || !this.#walkA
          ? ca.polar.length > 0
            ? supportPolar(A, ca.polar, this.#lastA, dir, 0)
            : support(A, ca.chunks, ca.runs, this.#lastA, dir, 0)
          : ca.polar.length > 0
            ? walkPolar(A, ca.polar, this.#lastA, dir, 0)
            : walk(A, ca.count, this.#lastA, dir, 0, ca.runs);
      const sb = this.#plainB
        ? supportAll(B, this.#lastB, dir, 2)
        : certified || !this.#walkB
          ? cb.polar.length > 0
            ? supportPolar(B, cb.polar, this.#lastB, dir, 2)
            : support(B, cb.chunks, cb.runs, this.#lastB, dir, 2)
          : cb.polar.length > 0
            ? walkPolar(B, cb.polar, this.#lastB, dir, 2)
            : walk(B, cb.count, this.#lastB, dir, 2, cb.runs);
      this.#lastA = sa;
      this.#lastB = sb;
      let known = false;
      for (let k = 0; k < n; k++) if (ia[k] === sa && ib[k] === sb) known = true;
      this.#put(n, sa, sb);
      // Every point of B − A lies at least this far along v̂ (up to the rounding the margin covers).
      const o = 2 * n;
      const along = nx * w[o] + ny * w[o + 1];
      if (certified && along > lower) {
        lower = along;
        axisX = nx;
        axisY = ny;
      }
      if (known || norm - along <= RELATIVE_GAP * norm + floor || iterations >= MAX_ITERATIONS) {
        if (certified) break;
        certified = true;
        continue;
      }
      n = simplex.closest(n + 1);
    }
    simplex.n = n;
    this.iterations = iterations;
    this.overlap = overlap;
    this.converged = overlap || norm - lower <= RELATIVE_GAP * norm + 2 * floor;
    this.upperBound = overlap ? 0 : norm;
    const lam = simplex.lam;
    const pa = simplex.pa;
    const pb = simplex.pb;
    let ax = 0,
      ay = 0,
      bx = 0,
      by = 0;
    for (let k = 0; k < n; k++) {
      ax += lam[k] * pa[2 * k];
      ay += lam[k] * pa[2 * k + 1];
      bx += lam[k] * pb[2 * k];
      by += lam[k] * pb[2 * k + 1];
    }
    const hull = this.#hull;
    hull[0] = this.pointA[0] = ax;
    hull[1] = this.pointA[1] = ay;
    hull[2] = this.pointB[0] = bx;
    hull[3] = this.pointB[1] = by;
    this.#forgetWitness();
    // No margin: the bound carries the rounding of one placement and one dot product (a few ulps of
    // the coordinates in play), as the exact search's own distances do, so both paths take the same
    // steps (the tutorial's 1000 sliding steps land where the segments' put them).
    const bound = overlap ? 0 : lower;
    this.lowerBound = bound > 0 ? bound : 0;
    const on = this.lowerBound > 0;
    this.lowerAxis[0] = on ? axisX : 0;
    this.lowerAxis[1] = on ? axisY : 0;
  }

  /**
   * After {@link evaluate} at the same placement, when the hulls are apart: the witness segments.
   * The segment of A nearest the hull point `pointA` among those at A's vertices of the simplex (and
   * along the curve from there while nearer ones follow: collinear vertices), ties to the smallest
   * index, the same for B; that pair's exact distance (`segmentDistance2`, B's segment placed as by
   * {@link CurvePair}) goes into {@link distance}, its points into {@link pointA} and {@link pointB}.
   * True when that distance is the gap found (at most {@link upperBound} plus 1e-12 of the scene's
   * scale); false, and nothing to trust, when the hulls overlap or the curves are not convex there:
   * the caller then runs the exact search.
   *
   * @example
   * ```ts
   * import { ConvexCurvePair, Curve, rectangle } from '@firsttouch/mesh';
   * const vee = Curve.fromLoops([0, 1, -1], [0, 1, 1], [3]);
   * const pair = new ConvexCurvePair(rectangle(2, 2), vee);
   * pair.evaluate(1, 0, 0, 3);
   * console.log(pair.resolve(), pair.segmentA, pair.segmentB, pair.distance); // true 2 0 2
   * console.log(Array.from(pair.pointA), Array.from(pair.pointB)); // [0, 1] [0, 3]
   * ```
   */
  resolve(): boolean {
    this.#forgetWitness();
    const simplex = this.#simplex;
    const n = simplex.n;
    if (this.overlap || n === 0 || Number.isNaN(this.upperBound)) return false;
    const place = this.#place;
    const c = place[0],
      s = place[1],
      tu = place[2],
      tv = place[3];
    const hull = this.#hull;
    const segA = nearestSegment(this.#ca, simplex.ia, n, hull, 0, this.#unplaced, this.#tried);
    const segB = nearestSegment(this.#cb, simplex.ib, n, hull, 2, place, this.#tried);
    // The ends from the distinct points (bit for bit the curve's coordinates), which the searches
    // above have just read, rather than from the curves' own arrays.
    const S = this.#seg;
    const A = this.#ca.points;
    let i = 2 * segmentStart(this.#ca, segA);
    let j = 2 * segmentEnd(this.#ca, segA);
    S[0] = A[i];
    S[1] = A[i + 1];
    S[2] = A[j];
    S[3] = A[j + 1];
    const B = this.#cb.points;
    i = 2 * segmentStart(this.#cb, segB);
    j = 2 * segmentEnd(this.#cb, segB);
    let x = B[i],
      y = B[i + 1];
    S[4] = c * x - s * y + tu;
    S[5] = s * x + c * y + tv;
    x = B[j];
    y = B[j + 1];
    S[6] = c * x - s * y + tu;
    S[7] = s * x + c * y + tv;
    const out = this.#out;
    segmentPairDistance2(S, out);
    const d = out[SEGMENT_DISTANCE];
    this.segmentA = segA;
    this.segmentB = segB;
    this.distance = d;
    this.intersecting = out[SEGMENT_MEET] === 1;
    this.pointA[0] = out[0];
    this.pointA[1] = out[1];
    this.pointB[0] = out[2];
    this.pointB[1] = out[3];
    return d <= this.upperBound + 1e-12 * place[4];
  }

  #forgetWitness(): void {
    this.segmentA = -1;
    this.segmentB = -1;
    this.distance = Number.NaN;
    this.intersecting = false;
  }

  /** Simplex slot k := A's distinct vertex i and B's j (taken into A's frame), and their difference. */
  #put(k: number, i: number, j: number): void {
    const A = this.#ca.points;
    const B = this.#cb.points;
    const place = this.#place;
    const c = place[0],
      s = place[1];
    const simplex = this.#simplex;
    simplex.ia[k] = i;
    simplex.ib[k] = j;
    const o = 2 * k;
    const pa = simplex.pa;
    const pb = simplex.pb;
    const w = simplex.w;
    const x = B[2 * j],
      y = B[2 * j + 1];
    pa[o] = A[2 * i];
    pa[o + 1] = A[2 * i + 1];
    // The operations of CurvePair's placement, in its order: the same bits.
    pb[o] = c * x - s * y + place[2];
    pb[o + 1] = s * x + c * y + place[3];
    w[o] = pb[o] - pa[o];
    w[o + 1] = pb[o + 1] - pa[o + 1];
  }
}
