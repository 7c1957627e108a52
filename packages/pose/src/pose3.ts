import { FirstTouchError } from './errors.js';
import { assertFiniteNumber, assertFiniteVector, describeValue, finiteCopy, unitVector } from './validate.js';

/**
 * A rigid pose in 3-D: a body point `x` is at `R x + t` in the world. `R` is a proper rotation,
 * row-major (`R[3 * row + col]`); `t` is the translation.
 *
 * @example
 * ```ts
 * import { type Pose3, identityPose } from '@firsttouch/pose';
 * const p: Pose3 = identityPose();
 * console.log(p.R.length, p.t.length); // 9 3
 * ```
 */
export interface Pose3 {
  /** Rotation, row-major 3×3. */
  R: Float64Array;
  /** Translation. */
  t: Float64Array;
}

/**
 * What the entry points accept as a pose: arrays or numeric typed arrays for `R` (9, row-major) and
 * `t` (3), so plain arrays from JSON work too (the type says `ArrayLike`, but an object that only
 * has a `length` and numbered keys is refused). It is validated with {@link assertPose3}.
 *
 * @example
 * ```ts
 * import type { Pose3Like } from '@firsttouch/pose';
 * const p: Pose3Like = { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 1] };
 * ```
 */
export interface Pose3Like {
  readonly R: ArrayLike<number>;
  readonly t: ArrayLike<number>;
}

/**
 * How far from orthonormal (the largest entry of `R Rᵀ − I`) a pose's rotation may be before it is
 * rejected as `INVALID_POSE`.
 *
 * @example
 * ```ts
 * import { ORTHONORMAL_TOLERANCE } from '@firsttouch/pose';
 * console.log(ORTHONORMAL_TOLERANCE); // 1e-9
 * ```
 */
export const ORTHONORMAL_TOLERANCE = 1e-9;

/**
 * Creates the identity pose (no rotation, no translation).
 *
 * @example
 * ```ts
 * import { identityPose } from '@firsttouch/pose';
 * const p = identityPose();
 * console.log(Array.from(p.t)); // [0, 0, 0]
 * ```
 */
export function identityPose(): Pose3 {
  const R = new Float64Array(9);
  R[0] = R[4] = R[8] = 1;
  return { R, t: new Float64Array(3) };
}

/**
 * Writes into `R` (row-major) the rotation about the unit axis `(kx, ky, kz)` by `angle`
 * (right-handed). No validation: the axis must be unit.
 *
 * @example
 * ```ts
 * import { rotationFromUnitAxisAngle } from '@firsttouch/pose';
 * const R = rotationFromUnitAxisAngle(new Float64Array(9), 0, 0, 1, Math.PI / 2);
 * // x goes to y
 * console.log(R[3].toFixed(3)); // '1.000'
 * ```
 */
export function rotationFromUnitAxisAngle(
  R: Float64Array,
  kx: number,
  ky: number,
  kz: number,
  angle: number,
): Float64Array {
  const s = Math.sin(angle);
  // 1 − cos written as 2 sin²(a/2): exact in relative terms for tiny angles.
  const h = Math.sin(0.5 * angle);
  const c1 = 2 * h * h;
  const c = 1 - c1;
  const xy = kx * ky * c1;
  const xz = kx * kz * c1;
  const yz = ky * kz * c1;
  R[0] = c + kx * kx * c1;
  R[1] = xy - kz * s;
  R[2] = xz + ky * s;
  R[3] = xy + kz * s;
  R[4] = c + ky * ky * c1;
  R[5] = yz - kx * s;
  R[6] = xz - ky * s;
  R[7] = yz + kx * s;
  R[8] = c + kz * kz * c1;
  return R;
}

/**
 * Creates the pose that turns about `axis` (normalised here; right-handed) by `angle` radians,
 * then translates by `translation`.
 *
 * @throws {@link FirstTouchError} `INVALID_POSE` for a zero or non-finite axis, a non-finite
 *   angle or translation.
 * @example
 * ```ts
 * import { poseFromAxisAngle, transformPoint } from '@firsttouch/pose';
 * const p = poseFromAxisAngle([0, 1, 0], Math.PI / 2, [0.6, -0.3, -0.2]);
 * console.log(Array.from(transformPoint(p, [1, 0, 0]), (v) => v.toFixed(3))); // ['0.600', '-0.300', '-1.200']
 * ```
 */
export function poseFromAxisAngle(
  axis: ArrayLike<number>,
  angle: number,
  translation: ArrayLike<number> = [0, 0, 0],
): Pose3 {
  // (each argument read once: what is built is what was checked)
  const a = finiteCopy(axis, 3, 'axis', 'INVALID_POSE');
  assertFiniteNumber(angle, 'angle', 'INVALID_POSE');
  const t = finiteCopy(translation, 3, 'translation', 'INVALID_POSE');
  const k = new Float64Array(3);
  if (!unitVector(a, k)) {
    throw new FirstTouchError(
      'INVALID_POSE',
      `axis must be a non-zero finite vector, got (${Array.from(a).join(', ')})`,
    );
  }
  const R = rotationFromUnitAxisAngle(new Float64Array(9), k[0], k[1], k[2], angle);
  return { R, t };
}

/**
 * Validates a pose: `R` 9 finite numbers forming a proper rotation (orthonormal within 1e-9,
 * determinant positive), `t` 3 finite numbers.
 *
 * @param name - how the caller calls this argument, for the message (`'poseA'`, `'motion.b[1]'`).
 * @throws {@link FirstTouchError} `INVALID_POSE` naming `name` and what is wrong.
 * @example
 * ```ts
 * import { assertPose3, identityPose } from '@firsttouch/pose';
 * assertPose3(identityPose(), 'pose');
 * ```
 */
export function assertPose3(pose: unknown, name: string): asserts pose is Pose3Like {
  if (typeof pose !== 'object' || pose === null) {
    throw new FirstTouchError('INVALID_POSE', `${name} must be a pose {R, t}, got ${describeValue(pose)}`);
  }
  const p = pose as { R?: unknown; t?: unknown };
  // (each field read once: a getter answering an array to one read and null to the next threw a
  // TypeError here)
  const R = p.R;
  assertFiniteVector(R, 9, `${name}.R`, 'INVALID_POSE');
  assertFiniteVector(p.t, 3, `${name}.t`, 'INVALID_POSE');
  let worst = 0;
  for (let i = 0; i < 3; i++) {
    for (let j = i; j < 3; j++) {
      const dot = R[3 * i] * R[3 * j] + R[3 * i + 1] * R[3 * j + 1] + R[3 * i + 2] * R[3 * j + 2];
      worst = Math.max(worst, Math.abs(dot - (i === j ? 1 : 0)));
    }
  }
  if (!(worst <= ORTHONORMAL_TOLERANCE)) {
    throw new FirstTouchError(
      'INVALID_POSE',
      `${name}.R is not orthonormal: |R Rᵀ − I| = ${worst.toExponential(3)} > ${ORTHONORMAL_TOLERANCE}`,
    );
  }
  if (det3(R) < 0) {
    throw new FirstTouchError('INVALID_POSE', `${name}.R is a reflection (determinant −1), not a rotation`);
  }
}

function det3(R: ArrayLike<number>): number {
  return (
    R[0] * (R[4] * R[8] - R[5] * R[7]) -
    R[1] * (R[3] * R[8] - R[5] * R[6]) +
    R[2] * (R[3] * R[7] - R[4] * R[6])
  );
}

/**
 * Copies a pose into fresh Float64Arrays (or into `out`).
 *
 * @example
 * ```ts
 * import { copyPose, identityPose } from '@firsttouch/pose';
 * const q = copyPose({ R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [1, 2, 3] });
 * console.log(q.t instanceof Float64Array); // true
 * ```
 */
export function copyPose(
  p: Pose3Like,
  out: Pose3 = { R: new Float64Array(9), t: new Float64Array(3) },
): Pose3 {
  for (let i = 0; i < 9; i++) out.R[i] = p.R[i];
  out.t[0] = p.t[0];
  out.t[1] = p.t[1];
  out.t[2] = p.t[2];
  return out;
}

/**
 * The pose `a ∘ b`: first `b`, then `a` (`x ↦ Ra (Rb x + tb) + ta`). `out` may alias `a` or `b`.
 *
 * @example
 * ```ts
 * import { composePose, poseFromAxisAngle } from '@firsttouch/pose';
 * const quarter = poseFromAxisAngle([0, 0, 1], Math.PI / 2);
 * const half = composePose(quarter, quarter);
 * console.log(half.R[0].toFixed(6)); // '-1.000000'
 * ```
 */
export function composePose(
  a: Pose3Like,
  b: Pose3Like,
  out: Pose3 = { R: new Float64Array(9), t: new Float64Array(3) },
): Pose3 {
  const A = a.R;
  const B = b.R;
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
  const tx = b.t[0],
    ty = b.t[1],
    tz = b.t[2];
  const ax = a.t[0],
    ay = a.t[1],
    az = a.t[2];
  const R = out.R;
  R[0] = a0 * b0 + a1 * b3 + a2 * b6;
  R[1] = a0 * b1 + a1 * b4 + a2 * b7;
  R[2] = a0 * b2 + a1 * b5 + a2 * b8;
  R[3] = a3 * b0 + a4 * b3 + a5 * b6;
  R[4] = a3 * b1 + a4 * b4 + a5 * b7;
  R[5] = a3 * b2 + a4 * b5 + a5 * b8;
  R[6] = a6 * b0 + a7 * b3 + a8 * b6;
  R[7] = a6 * b1 + a7 * b4 + a8 * b7;
  R[8] = a6 * b2 + a7 * b5 + a8 * b8;
  out.t[0] = a0 * tx + a1 * ty + a2 * tz + ax;
  out.t[1] = a3 * tx + a4 * ty + a5 * tz + ay;
  out.t[2] = a6 * tx + a7 * ty + a8 * tz + az;
  return out;
}

/**
 * The inverse pose (`x ↦ Rᵀ (x − t)`). `out` may alias `p`.
 *
 * @example
 * ```ts
 * import { composePose, invertPose, poseFromAxisAngle } from '@firsttouch/pose';
 * const p = poseFromAxisAngle([1, 2, 3], 0.7, [4, 5, 6]);
 * const id = composePose(p, invertPose(p));
 * console.log(Math.abs(id.t[0]) < 1e-12); // true
 * ```
 */
export function invertPose(
  p: Pose3Like,
  out: Pose3 = { R: new Float64Array(9), t: new Float64Array(3) },
): Pose3 {
  const R = p.R;
  const r0 = R[0],
    r1 = R[1],
    r2 = R[2],
    r3 = R[3],
    r4 = R[4],
    r5 = R[5],
    r6 = R[6],
    r7 = R[7],
    r8 = R[8];
  const tx = p.t[0],
    ty = p.t[1],
    tz = p.t[2];
  const O = out.R;
  O[0] = r0;
  O[1] = r3;
  O[2] = r6;
  O[3] = r1;
  O[4] = r4;
  O[5] = r7;
  O[6] = r2;
  O[7] = r5;
  O[8] = r8;
  out.t[0] = -(r0 * tx + r3 * ty + r6 * tz);
  out.t[1] = -(r1 * tx + r4 * ty + r7 * tz);
  out.t[2] = -(r2 * tx + r5 * ty + r8 * tz);
  return out;
}

/**
 * The world position `R x + t` of the body point `x`. `out` may alias `x`.
 *
 * @example
 * ```ts
 * import { poseFromAxisAngle, transformPoint } from '@firsttouch/pose';
 * const p = poseFromAxisAngle([0, 0, 1], Math.PI, [1, 0, 0]);
 * console.log(Array.from(transformPoint(p, [1, 0, 0]), Math.round)); // [0, 0, 0]
 * ```
 */
export function transformPoint(
  p: Pose3Like,
  x: ArrayLike<number>,
  out: Float64Array = new Float64Array(3),
): Float64Array {
  const R = p.R;
  const x0 = x[0],
    x1 = x[1],
    x2 = x[2];
  out[0] = R[0] * x0 + R[1] * x1 + R[2] * x2 + p.t[0];
  out[1] = R[3] * x0 + R[4] * x1 + R[5] * x2 + p.t[1];
  out[2] = R[6] * x0 + R[7] * x1 + R[8] * x2 + p.t[2];
  return out;
}

/**
 * Transforms a whole flat array of points (`x0, y0, z0, x1, ...`) into `out` (same length; may be
 * `xyz` itself).
 *
 * @throws {@link FirstTouchError} `BAD_LENGTH` when the lengths are not equal multiples of 3.
 * @example
 * ```ts
 * import { poseFromAxisAngle, transformPoints } from '@firsttouch/pose';
 * const moved = transformPoints(poseFromAxisAngle([0, 0, 1], 0, [1, 0, 0]), new Float64Array([0, 0, 0, 1, 1, 1]));
 * console.log(Array.from(moved)); // [1, 0, 0, 2, 1, 1]
 * ```
 */
export function transformPoints(
  p: Pose3Like,
  xyz: Float64Array,
  out: Float64Array = new Float64Array(xyz.length),
): Float64Array {
  if (xyz.length % 3 !== 0) {
    throw new FirstTouchError('BAD_LENGTH', `xyz must hold 3 numbers a point, got length ${xyz.length}`);
  }
  if (out.length !== xyz.length) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `out must have the length of xyz (${xyz.length}), got ${out.length}`,
    );
  }
  const R = p.R;
  const r0 = R[0],
    r1 = R[1],
    r2 = R[2],
    r3 = R[3],
    r4 = R[4],
    r5 = R[5],
    r6 = R[6],
    r7 = R[7],
    r8 = R[8];
  const tx = p.t[0],
    ty = p.t[1],
    tz = p.t[2];
  for (let i = 0; i < xyz.length; i += 3) {
    const x = xyz[i],
      y = xyz[i + 1],
      z = xyz[i + 2];
    out[i] = r0 * x + r1 * y + r2 * z + tx;
    out[i + 1] = r3 * x + r4 * y + r5 * z + ty;
    out[i + 2] = r6 * x + r7 * y + r8 * z + tz;
  }
  return out;
}
