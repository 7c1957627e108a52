import { GjkPair } from '@firsttouch/convex';
import { curveArgument } from '../body-arguments.js';
import type { Curve } from '../curve.js';
import { SEGMENT_DISTANCE, SEGMENT_MEET, segmentPairDistance2 } from '../geometry/segment-distance2.js';
import { type ConvexCurve, convexCurve } from './convex-curve.js';
import { nearestSegment, segmentEnd, segmentStart } from './convex-curve-witness.js';

/**
 * Support searches in one evaluation at most. Warm-started, polygons of a few vertices take one or
 * two; the cap only ends a search that rounding keeps from settling (its bound holds all the same,
 * if looser).
 */
const MAX_ITERATIONS = 64;
/** Stop once |v| and the gap along v agree to this share of |v| ... */
const RELATIVE_GAP = 1e-13;
/** ... or to this share of the scene's scale (the rounding of the gap itself is far below). */
const ABSOLUTE_GAP = 1e-14;

/**
 * The gap between the vertex hulls of two curves at a pose, by GJK (Gilbert–Johnson–Keerthi) on
 * their distinct vertices: the 2-D convex path of the time of impact, a few hundred nanoseconds for
 * polygons of a few vertices where the segment search costs microseconds. The GJK is
 * `@firsttouch/convex`'s `GjkPair`, the one of the codebase, bound to the curves' vertex sets
 * (`ConvexCurve.shape`); this class adds the witness segments.
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
  /** The search, bound to the two vertex sets; its simplex is kept from one evaluation to the next. */
  readonly #gjk = new GjkPair();
  /** The placement c, s, tu, tv of the last evaluation, and its scale. */
  readonly #place = new Float64Array(5);
  /** A's placement in its own frame (the identity), for the witness search. */
  readonly #unplaced = new Float64Array([1, 0, 0, 0]);
  /** The hull points of the last evaluation (resolve reads these, not pointA and pointB). */
  readonly #hull = new Float64Array(4);
  /** The witness pair for `segmentPairDistance2`: A's segment, B's placed, and no limit. */
  readonly #seg = new Float64Array([0, 0, 0, 0, 0, 0, 0, 0, Number.POSITIVE_INFINITY]);
  readonly #out = new Float64Array(6);
  /** The segments nearestSegment has measured (the first 16). */
  readonly #tried = new Int32Array(16);

  /**
   * @throws `FirstTouchError` `EMPTY` for a curve without segments.
   */
  constructor(a: Curve, b: Curve) {
    const gjk = this.#gjk;
    gjk.relativeTolerance = RELATIVE_GAP;
    gjk.absoluteTolerance = ABSOLUTE_GAP;
    gjk.maxIterations = MAX_ITERATIONS;
    // Every support a full search (a scan, or a polar table's): exact, so that the bound is a
    // certificate for curves convex only to the check's allowance, or not convex at all.
    gjk.climb = false;
    gjk.deferPoints = true;
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
    curveArgument(a, 'distance (curve A)');
    curveArgument(b, 'distance (curve B)');
    this.#a = a;
    this.#b = b;
    this.#ca = convexCurve(a);
    this.#cb = convexCurve(b);
    this.#gjk.bindShapes(this.#ca.shape, this.#cb.shape);
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
    this.#gjk.unbind();
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
    const place = this.#place;
    const c = place[0],
      s = place[1],
      tu = place[2],
      tv = place[3];
    place[4] = Math.abs(tu) + Math.abs(tv) + this.#ca.reach + this.#cb.reach;
    // GJK's planar loop places B's points as CurvePair places them (c x − s y + tu): the same bits.
    const gjk = this.#gjk;
    gjk.evaluate2(c, s, tu, tv);
    const overlap = gjk.intersecting;
    this.overlap = overlap;
    this.iterations = gjk.iterations;
    this.converged = gjk.converged;
    this.upperBound = gjk.distance;
    this.lowerBound = gjk.lowerBound;
    this.lowerAxis[0] = gjk.lowerAxis[0];
    this.lowerAxis[1] = gjk.lowerAxis[1];
    // The hull points from the planar simplex (GjkPair's witness would add the normal and the
    // margins, which vertex sets do not have).
    const S = gjk.simplex2;
    const lam = S.lam;
    const pa = S.a;
    const pb = S.b;
    let ax = 0,
      ay = 0,
      bx = 0,
      by = 0;
    for (let k = 0; k < S.n; k++) {
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
    const simplex = this.#gjk.simplex2;
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
}
