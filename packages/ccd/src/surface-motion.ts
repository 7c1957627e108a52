import {
  CONVEX_CHECK_LIMIT,
  type ConvexSurface,
  ConvexSurfacePair,
  relativeTransform,
  type Surface,
  SurfacePair,
} from '@firsttouch/mesh';
import { identityPose, type Pose3, type RigidMotion } from '@firsttouch/pose';
import type { DistanceEvaluator } from './advance.js';
import type { DirectionalStep3 } from './directional-step.js';
import { DirectionalBound3 } from './directional3.js';
import {
  DEFAULT_GAP_RELATIVE_ERROR,
  type MotionOptions,
  motionTolerance,
  relativeErrorOf,
  switchOf,
} from './options.js';

/**
 * Two surfaces moving over a step, as a {@link DistanceEvaluator}: the gap at s is the mesh distance
 * at the interpolated poses (trees built once in the body frames, B taken into A's frame), and the
 * directional step is the C2A bound. Everything is preallocated: an evaluation allocates nothing.
 *
 * Given a tolerance, two convex bodies take the convex path: the gap is GJK's lower bound on their
 * vertex hulls (to rounding, as the trees' own distances) while it exceeds the tolerance, and the exact gap of the facets around the
 * closest features once it does not (the trees only when those facets do not meet the gap found).
 * Where the hull bound proves loose (a body not convex enough, or one inside the other), the path
 * is left for the trees for the rest of the step.
 *
 * The motions are read when it is built or reset (the speed bound, a body at rest placed once):
 * after changing a motion in place, call {@link SurfaceMotion.reset}.
 */
export class SurfaceMotion implements DistanceEvaluator {
  /** The distance query; after `distance(s)` it holds the witness data at s. */
  readonly pair: SurfacePair;
  #motionA: RigidMotion;
  #motionB: RigidMotion;
  /** The poses of the last evaluation. */
  readonly poseA: Pose3 = identityPose();
  readonly poseB: Pose3 = identityPose();
  /** Exact facet-pair evaluations of the distance queries. */
  distancePairEvaluations = 0;
  readonly #R = new Float64Array(9);
  readonly #t = new Float64Array(3);
  /** Gap evaluations answered on the vertex hulls (GJK) rather than the trees. */
  convexEvaluations = 0;
  /** The directional bound, made on first use and kept (rebound when a new step first asks). */
  #directional: DirectionalBound3 | undefined;
  #directionalBound = false;
  /** The directional step's input, rewritten at each step. */
  readonly #stepQuery: DirectionalStep3;
  /** The options of this step (the directional bound's switches are read when it is bound). */
  #options: MotionOptions | undefined;
  /** The `convex` option. */
  #convexOn = true;
  #convex: ConvexSurfacePair | undefined;
  /** The hull pair kept for reuse (in {@link reset}) whether or not this step uses it. */
  #hulls: ConvexSurfacePair | undefined;
  #tolerance = Number.NaN;
  /** The last gap came from the hulls alone: `pair` does not hold its witness yet. */
  #unsettled = false;
  /** The speed bound (NaN until asked), the instant of the last tree search, of the last placement. */
  #mu = Number.NaN;
  #lastS = Number.NaN;
  #lastPlaced = Number.NaN;
  /** The instant of the hulls' last evaluation (their bound and axis are of it). */
  #hullsAt = Number.NaN;
  /** |θA| ρA + |θB| ρB over the hulls' vertices (NaN until asked). */
  #spins = Number.NaN;
  /** A stays at one pose over the step (see {@link stationary}): `poseA` is placed once. */
  #stillA = false;
  /**
   * The relative error allowed in the gaps of steps where the pair takes the hull search (a small
   * convex B against any A, see `SurfacePair.hull`): such a gap is the search's certified lower
   * bound, within a factor 1 + `relativeError` of the gap. Most of that search's exact facet pairs
   * are ties at the closest vertex or edge, which only the smallest-pair rule needs measured, and
   * the loop needs the gap alone: the witness is found exactly when it is read ({@link settle}), and
   * a gap within twice the tolerance is always exact, so contact is decided on exact gaps (a
   * directional step seeds its search with the pair found, which needs no exactness). Needs the
   * tolerance. Set from the `gapRelativeError` option (default timeOfImpact's, so that a loop run on
   * this evaluator steps as timeOfImpact does); 0 makes every gap exact.
   */
  relativeError = DEFAULT_GAP_RELATIVE_ERROR;
  /** The last gap is such a lower bound: `pair` does not hold the exact witness yet. */
  #lowered = false;

  /**
   * @param options - the loop's `tolerance` (with it, and `convex` not false, two convex bodies take
   *   the convex path; without it every gap comes from the trees), `gapRelativeError`, and the
   *   directional bound's switches: see {@link MotionOptions}.
   * @throws `FirstTouchError` `INVALID_OPTION` for a bad option.
   */
  constructor(a: Surface, b: Surface, motionA: RigidMotion, motionB: RigidMotion, options?: MotionOptions) {
    this.pair = new SurfacePair(a, b);
    // The hull path of the step is this evaluator's own (a lower bound far from contact, one facet
    // pair near it): the pair itself searches the trees.
    this.pair.convex = false;
    this.#motionA = motionA;
    this.#motionB = motionB;
    this.#configure(options);
    this.#useHulls(a, b, this.#convexOn);
    this.#holdA();
    this.#stepQuery = {
      RA: this.poseA.R,
      R: this.#R,
      t: this.#t,
      half: 0,
      floor: 0,
      limit: 1,
      seedA: -1,
      seedB: -1,
    };
  }

  /** The options' tolerance and relative error (checked), kept with the options for the bound. */
  #configure(options: MotionOptions | undefined): void {
    this.#tolerance = motionTolerance(options);
    this.relativeError = relativeErrorOf(options);
    this.#convexOn = switchOf(options?.convex, 'convex');
    this.#options = options;
  }

  /** The motion of surface A. */
  get motionA(): RigidMotion {
    return this.#motionA;
  }

  /** The motion of surface B. */
  get motionB(): RigidMotion {
    return this.#motionB;
  }

  /**
   * Points the evaluator at another step (other surfaces, motions, options), keeping its scratch:
   * what {@link timeOfImpact} does between queries instead of allocating a new one. Counters restart.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for a bad option, `EMPTY` for a surface without facets.
   */
  reset(a: Surface, b: Surface, motionA: RigidMotion, motionB: RigidMotion, options?: MotionOptions): void {
    this.#configure(options);
    this.pair.rebind(a, b);
    this.#motionA = motionA;
    this.#motionB = motionB;
    this.#directionalBound = false;
    this.#unsettled = false;
    this.#lowered = false;
    this.distancePairEvaluations = 0;
    this.convexEvaluations = 0;
    this.#mu = Number.NaN;
    this.#lastS = Number.NaN;
    this.#hullsAt = Number.NaN;
    this.#spins = Number.NaN;
    this.#useHulls(a, b, this.#convexOn);
    this.#holdA();
  }

  /**
   * Forgets the surfaces and everything derived from them, keeping the scratch and the motions: what
   * a pool does before it keeps the evaluator (a body queried once can then be collected).
   * {@link reset} it before the next query.
   */
  unbind(): void {
    this.pair.unbind();
    this.#hulls?.unbind();
    this.#convex = undefined;
    this.#directional?.unbind();
    this.#directionalBound = false;
    this.#options = undefined;
  }

  /** A body at rest (the usual A) is placed once per step rather than at every evaluation. */
  #holdA(): void {
    this.#stillA = stationary(this.#motionA);
    if (this.#stillA) this.#motionA.poseAt(0, this.poseA);
  }

  #useHulls(a: Surface, b: Surface, convex: boolean): void {
    this.#convex = undefined;
    if (!(convex && this.#tolerance > 0)) return;
    let hulls = this.#hulls;
    if (hulls) hulls.rebind(a, b);
    else hulls = this.#hulls = new ConvexSurfacePair(a, b);
    if (hulls.usable && globallyChecked(hulls.convexA, a) && globallyChecked(hulls.convexB, b))
      this.#convex = hulls;
  }

  /** The speed bound μ_A + μ_B of the step. */
  speedBound(): number {
    // A body that does not turn needs no pass over its vertices.
    const a = this.motionA;
    const b = this.motionB;
    // On the convex path the hull's vertices are the distinct ones (the same set, so the same μ),
    // already read by the search: no other array to fetch.
    const hulls = this.#convex;
    const muA =
      a.theta === 0
        ? a.translationLength
        : a.bound(hulls ? hulls.convexA.points : this.pair.a.distinctVertices());
    const muB =
      b.theta === 0
        ? b.translationLength
        : b.bound(hulls ? hulls.convexB.points : this.pair.b.distinctVertices());
    return muA + muB;
  }

  distance(s: number): number {
    this.#place(s);
    const hulls = this.#convex;
    if (hulls) {
      // The closest points wait for `resolve`: most steps need the bound alone.
      const lower = hulls.evaluateBound(this.#R, this.#t);
      this.#hullsAt = s;
      this.convexEvaluations++;
      // A search that did not converge gives a loose bound: the trees answer this one.
      if (hulls.converged) {
        if (lower > this.#tolerance) {
          this.#unsettled = true;
          return lower;
        }
        // Within the tolerance: the exact gap of the facets at the closest features, when they meet it.
        if (hulls.resolve(this.#R, this.#t, this.pair)) {
          this.distancePairEvaluations++;
          this.#unsettled = false;
          if (this.pair.distance <= this.#tolerance) return this.pair.distance;
        }
      }
    }
    const tolerance = this.#tolerance;
    let d = this.#search(s, tolerance > 0 ? this.relativeError : 0);
    if (this.#lowered && d <= 2 * tolerance) d = this.#search(s, 0);
    // The hull bound fell short of the gap: these bodies are not convex enough (or one holds the
    // other); the trees answer from here on.
    if (hulls && d - hulls.lowerBound > 1e-9 * (d + hulls.upperBound)) this.#convex = undefined;
    return d;
  }

  /**
   * Makes `pair` hold the witness of the last evaluation, whose gap was `gap`, and returns the gap
   * to report. When that gap came from the hulls alone, the facets at the closest features are
   * evaluated now: they meet it to within 1e-13 of the scene's size, and `gap` stands. Failing them
   * (a body not convex enough), the trees give the exact gap, which is returned instead. When the
   * gap was a lower bound of the hull search (see {@link relativeError}), the exact search runs now
   * and its gap is returned.
   */
  settle(gap: number): number {
    if (this.#lowered) return this.#search(this.#lastPlaced, 0);
    if (!this.#unsettled) return gap;
    this.#unsettled = false;
    if (this.#convex?.resolve(this.#R, this.#t, this.pair)) {
      this.distancePairEvaluations++;
      return gap;
    }
    return this.#search(this.#lastPlaced, 0);
  }

  /** The tree search at s (placed last): the gap, or its lower bound within `relativeError`. */
  #search(s: number, relativeError: number): number {
    this.#unsettled = false;
    // No gap between a point of A and a point of B changes faster than μ: the pair searches again
    // only what was near at its last search (the same answer, bit for bit).
    if (Number.isNaN(this.#mu)) this.#mu = this.speedBound();
    const moved = this.#mu * Math.abs(s - this.#lastS);
    this.#lastS = s;
    const d = this.pair.evaluateMoved(
      this.#R,
      this.#t,
      Number.isNaN(moved) ? Number.POSITIVE_INFINITY : moved,
      relativeError,
    );
    this.distancePairEvaluations += this.pair.facetPairs;
    this.#lowered = this.pair.approximate;
    return this.#lowered ? this.pair.lowerBound : d;
  }

  directionalStep(s: number, _gap: number, tolerance: number, floor: number, limit: number): number {
    const hulls = this.#convex;
    if (hulls && this.#hullsAt === s) return this.#hullStep(hulls, 0.5 * tolerance, limit);
    if (!this.#directionalBound) {
      const { a, b } = this.pair;
      if (this.#directional) this.#directional.rebind(a, b, this.motionA, this.motionB, this.#options);
      else this.#directional = new DirectionalBound3(a, b, this.motionA, this.motionB, this.#options);
      this.#directionalBound = true;
    }
    // distance(s) ran last at this s, but the poses are cheap: place them again rather than trust it.
    this.#place(s);
    // The seeds below are the witness of the last gap, or the pair within the relative error of it
    // (a seed orders the search, any pair will do): not worth an exact search.
    if (this.#unsettled) this.settle(0);
    const q = this.#stepQuery;
    q.RA = this.poseA.R;
    q.half = 0.5 * tolerance;
    q.floor = floor;
    q.limit = limit;
    q.seedA = this.pair.facetA;
    q.seedB = this.pair.facetB;
    return this.#directional!.step(q);
  }

  /**
   * The directional step of the convex path: the hulls' gap was measured along a fixed axis (GJK's
   * separating axis, `lowerAxis`): every vertex of B lies at least `lowerBound` beyond every vertex
   * of A along it. That separation bounds the bodies' distance at every instant and falls no faster
   * than n·(ΔA − ΔB) + |θA| ρA + |θB| ρB (the closing rate of the specification with each body's
   * largest |x|, as in its speed bound), n the axis in the world: the step is its margin over the
   * tolerance's half over that rate. One dot product where the pair-by-pair descent builds both
   * trees and every vertex's spin.
   */
  #hullStep(hulls: ConvexSurfacePair, half: number, limit: number): number {
    const gap = hulls.lowerBound - half;
    if (!(gap > 0)) return 0;
    if (Number.isNaN(this.#spins)) {
      const ma = this.#motionA;
      const mb = this.#motionB;
      this.#spins =
        (ma.theta === 0 ? 0 : Math.abs(ma.theta) * ma.maxRadius(hulls.convexA.points)) +
        (mb.theta === 0 ? 0 : Math.abs(mb.theta) * mb.maxRadius(hulls.convexB.points));
    }
    const R = this.poseA.R;
    const x = hulls.lowerAxis[0],
      y = hulls.lowerAxis[1],
      z = hulls.lowerAxis[2];
    const dA = this.#motionA.delta;
    const dB = this.#motionB.delta;
    const closing =
      (R[0] * x + R[1] * y + R[2] * z) * (dA[0] - dB[0]) +
      (R[3] * x + R[4] * y + R[5] * z) * (dA[1] - dB[1]) +
      (R[6] * x + R[7] * y + R[8] * z) * (dA[2] - dB[2]) +
      this.#spins;
    return closing > 0 ? gap / closing : limit;
  }

  /** Exact facet-pair evaluations of the directional steps. */
  get directionalPairEvaluations(): number {
    return this.#directionalBound ? this.#directional!.pairEvaluations : 0;
  }

  #place(s: number): void {
    this.#lastPlaced = s;
    if (!this.#stillA) this.motionA.poseAt(s, this.poseA);
    this.motionB.poseAt(s, this.poseB);
    relativeTransform(this.poseA, this.poseB, this.#R, this.#t);
  }
}

/**
 * The motion keeps one pose, bit for bit, at every s: no turn, equal end poses, and no −0 in the
 * translation (t0 + s·0 would turn it into +0).
 */
function stationary(m: RigidMotion): boolean {
  if (m.theta !== 0) return false;
  const R0 = m.p0.R;
  const R1 = m.p1.R;
  for (let i = 0; i < 9; i++) if (!Object.is(R0[i], R1[i])) return false;
  const t0 = m.p0.t;
  const t1 = m.p1.t;
  for (let i = 0; i < 3; i++) if (!Object.is(t0[i], t1[i]) || Object.is(t0[i], -0)) return false;
  return true;
}

/**
 * The body's convexity came from the global test (points × facets within `CONVEX_CHECK_LIMIT`):
 * larger convex bodies take the trees here, as their hull searches scan every vertex at every step
 * (slower than the trees there: DECISIONS.md).
 */
function globallyChecked(c: ConvexSurface, s: Surface): boolean {
  return c.count * s.facetCount <= CONVEX_CHECK_LIMIT;
}
