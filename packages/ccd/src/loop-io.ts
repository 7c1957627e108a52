/**
 * The advancement loop's calls without numbers crossing them, for the evaluators of the library
 * whose calls the compiler does not inline: a number passed to or returned from such a call is boxed
 * on the heap (two turning convex shapes: some 50 boxes a query, 0.7 KB, before this). An evaluator
 * that holds {@link LOOP_IO} gets the loop's numbers in that array and leaves its answer there;
 * any other evaluator (a user's) gets the calls of `DistanceEvaluator`. Symbols, so that no user
 * field can be taken for them.
 */

/** The evaluator's array: s, the gap at s, the tolerance, the plain step, the limit; then the answer. */
export const LOOP_IO: unique symbol = Symbol('firsttouch.loopIo');
/** The gap at `io[0]`, into `io[5]`. */
export const LOOP_GAP: unique symbol = Symbol('firsttouch.loopGap');
/** The directional step from `io[0]` (gap `io[1]`, tolerance `io[2]`, floor `io[3]`, limit `io[4]`), into `io[5]`. */
export const LOOP_STEP: unique symbol = Symbol('firsttouch.loopStep');

/**
 * An evaluator that takes the loop's numbers in an array (see the module's comment).
 *
 * @example
 * ```ts
 * import { ball } from '@firsttouch/convex';
 * import { ShapeMotion } from '@firsttouch/ccd';
 * import { identityPose, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
 * const still = new RigidMotion(identityPose(), identityPose());
 * const moving = new RigidMotion(poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [1, 0, 0]));
 * const bodies = new ShapeMotion(ball(0.5), ball(0.5), still, moving);
 * console.log(bodies.distance(0.5)); // 1
 * ```
 */
export interface LoopIoEvaluator {
  readonly [LOOP_IO]: Float64Array;
  [LOOP_GAP](): void;
  [LOOP_STEP](): void;
}
