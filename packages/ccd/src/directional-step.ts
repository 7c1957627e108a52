/**
 * What a directional step asks for beside the placement (the input record of
 * `DirectionalBound3.step` and `DirectionalBound2.step`, as Box2D's `b2TOIInput`): a caller that
 * steps many times keeps one record and rewrites its fields.
 *
 * @example
 * ```ts
 * import type { DirectionalStep } from '@firsttouch/ccd';
 * const bounds: DirectionalStep = { half: 5e-7, floor: 0, limit: 1, seedA: -1, seedB: -1 };
 * ```
 */
export interface DirectionalStep {
  /** Half the loop's tolerance: the step keeps the gap at least this. */
  half: number;
  /** The plain step: the search stops once it knows the step is at most this (the loop takes the plain one then). */
  floor: number;
  /** What is left of the time step: the search need not look beyond it. */
  limit: number;
  /** A facet (segment) pair evaluated first, usually the closest of the last gap; −1 for none. */
  seedA: number;
  seedB: number;
}

/**
 * A 3-D directional step: A's world rotation at s, B's placement in A's frame at s (a point x of B
 * at `R x + t`), and the {@link DirectionalStep} fields.
 *
 * @example
 * ```ts
 * import type { DirectionalStep3 } from '@firsttouch/ccd';
 * import { identityPose } from '@firsttouch/pose';
 * const at = identityPose();
 * const step: DirectionalStep3 = { RA: at.R, R: at.R, t: at.t, half: 5e-7, floor: 0, limit: 1, seedA: -1, seedB: -1 };
 * ```
 */
export interface DirectionalStep3 extends DirectionalStep {
  /** A's world rotation at s (row-major, 9). */
  RA: Float64Array;
  /** B's rotation in A's frame at s (row-major, 9). */
  R: Float64Array;
  /** B's translation in A's frame at s (3). */
  t: Float64Array;
}

/**
 * A 2-D directional step: A's world angle at s, B's placement in A's frame at s (a point x of B at
 * `rot x + (tu, tv)`, `rot` of cosine `c` and sine `s`), and the {@link DirectionalStep} fields.
 *
 * @example
 * ```ts
 * import type { DirectionalStep2 } from '@firsttouch/ccd';
 * const step: DirectionalStep2 = { angleA: 0, c: 1, s: 0, tu: 3, tv: 0, half: 5e-7, floor: 0, limit: 1, seedA: -1, seedB: -1 };
 * ```
 */
export interface DirectionalStep2 extends DirectionalStep {
  /** A's world angle at s. */
  angleA: number;
  /** The cosine and sine of B's angle in A's frame. */
  c: number;
  s: number;
  /** B's translation in A's frame. */
  tu: number;
  tv: number;
}
