import { type Pose2Like, reduceAngle } from '@firsttouch/pose';

/**
 * Writes into `out = [cos, sin, tu, tv]` the 2-D pose of B's frame in A's frame, `poseA⁻¹ ∘ poseB`
 * (translations subtracted before they are rotated). The angles are reduced before they are
 * subtracted, so that an enormous angle (1e17) does not swallow the other one. `ca` and `sa`, when
 * given, must be `Math.cos(poseA.angle)` and `Math.sin(poseA.angle)`: a caller whose A does not turn
 * over a step computes them once instead of at every evaluation (the same numbers, bit for bit).
 *
 * @example
 * ```ts
 * import { relativeTransform2 } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const out = relativeTransform2(pose2(0, [5, 0]), pose2(Math.PI / 2, [6, 0]), new Float64Array(4));
 * console.log(out[1], out[2]); // 1 1
 * ```
 */
export function relativeTransform2(
  poseA: Pose2Like,
  poseB: Pose2Like,
  out: Float64Array,
  ca = Math.cos(poseA.angle),
  sa = Math.sin(poseA.angle),
): Float64Array {
  const angle = reduceAngle(poseB.angle) - reduceAngle(poseA.angle);
  const du = poseB.t[0] - poseA.t[0];
  const dv = poseB.t[1] - poseA.t[1];
  out[0] = Math.cos(angle);
  out[1] = Math.sin(angle);
  out[2] = ca * du + sa * dv;
  out[3] = -sa * du + ca * dv;
  return out;
}
