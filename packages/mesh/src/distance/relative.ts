import { type Pose2Like, type Pose3Like, reduceAngle } from '@firsttouch/pose';

/**
 * Writes into `R`, `t` the pose of B's frame in A's frame, `poseA⁻¹ ∘ poseB`. The translations are
 * subtracted before they are rotated, so bodies far from the origin keep their accuracy (the error
 * stays a few ulps of the gap between the frames, not of the coordinates).
 *
 * @example
 * ```ts
 * import { relativeTransform } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const R = new Float64Array(9);
 * const t = new Float64Array(3);
 * relativeTransform(poseFromAxisAngle([0, 0, 1], 0, [1e9, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [1e9 + 2, 0, 0]), R, t);
 * console.log(t[0]); // 2
 * ```
 */
export function relativeTransform(
  poseA: Pose3Like,
  poseB: Pose3Like,
  R: Float64Array,
  t: Float64Array,
): void {
  const A = poseA.R;
  const B = poseB.R;
  const dx = poseB.t[0] - poseA.t[0];
  const dy = poseB.t[1] - poseA.t[1];
  const dz = poseB.t[2] - poseA.t[2];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      R[3 * i + j] = A[i] * B[j] + A[3 + i] * B[3 + j] + A[6 + i] * B[6 + j];
    }
  }
  t[0] = A[0] * dx + A[3] * dy + A[6] * dz;
  t[1] = A[1] * dx + A[4] * dy + A[7] * dz;
  t[2] = A[2] * dx + A[5] * dy + A[8] * dz;
}

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
