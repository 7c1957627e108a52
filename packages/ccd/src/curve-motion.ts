import { type Curve, CurvePair, relativeTransform2 } from '@firsttouch/mesh';
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
  readonly motionA: RigidMotion2;
  readonly motionB: RigidMotion2;
  readonly poseA: Pose2 = pose2();
  readonly poseB: Pose2 = pose2();
  /** Exact segment-pair evaluations of the distance queries. */
  distancePairEvaluations = 0;
  readonly #rel = new Float64Array(4);
  #directional: DirectionalBound2 | undefined;

  constructor(a: Curve, b: Curve, motionA: RigidMotion2, motionB: RigidMotion2) {
    this.pair = new CurvePair(a, b);
    this.motionA = motionA;
    this.motionB = motionB;
  }

  /** The speed bound μ_A + μ_B of the step. */
  speedBound(): number {
    return this.motionA.bound(this.pair.a.positions) + this.motionB.bound(this.pair.b.positions);
  }

  distance(s: number): number {
    this.#place(s);
    const r = this.#rel;
    const d = this.pair.evaluate(r[0], r[1], r[2], r[3]);
    this.distancePairEvaluations += this.pair.segmentPairs;
    return d;
  }

  directionalStep(s: number, _gap: number, tolerance: number, floor: number, limit: number): number {
    if (!this.#directional) {
      this.#directional = new DirectionalBound2(this.pair.a, this.pair.b, this.motionA, this.motionB);
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

  /** Exact segment-pair evaluations of the directional steps. */
  get directionalPairEvaluations(): number {
    return this.#directional?.pairEvaluations ?? 0;
  }

  #place(s: number): void {
    this.motionA.poseAt(s, this.poseA);
    this.motionB.poseAt(s, this.poseB);
    relativeTransform2(this.poseA, this.poseB, this.#rel);
  }
}
