import { FirstTouchError } from './errors.js';
import type { Pose3Like } from './pose3.js';

/**
 * Writes into `R`, `t` the pose of B's frame in A's frame, `poseA⁻¹ ∘ poseB`. The translations are
 * subtracted before they are rotated, so bodies far from the origin keep their accuracy (the error
 * stays a few ulps of the gap between the frames, not of the coordinates).
 *
 * @example
 * ```ts
 * import { poseFromAxisAngle, relativeTransform } from '@firsttouch/pose';
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
  // Written out, each entry read once into a local: the nested loops cost a tenth of a GJK call on
  // the turning hull pairs, where this runs at every gap (issue #25). Each entry is the same sum in
  // the same order as Aᵀ B's loops gave, bit for bit.
  const a0 = A[0],
    a1 = A[1],
    a2 = A[2],
    a3 = A[3],
    a4 = A[4],
    a5 = A[5],
    a6 = A[6],
    a7 = A[7],
    a8 = A[8];
  const b0 = B[0],
    b1 = B[1],
    b2 = B[2],
    b3 = B[3],
    b4 = B[4],
    b5 = B[5],
    b6 = B[6],
    b7 = B[7],
    b8 = B[8];
  R[0] = a0 * b0 + a3 * b3 + a6 * b6;
  R[1] = a0 * b1 + a3 * b4 + a6 * b7;
  R[2] = a0 * b2 + a3 * b5 + a6 * b8;
  R[3] = a1 * b0 + a4 * b3 + a7 * b6;
  R[4] = a1 * b1 + a4 * b4 + a7 * b7;
  R[5] = a1 * b2 + a4 * b5 + a7 * b8;
  R[6] = a2 * b0 + a5 * b3 + a8 * b6;
  R[7] = a2 * b1 + a5 * b4 + a8 * b7;
  R[8] = a2 * b2 + a5 * b5 + a8 * b8;
  t[0] = a0 * dx + a3 * dy + a6 * dz;
  t[1] = a1 * dx + a4 * dy + a7 * dz;
  t[2] = a2 * dx + a5 * dy + a8 * dz;
}

/**
 * Checks a relative translation (`t` of {@link relativeTransform}, 2 or 3 numbers) for overflow:
 * two finite poses farther apart than float64 holds (±1e308 each) give +∞ or NaN there, and a
 * distance query then answered +∞ or NaN as if it were a gap.
 *
 * @param where - the caller's name, for the message.
 * @throws {@link FirstTouchError} `INVALID_POSE`: the poses' translations are too far apart.
 * @example
 * ```ts
 * import { assertApartWithinRange, identityPose, relativeTransform } from '@firsttouch/pose';
 * const R = new Float64Array(9), t = new Float64Array(3);
 * relativeTransform(identityPose(), { R: identityPose().R, t: [1e308, 0, 0] }, R, t);
 * assertApartWithinRange(t, 'distance'); // fine: 1e308 apart
 * relativeTransform({ R: identityPose().R, t: [-1e308, 0, 0] }, { R: identityPose().R, t: [1e308, 0, 0] }, R, t);
 * try {
 *   assertApartWithinRange(t, 'distance');
 * } catch (e) {
 *   console.log((e as Error).message); // distance: poseA and poseB lie farther apart than float64 holds (their translations' difference overflows)
 * }
 * ```
 */
export function assertApartWithinRange(t: ArrayLike<number>, where: string): void {
  let sum = 0;
  for (let i = 0; i < t.length; i++) sum += 0 * t[i];
  if (sum !== 0)
    throw new FirstTouchError(
      'INVALID_POSE',
      `${where}: poseA and poseB lie farther apart than float64 holds (their translations' difference overflows)`,
    );
}
