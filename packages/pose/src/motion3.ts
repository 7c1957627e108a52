import { FirstTouchError } from './errors.js';
import { hypot3 } from './hypot.js';
import { assertPoseOut } from './pose-out.js';
import {
  assertPose3,
  ORTHONORMAL_TOLERANCE,
  type Pose3,
  type Pose3Like,
  rotationFromUnitAxisAngle,
} from './pose3.js';
import { rotationAxisAngle } from './quaternion.js';
import { assertPoints, assertStepInstant } from './validate.js';

/**
 * The motion of one time step in 3-D, precomputed once so that the pose at any `s` costs a few
 * multiplications and no allocation (the advancement loop evaluates it thousands of times).
 *
 * A body point `x` is at `Q(s) R0 x + t0 + s Δ`, where `Q(s)` turns about the fixed unit axis `k`
 * of `R1 R0ᵀ` by `s θ`, `θ ∈ [0, π]`, and `Δ = t1 − t0`. The rotation is about the body-frame
 * origin, which moves on a straight line (not Chasles' screw). At `s = 0` and `s = 1` the poses are
 * `p0` and `p1` exactly. Equal rotations (entry by entry) make no turn: `θ = 0`, `k = (1, 0, 0)`.
 *
 * @example
 * ```ts
 * import { RigidMotion, poseFromAxisAngle } from '@firsttouch/pose';
 * const m = new RigidMotion(
 *   poseFromAxisAngle([0, 1, 0], 0, [-0.6, -0.3, -0.2]),
 *   poseFromAxisAngle([0, 1, 0], Math.PI / 2, [0.6, -0.3, -0.2]),
 * );
 * const half = m.poseAt(0.5);
 * console.log(m.theta.toFixed(4), half.t[0]); // '1.5708' 0
 * ```
 */
export class RigidMotion {
  /** The pose at s = 0 (a private copy). */
  readonly p0: Pose3;
  /** The pose at s = 1 (a private copy). */
  readonly p1: Pose3;
  /** The unit axis `k` of `R1 R0ᵀ` (world frame); `(1, 0, 0)` when `θ = 0`. */
  readonly axis = new Float64Array(3);
  /** The translation over the step, `Δ = t1 − t0`. */
  readonly delta = new Float64Array(3);
  #theta = 0;
  #translationLength = 0;
  readonly #M = new Float64Array(9);
  /** The quaternion of R1 R0ᵀ on the way to its axis and angle (scratch). */
  readonly #q = new Float64Array(4);

  /**
   * @param p0 - the pose at s = 0.
   * @param p1 - the pose at s = 1.
   * @param name - how the caller calls this motion, for error messages (`name[0]`, `name[1]`), or
   *   the names of the two poses.
   * @throws {@link FirstTouchError} `INVALID_POSE` when either pose is invalid.
   */
  constructor(p0: Pose3Like, p1: Pose3Like, name: string | readonly [string, string] = 'motion') {
    this.p0 = { R: new Float64Array(9), t: new Float64Array(3) };
    this.p1 = { R: new Float64Array(9), t: new Float64Array(3) };
    this.reset(p0, p1, name);
  }

  /** The turn over the step, in [0, π]. */
  get theta(): number {
    return this.#theta;
  }

  /** `|Δ|`. */
  get translationLength(): number {
    return this.#translationLength;
  }

  /**
   * Makes this the motion from `p0` to `p1`, in place (what the constructor does): for a caller that
   * keeps one motion object across many steps. Validates first; an invalid pose leaves the motion
   * unusable until the next successful reset.
   *
   * @throws {@link FirstTouchError} `INVALID_POSE` when either pose is invalid.
   * @example
   * ```ts
   * import { RigidMotion, identityPose, poseFromAxisAngle } from '@firsttouch/pose';
   * const m = new RigidMotion(identityPose(), identityPose());
   * m.reset(identityPose(), poseFromAxisAngle([0, 0, 1], 1, [3, 4, 0]));
   * console.log(m.theta.toFixed(6), m.translationLength); // 1.000000 5
   * ```
   */
  reset(p0: Pose3Like, p1: Pose3Like, name: string | readonly [string, string] = 'motion'): void {
    // Each pose's arrays read once, checked, and copied through locals (the turn's product taken
    // on the copies): what was checked is what is kept. A getter that answered the identity to a
    // check and NaN, null or 2I to a second read gave a turn of NaN, a raw TypeError, or a pose of
    // 2I. The common case (Float64Arrays, valid) builds no name of a message.
    this.#take(p0, this.p0, name, 0);
    if (p1 === p0) {
      // A body at rest is often given one pose object for both ends: checked once.
      this.p1.R.set(this.p0.R);
      this.p1.t.set(this.p0.t);
    } else this.#take(p1, this.p1, name, 1);
    this.#crossValid = false;
    const a = this.p1.R;
    const b = this.p0.R;
    if (sameRotation(a, b)) {
      // No turn: R1 R0ᵀ would be the identity but for rounding, which could make θ a few ulps.
      this.axis[0] = 1;
      this.axis[1] = 0;
      this.axis[2] = 0;
      this.#theta = 0;
    } else {
      const M = this.#M; // R1 R0ᵀ
      productWithTranspose(a, b, M);
      this.#theta = rotationAxisAngle(M, this.axis, this.#q);
    }
    const t0 = this.p0.t;
    const t1 = this.p1.t;
    const d = this.delta;
    d[0] = t1[0] - t0[0];
    d[1] = t1[1] - t0[1];
    d[2] = t1[2] - t0[2];
    this.#translationLength = hypot3(d[0], d[1], d[2]);
    if (!Number.isFinite(this.#translationLength)) {
      throw new FirstTouchError(
        'INVALID_POSE',
        `${typeof name === 'string' ? name : name.join(' to ')}: the translation over the step overflows`,
      );
    }
  }

  /** Checks pose `p` (end `end` of the step), reading its arrays once, and copies it into `into`. */
  #take(p: Pose3Like, into: Pose3, name: string | readonly [string, string], end: 0 | 1): void {
    takePose3(p, into, name, end);
  }

  /**
   * Writes the rotation `R(s) = Q(s) R0` (row-major) into `out`.
   *
   * @example
   * ```ts
   * import { RigidMotion, identityPose, poseFromAxisAngle } from '@firsttouch/pose';
   * const m = new RigidMotion(identityPose(), poseFromAxisAngle([0, 0, 1], 1));
   * // R[3] is sin(0.5)
   * console.log(m.rotationAt(0.5, new Float64Array(9))[3].toFixed(6)); // 0.479426
   * ```
   */
  rotationAt(s: number, out: Float64Array): Float64Array {
    // The ends and a motion without turn are copies, written out: \`set\` is a call into the engine,
    // and a shape's query places a body at s = 0 every time (issue #25's turning hull pairs).
    if (s === 0 || s === 1) {
      copyRotation(s === 0 ? this.p0.R : this.p1.R, out);
      return out;
    }
    // No turn: Q(s) is the identity exactly (cos 0 = 1, sin 0 = 0), and Q R0 is R0 bit for bit.
    if (this.#theta === 0) {
      copyRotation(this.p0.R, out);
      return out;
    }
    const k = this.axis;
    const q = rotationFromUnitAxisAngle(out, k[0], k[1], k[2], s * this.theta);
    const q0 = q[0],
      q1 = q[1],
      q2 = q[2],
      q3 = q[3],
      q4 = q[4],
      q5 = q[5],
      q6 = q[6],
      q7 = q[7],
      q8 = q[8];
    const r = this.p0.R;
    for (let j = 0; j < 3; j++) {
      const a = r[j],
        b = r[3 + j],
        c = r[6 + j];
      out[j] = q0 * a + q1 * b + q2 * c;
      out[3 + j] = q3 * a + q4 * b + q5 * c;
      out[6 + j] = q6 * a + q7 * b + q8 * c;
    }
    return out;
  }

  /**
   * Writes the translation `t(s) = t0 + s Δ` into `out`.
   *
   * @example
   * ```ts
   * import { RigidMotion, poseFromAxisAngle } from '@firsttouch/pose';
   * const m = new RigidMotion(poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 0, [2, 0, 0]));
   * console.log(m.translationAt(0.25, new Float64Array(3))[0]); // 0.5
   * ```
   */
  translationAt(s: number, out: Float64Array): Float64Array {
    if (s === 0 || s === 1) {
      const e = s === 0 ? this.p0.t : this.p1.t;
      const x = e[0],
        y = e[1],
        z = e[2];
      out[0] = x;
      out[1] = y;
      out[2] = z;
      return out;
    }
    const t0 = this.p0.t;
    const d = this.delta;
    out[0] = t0[0] + s * d[0];
    out[1] = t0[1] + s * d[1];
    out[2] = t0[2] + s * d[2];
    return out;
  }

  /**
   * The pose at `s` (written into `out` when given: no allocation).
   *
   * @example
   * ```ts
   * import { RigidMotion, identityPose, poseFromAxisAngle } from '@firsttouch/pose';
   * const m = new RigidMotion(identityPose(), poseFromAxisAngle([0, 0, 1], Math.PI, [1, 0, 0]));
   * const out = identityPose();
   * m.poseAt(0.5, out);
   * console.log(out.t[0], out.R[3].toFixed(6)); // 0.5 '1.000000'
   * ```
   */
  poseAt(s: number, out: Pose3 = { R: new Float64Array(9), t: new Float64Array(3) }): Pose3 {
    this.rotationAt(s, out.R);
    this.translationAt(s, out.t);
    return out;
  }

  /**
   * ρ of the body point `(x, y, z)`: the distance of `R0 x` from the axis `k` through the body
   * origin. It does not change over the step, and the point's speed is at most `|Δ| + |θ| ρ`.
   *
   * @example
   * ```ts
   * import { RigidMotion, identityPose, poseFromAxisAngle } from '@firsttouch/pose';
   * const m = new RigidMotion(identityPose(), poseFromAxisAngle([0, 0, 1], 1));
   * console.log(m.radius(3, 4, 7)); // 5
   * ```
   */
  radius(x: number, y: number, z: number): number {
    const R = this.p0.R;
    const wx = R[0] * x + R[1] * y + R[2] * z;
    const wy = R[3] * x + R[4] * y + R[5] * z;
    const wz = R[6] * x + R[7] * y + R[8] * z;
    const k = this.axis;
    // |k × w| rather than |w − (k·w) k|: no cancellation for points near the axis.
    return Math.hypot(k[1] * wz - k[2] * wy, k[2] * wx - k[0] * wz, k[0] * wy - k[1] * wx);
  }

  /**
   * ρ of every point of a flat `xyz` array (body frame), into `out` (one number a point).
   *
   * @example
   * ```ts
   * import { RigidMotion, identityPose, poseFromAxisAngle } from '@firsttouch/pose';
   * const m = new RigidMotion(identityPose(), poseFromAxisAngle([0, 0, 1], 1));
   * console.log(Array.from(m.radii(new Float64Array([1, 0, 5, 0, 2, 0])))); // [1, 2]
   * ```
   */
  radii(
    xyz: ArrayLike<number>,
    out: Float64Array = new Float64Array(Math.floor(xyz.length / 3)),
  ): Float64Array {
    const n = Math.floor(xyz.length / 3);
    // As maxRadius: k × (R0 x) through its matrix and a square root, hypot where squares leave the
    // normal range.
    const M = this.#cross();
    for (let i = 0; i < n; i++) {
      const x = xyz[3 * i],
        y = xyz[3 * i + 1],
        z = xyz[3 * i + 2];
      const u = M[0] * x + M[1] * y + M[2] * z;
      const v = M[3] * x + M[4] * y + M[5] * z;
      const w = M[6] * x + M[7] * y + M[8] * z;
      const r2 = u * u + v * v + w * w;
      out[i] = r2 > 1e-290 && r2 < 1e290 ? Math.sqrt(r2) : this.radius(x, y, z);
    }
    return out;
  }

  /**
   * The largest ρ over a flat `xyz` array (0 when empty; NaN when a point is no number). The points
   * are read as given (a hot path: `motionBound3` checks them).
   *
   * @example
   * ```ts
   * import { RigidMotion, identityPose, poseFromAxisAngle } from '@firsttouch/pose';
   * const m = new RigidMotion(identityPose(), poseFromAxisAngle([0, 0, 1], 1));
   * console.log(m.maxRadius(new Float64Array([1, 0, 5, 0, 2, 0]))); // 2
   * ```
   */
  maxRadius(xyz: ArrayLike<number>): number {
    // Squared radii and one square root: Math.hypot costs tens of nanoseconds a point, and this runs
    // over every vertex of both bodies at each query. Only when the squares leave the normal range
    // (bodies beyond 1e±145) does the loop go again with the overflow-safe hypot.
    const M = this.#cross();
    let best2 = 0;
    // Points that are no number, counted: a comparison drops them, and a bound that leaves a point out
    // is too small (a NaN vertex gave the bound of the others; the caller's points are its own to
    // check, as `motionBound3` does, but a bound must not come out smaller for them).
    let nan = 0;
    for (let i = 0; i + 2 < xyz.length; i += 3) {
      const x = xyz[i],
        y = xyz[i + 1],
        z = xyz[i + 2];
      const u = M[0] * x + M[1] * y + M[2] * z;
      const v = M[3] * x + M[4] * y + M[5] * z;
      const w = M[6] * x + M[7] * y + M[8] * z;
      const r2 = u * u + v * v + w * w;
      if (r2 > best2) best2 = r2;
      nan += +Number.isNaN(r2);
    }
    if (nan > 0) return Number.NaN;
    // Rounding as with hypot: a few ulps of the coordinates, far below any tolerance.
    if (best2 > 1e-290 && best2 < 1e290) return Math.sqrt(best2);
    return this.#maxRadiusSafe(xyz);
  }

  /** The matrix of x ↦ k × (R0 x), row-major (computed once). */
  #cross(): Float64Array {
    const M = this.#crossM;
    if (this.#crossValid) return M;
    const R = this.p0.R;
    const k0 = this.axis[0],
      k1 = this.axis[1],
      k2 = this.axis[2];
    for (let c = 0; c < 3; c++) {
      M[c] = k1 * R[6 + c] - k2 * R[3 + c];
      M[3 + c] = k2 * R[c] - k0 * R[6 + c];
      M[6 + c] = k0 * R[3 + c] - k1 * R[c];
    }
    this.#crossValid = true;
    return M;
  }

  readonly #crossM = new Float64Array(9);
  #crossValid = false;

  #maxRadiusSafe(xyz: ArrayLike<number>): number {
    let best = 0;
    for (let i = 0; i + 2 < xyz.length; i += 3) {
      const r = this.radius(xyz[i], xyz[i + 1], xyz[i + 2]);
      if (r > best) best = r;
    }
    return best;
  }

  /**
   * The speed bound μ of a vertex set (body frame): `|Δ| + θ · max ρ`. No point of the hull of
   * the vertices moves farther than `μ |s2 − s1|` between `s1` and `s2`.
   *
   * @example
   * ```ts
   * import { RigidMotion, poseFromAxisAngle } from '@firsttouch/pose';
   * const m = new RigidMotion(poseFromAxisAngle([0, 1, 0], 0), poseFromAxisAngle([0, 1, 0], Math.PI, [1, 0, 0]));
   * console.log(m.bound(new Float64Array([1, 0, 0])).toFixed(6)); // 4.141593
   * ```
   */
  bound(xyz: ArrayLike<number>): number {
    return this.translationLength + (this.theta === 0 ? 0 : this.theta * this.maxRadius(xyz));
  }
}

/**
 * The pose at `s` of the step from `p0` to `p1` (see {@link RigidMotion} for the motion; build one
 * when evaluating many `s` of the same step).
 *
 * @throws {@link FirstTouchError} `INVALID_POSE` for an invalid pose, `NON_FINITE` for a
 *   non-finite `s`, or one that takes the translation or the turn s·θ past the finite range.
 * @example
 * ```ts
 * import { interpolatePose, poseFromAxisAngle } from '@firsttouch/pose';
 * const p = interpolatePose(poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 1, [2, 0, 0]), 0.5);
 * console.log(p.t[0], p.R[3].toFixed(6)); // 1 '0.479426'
 * ```
 */
export function interpolatePose(p0: Pose3Like, p1: Pose3Like, s: number, out?: Pose3): Pose3 {
  assertStepInstant(s);
  if (out !== undefined) assertPoseOut(out, 3, 'interpolatePose');
  const p = new RigidMotion(p0, p1, 'interpolatePose').poseAt(s, out);
  if (!Number.isFinite(p.t[0]) || !Number.isFinite(p.t[1]) || !Number.isFinite(p.t[2])) {
    throw new FirstTouchError(
      'NON_FINITE',
      `interpolatePose: s = ${s} takes the translation out of the finite range`,
    );
  }
  // (s·θ past the largest double: the turn's sine and cosine are NaN, nine of them in R)
  if (!Number.isFinite(p.R[0] + p.R[4] + p.R[8])) {
    throw new FirstTouchError(
      'NON_FINITE',
      `interpolatePose: s = ${s} takes the turn out of the finite range`,
    );
  }
  return p;
}

/**
 * The speed bound μ of the vertex set `xyz` (body frame, flat) over the step from `p0` to `p1`:
 * `|t1 − t0| + |θ| max ρ`, ρ the distance of `R0 x` from the axis through the body origin.
 *
 * @throws {@link FirstTouchError} `INVALID_POSE` for an invalid pose.
 * @example
 * ```ts
 * import { motionBound3, poseFromAxisAngle } from '@firsttouch/pose';
 * const h = 0.02; // the tutorial's pebble: a cube of side 0.04
 * const corners = new Float64Array(24);
 * for (let i = 0; i < 8; i++) for (let a = 0; a < 3; a++) corners[3 * i + a] = (i >> a) & 1 ? h : -h;
 * const mu = motionBound3(
 *   poseFromAxisAngle([0, 1, 0], 0, [-0.6, -0.3, -0.2]),
 *   poseFromAxisAngle([0, 1, 0], Math.PI / 2, [0.6, -0.3, -0.2]),
 *   corners,
 * );
 * console.log(mu.toFixed(4)); // '1.2444'
 * ```
 */
export function motionBound3(p0: Pose3Like, p1: Pose3Like, xyz: ArrayLike<number>): number {
  assertPoints(xyz, 3, 'xyz');
  return new RigidMotion(p0, p1, 'motionBound3').bound(xyz);
}

/** The 9 numbers of a rotation, written out (a pose's R may be an array or a Float64Array). */
function copyRotation(from: ArrayLike<number>, to: Float64Array): void {
  const r0 = from[0],
    r1 = from[1],
    r2 = from[2],
    r3 = from[3],
    r4 = from[4],
    r5 = from[5],
    r6 = from[6],
    r7 = from[7],
    r8 = from[8];
  to[0] = r0;
  to[1] = r1;
  to[2] = r2;
  to[3] = r3;
  to[4] = r4;
  to[5] = r5;
  to[6] = r6;
  to[7] = r7;
  to[8] = r8;
}

/**
 * `a bᵀ` (row-major 3×3) into `out`, each entry summed left to right (`a[0] b[0] + a[1] b[1] + a[2]
 * b[2]` first): with `a = R1` and `b = R0`, the turn `R1 R0ᵀ` of a step, the matrix whose axis and
 * angle `RigidMotion` (and the broad phase's step data) take, the same to the bit in both.
 *
 * @example
 * ```ts
 * import { poseFromAxisAngle, productWithTranspose, rotationAxisAngle } from '@firsttouch/pose';
 * const R0 = poseFromAxisAngle([0, 0, 1], 0.25).R;
 * const R1 = poseFromAxisAngle([0, 0, 1], 1).R;
 * const M = new Float64Array(9);
 * productWithTranspose(R1, R0, M);
 * console.log(rotationAxisAngle(M, new Float64Array(3)).toFixed(6)); // 0.750000
 * ```
 */
export function productWithTranspose(a: ArrayLike<number>, b: ArrayLike<number>, out: Float64Array): void {
  const a0 = a[0],
    a1 = a[1],
    a2 = a[2],
    a3 = a[3],
    a4 = a[4],
    a5 = a[5],
    a6 = a[6],
    a7 = a[7],
    a8 = a[8];
  const b0 = b[0],
    b1 = b[1],
    b2 = b[2],
    b3 = b[3],
    b4 = b[4],
    b5 = b[5],
    b6 = b[6],
    b7 = b[7],
    b8 = b[8];
  out[0] = a0 * b0 + a1 * b1 + a2 * b2;
  out[1] = a0 * b3 + a1 * b4 + a2 * b5;
  out[2] = a0 * b6 + a1 * b7 + a2 * b8;
  out[3] = a3 * b0 + a4 * b1 + a5 * b2;
  out[4] = a3 * b3 + a4 * b4 + a5 * b5;
  out[5] = a3 * b6 + a4 * b7 + a5 * b8;
  out[6] = a6 * b0 + a7 * b1 + a8 * b2;
  out[7] = a6 * b3 + a7 * b4 + a8 * b5;
  out[8] = a6 * b6 + a7 * b7 + a8 * b8;
}

/**
 * The two rotations (row-major 3×3) are equal, entry by entry: the same turn, bit for bit (what
 * `RigidMotion` and a cast take for a step that does not turn; `0 === -0`, a NaN equals nothing).
 *
 * @example
 * ```ts
 * import { poseFromAxisAngle, sameRotation } from '@firsttouch/pose';
 * const a = poseFromAxisAngle([0, 0, 1], 0.5, [1, 0, 0]);
 * const b = poseFromAxisAngle([0, 0, 1], 0.5, [0, 2, 0]);
 * console.log(sameRotation(a.R, b.R), sameRotation(a.R, poseFromAxisAngle([0, 0, 1], 0.6).R)); // true false
 * ```
 */
export function sameRotation(a: Float64Array, b: Float64Array): boolean {
  return (
    a[0] === b[0] &&
    a[1] === b[1] &&
    a[2] === b[2] &&
    a[3] === b[3] &&
    a[4] === b[4] &&
    a[5] === b[5] &&
    a[6] === b[6] &&
    a[7] === b[7] &&
    a[8] === b[8]
  );
}

/**
 * True only for a pose `assertPose3` accepts, without building a message: `R` 9 finite numbers,
 * orthonormal within {@link ORTHONORMAL_TOLERANCE} and not a reflection, `t` 3 finite numbers
 * (arrays or Float64Arrays). The check for a hot path that reads many poses: call `assertPose3`
 * where this is false, for its message or its answer (false also when in doubt: poses of other
 * typed arrays, which `assertPose3` accepts, and translations whose check overflows). Float64Array
 * poses (every pose the library makes) take the checks written out on locals.
 *
 * @example
 * ```ts
 * import { assertPose3, identityPose, isValidPose3 } from '@firsttouch/pose';
 * const p: unknown = identityPose();
 * if (!isValidPose3(p)) assertPose3(p, 'p'); // throws INVALID_POSE with the reason
 * console.log(isValidPose3(p), isValidPose3({ R: [2, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] })); // true false
 * ```
 */
export function isValidPose3(p: unknown): p is Pose3Like {
  if (typeof p !== 'object' || p === null) return false;
  return validParts3((p as { R?: unknown }).R, (p as { t?: unknown }).t);
}

/** {@link isValidPose3} on a pose's `R` and `t`, read already (each once). */
function validParts3(R: unknown, t: unknown): boolean {
  // Float64Arrays (every pose this library makes) take the unrolled check: each entry is a number.
  if (R instanceof Float64Array && t instanceof Float64Array) {
    return R.length === 9 && t.length === 3 && isRotationPose(R, t);
  }
  if (!(R instanceof Float64Array || Array.isArray(R)) || R.length !== 9) return false;
  if (!(t instanceof Float64Array || Array.isArray(t)) || t.length !== 3) return false;
  for (let i = 0; i < 9; i++) {
    const x = R[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) return false;
  }
  for (let i = 0; i < 3; i++) {
    const x = t[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) return false;
  }
  return isRotationPose(R as ArrayLike<number>, t as ArrayLike<number>);
}

/**
 * Numbers `R` (9) and `t` (3) are finite, `R` orthonormal within `ORTHONORMAL_TOLERANCE` and not a
 * reflection: `assertPose3`'s checks, written out on locals (every query validates four poses).
 */
function isRotationPose(R: ArrayLike<number>, t: ArrayLike<number>): boolean {
  const r0 = R[0],
    r1 = R[1],
    r2 = R[2],
    r3 = R[3],
    r4 = R[4],
    r5 = R[5],
    r6 = R[6],
    r7 = R[7],
    r8 = R[8];
  // 0 times a sum of finite numbers is 0; an infinity or a NaN makes it NaN (a sum that overflows
  // also refuses here, and assertPose3 then judges the pose).
  if (0 * (r0 + r1 + r2 + r3 + r4 + r5 + r6 + r7 + r8 + t[0] + t[1] + t[2]) !== 0) return false;
  const tol = ORTHONORMAL_TOLERANCE;
  return (
    Math.abs(r0 * r0 + r1 * r1 + r2 * r2 - 1) <= tol &&
    Math.abs(r3 * r3 + r4 * r4 + r5 * r5 - 1) <= tol &&
    Math.abs(r6 * r6 + r7 * r7 + r8 * r8 - 1) <= tol &&
    Math.abs(r0 * r3 + r1 * r4 + r2 * r5) <= tol &&
    Math.abs(r0 * r6 + r1 * r7 + r2 * r8) <= tol &&
    Math.abs(r3 * r6 + r4 * r7 + r5 * r8) <= tol &&
    r0 * (r4 * r8 - r5 * r7) - r1 * (r3 * r8 - r5 * r6) + r2 * (r3 * r7 - r4 * r6) >= 0
  );
}

/**
 * The pose read once, checked, and copied into `out` (fresh Float64Arrays if none): what is checked
 * is what is kept. A caller that checked a pose with `assertPose3` and then read it again took a
 * getter's second answer (2I, NaN) unchecked: a compound kept a pose of 2I and missed a contact.
 *
 * @throws {@link FirstTouchError} `INVALID_POSE` naming `name`, as `assertPose3`.
 * @example
 * ```ts
 * import { checkedPose3 } from '@firsttouch/pose';
 * let reads = 0;
 * const flaky = { get R() { return reads++ === 0 ? [1, 0, 0, 0, 1, 0, 0, 0, 1] : [2, 0, 0, 0, 2, 0, 0, 0, 2]; }, t: [1, 2, 3] };
 * const p = checkedPose3(flaky, 'pose');
 * console.log(p.R[0], Array.from(p.t), reads); // 1 [1, 2, 3] 1
 * ```
 */
export function checkedPose3(
  pose: unknown,
  name: string,
  out: Pose3 = { R: new Float64Array(9), t: new Float64Array(3) },
): Pose3 {
  takePose3(pose, out, name, -1);
  return out;
}

/**
 * {@link checkedPose3} for `RigidMotion` too, naming end `end` of a step only when a check fails
 * (−1: `name` as it is).
 */
function takePose3(p: unknown, into: Pose3, name: string | readonly [string, string], end: 0 | 1 | -1): void {
  if (typeof p !== 'object' || p === null) assertPose3(p, endName(name, end));
  const R = (p as { R?: unknown }).R;
  const t = (p as { t?: unknown }).t;
  if (!validParts3(R, t)) assertPose3({ R, t }, endName(name, end));
  const r = R as ArrayLike<number>;
  const u = t as ArrayLike<number>;
  copyRotation(r, into.R);
  into.t[0] = u[0];
  into.t[1] = u[1];
  into.t[2] = u[2];
  // A typed array's entries are what they are; a plain array's may be getters: its copy is checked.
  if (!(R instanceof Float64Array && t instanceof Float64Array) && !validParts3(into.R, into.t))
    assertPose3(into, endName(name, end));
}

/** The name of end `end` of a step named `name` (`motion[0]`, or the name given for that end; −1: `name`). */
function endName(name: string | readonly [string, string], end: 0 | 1 | -1): string {
  if (end < 0) return typeof name === 'string' ? name : name[0];
  return typeof name === 'string' ? `${name}[${end}]` : name[end as 0 | 1];
}
