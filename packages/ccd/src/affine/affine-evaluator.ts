import { AffinePair, type Shape } from '@firsttouch/convex';
import type { DistanceEvaluator } from '../advance.js';
import type { SupportScratch } from './affine-body.js';
import type { AffineStep } from './affine-map.js';
import { closingSpeed } from './cone-cast.js';

/**
 * The gap of two convex shapes under affine motion, for the advancement loop: `distance(s)` is
 * GJK's certified lower bound at the maps of s ({@link AffinePair}); `directionalStep` is C5D's cone
 * cast from there, `(gap − tol/2) / V` with V the closing speed along GJK's separating axis
 * (`cone-cast.ts`), which holds for the rest of the step. Allocates nothing after construction. Not
 * exported by the package.
 */
export class AffineEvaluator implements DistanceEvaluator {
  readonly pair = new AffinePair();
  shapeA: Shape<3> | null = null;
  shapeB: Shape<3> | null = null;
  stepA: AffineStep | null = null;
  stepB: AffineStep | null = null;
  /** GJK calls (gap evaluations) since bound. */
  convexEvaluations = 0;
  /** Cone casts (directional steps) since bound. */
  directionalPairEvaluations = 0;
  /** The maps at the last evaluation. */
  readonly LA = new Float64Array(9);
  readonly tA = new Float64Array(3);
  readonly LB = new Float64Array(9);
  readonly tB = new Float64Array(3);
  /** Δt_B − Δt_A. */
  readonly #dt = new Float64Array(3);
  readonly #scratch: SupportScratch = { u: new Float64Array(3), p: new Float64Array(3) };

  get distancePairEvaluations(): number {
    return this.convexEvaluations;
  }

  bind(a: Shape<3>, b: Shape<3>, stepA: AffineStep, stepB: AffineStep): void {
    this.shapeA = a;
    this.shapeB = b;
    this.stepA = stepA;
    this.stepB = stepB;
    this.pair.bind(a, b);
    for (let k = 0; k < 3; k++) this.#dt[k] = stepB.dt[k] - stepA.dt[k];
    this.convexEvaluations = 0;
    this.directionalPairEvaluations = 0;
  }

  unbind(): void {
    this.pair.unbind();
    this.shapeA = null;
    this.shapeB = null;
    this.stepA = null;
    this.stepB = null;
  }

  /**
   * A speed bound of the step: no point of the relative position b − a moves faster than
   * ‖ΔL_A‖_F reach_A + ‖ΔL_B‖_F reach_B + |Δt_B − Δt_A| (`|ΔL x̄| ≤ ‖ΔL‖_F |x̄|`).
   */
  speedBound(): number {
    const dt = this.#dt;
    return (
      this.stepA!.linearSpeed() * this.shapeA!.reach +
      this.stepB!.linearSpeed() * this.shapeB!.reach +
      Math.hypot(dt[0], dt[1], dt[2])
    );
  }

  distance(s: number): number {
    this.stepA!.at(s, this.LA, this.tA);
    this.stepB!.at(s, this.LB, this.tB);
    this.convexEvaluations++;
    return this.pair.evaluateMaps(this.LA, this.tA, this.LB, this.tB);
  }

  directionalStep(_s: number, gap: number, tolerance: number): number {
    this.directionalPairEvaluations++;
    const V = closingSpeed(
      this.shapeA!,
      this.stepA!.dL,
      this.shapeB!,
      this.stepB!.dL,
      this.#dt,
      this.pair.lowerAxis,
      this.#scratch,
    );
    if (!(V > 0)) return Number.POSITIVE_INFINITY;
    return (gap - 0.5 * tolerance) / V;
  }
}
