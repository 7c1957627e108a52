import { FirstTouchError } from './errors.js';
import { hypot3, hypot4 } from './hypot.js';
import type { Pose3, Pose3Like } from './pose3.js';
import { finiteCopy, unitVector } from './validate.js';

/**
 * Writes the unit quaternion `[x, y, z, w]` of the rotation `R` (row-major) into `out`, with the
 * sign chosen so that `w ≥ 0`; where `w` is exactly 0 (a half turn whose matrix carries no
 * antisymmetric part), the largest component of `(x, y, z)` is made positive.
 *
 * Shepperd's method: the branch is chosen by the largest of w², x², y², z², so the square root
 * never takes a small, cancelled argument (accurate at the identity and at a half turn alike).
 *
 * @example
 * ```ts
 * import { poseFromAxisAngle, rotationToQuaternion } from '@firsttouch/pose';
 * const q = rotationToQuaternion(poseFromAxisAngle([0, 0, 1], Math.PI / 2).R);
 * console.log(Array.from(q, (v) => v.toFixed(4))); // ['0.0000', '0.0000', '0.7071', '0.7071']
 * ```
 */
export function rotationToQuaternion(
  R: ArrayLike<number>,
  out: Float64Array = new Float64Array(4),
): Float64Array {
  const m00 = R[0],
    m01 = R[1],
    m02 = R[2];
  const m10 = R[3],
    m11 = R[4],
    m12 = R[5];
  const m20 = R[6],
    m21 = R[7],
    m22 = R[8];
  const trace = m00 + m11 + m22;
  let x: number;
  let y: number;
  let z: number;
  let w: number;
  if (trace >= m00 && trace >= m11 && trace >= m22) {
    const r = Math.sqrt(1 + trace);
    const f = 0.5 / r;
    w = 0.5 * r;
    x = (m21 - m12) * f;
    y = (m02 - m20) * f;
    z = (m10 - m01) * f;
  } else if (m00 >= m11 && m00 >= m22) {
    const r = Math.sqrt(1 + m00 - m11 - m22);
    const f = 0.5 / r;
    x = 0.5 * r;
    y = (m01 + m10) * f;
    z = (m02 + m20) * f;
    w = (m21 - m12) * f;
  } else if (m11 >= m22) {
    const r = Math.sqrt(1 - m00 + m11 - m22);
    const f = 0.5 / r;
    y = 0.5 * r;
    x = (m01 + m10) * f;
    z = (m12 + m21) * f;
    w = (m02 - m20) * f;
  } else {
    const r = Math.sqrt(1 - m00 - m11 + m22);
    const f = 0.5 / r;
    z = 0.5 * r;
    x = (m02 + m20) * f;
    y = (m12 + m21) * f;
    w = (m10 - m01) * f;
  }
  let flip = w < 0;
  if (w === 0) {
    // A half turn with no antisymmetric trace: the axis sign is a convention, make it reproducible.
    const ax = Math.abs(x),
      ay = Math.abs(y),
      az = Math.abs(z);
    const big = ax >= ay && ax >= az ? x : ay >= az ? y : z;
    flip = big < 0;
  }
  const n = hypot4(x, y, z, w);
  const g = (flip ? -1 : 1) / n;
  out[0] = x * g;
  out[1] = y * g;
  out[2] = z * g;
  out[3] = w === 0 ? 0 : w * g;
  return out;
}

/**
 * The unit quaternion `[x, y, z, w]` of a pose's rotation (three.js, Rapier and ROS order), `w ≥ 0`.
 *
 * @example
 * ```ts
 * import { poseFromAxisAngle, quaternionOfPose } from '@firsttouch/pose';
 * const [x, y, z, w] = quaternionOfPose(poseFromAxisAngle([1, 0, 0], Math.PI));
 * console.log(x, Math.abs(w) < 1e-15); // 1 true
 * ```
 */
export function quaternionOfPose(p: Pose3Like, out: Float64Array = new Float64Array(4)): Float64Array {
  return rotationToQuaternion(p.R, out);
}

/**
 * Creates a pose from a quaternion `[x, y, z, w]` (three.js, Rapier and ROS order; normalised here)
 * and a translation.
 *
 * @throws {@link FirstTouchError} `INVALID_POSE` for a zero or non-finite quaternion or translation.
 * @example
 * ```ts
 * import { poseFromQuaternion } from '@firsttouch/pose';
 * const s = Math.SQRT1_2;
 * const p = poseFromQuaternion([0, 0, s, s], [1, 2, 3]); // a quarter turn about z
 * console.log(p.R[3].toFixed(6)); // '1.000000'
 * ```
 */
export function poseFromQuaternion(q: ArrayLike<number>, translation: ArrayLike<number> = [0, 0, 0]): Pose3 {
  // (each argument read once: what is built is what was checked)
  const c = finiteCopy(q, 4, 'quaternion', 'INVALID_POSE');
  const t = finiteCopy(translation, 3, 'translation', 'INVALID_POSE');
  const u = new Float64Array(4);
  if (!unitVector(c, u)) {
    throw new FirstTouchError(
      'INVALID_POSE',
      `quaternion must be non-zero and finite, got (${Array.from(c).join(', ')})`,
    );
  }
  const x = u[0],
    y = u[1],
    z = u[2],
    w = u[3];
  const R = new Float64Array(9);
  R[0] = 1 - 2 * (y * y + z * z);
  R[1] = 2 * (x * y - z * w);
  R[2] = 2 * (x * z + y * w);
  R[3] = 2 * (x * y + z * w);
  R[4] = 1 - 2 * (x * x + z * z);
  R[5] = 2 * (y * z - x * w);
  R[6] = 2 * (x * z - y * w);
  R[7] = 2 * (y * z + x * w);
  R[8] = 1 - 2 * (x * x + y * y);
  return { R, t };
}

/**
 * The axis-angle of a rotation: writes the unit axis into `axis` and returns the angle in [0, π].
 * Robust everywhere: near the identity the axis comes from the antisymmetric part of `R`; near and
 * at a half turn from its symmetric part, with the sign taken from the antisymmetric part (so the
 * half turn `poseFromAxisAngle(k, π)` gives `+k`, since `sin π` rounds to +1.2e-16), and only where
 * that part is exactly zero is the largest component made positive. At the identity the axis is
 * `(1, 0, 0)` and the angle 0. `q` is scratch for the quaternion (4 numbers): pass one to call this
 * in a loop without allocating.
 *
 * @example
 * ```ts
 * import { poseFromAxisAngle, rotationAxisAngle } from '@firsttouch/pose';
 * const k = new Float64Array(3);
 * const theta = rotationAxisAngle(poseFromAxisAngle([0, -1, 0], Math.PI).R, k);
 * console.log(theta.toFixed(12), k[1]); // 3.141592653590 -1
 * ```
 */
export function rotationAxisAngle(
  R: ArrayLike<number>,
  axis: Float64Array,
  q: Float64Array = new Float64Array(4),
): number {
  rotationToQuaternion(R, q);
  const x = q[0],
    y = q[1],
    z = q[2],
    w = q[3];
  const v = hypot3(x, y, z);
  if (v === 0) {
    axis[0] = 1;
    axis[1] = 0;
    axis[2] = 0;
    return 0;
  }
  axis[0] = x / v;
  axis[1] = y / v;
  axis[2] = z / v;
  return 2 * Math.atan2(v, w);
}
