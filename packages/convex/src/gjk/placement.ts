import {
  checkedPose2,
  checkedPose3,
  ORTHONORMAL_TOLERANCE,
  type Pose2Like,
  type Pose3Like,
} from '@firsttouch/pose';

/** A pose's rotation and translation as 3×3 and 3 numbers into `R` and `t`. */
export function world3(pose: Pose3Like, R: Float64Array, t: Float64Array): void {
  for (let i = 0; i < 9; i++) R[i] = pose.R[i];
  t[0] = pose.t[0];
  t[1] = pose.t[1];
  t[2] = pose.t[2];
}

/** A 2-D pose as the rotation about z and the translation in z = 0. */
export function world2(pose: Pose2Like, R: Float64Array, t: Float64Array): void {
  rotationZ(Math.cos(pose.angle), Math.sin(pose.angle), R);
  t[0] = pose.t[0];
  t[1] = pose.t[1];
  t[2] = 0;
}

/** The rotation about z of cosine `c` and sine `s`, row-major. */
export function rotationZ(c: number, s: number, R: Float64Array): void {
  R[0] = c;
  R[1] = -s;
  R[2] = 0;
  R[3] = s;
  R[4] = c;
  R[5] = 0;
  R[6] = 0;
  R[7] = 0;
  R[8] = 1;
}

/** A pose of `dim` dimensions (a Pose3Like, or a Pose2Like turned into the plane z = 0) into `R`, `t`. */
export function place(dim: 2 | 3, pose: unknown, R: Float64Array, t: Float64Array): void {
  if (dim === 3) world3(pose as Pose3Like, R, t);
  else world2(pose as Pose2Like, R, t);
}

/**
 * {@link place} after the pose's checks (`checkedPose3` or `checkedPose2`, naming `name`: the pose
 * read once, and what was checked placed).
 *
 * @throws `FirstTouchError` `INVALID_POSE`.
 */
export function placeChecked(
  dim: 2 | 3,
  pose: unknown,
  name: string,
  R: Float64Array,
  t: Float64Array,
): void {
  // (each pose read once, checked and copied: placed from a second read, a getter's second answer,
  // 2I or NaN, was taken unchecked)
  if (dim === 3) {
    if (placeValid3(pose, R, t)) return;
    checkedPose3(pose, name, { R, t });
  } else place(2, checkedPose2(pose, name), R, t);
}

/**
 * The common case of {@link placeChecked} in 3-D, without building a message: a pose whose `R` and
 * `t` are Float64Arrays (every number a number) copied into `R`, `t` and checked there as
 * `assertPose3` checks (finite, orthonormal within `ORTHONORMAL_TOLERANCE`, no reflection). False
 * for anything else, which the caller hands to `checkedPose3` (its message, or its checked copy).
 */
function placeValid3(pose: unknown, R: Float64Array, t: Float64Array): boolean {
  if (typeof pose !== 'object' || pose === null) return false;
  const pR = (pose as { R?: unknown }).R;
  const pt = (pose as { t?: unknown }).t;
  if (!(pR instanceof Float64Array && pR.length === 9 && pt instanceof Float64Array && pt.length === 3)) {
    return false;
  }
  const r0 = pR[0],
    r1 = pR[1],
    r2 = pR[2],
    r3 = pR[3],
    r4 = pR[4],
    r5 = pR[5],
    r6 = pR[6],
    r7 = pR[7],
    r8 = pR[8];
  const t0 = pt[0],
    t1 = pt[1],
    t2 = pt[2];
  // 0 times a sum of finite numbers is 0; an infinity or a NaN makes it NaN.
  if (0 * (r0 + r1 + r2 + r3 + r4 + r5 + r6 + r7 + r8 + t0 + t1 + t2) !== 0) return false;
  const tol = ORTHONORMAL_TOLERANCE;
  if (
    !(
      Math.abs(r0 * r0 + r1 * r1 + r2 * r2 - 1) <= tol &&
      Math.abs(r3 * r3 + r4 * r4 + r5 * r5 - 1) <= tol &&
      Math.abs(r6 * r6 + r7 * r7 + r8 * r8 - 1) <= tol &&
      Math.abs(r0 * r3 + r1 * r4 + r2 * r5) <= tol &&
      Math.abs(r0 * r6 + r1 * r7 + r2 * r8) <= tol &&
      Math.abs(r3 * r6 + r4 * r7 + r5 * r8) <= tol &&
      r0 * (r4 * r8 - r5 * r7) - r1 * (r3 * r8 - r5 * r6) + r2 * (r3 * r7 - r4 * r6) >= 0
    )
  ) {
    return false;
  }
  R[0] = r0;
  R[1] = r1;
  R[2] = r2;
  R[3] = r3;
  R[4] = r4;
  R[5] = r5;
  R[6] = r6;
  R[7] = r7;
  R[8] = r8;
  t[0] = t0;
  t[1] = t1;
  t[2] = t2;
  return true;
}

/** `R p + t` into `out` (which may be `p`). */
export function transform(R: Float64Array, t: Float64Array, p: Float64Array, out: Float64Array): void {
  const x = p[0],
    y = p[1],
    z = p[2];
  out[0] = R[0] * x + R[1] * y + R[2] * z + t[0];
  out[1] = R[3] * x + R[4] * y + R[5] * z + t[1];
  out[2] = R[6] * x + R[7] * y + R[8] * z + t[2];
}

/** `R d` into `out` (which may be `d`). */
export function rotate(R: Float64Array, d: Float64Array, out: Float64Array): void {
  const x = d[0],
    y = d[1],
    z = d[2];
  out[0] = R[0] * x + R[1] * y + R[2] * z;
  out[1] = R[3] * x + R[4] * y + R[5] * z;
  out[2] = R[6] * x + R[7] * y + R[8] * z;
}
