import { wrapAngle } from './angle.js';
import { FirstTouchError } from './errors.js';
import { assertPoseOut } from './pose-out.js';
import { assertPose2, type Pose2, type Pose2Like } from './pose2.js';
import { assertPoints, assertStepInstant } from './validate.js';

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
  readonly q0: Pose2 = { angle: 0, t: new Float64Array(2) };
  /** The pose at s = 1 (a private copy). */
  readonly q1: Pose2 = { angle: 0, t: new Float64Array(2) };
  /** The translation over the step, `Δ = t1 − t0`. */
  readonly delta: Float64Array = new Float64Array(2);
  #theta = 0;
  #translationLength = 0;
  /** The angle at s = 0, wrapped into (−π, π]. */
  #angle0 = 0;

  /**
   * @throws {@link FirstTouchError} `INVALID_POSE` when either pose is invalid.
   */
  constructor(q0: Pose2Like, q1: Pose2Like, name: string | readonly [string, string] = 'motion') {
    this.reset(q0, q1, name);
  }

  /** The turn over the step, in (−π, π]. */
  get theta(): number {
    return this.#theta;
  }

  /** `|Δ|`. */
  get translationLength(): number {
    return this.#translationLength;
  }

  /**
   * Makes this the motion from `q0` to `q1`, in place (what the constructor does): for a caller that
   * keeps one motion object across many steps. Validates first; an invalid pose leaves the motion
   * unusable until the next successful reset.
   *
   * @throws {@link FirstTouchError} `INVALID_POSE` when either pose is invalid.
   * @example
   * ```ts
   * import { RigidMotion2, pose2 } from '@firsttouch/pose';
   * const m = new RigidMotion2(pose2(0), pose2(0));
   * m.reset(pose2(0, [0, 0]), pose2(1, [3, 4]));
   * console.log(m.theta, m.translationLength); // 1 5
   * ```
   */
  reset(q0: Pose2Like, q1: Pose2Like, name: string | readonly [string, string] = 'motion'): void {
    // The common case (plain valid poses) is checked without building the names of the messages.
    if (!isValidPose2(q0)) assertPose2(q0, typeof name === 'string' ? `${name}[0]` : name[0]);
    if (!isValidPose2(q1)) assertPose2(q1, typeof name === 'string' ? `${name}[1]` : name[1]);
    const a0 = q0.angle;
    const a1 = q1.angle;
    // Each pose's t read once: a getter that answered an array to the check and null now is refused
    // as what it now is (it threw a TypeError here).
    const u0 = q0.t;
    const u1 = q1.t;
    if (typeof u0 !== 'object' || u0 === null)
      assertPose2({ angle: a0, t: u0 }, typeof name === 'string' ? `${name}[0]` : name[0]);
    if (typeof u1 !== 'object' || u1 === null)
      assertPose2({ angle: a1, t: u1 }, typeof name === 'string' ? `${name}[1]` : name[1]);
    const t0 = this.q0.t;
    const t1 = this.q1.t;
    t0[0] = u0[0];
    t0[1] = u0[1];
    t1[0] = u1[0];
    t1[1] = u1[1];
    // What was checked is what is built: the numbers read here are checked again (a getter that
    // answered 0 to the check and NaN to this read gave a motion of NaN, and a broad phase on it
    // answered Separate). Three comparisons a pose.
    if (0 * (a0 + t0[0] + t0[1]) !== 0)
      assertPose2({ angle: a0, t: [t0[0], t0[1]] }, typeof name === 'string' ? `${name}[0]` : name[0]);
    if (0 * (a1 + t1[0] + t1[1]) !== 0)
      assertPose2({ angle: a1, t: [t1[0], t1[1]] }, typeof name === 'string' ? `${name}[1]` : name[1]);
    this.q0.angle = a0;
    this.q1.angle = a1;
    // Wrapped first, so that the turn is that of the two rotations even for enormous angles.
    this.#angle0 = wrapAngle(a0);
    this.#theta = wrapAngle(wrapAngle(a1) - this.#angle0);
    const delta = this.delta;
    delta[0] = t1[0] - t0[0];
    delta[1] = t1[1] - t0[1];
    // Math.hypot, which is slow (a tenth of a 2-D shape query's time on the bench's polygons): kept
    // only where the squares could underflow or overflow; elsewhere the square root of the sum, to
    // the same ulp.
    const dx = delta[0];
    const dy = delta[1];
    const m = Math.abs(dx) + Math.abs(dy);
    this.#translationLength =
      dy === 0
        ? Math.abs(dx)
        : dx === 0
          ? Math.abs(dy)
          : m > 1e-150 && m < 1e150
            ? Math.sqrt(dx * dx + dy * dy)
            : Math.hypot(dx, dy);
    if (!Number.isFinite(this.#translationLength)) {
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
   * The largest ρ = |x| over a flat `uv` array (body frame; NaN when a point is no number, read as
   * given: `motionBound2` checks them).
   *
   * @example
   * ```ts
   * import { RigidMotion2, pose2 } from '@firsttouch/pose';
   * console.log(new RigidMotion2(pose2(0), pose2(1)).maxRadius(new Float64Array([3, 4, 1, 0]))); // 5
   * ```
   */
  maxRadius(uv: ArrayLike<number>): number {
    let best = 0;
    // (points that are no number, counted: see RigidMotion.maxRadius)
    let nan = 0;
    for (let i = 0; i + 1 < uv.length; i += 2) {
      const r = Math.hypot(uv[i], uv[i + 1]);
      if (r > best) best = r;
      nan += +Number.isNaN(r);
    }
    return nan > 0 ? Number.NaN : best;
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

/** What {@link assertPose2} accepts, tested without building a message (false: let it throw). */
function isValidPose2(q: unknown): boolean {
  if (typeof q !== 'object' || q === null) return false;
  const p = q as { angle?: unknown; t?: unknown };
  const angle = p.angle;
  if (typeof angle !== 'number' || !Number.isFinite(angle)) return false;
  const t = p.t;
  if (!(t instanceof Float64Array || Array.isArray(t)) || t.length !== 2) return false;
  const x = t[0];
  const y = t[1];
  return typeof x === 'number' && Number.isFinite(x) && typeof y === 'number' && Number.isFinite(y);
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
  if (out !== undefined) assertPoseOut(out, 2, 'interpolatePose2');
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
