import { reduceAngle } from './angle.js';
import { FirstTouchError } from './errors.js';
import { assertFiniteNumber, assertFiniteVector, describeValue, finiteCopy } from './validate.js';

/**
 * A rigid pose in 2-D: a body point `x` is at `rot(angle) x + t`.
 *
 * @example
 * ```ts
 * import { type Pose2, pose2 } from '@firsttouch/pose';
 * const q: Pose2 = pose2(Math.PI / 2, [1, 0]);
 * console.log(q.angle.toFixed(4), Array.from(q.t)); // '1.5708' [1, 0]
 * ```
 */
export interface Pose2 {
  /** Rotation angle, radians, counter-clockwise. */
  angle: number;
  /** Translation. */
  t: Float64Array;
}

/**
 * What the 2-D entry points accept as a pose (any array-like translation of length 2).
 *
 * @example
 * ```ts
 * import type { Pose2Like } from '@firsttouch/pose';
 * const q: Pose2Like = { angle: 0, t: [0.1, 0.03] };
 * ```
 */
export interface Pose2Like {
  readonly angle: number;
  readonly t: ArrayLike<number>;
}

/**
 * Creates a 2-D pose: turn by `angle` (radians, counter-clockwise), then translate.
 *
 * @throws {@link FirstTouchError} `INVALID_POSE` for a non-finite angle or translation.
 * @example
 * ```ts
 * import { pose2, transformPoint2 } from '@firsttouch/pose';
 * const q = pose2(Math.PI / 2, [1, 0]);
 * console.log(Array.from(transformPoint2(q, [1, 0]), (v) => v.toFixed(3))); // ['1.000', '1.000']
 * ```
 */
export function pose2(angle = 0, translation: ArrayLike<number> = [0, 0]): Pose2 {
  assertFiniteNumber(angle, 'angle', 'INVALID_POSE');
  // (the translation read once: what is built is what was checked)
  return { angle, t: finiteCopy(translation, 2, 'translation', 'INVALID_POSE') };
}

/**
 * Validates a 2-D pose (finite angle, 2 finite translation numbers).
 *
 * @throws {@link FirstTouchError} `INVALID_POSE` naming `name`.
 * @example
 * ```ts
 * import { assertPose2 } from '@firsttouch/pose';
 * assertPose2({ angle: 0, t: [0, 0] }, 'pose');
 * ```
 */
export function assertPose2(pose: unknown, name: string): asserts pose is Pose2Like {
  if (typeof pose !== 'object' || pose === null) {
    throw new FirstTouchError(
      'INVALID_POSE',
      `${name} must be a 2-D pose {angle, t}, got ${describeValue(pose)}`,
    );
  }
  const p = pose as { angle?: unknown; t?: unknown };
  assertFiniteNumber(p.angle, `${name}.angle`, 'INVALID_POSE');
  assertFiniteVector(p.t, 2, `${name}.t`, 'INVALID_POSE');
}

/**
 * The 2-D pose read once, checked, and copied into `out` (a fresh pose if none): what is checked is
 * what is kept (its `angle`, `t`, and `t`'s two entries each read once). A caller that checked a
 * pose with `assertPose2` and read it again took a getter's second answer unchecked.
 *
 * @throws {@link FirstTouchError} `INVALID_POSE` naming `name`, as `assertPose2`.
 * @example
 * ```ts
 * import { checkedPose2 } from '@firsttouch/pose';
 * let reads = 0;
 * const flaky = { get angle() { return reads++ === 0 ? 0.5 : Number.NaN; }, t: [1, 2] };
 * const q = checkedPose2(flaky, 'pose');
 * console.log(q.angle, Array.from(q.t), reads); // 0.5 [1, 2] 1
 * ```
 */
export function checkedPose2(
  pose: unknown,
  name: string,
  out: Pose2 = { angle: 0, t: new Float64Array(2) },
): Pose2 {
  if (typeof pose !== 'object' || pose === null) assertPose2(pose, name);
  const angle = (pose as { angle?: unknown }).angle;
  const t = (pose as { t?: unknown }).t;
  if (typeof t !== 'object' || t === null || (t as ArrayLike<unknown>).length !== 2)
    assertPose2({ angle, t }, name);
  const x = (t as ArrayLike<unknown>)[0];
  const y = (t as ArrayLike<unknown>)[1];
  // (the numbers as read: a getter's second answer is what a second read would have taken)
  if (
    typeof angle !== 'number' ||
    typeof x !== 'number' ||
    typeof y !== 'number' ||
    0 * (angle + x + y) !== 0
  )
    assertPose2({ angle, t: [x, y] }, name);
  out.angle = angle as number;
  out.t[0] = x as number;
  out.t[1] = y as number;
  return out;
}

/**
 * The world position of the body point `x` under a 2-D pose. `out` may alias `x`.
 *
 * @example
 * ```ts
 * import { pose2, transformPoint2 } from '@firsttouch/pose';
 * console.log(Array.from(transformPoint2(pose2(0, [1, 2]), [1, 1]))); // [2, 3]
 * ```
 */
export function transformPoint2(
  q: Pose2Like,
  x: ArrayLike<number>,
  out: Float64Array = new Float64Array(2),
): Float64Array {
  const c = Math.cos(q.angle);
  const s = Math.sin(q.angle);
  const x0 = x[0],
    x1 = x[1];
  out[0] = c * x0 - s * x1 + q.t[0];
  out[1] = s * x0 + c * x1 + q.t[1];
  return out;
}

/**
 * The 2-D pose `a ∘ b` (first `b`, then `a`).
 *
 * @example
 * ```ts
 * import { composePose2, pose2 } from '@firsttouch/pose';
 * const q = composePose2(pose2(Math.PI / 2), pose2(0, [1, 0]));
 * console.log(q.t[0].toFixed(3), q.t[1].toFixed(3)); // '0.000' '1.000'
 * ```
 */
export function composePose2(
  a: Pose2Like,
  b: Pose2Like,
  out: Pose2 = { angle: 0, t: new Float64Array(2) },
): Pose2 {
  const c = Math.cos(a.angle);
  const s = Math.sin(a.angle);
  const bx = b.t[0],
    by = b.t[1];
  // Each angle reduced first: 1e17 + 0.3 would lose the 0.3.
  const angle = reduceAngle(a.angle) + reduceAngle(b.angle);
  out.t[0] = c * bx - s * by + a.t[0];
  out.t[1] = s * bx + c * by + a.t[1];
  out.angle = angle;
  return out;
}

/**
 * The inverse 2-D pose.
 *
 * @example
 * ```ts
 * import { composePose2, invertPose2, pose2 } from '@firsttouch/pose';
 * const q = pose2(0.3, [1, 2]);
 * console.log(Math.abs(composePose2(q, invertPose2(q)).t[0]) < 1e-15); // true
 * ```
 */
export function invertPose2(q: Pose2Like, out: Pose2 = { angle: 0, t: new Float64Array(2) }): Pose2 {
  const c = Math.cos(q.angle);
  const s = Math.sin(q.angle);
  const tx = q.t[0],
    ty = q.t[1];
  out.angle = -q.angle;
  out.t[0] = -(c * tx + s * ty);
  out.t[1] = -(-s * tx + c * ty);
  return out;
}
