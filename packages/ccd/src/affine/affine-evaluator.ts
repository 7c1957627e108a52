import { AffinePair, type Shape } from '@firsttouch/convex';
import type { DistanceEvaluator } from '../advance.js';
import type { SupportScratch } from './affine-body.js';
import type { AffineStep } from './affine-map.js';
import { closingSpeed, SEPARATION_SLACK, separationAlong } from './cone-cast.js';

/**
 * Chords a step after the first, towards the root of the separation along the axis: each costs two
 * supports, and past one the steps they save cost as much in GJK supports (bench, affine scene).
 */
const CHORDS = 1;

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
  /** The maps at an instant the chords look at, and the size of a separation's terms. */
  readonly #LA = new Float64Array(9);
  readonly #tA = new Float64Array(3);
  readonly #LB = new Float64Array(9);
  readonly #tB = new Float64Array(3);
  readonly #scale = new Float64Array(1);

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

  /**
   * The step from `s` (where GJK's bound is `gap` along its axis n): the larger of C5D's cone cast,
   * `(gap − tol/2) / V`, and the chords of the exact separation σ(s′) along the same n. σ is concave
   * in s′ (`cone-cast.ts`), so the chord between (s, gap − tol/2) and (end, σ(end) − tol/2) lies
   * below σ − tol/2 and its root is a certified step; σ(end) > tol/2 proves the gap stays above
   * tol/2 to the end; each further chord from the last root (σ measured there) moves towards the
   * first instant σ falls to tol/2 along n. Two supports a chord.
   */
  directionalStep(s: number, gap: number, tolerance: number, _floor: number, limit: number): number {
    this.directionalPairEvaluations++;
    const n = this.pair.lowerAxis;
    const V = closingSpeed(
      this.shapeA!,
      this.stepA!.dL,
      this.shapeB!,
      this.stepB!.dL,
      this.#dt,
      n,
      this.#scratch,
    );
    const half = 0.5 * tolerance;
    const line = V > 0 ? (gap - half) / V : Number.POSITIVE_INFINITY;
    if (line >= limit) return line;
    const end = s + limit;
    let gb = this.#separation(end) - half;
    gb -= SEPARATION_SLACK * this.#scale[0];
    if (gb > 0) return Number.POSITIVE_INFINITY;
    let a = s;
    let ga = gap - half;
    for (let k = 0; ; k++) {
      const c = a + ((end - a) * ga) / (ga - gb);
      if (!(c > a)) break;
      a = c;
      if (k === CHORDS) break;
      const gc = this.#separation(c) - half - SEPARATION_SLACK * this.#scale[0];
      if (!(gc > 0)) break;
      ga = gc;
    }
    return Math.max(line, a - s);
  }

  /** σ along the last GJK axis at `s`. */
  #separation(s: number): number {
    this.stepA!.at(s, this.#LA, this.#tA);
    this.stepB!.at(s, this.#LB, this.#tB);
    return separationAlong(
      this.shapeA!,
      this.#LA,
      this.#tA,
      this.shapeB!,
      this.#LB,
      this.#tB,
      this.pair.lowerAxis,
      this.#scratch,
      this.#scale,
    );
  }
}
