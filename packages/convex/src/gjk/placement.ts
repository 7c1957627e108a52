import { assertPose2, assertPose3, type Pose2Like, type Pose3Like } from '@firsttouch/pose';

/**
 * B's placement in A's frame, `R = RAᵀ RB`, `t = RAᵀ (tB − tA)`, the translations subtracted first
 * (bodies far from the origin keep the digits of their relative placement).
 */
export function relative(
  A: ArrayLike<number>,
  tA: ArrayLike<number>,
  B: ArrayLike<number>,
  tB: ArrayLike<number>,
  R: Float64Array,
  t: Float64Array,
): void {
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      R[3 * i + j] = A[i] * B[j] + A[3 + i] * B[3 + j] + A[6 + i] * B[6 + j];
    }
  }
  const dx = tB[0] - tA[0],
    dy = tB[1] - tA[1],
    dz = tB[2] - tA[2];
  t[0] = A[0] * dx + A[3] * dy + A[6] * dz;
  t[1] = A[1] * dx + A[4] * dy + A[7] * dz;
  t[2] = A[2] * dx + A[5] * dy + A[8] * dz;
}

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
 * {@link place} after the pose's checks (`assertPose3` or `assertPose2`, naming `name`).
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
  if (dim === 3) assertPose3(pose, name);
  else assertPose2(pose, name);
  place(dim, pose, R, t);
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
