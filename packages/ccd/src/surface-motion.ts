import { relativeTransform, type Surface, SurfacePair } from '@firsttouch/mesh';
import { identityPose, type Pose3, type RigidMotion } from '@firsttouch/pose';
import type { DistanceEvaluator } from './advance.js';
import { DirectionalBound3 } from './directional3.js';

/**
 * Two surfaces moving over a step, as a {@link DistanceEvaluator}: the gap at s is the mesh distance
 * at the interpolated poses (trees built once in the body frames, B taken into A's frame), and the
 * directional step is the C2A bound. Everything is preallocated: an evaluation allocates nothing.
 */
export class SurfaceMotion implements DistanceEvaluator {
  /** The distance query; after `distance(s)` it holds the witness data at s. */
  readonly pair: SurfacePair;
  readonly motionA: RigidMotion;
  readonly motionB: RigidMotion;
  /** The poses of the last evaluation. */
  readonly poseA: Pose3 = identityPose();
  readonly poseB: Pose3 = identityPose();
  /** Exact facet-pair evaluations of the distance queries. */
  distancePairEvaluations = 0;
  readonly #R = new Float64Array(9);
  readonly #t = new Float64Array(3);
  #directional: DirectionalBound3 | undefined;

  constructor(a: Surface, b: Surface, motionA: RigidMotion, motionB: RigidMotion) {
    this.pair = new SurfacePair(a, b);
    this.motionA = motionA;
    this.motionB = motionB;
  }

  /** The speed bound μ_A + μ_B of the step. */
  speedBound(): number {
    // A body that does not turn needs no pass over its vertices.
    const a = this.motionA;
    const b = this.motionB;
    const muA = a.theta === 0 ? a.translationLength : a.bound(this.pair.a.distinctVertices());
    const muB = b.theta === 0 ? b.translationLength : b.bound(this.pair.b.distinctVertices());
    return muA + muB;
  }

  distance(s: number): number {
    this.#place(s);
    const d = this.pair.evaluate(this.#R, this.#t);
    this.distancePairEvaluations += this.pair.facetPairs;
    return d;
  }

  directionalStep(s: number, _gap: number, tolerance: number, floor: number, limit: number): number {
    if (!this.#directional) {
      this.#directional = new DirectionalBound3(this.pair.a, this.pair.b, this.motionA, this.motionB);
    }
    // distance(s) ran last at this s, but the poses are cheap: place them again rather than trust it.
    this.#place(s);
    const seedA = this.pair.facetA;
    const seedB = this.pair.facetB;
    return this.#directional.step(
      this.poseA.R,
      this.#R,
      this.#t,
      0.5 * tolerance,
      floor,
      limit,
      seedA,
      seedB,
    );
  }

  /** Exact facet-pair evaluations of the directional steps. */
  get directionalPairEvaluations(): number {
    return this.#directional?.pairEvaluations ?? 0;
  }

  #place(s: number): void {
    this.motionA.poseAt(s, this.poseA);
    this.motionB.poseAt(s, this.poseB);
    relativeTransform(this.poseA, this.poseB, this.#R, this.#t);
  }
}
