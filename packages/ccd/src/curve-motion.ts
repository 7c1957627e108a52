import { ConvexCurvePair, type Curve, CurvePair } from '@firsttouch/mesh';
import { type Pose2, pose2, type RigidMotion2, reduceAngle } from '@firsttouch/pose';
import type { DistanceEvaluator } from './advance.js';
import type { DirectionalStep2 } from './directional-step.js';
import { DirectionalBound2 } from './directional2.js';
import { type MotionOptions, motionTolerance, switchOf } from './options.js';

/** Where the witness of the last gap lives: the exact search or the convex path's segment pair. */
export interface CurveWitness {
  readonly segmentA: number;
  readonly segmentB: number;
  /** In A's frame. */
  readonly pointA: Float64Array;
  /** In A's frame. */
  readonly pointB: Float64Array;
}

/**
 * Two curves moving over a step, as a {@link DistanceEvaluator} (the 2-D twin of
 * {@link SurfaceMotion}, convex path included). An evaluation allocates nothing.
 */
export class CurveMotion implements DistanceEvaluator {
  readonly poseA: Pose2 = pose2();
  readonly poseB: Pose2 = pose2();
  /** Exact segment-pair evaluations of the distance queries. */
  distancePairEvaluations = 0;
  /** Gap evaluations answered on the vertex hulls (GJK) rather than the trees. */
  convexEvaluations = 0;
  readonly #rel = new Float64Array(4);
  readonly #pair: CurvePair;
  /**
   * The curves of the step. The exact search is pointed at them on first use ({@link pair}): a
   * query the hulls answer never touches its trees or segment boxes.
   */
  #a: Curve;
  #b: Curve;
  #pairBound = true;
  #motionA: RigidMotion2;
  #motionB: RigidMotion2;
  /** The directional bound, made on first use and kept (rebound when a new step first asks). */
  #directional: DirectionalBound2 | undefined;
  #directionalBound = false;
  /** The directional step's input, rewritten at each step. */
  readonly #stepQuery: DirectionalStep2 = {
    angleA: 0,
    c: 1,
    s: 0,
    tu: 0,
    tv: 0,
    half: 0,
    floor: 0,
    limit: 1,
    seedA: -1,
    seedB: -1,
  };
  #convex: ConvexCurvePair | undefined;
  /** The hull pair kept for reuse (in {@link reset}) whether or not this step uses it. */
  #hulls: ConvexCurvePair | undefined;
  #tolerance = Number.NaN;
  /** The last gap came from the hulls alone: no witness yet. */
  #unsettled = false;
  /** The witness of the last gap is the hull pair's resolved segments (else the exact search's). */
  #witnessHulls = false;
  /** The speed bound (NaN until asked), and the instant of the last distance. */
  #mu = Number.NaN;
  #lastS = Number.NaN;
  /** The instant of the last placement. */
  #lastPlaced = Number.NaN;
  /** The instant of the hulls' last evaluation (their bound and axis are of it). */
  #hullsAt = Number.NaN;
  readonly #cs = new Float64Array(2);
  /** A's angle whose cosine and sine are kept (A often does not turn). */
  #angleA = Number.NaN;
  #cosA = 1;
  #sinA = 0;
  /** The relative angle whose cosine and sine are kept (neither body turns: it stays). */
  #angle = Number.NaN;
  #cos = 1;
  #sin = 0;

  /**
   * @param options - the loop's `tolerance` (with it, and `convex` not false, two convex curves take
   *   the convex path; without it every gap comes from the exact search): see {@link MotionOptions}
   *   (the 3-D options `gapRelativeError` and the directional switches are ignored).
   * @throws `FirstTouchError` `INVALID_OPTION` for a bad option.
   */
  constructor(a: Curve, b: Curve, motionA: RigidMotion2, motionB: RigidMotion2, options?: MotionOptions) {
    this.#pair = new CurvePair(a, b);
    this.#a = a;
    this.#b = b;
    this.#motionA = motionA;
    this.#motionB = motionB;
    this.#tolerance = motionTolerance(options);
    this.#useHulls(a, b, switchOf(options?.convex, 'convex'));
  }

  /** The distance query; after `distance(s)` it holds the witness data at s. */
  get pair(): CurvePair {
    if (!this.#pairBound) {
      this.#pair.rebind(this.#a, this.#b);
      this.#pairBound = true;
    }
    return this.#pair;
  }

  /** The witness (segments and points, A's frame) of the last gap, after {@link settle}. */
  get witness(): CurveWitness {
    return this.#witnessHulls && this.#hulls ? this.#hulls : this.pair;
  }

  #useHulls(a: Curve, b: Curve, convex: boolean): void {
    this.#convex = undefined;
    this.#unsettled = false;
    this.#witnessHulls = false;
    if (!(convex && this.#tolerance > 0)) return;
    let hulls = this.#hulls;
    if (hulls) hulls.rebind(a, b);
    else hulls = this.#hulls = new ConvexCurvePair(a, b);
    if (hulls.usable) this.#convex = hulls;
  }

  /** The motion of curve A. */
  get motionA(): RigidMotion2 {
    return this.#motionA;
  }

  /** The motion of curve B. */
  get motionB(): RigidMotion2 {
    return this.#motionB;
  }

  /**
   * Points the evaluator at another step (other curves, other motions, options), keeping its
   * scratch: what {@link timeOfImpact2} does between queries instead of allocating a new one.
   * Counters restart.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for a bad option, `EMPTY` for a curve without segments.
   */
  reset(a: Curve, b: Curve, motionA: RigidMotion2, motionB: RigidMotion2, options?: MotionOptions): void {
    const tolerance = motionTolerance(options);
    const convex = switchOf(options?.convex, 'convex');
    // The checks of the pair's rebind, made now: the rebind itself waits for the first search.
    a.assertNotEmpty('distance (curve A)');
    b.assertNotEmpty('distance (curve B)');
    this.#a = a;
    this.#b = b;
    this.#pairBound = false;
    this.#motionA = motionA;
    this.#motionB = motionB;
    this.#directionalBound = false;
    this.distancePairEvaluations = 0;
    this.convexEvaluations = 0;
    this.#mu = Number.NaN;
    this.#lastS = Number.NaN;
    this.#hullsAt = Number.NaN;
    this.#tolerance = tolerance;
    this.#useHulls(a, b, convex);
  }

  /**
   * Forgets the curves and everything derived from them, keeping the scratch and the motions: what a
   * pool does before it keeps the evaluator (a curve queried once can then be collected).
   * {@link reset} it before the next query.
   */
  unbind(): void {
    this.#a = undefined!;
    this.#b = undefined!;
    this.#pair.unbind();
    this.#pairBound = false;
    this.#hulls?.unbind();
    this.#convex = undefined;
    this.#witnessHulls = false;
    this.#directional?.unbind();
    this.#directionalBound = false;
  }

  /** The speed bound μ_A + μ_B of the step (as `motion.bound(curve.positions)`, bit for bit). */
  speedBound(): number {
    const ma = this.#motionA;
    const mb = this.#motionB;
    const ra = ma.theta === 0 ? 0 : Math.abs(ma.theta) * this.#a.extent().radius;
    const rb = mb.theta === 0 ? 0 : Math.abs(mb.theta) * this.#b.extent().radius;
    return ma.translationLength + ra + (mb.translationLength + rb);
  }

  distance(s: number): number {
    this.#place(s);
    const r = this.#rel;
    const hulls = this.#convex;
    if (hulls) {
      const lower = hulls.evaluate(r[0], r[1], r[2], r[3]);
      this.#hullsAt = s;
      this.convexEvaluations++;
      // A search that did not converge gives a loose bound: the exact search answers this one.
      if (hulls.converged) {
        if (lower > this.#tolerance) {
          this.#unsettled = true;
          return lower;
        }
        // Within the tolerance: the exact gap of the segments at the closest features.
        if (hulls.resolve()) {
          this.distancePairEvaluations++;
          this.#unsettled = false;
          this.#witnessHulls = true;
          if (hulls.distance <= this.#tolerance) return hulls.distance;
        }
      }
    }
    const d = this.#search(s);
    // The hull bound fell short of the gap: these curves are not convex enough (or one holds the
    // other); the exact search answers from here on.
    if (hulls && d - hulls.lowerBound > 1e-9 * (d + hulls.upperBound)) this.#convex = undefined;
    return d;
  }

  /**
   * Makes {@link witness} the witness of the last evaluation, whose gap was `gap`, and returns the
   * gap to report. When that gap came from the hulls alone, the segments at the closest features are
   * evaluated now: they meet it to within 1e-12 of the scene's scale, and `gap` stands. Failing them,
   * the exact search gives the gap, which is returned instead.
   */
  settle(gap: number): number {
    if (!this.#unsettled) return gap;
    this.#unsettled = false;
    if (this.#convex?.resolve()) {
      this.distancePairEvaluations++;
      this.#witnessHulls = true;
      return gap;
    }
    return this.#search(this.#lastPlaced);
  }

  /** The exact search at s (placed last). */
  #search(s: number): number {
    const r = this.#rel;
    this.#unsettled = false;
    this.#witnessHulls = false;
    // No point moves farther than μ |s − s'| between two searches: the pair searches again only
    // what was near at the last one (the same answer, bit for bit).
    if (Number.isNaN(this.#mu)) this.#mu = this.speedBound();
    const moved = this.#mu * Math.abs(s - this.#lastS);
    this.#lastS = s;
    const d = this.pair.evaluateMoved(
      r[0],
      r[1],
      r[2],
      r[3],
      Number.isNaN(moved) ? Number.POSITIVE_INFINITY : moved,
    );
    this.distancePairEvaluations += this.pair.segmentPairs;
    return d;
  }

  directionalStep(s: number, _gap: number, tolerance: number, floor: number, limit: number): number {
    const hulls = this.#convex;
    if (hulls && this.#hullsAt === s) return this.#hullStep(hulls, 0.5 * tolerance, limit);
    if (!this.#directionalBound) {
      if (this.#directional) this.#directional.rebind(this.#a, this.#b, this.#motionA, this.#motionB);
      else this.#directional = new DirectionalBound2(this.#a, this.#b, this.#motionA, this.#motionB);
      this.#directionalBound = true;
    }
    this.#place(s);
    // The seeds below are the witness of the last gap.
    this.settle(0);
    const r = this.#rel;
    const q = this.#stepQuery;
    q.angleA = this.poseA.angle;
    q.c = r[0];
    q.s = r[1];
    q.tu = r[2];
    q.tv = r[3];
    q.half = 0.5 * tolerance;
    q.floor = floor;
    q.limit = limit;
    q.seedA = this.witness.segmentA;
    q.seedB = this.witness.segmentB;
    return this.#directional!.step(q);
  }

  /**
   * The directional step of the convex path: the hulls' gap was measured along a fixed axis (GJK's
   * separating axis, `lowerAxis`): every vertex of B lies at least `lowerBound` beyond every vertex
   * of A along it. That separation bounds the curves' distance at every instant and falls no faster
   * than n·(ΔA − ΔB) + |θA| ρA + |θB| ρB (the spec's closing rate with each body's largest |x|), n
   * the axis in the world: the step is its margin over the tolerance's half over that rate. One
   * dot product where the pair-by-pair descent builds both trees and the vertex spins.
   */
  #hullStep(hulls: ConvexCurvePair, half: number, limit: number): number {
    const gap = hulls.lowerBound - half;
    if (!(gap > 0)) return 0;
    const cs = this.rotationA(this.#cs);
    const ax = hulls.lowerAxis[0],
      ay = hulls.lowerAxis[1];
    const nx = cs[0] * ax - cs[1] * ay,
      ny = cs[1] * ax + cs[0] * ay;
    const ma = this.#motionA;
    const mb = this.#motionB;
    const spins =
      (ma.theta === 0 ? 0 : Math.abs(ma.theta) * this.#a.extent().radius) +
      (mb.theta === 0 ? 0 : Math.abs(mb.theta) * this.#b.extent().radius);
    const closing = nx * (ma.delta[0] - mb.delta[0]) + ny * (ma.delta[1] - mb.delta[1]) + spins;
    return closing > 0 ? gap / closing : limit;
  }

  /**
   * The cosine and sine of A's angle at the last placement (`poseA.angle`) into `out[0..1]`, from
   * the ones kept for it when they are for that angle (bit for bit `Math.cos`, `Math.sin`).
   */
  rotationA(out: Float64Array): Float64Array {
    const angle = this.poseA.angle;
    if (!Object.is(angle, this.#angleA)) {
      this.#angleA = angle;
      this.#cosA = Math.cos(angle);
      this.#sinA = Math.sin(angle);
    }
    out[0] = this.#cosA;
    out[1] = this.#sinA;
    return out;
  }

  /** Exact segment-pair evaluations of the directional steps. */
  get directionalPairEvaluations(): number {
    return this.#directionalBound ? this.#directional!.pairEvaluations : 0;
  }

  /** The poses at s, and B's pose in A's frame (as mesh's `relativeTransform2`, bit for bit). */
  #place(s: number): void {
    this.#lastPlaced = s;
    const qa = this.#motionA.poseAt(s, this.poseA);
    const qb = this.#motionB.poseAt(s, this.poseB);
    const angleA = qa.angle;
    if (!Object.is(angleA, this.#angleA)) {
      this.#angleA = angleA;
      this.#cosA = Math.cos(angleA);
      this.#sinA = Math.sin(angleA);
    }
    const angle = reduceAngle(qb.angle) - reduceAngle(angleA);
    if (!Object.is(angle, this.#angle)) {
      this.#angle = angle;
      this.#cos = Math.cos(angle);
      this.#sin = Math.sin(angle);
    }
    const ca = this.#cosA;
    const sa = this.#sinA;
    const du = qb.t[0] - qa.t[0];
    const dv = qb.t[1] - qa.t[1];
    const out = this.#rel;
    out[0] = this.#cos;
    out[1] = this.#sin;
    out[2] = ca * du + sa * dv;
    out[3] = -sa * du + ca * dv;
  }
}
