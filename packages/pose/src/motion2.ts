import { FirstTouchError } from './errors.js';
import { assertPose2, type Pose2, type Pose2Like } from './pose2.js';
import { assertPoints, assertStepInstant } from './validate.js';

/**
 * Wraps an angle into (−π, π].
 *
 * @example
 * ```ts
 * import { wrapAngle } from '@firsttouch/pose';
 * console.log(wrapAngle(-Math.PI) === Math.PI, wrapAngle(3 * Math.PI / 2).toFixed(4)); // true '-1.5708'
 * ```
 */
export function wrapAngle(angle: number): number {
  const TWO_PI = 2 * Math.PI;
  // Moderate angles: subtract whole turns (exact to rounding). Enormous ones: through sin and cos,
  // whose argument reduction is exact, so the wrapped angle is the same rotation.
  let a =
    Math.abs(angle) <= 1e6
      ? angle - TWO_PI * Math.round(angle / TWO_PI)
      : Math.atan2(Math.sin(angle), Math.cos(angle));
  if (a <= -Math.PI) a += TWO_PI;
  else if (a > Math.PI) a -= TWO_PI;
  return a > Math.PI ? Math.PI : a <= -Math.PI ? Math.PI : a;
}

/**
 * The motion of one time step in 2-D: a body point `x` is at `rot(angle0 + s θ) x + t0 + s Δ`,
 * with `θ = angle1 − angle0` wrapped into (−π, π] and `Δ = t1 − t0`. At `s = 0` and `s = 1` the
 * poses are `q0` and `q1` exactly.
 *
 * @example
 * ```ts
 * import { RigidMotion2, pose2 } from '@firsttouch/pose';
 * const m = new RigidMotion2(pose2(0, [0.1, 0.05]), pose2(0, [0.9, 0.05]));
 * console.log(m.poseAt(0.5).t[0].toFixed(2), m.theta); // '0.50' 0
 * ```
 */
export class RigidMotion2 {
  /** The pose at s = 0 (a private copy). */
  readonly q0: Pose2;
  /** The pose at s = 1 (a private copy). */
  readonly q1: Pose2;
  /** The turn over the step, in (−π, π]. */
  readonly theta: number;
  /** The translation over the step, `Δ = t1 − t0`. */
  readonly delta: Float64Array;
  /** `|Δ|`. */
  readonly translationLength: number;
  /** The angle at s = 0, wrapped into (−π, π]. */
  readonly #angle0: number;

  /**
   * @throws {@link FirstTouchError} `INVALID_POSE` when either pose is invalid.
   */
  constructor(q0: Pose2Like, q1: Pose2Like, name: string | readonly [string, string] = 'motion') {
    assertPose2(q0, typeof name === 'string' ? `${name}[0]` : name[0]);
    assertPose2(q1, typeof name === 'string' ? `${name}[1]` : name[1]);
    this.q0 = { angle: q0.angle, t: Float64Array.from(q0.t) };
    this.q1 = { angle: q1.angle, t: Float64Array.from(q1.t) };
    // Wrapped first, so that the turn is that of the two rotations even for enormous angles.
    this.#angle0 = wrapAngle(q0.angle);
    this.theta = wrapAngle(wrapAngle(q1.angle) - this.#angle0);
    this.delta = Float64Array.of(q1.t[0] - q0.t[0], q1.t[1] - q0.t[1]);
    this.translationLength = Math.hypot(this.delta[0], this.delta[1]);
    if (!Number.isFinite(this.translationLength)) {
      throw new FirstTouchError(
        'INVALID_POSE',
        `${typeof name === 'string' ? name : name.join(' to ')}: the translation over the step overflows`,
      );
    }
  }

  /**
   * The pose at `s` (into `out` when given: no allocation).
   *
   * @example
   * ```ts
   * import { RigidMotion2, pose2 } from '@firsttouch/pose';
   * const m = new RigidMotion2(pose2(0), pose2(-Math.PI / 2 * 3)); // wraps to +π/2
   * console.log(m.poseAt(0.5).angle.toFixed(4)); // '0.7854'
   * ```
   */
  poseAt(s: number, out: Pose2 = { angle: 0, t: new Float64Array(2) }): Pose2 {
    if (s === 0 || s === 1) {
      const q = s === 0 ? this.q0 : this.q1;
      out.angle = q.angle;
      out.t[0] = q.t[0];
      out.t[1] = q.t[1];
      return out;
    }
    out.angle = this.#angle0 + s * this.theta;
    out.t[0] = this.q0.t[0] + s * this.delta[0];
    out.t[1] = this.q0.t[1] + s * this.delta[1];
    return out;
  }

  /**
   * The largest ρ = |x| over a flat `uv` array (body frame).
   *
   * @example
   * ```ts
   * import { RigidMotion2, pose2 } from '@firsttouch/pose';
   * console.log(new RigidMotion2(pose2(0), pose2(1)).maxRadius(new Float64Array([3, 4, 1, 0]))); // 5
   * ```
   */
  maxRadius(uv: ArrayLike<number>): number {
    let best = 0;
    for (let i = 0; i + 1 < uv.length; i += 2) {
      const r = Math.hypot(uv[i], uv[i + 1]);
      if (r > best) best = r;
    }
    return best;
  }

  /**
   * The speed bound μ of a vertex set (body frame, flat `uv`): `|Δ| + |θ| max |x|`.
   *
   * @example
   * ```ts
   * import { RigidMotion2, pose2 } from '@firsttouch/pose';
   * const m = new RigidMotion2(pose2(0, [0, 0]), pose2(Math.PI, [3, 4]));
   * console.log(m.bound(new Float64Array([1, 0])).toFixed(6)); // 8.141593
   * ```
   */
  bound(uv: ArrayLike<number>): number {
    return this.translationLength + (this.theta === 0 ? 0 : Math.abs(this.theta) * this.maxRadius(uv));
  }
}

/**
 * The 2-D pose at `s` of the step from `q0` to `q1` (see {@link RigidMotion2}).
 *
 * @throws {@link FirstTouchError} `INVALID_POSE` for an invalid pose, `NON_FINITE` for a non-finite `s`.
 * @example
 * ```ts
 * import { interpolatePose2, pose2 } from '@firsttouch/pose';
 * const q = interpolatePose2(pose2(3), pose2(-3), 0.5); // the short way round, through π
 * console.log(q.angle.toFixed(4)); // '3.1416'
 * ```
 */
export function interpolatePose2(q0: Pose2Like, q1: Pose2Like, s: number, out?: Pose2): Pose2 {
  assertStepInstant(s);
  const q = new RigidMotion2(q0, q1, 'interpolatePose2').poseAt(s, out);
  if (!Number.isFinite(q.angle) || !Number.isFinite(q.t[0]) || !Number.isFinite(q.t[1])) {
    throw new FirstTouchError(
      'NON_FINITE',
      `interpolatePose2: s = ${s} takes the pose out of the finite range`,
    );
  }
  return q;
}

/**
 * The speed bound μ of the vertex set `uv` (body frame, flat) over the 2-D step from `q0` to `q1`.
 *
 * @throws {@link FirstTouchError} `INVALID_POSE` for an invalid pose.
 * @example
 * ```ts
 * import { motionBound2, pose2 } from '@firsttouch/pose';
 * console.log(motionBound2(pose2(0, [0.1, 0]), pose2(0, [0.9, 0]), new Float64Array([0.03, 0])).toFixed(2)); // '0.80'
 * ```
 */
export function motionBound2(q0: Pose2Like, q1: Pose2Like, uv: ArrayLike<number>): number {
  assertPoints(uv, 2, 'uv');
  return new RigidMotion2(q0, q1, 'motionBound2').bound(uv);
}
