import { type Curve, CurvePair } from '@firsttouch/mesh';
import { type Pose2, pose2, type RigidMotion2 } from '@firsttouch/pose';
import type { DistanceEvaluator } from './advance.js';
import { DirectionalBound2 } from './directional2.js';

/**
 * Two curves moving over a step, as a {@link DistanceEvaluator} (the 2-D twin of
 * {@link SurfaceMotion}). An evaluation allocates nothing.
 */
export class CurveMotion implements DistanceEvaluator {
  /** The distance query; after `distance(s)` it holds the witness data at s. */
  readonly pair: CurvePair;
  readonly poseA: Pose2 = pose2();
  readonly poseB: Pose2 = pose2();
  /** Exact segment-pair evaluations of the distance queries. */
  distancePairEvaluations = 0;
  /** Gap evaluations answered on the vertex hulls (GJK) rather than the trees. */
  convexEvaluations = 0;
  readonly #rel = new Float64Array(4);
  #motionA: RigidMotion2;
  #motionB: RigidMotion2;
  #directional: DirectionalBound2 | undefined;
  /** The speed bound (NaN until asked), and the instant of the last distance. */
  #mu = Number.NaN;
  #lastS = Number.NaN;
  /** A's angle whose cosine and sine are kept (A often does not turn). */
  #angleA = Number.NaN;
  #cosA = 1;
  #sinA = 0;
  /** The relative angle whose cosine and sine are kept (neither body turns: it stays). */
  #angle = Number.NaN;
  #cos = 1;
  #sin = 0;

  constructor(a: Curve, b: Curve, motionA: RigidMotion2, motionB: RigidMotion2) {
    this.pair = new CurvePair(a, b);
    this.#motionA = motionA;
    this.#motionB = motionB;
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
   * Points the evaluator at another step (other curves, other motions), keeping its scratch: what
   * {@link timeOfImpact2} does between queries instead of allocating a new one. Counters restart.
   */
  reset(a: Curve, b: Curve, motionA: RigidMotion2, motionB: RigidMotion2): void {
    this.pair.rebind(a, b);
    this.#motionA = motionA;
    this.#motionB = motionB;
    this.#directional = undefined;
    this.distancePairEvaluations = 0;
    this.#mu = Number.NaN;
    this.#lastS = Number.NaN;
  }

  /** The speed bound μ_A + μ_B of the step (as `motion.bound(curve.positions)`, bit for bit). */
  speedBound(): number {
    const ma = this.#motionA;
    const mb = this.#motionB;
    const ra = ma.theta === 0 ? 0 : Math.abs(ma.theta) * this.pair.a.extent().radius;
    const rb = mb.theta === 0 ? 0 : Math.abs(mb.theta) * this.pair.b.extent().radius;
    return ma.translationLength + ra + (mb.translationLength + rb);
  }

  distance(s: number): number {
    this.#place(s);
    const r = this.#rel;
    // No point moves farther than μ |s − s'| between two evaluations: the pair searches again only
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
    if (!this.#directional) {
      this.#directional = new DirectionalBound2(this.pair.a, this.pair.b, this.#motionA, this.#motionB);
    }
    this.#place(s);
    const r = this.#rel;
    const seedA = this.pair.segmentA;
    const seedB = this.pair.segmentB;
    return this.#directional.step(
      this.poseA.angle,
      r[0],
      r[1],
      r[2],
      r[3],
      0.5 * tolerance,
      floor,
      limit,
      seedA,
      seedB,
    );
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
    return this.#directional?.pairEvaluations ?? 0;
  }

  /** The poses at s, and B's pose in A's frame (as mesh's `relativeTransform2`, bit for bit). */
  #place(s: number): void {
    const qa = this.#motionA.poseAt(s, this.poseA);
    const qb = this.#motionB.poseAt(s, this.poseB);
    const angleA = qa.angle;
    if (!Object.is(angleA, this.#angleA)) {
      this.#angleA = angleA;
      this.#cosA = Math.cos(angleA);
      this.#sinA = Math.sin(angleA);
    }
    const angle = qb.angle - angleA;
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
