import { checkedPose3, FirstTouchError, type Pose3Like } from '@firsttouch/pose';
import { Matrix4 } from 'three';
import { assertThreeKind } from './three-kind.js';

/**
 * The `Matrix4` of a pose (`R` row-major, `t`), into `out` when given. Set it as an object's
 * `matrix` (with `matrixAutoUpdate = false`), or `decompose` it into position and quaternion: the
 * object is then drawn where the library computes it, with no trip through Euler angles.
 *
 * @throws `FirstTouchError` `INVALID_POSE` for a pose `assertPose3` refuses (its `R` not a
 *   rotation, a number not finite), `INVALID_OPTION` for an `out` that is not a `Matrix4`.
 * @example
 * ```ts
 * import { poseToMatrix4 } from '@firsttouch/three';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * import { Vector3 } from 'three';
 * const m = poseToMatrix4(poseFromAxisAngle([0, 0, 1], Math.PI / 2, [1, 2, 3]));
 * const p = new Vector3(1, 0, 0).applyMatrix4(m);
 * console.log(p.toArray().map((x) => x.toFixed(6))); // ['1.000000', '3.000000', '3.000000']
 * ```
 */
export function poseToMatrix4(pose: Pose3Like, out: Matrix4 = new Matrix4()): Matrix4 {
  // (a rotation that is not one would draw a scaled or sheared body the queries never see)
  // (read once, checked and copied: a getter's second answer was drawn unchecked)
  const { R, t } = checkedPose3(pose, 'poseToMatrix4: pose');
  assertThreeKind(out, 'isMatrix4', 'poseToMatrix4: out', 'a Matrix4');
  // (the flag and not the class: an object that carries it and not a Matrix4's `set` threw a raw
  // TypeError)
  if (typeof (out as { set?: unknown }).set !== 'function')
    throw new FirstTouchError(
      'INVALID_OPTION',
      'poseToMatrix4: out must be a Matrix4: it has isMatrix4 but no set()',
    );
  return out.set(R[0], R[1], R[2], t[0], R[3], R[4], R[5], t[1], R[6], R[7], R[8], t[2], 0, 0, 0, 1);
}
