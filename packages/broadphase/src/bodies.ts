import { isShape2, isShape3, type Shape } from '@firsttouch/convex';
import { Compound, Compound2, Curve, distinctPoints, Surface } from '@firsttouch/mesh';
import {
  assertPose3,
  describeValue,
  FirstTouchError,
  isArrayLike,
  ORTHONORMAL_TOLERANCE,
  type Pose2Like,
  type Pose3Like,
  RigidMotion,
  RigidMotion2,
  rotationAxisAngle,
} from '@firsttouch/pose';

/**
 * What the broad phase knows of each body over the step: its box at s = 0 (`dim` mins then `dim`
 * maxes a body), its translation, how far its spin can carry a point (`2 ρ sin(θ/2)`, the longest
 * chord of the turn), and its speed bound μ; for the time windows and the pair bounds also where its
 * origin starts, the radius of the ball about its origin that holds it (the origin moves on a
 * straight line, so that ball, carried along, holds the body at every s), its largest ρ and its turn
 * θ (the chord of a turn by hθ is `2 ρ sin(hθ/2)`), and the magnitude of its numbers (for the
 * rounding slack).
 */
export interface StepBodies {
  dim: 2 | 3;
  count: number;
  box0: Float64Array;
  delta: Float64Array;
  spin: Float64Array;
  mu: Float64Array;
  /** Where each body's origin is at s = 0 (`dim` numbers a body). */
  origin: Float64Array;
  /** The radius of the ball about each body's origin that holds its vertices. */
  radius: Float64Array;
  /** The largest distance of a vertex from the turning axis (2-D: from the origin). */
  rho: Float64Array;
  /** The turn over the step, |θ| ∈ [0, π]. */
  theta: Float64Array;
  /** A magnitude of each body's coordinates and moves (for the rounding slack of the bounds). */
  scale: Float64Array;
  /**
   * 3-D: writes body i's oriented box at s = 0 into `out` (15 numbers): its rotation (row-major),
   * the centre of its box in its own frame, placed (world), and the box's half-extents.
   */
  orientedBox?: (i: number, out: Float64Array) => void;
  /** The largest bounding-box diagonal of the bodies (body frames). */
  largestDiagonal: number;
}

function emptyStep<D extends 2 | 3>(dim: D, n: number): StepBodies & { dim: D } {
  return {
    dim,
    count: n,
    box0: new Float64Array(2 * dim * n),
    delta: new Float64Array(dim * n),
    spin: new Float64Array(n),
    mu: new Float64Array(n),
    origin: new Float64Array(dim * n),
    radius: new Float64Array(n),
    rho: new Float64Array(n),
    theta: new Float64Array(n),
    scale: new Float64Array(n),
    largestDiagonal: 0,
  };
}

/** The largest distance of a vertex from the origin (body frame), a hair over, so it holds them all. */
function ballRadius(v: Float64Array, dim: number): number {
  let r2 = 0;
  for (let k = 0; k < v.length; k += dim) {
    let q = 0;
    for (let a = 0; a < dim; a++) q += v[k + a] * v[k + a];
    if (q > r2) r2 = q;
  }
  return Math.sqrt(r2) * (1 + 1e-12);
}

/** Fills in the magnitude of body i's numbers (after box0, delta, origin, radius and spin). */
function fillScale(out: StepBodies, i: number): void {
  const { dim } = out;
  let m = out.radius[i] + out.spin[i];
  for (let a = 0; a < 2 * dim; a++) m = Math.max(m, Math.abs(out.box0[2 * dim * i + a]));
  for (let a = 0; a < dim; a++) {
    m += Math.abs(out.delta[dim * i + a]);
    m = Math.max(m, Math.abs(out.origin[dim * i + a]));
  }
  out.scale[i] = m + out.radius[i];
}

/** Checks the arrays of a many-body call: the same length, bodies of the right kind. */
export function checkArrays(
  bodies: unknown,
  poses0: unknown,
  poses1: unknown,
  kind: 'Surface' | 'Curve',
): void {
  if (!Array.isArray(bodies))
    throw new FirstTouchError(
      'INVALID_OPTION',
      `bodies must be an array of ${kind}s, got ${describeValue(bodies)}`,
    );
  if (!isArrayLike(poses0) || !isArrayLike(poses1))
    throw new FirstTouchError('BAD_LENGTH', 'poses0 and poses1 must be arrays of poses');
  if (poses0.length !== bodies.length || poses1.length !== bodies.length) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `bodies, poses0 and poses1 must have the same length, got ${bodies.length}, ${poses0.length}, ${poses1.length}`,
    );
  }
  const ok =
    kind === 'Surface'
      ? (b: unknown) => Surface.isSurface(b) || isShape3(b) || Compound.isCompound(b)
      : (b: unknown) => Curve.isCurve(b) || isShape2(b) || Compound2.isCompound2(b);
  const what =
    kind === 'Surface' ? 'a Surface, a 3-D shape or a compound' : 'a Curve, a 2-D shape or a compound2';
  bodies.forEach((b, i) => {
    if (!ok(b))
      throw new FirstTouchError('INVALID_OPTION', `bodies[${i}] must be ${what}, got ${describeValue(b)}`);
  });
}

/**
 * True when `p` is a pose that `assertPose3` accepts, checked with the same arithmetic and without
 * allocating; false when in doubt (the caller then lets `assertPose3` decide and word the error).
 * For callers that check many poses a step (`@firsttouch/world`'s targets).
 *
 * @example
 * ```ts
 * import { plainPose3 } from '@firsttouch/broadphase/internal';
 * import { assertPose3, identityPose } from '@firsttouch/pose';
 * const p: unknown = identityPose();
 * if (!plainPose3(p)) assertPose3(p, 'p'); // throws INVALID_POSE with the reason
 * console.log(plainPose3(p), plainPose3({ R: [2, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] })); // true false
 * ```
 */
export function plainPose3(p: unknown): p is Pose3Like {
  if (typeof p !== 'object' || p === null) return false;
  const R = (p as { R?: unknown }).R;
  const t = (p as { t?: unknown }).t;
  if (R instanceof Float64Array && t instanceof Float64Array) {
    if (R.length !== 9 || t.length !== 3) return false;
    // x − x is 0 exactly for the finite numbers
    for (let k = 0; k < 9; k++) if (R[k] - R[k] !== 0) return false;
    if (t[0] - t[0] !== 0 || t[1] - t[1] !== 0 || t[2] - t[2] !== 0) return false;
    return properRotation(R);
  }
  if (!Array.isArray(R) || !Array.isArray(t) || R.length !== 9 || t.length !== 3) return false;
  for (let k = 0; k < 9; k++) if (typeof R[k] !== 'number' || !Number.isFinite(R[k])) return false;
  for (let k = 0; k < 3; k++) if (typeof t[k] !== 'number' || !Number.isFinite(t[k])) return false;
  return properRotation(R);
}

/** `assertPose3`'s test of the rotation: orthonormal within the tolerance, no reflection. */
function properRotation(R: ArrayLike<number>): boolean {
  let worst = 0;
  for (let i = 0; i < 3; i++) {
    for (let j = i; j < 3; j++) {
      const dot = R[3 * i] * R[3 * j] + R[3 * i + 1] * R[3 * j + 1] + R[3 * i + 2] * R[3 * j + 2];
      worst = Math.max(worst, Math.abs(dot - (i === j ? 1 : 0)));
    }
  }
  if (!(worst <= ORTHONORMAL_TOLERANCE)) return false;
  const det =
    R[0] * (R[4] * R[8] - R[5] * R[7]) -
    R[1] * (R[3] * R[8] - R[5] * R[6]) +
    R[2] * (R[3] * R[7] - R[4] * R[6]);
  return !(det < 0);
}

/** What the broad phase keeps of a surface (once a call, shared by the bodies that use it). */
interface SurfaceShape {
  /** Points whose hull holds the surface: its distinct vertices, or its box's corners when fewer. */
  points: Float64Array;
  radius: number;
  diagonal: number;
  /** The centre and the half-extents of its box (body frame). */
  cx: number;
  cy: number;
  cz: number;
  ex: number;
  ey: number;
  ez: number;
}

function surfaceShape(s: Surface | Shape<3> | Compound): SurfaceShape {
  const bounds = s.bounds();
  // A convex shape (or a compound) is held by its box: its corners stand for its vertices (ρ and the
  // box at s = 0 are then bounds over the body, as the hull of the corners holds it).
  const v = Surface.isSurface(s) ? s.distinctVertices() : boxCorners(bounds.min, bounds.max);
  const lo = bounds.min;
  const hi = bounds.max;
  let points = v;
  if (v.length > 24) {
    // the box's corners hold the vertices' hull: the box at s = 0 and ρ at 8 points, not all
    points = new Float64Array(24);
    for (let c = 0; c < 8; c++) {
      points[3 * c] = c & 1 ? hi[0] : lo[0];
      points[3 * c + 1] = c & 2 ? hi[1] : lo[1];
      points[3 * c + 2] = c & 4 ? hi[2] : lo[2];
    }
  }
  return {
    points,
    radius: Surface.isSurface(s) ? ballRadius(v, 3) : s.reach,
    diagonal: bounds.diagonal,
    cx: 0.5 * lo[0] + 0.5 * hi[0],
    cy: 0.5 * lo[1] + 0.5 * hi[1],
    cz: 0.5 * lo[2] + 0.5 * hi[2],
    // half-extents a hair over, so the box holds the vertices whatever the rounding of the centre
    ex: 0.5 * (hi[0] - lo[0]) * (1 + 1e-12),
    ey: 0.5 * (hi[1] - lo[1]) * (1 + 1e-12),
    ez: 0.5 * (hi[2] - lo[2]) * (1 + 1e-12),
  };
}

/** The 8 corners of the box [lo, hi] (x y z each). */
function boxCorners(lo: ArrayLike<number>, hi: ArrayLike<number>): Float64Array {
  const points = new Float64Array(24);
  for (let c = 0; c < 8; c++) {
    points[3 * c] = c & 1 ? hi[0] : lo[0];
    points[3 * c + 1] = c & 2 ? hi[1] : lo[1];
    points[3 * c + 2] = c & 4 ? hi[2] : lo[2];
  }
  return points;
}

/**
 * The step data of surfaces (or convex shapes) moving from poses0 to poses1. Validates the poses as {@link RigidMotion}
 * does (same errors), and takes its turn θ and axis the same way, without building one a body: the
 * pairs that run a time of impact build theirs.
 *
 * @example
 * ```ts
 * import { stepBodies3 } from '@firsttouch/broadphase/internal';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const step = stepBodies3([box(1), box(1)], [at(0), at(3)], [at(1), at(3)]);
 * console.log(step.count, Array.from(step.delta.subarray(0, 3)), step.mu[1]); // 2 [1, 0, 0] 0
 * ```
 */
export function stepBodies3(
  bodies: readonly (Surface | Shape<3> | Compound)[],
  poses0: readonly Pose3Like[],
  poses1: readonly Pose3Like[],
): StepBodies {
  const n = bodies.length;
  const out = emptyStep(3, n);
  // Each body's rotation at s = 0 and shape, written as the bodies are read: the pair bounds read
  // them from here, not through the pose objects (at 10⁵ bodies, each pointer followed at random is
  // a cache miss); the centre of the oriented box is placed from them and the origin when asked.
  const rotations = new Float64Array(9 * n);
  const shapeIndex = new Uint32Array(n);
  const shapeList: SurfaceShape[] = [];
  out.orientedBox = (i, o) => {
    const f = 9 * i;
    for (let a = 0; a < 9; a++) o[a] = rotations[f + a];
    const sh = shapeList[shapeIndex[i]];
    const t = out.origin;
    for (let a = 0; a < 3; a++)
      o[9 + a] = o[3 * a] * sh.cx + o[3 * a + 1] * sh.cy + o[3 * a + 2] * sh.cz + t[3 * i + a];
    o[12] = sh.ex;
    o[13] = sh.ey;
    o[14] = sh.ez;
  };
  const { box0, delta, origin } = out;
  // each body's place in shapeList
  const shapes = new Map<Surface | Shape<3> | Compound, number>();
  let last: Surface | Shape<3> | Compound | null = null;
  let shape: SurfaceShape | null = null;
  let shapeAt = 0;
  // R1 R0ᵀ, its axis and its quaternion, for each body in turn.
  const M = new Float64Array(9);
  const k = new Float64Array(3);
  const q = new Float64Array(4);
  for (let i = 0; i < n; i++) {
    const s = bodies[i];
    if (Surface.isSurface(s) && s.facetCount === 0) s.assertNotEmpty(`bodies[${i}]`);
    const p0 = poses0[i];
    const p1 = poses1[i];
    if (!plainPose3(p0)) assertPose3(p0, `poses0[${i}]`);
    if (!plainPose3(p1)) assertPose3(p1, `poses1[${i}]`);
    if (s !== last || shape === null) {
      last = s;
      const known = shapes.get(s);
      if (known === undefined) {
        shapeAt = shapeList.length;
        shapeList.push(surfaceShape(s));
        shapes.set(s, shapeAt);
      } else shapeAt = known;
      shape = shapeList[shapeAt];
    }
    if (shape.diagonal > out.largestDiagonal) out.largestDiagonal = shape.diagonal;
    const v = shape.points;
    const R = p0.R;
    const t = p0.t;
    const Q = p1.R;
    // R1 R0ᵀ, then its axis and angle, as RigidMotion takes them
    for (let a = 0; a < 3; a++) {
      for (let c = 0; c < 3; c++) {
        M[3 * a + c] = Q[3 * a] * R[3 * c] + Q[3 * a + 1] * R[3 * c + 1] + Q[3 * a + 2] * R[3 * c + 2];
      }
    }
    const theta = rotationAxisAngle(M, k, q);
    const dx = p1.t[0] - t[0],
      dy = p1.t[1] - t[1],
      dz = p1.t[2] - t[2];
    let length = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (!(length < Number.POSITIVE_INFINITY)) {
      length = Math.hypot(dx, dy, dz);
      // RigidMotion throws its INVALID_POSE for a translation that overflows
      if (!Number.isFinite(length)) new RigidMotion(p0, p1, [`poses0[${i}]`, `poses1[${i}]`]);
    }
    const r0 = R[0],
      r1 = R[1],
      r2 = R[2],
      r3 = R[3],
      r4 = R[4],
      r5 = R[5],
      r6 = R[6],
      r7 = R[7],
      r8 = R[8];
    const t0 = t[0],
      t1 = t[1],
      t2 = t[2];
    const k0 = k[0],
      k1 = k[1],
      k2 = k[2];
    let lx = Number.POSITIVE_INFINITY,
      ly = Number.POSITIVE_INFINITY,
      lz = Number.POSITIVE_INFINITY;
    let hx = Number.NEGATIVE_INFINITY,
      hy = Number.NEGATIVE_INFINITY,
      hz = Number.NEGATIVE_INFINITY;
    let rho2 = 0;
    for (let q = 0; q < v.length; q += 3) {
      const x = v[q],
        y = v[q + 1],
        z = v[q + 2];
      // R0 x, then its distance from the axis k through the origin: |k × R0 x|
      const wx = r0 * x + r1 * y + r2 * z;
      const wy = r3 * x + r4 * y + r5 * z;
      const wz = r6 * x + r7 * y + r8 * z;
      const cx = k1 * wz - k2 * wy,
        cy = k2 * wx - k0 * wz,
        cz = k0 * wy - k1 * wx;
      const c2 = cx * cx + cy * cy + cz * cz;
      if (c2 > rho2) rho2 = c2;
      const px = wx + t0,
        py = wy + t1,
        pz = wz + t2;
      if (px < lx) lx = px;
      if (px > hx) hx = px;
      if (py < ly) ly = py;
      if (py > hy) hy = py;
      if (pz < lz) lz = pz;
      if (pz > hz) hz = pz;
    }
    // a hair over the largest ρ and |Δ| (and so over μ): the bounds stay bounds whatever the rounding
    const rho = Math.sqrt(rho2) * (1 + 1e-12);
    length *= 1 + 1e-12;
    const o = 6 * i;
    box0[o] = lx;
    box0[o + 1] = ly;
    box0[o + 2] = lz;
    box0[o + 3] = hx;
    box0[o + 4] = hy;
    box0[o + 5] = hz;
    out.rho[i] = rho;
    out.theta[i] = theta;
    out.mu[i] = length + theta * rho;
    out.spin[i] = 2 * rho * Math.sin(0.5 * theta);
    out.radius[i] = shape.radius;
    const f = 9 * i;
    rotations[f] = r0;
    rotations[f + 1] = r1;
    rotations[f + 2] = r2;
    rotations[f + 3] = r3;
    rotations[f + 4] = r4;
    rotations[f + 5] = r5;
    rotations[f + 6] = r6;
    rotations[f + 7] = r7;
    rotations[f + 8] = r8;
    shapeIndex[i] = shapeAt;
    delta[3 * i] = dx;
    delta[3 * i + 1] = dy;
    delta[3 * i + 2] = dz;
    origin[3 * i] = t0;
    origin[3 * i + 1] = t1;
    origin[3 * i + 2] = t2;
    fillScale(out, i);
  }
  return out;
}

/**
 * The step data of curves (or 2-D shapes, or 2-D compounds) moving from poses0 to poses1 (validates
 * the poses). A shape or a compound is held by its box: its 4 corners stand for its points, its reach
 * is its ball's radius.
 *
 * @example
 * ```ts
 * import { stepBodies2 } from '@firsttouch/broadphase/internal';
 * import { disc } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const step = stepBodies2([disc(1, 16)], [pose2(0, [0, 0])], [pose2(0, [2, 0])]);
 * console.log(step.count, Array.from(step.delta)); // 1 [2, 0]
 * ```
 */
export function stepBodies2(
  bodies: readonly (Curve | Shape<2> | Compound2)[],
  poses0: readonly Pose2Like[],
  poses1: readonly Pose2Like[],
): StepBodies {
  const n = bodies.length;
  const out = emptyStep(2, n);
  const cache = new Map<object, Float64Array>();
  const radii = new Map<object, number>();
  for (let i = 0; i < n; i++) {
    const c = bodies[i];
    const curve = Curve.isCurve(c);
    if (curve) c.assertNotEmpty(`bodies[${i}]`);
    const m = new RigidMotion2(poses0[i], poses1[i], [`poses0[${i}]`, `poses1[${i}]`]);
    // shared curves are welded once a call
    let v = cache.get(c);
    if (v === undefined) {
      v = curve ? distinctPoints(c.positions, 2) : rectangleCorners(c.bounds());
      cache.set(c, v);
    }
    const diag = c.bounds().diagonal;
    if (diag > out.largestDiagonal) out.largestDiagonal = diag;
    let radius = radii.get(c);
    if (radius === undefined) {
      radius = curve ? ballRadius(v, 2) : c.reach;
      radii.set(c, radius);
    }
    // in 2-D a point turns about the origin: its ρ is its distance from it
    const rho = radius;
    const theta = Math.abs(m.theta);
    out.rho[i] = rho;
    out.theta[i] = theta;
    out.radius[i] = radius;
    out.mu[i] = m.translationLength + theta * rho;
    out.spin[i] = 2 * rho * Math.sin(0.5 * theta);
    out.delta[2 * i] = m.delta[0];
    out.delta[2 * i + 1] = m.delta[1];
    out.origin[2 * i] = m.q0.t[0];
    out.origin[2 * i + 1] = m.q0.t[1];
    const cs = Math.cos(m.q0.angle);
    const sn = Math.sin(m.q0.angle);
    const o = 4 * i;
    out.box0[o] = out.box0[o + 1] = Number.POSITIVE_INFINITY;
    out.box0[o + 2] = out.box0[o + 3] = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < v.length; k += 2) {
      const u = cs * v[k] - sn * v[k + 1] + m.q0.t[0];
      const w = sn * v[k] + cs * v[k + 1] + m.q0.t[1];
      if (u < out.box0[o]) out.box0[o] = u;
      if (w < out.box0[o + 1]) out.box0[o + 1] = w;
      if (u > out.box0[o + 2]) out.box0[o + 2] = u;
      if (w > out.box0[o + 3]) out.box0[o + 3] = w;
    }
    fillScale(out, i);
  }
  return out;
}

/** The 4 corners of a 2-D box (x y each): they hold a shape inside it. */
function rectangleCorners(b: {
  readonly min: ArrayLike<number>;
  readonly max: ArrayLike<number>;
}): Float64Array {
  return Float64Array.of(b.min[0], b.min[1], b.max[0], b.min[1], b.max[0], b.max[1], b.min[0], b.max[1]);
}

/** The chord of body i's turn over a window [0, h]: `2 ρ sin(hθ/2)` (its spin when h = 1). */
export function spinOver(b: StepBodies, i: number, h: number): number {
  return h >= 1 ? b.spin[i] : 2 * b.rho[i] * Math.sin(0.5 * h * b.theta[i]);
}

/**
 * The box each body sweeps over the window [0, h] of the step (h = 1: the whole step), grown by
 * `margin` (tol/2) and a rounding slack: the box at s = 0 and its translate by hΔ, hulled, grown by
 * the chord of the turn over the window; cut down to the box the ball about the origin sweeps (it
 * holds the body at every s, whatever the turn). Every point of the body stays in it over [0, h].
 *
 * @example
 * ```ts
 * import { stepBodies3, sweptBoxes } from '@firsttouch/broadphase/internal';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const step = stepBodies3([box(1), box(1)], [at(0), at(3)], [at(1), at(3)]);
 * console.log(Array.from(sweptBoxes(step, 0).subarray(0, 6), (x) => Math.round(x * 100) / 100)); // [-0.5, -0.5, -0.5, 1.5, 0.5, 0.5]
 * ```
 */
export function sweptBoxes(b: StepBodies, margin: number, h = 1): Float64Array {
  const { dim, count } = b;
  const out = new Float64Array(2 * dim * count);
  for (let i = 0; i < count; i++) {
    const o = 2 * dim * i;
    const spin = spinOver(b, i, h);
    const r = b.radius[i];
    for (let a = 0; a < dim; a++) {
      const lo = b.box0[o + a];
      const hi = b.box0[o + dim + a];
      const d = h >= 1 ? b.delta[dim * i + a] : h * b.delta[dim * i + a];
      const c = b.origin[dim * i + a];
      const grow = spin + margin + slack(lo, hi, d, spin);
      const ball = r + margin + slack(c, c, d, r);
      const boxLo = Math.min(lo, lo + d) - grow;
      const boxHi = Math.max(hi, hi + d) + grow;
      const ballLo = Math.min(c, c + d) - ball;
      const ballHi = Math.max(c, c + d) + ball;
      out[o + a] = boxLo > ballLo ? boxLo : ballLo;
      out[o + dim + a] = boxHi < ballHi ? boxHi : ballHi;
    }
  }
  return out;
}

/** A few ulps of the magnitudes in play, so that rounding never drops a pair. */
export function slack(lo: number, hi: number, d: number, spin: number): number {
  return 1e-13 * (Math.abs(lo) + Math.abs(hi) + Math.abs(d) + spin);
}

/**
 * True when the boxes of bodies i and j, each moving with its translation and grown by its chord
 * over the window (`spin`, one number a body) and `margin`, overlap at some s in [0, h] (the 4-D box
 * test: one interval of s a side, intersected).
 *
 * @example
 * ```ts
 * import { boxesMeetInStep, stepBodies3 } from '@firsttouch/broadphase/internal';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const step = stepBodies3([box(1), box(1)], [at(0), at(3)], [at(1), at(3)]);
 * console.log(boxesMeetInStep(step, 0, 1, 0)); // false
 * ```
 */
export function boxesMeetInStep(
  b: StepBodies,
  i: number,
  j: number,
  margin: number,
  h = 1,
  spin: Float64Array = b.spin,
): boolean {
  const { dim } = b;
  let s0 = 0;
  let s1 = h;
  const oi = 2 * dim * i;
  const oj = 2 * dim * j;
  for (let a = 0; a < dim; a++) {
    const loI = b.box0[oi + a],
      hiI = b.box0[oi + dim + a];
    const loJ = b.box0[oj + a],
      hiJ = b.box0[oj + dim + a];
    const di = b.delta[dim * i + a],
      dj = b.delta[dim * j + a];
    const grow = spin[i] + spin[j] + 2 * margin + slack(loI, hiI, di, spin[i]) + slack(loJ, hiJ, dj, spin[j]);
    const v = di - dj;
    // loI + s di − grow ≤ hiJ + s dj  and  loJ + s dj ≤ hiI + s di + grow
    const c1 = hiJ - loI + grow; // s v ≤ c1
    const c2 = hiI - loJ + grow; // −s v ≤ c2
    if (v > 0) {
      s1 = Math.min(s1, c1 / v);
      s0 = Math.max(s0, -c2 / v);
    } else if (v < 0) {
      s0 = Math.max(s0, c1 / v);
      s1 = Math.min(s1, -c2 / v);
    } else if (c1 < 0 || c2 < 0) {
      return false;
    }
    if (s0 > s1) return false;
  }
  return true;
}

/**
 * The specification's lower bound of a pair's time of impact: `max(0, box gap at s = 0 − tol) /
 * (μ_i + μ_j)`, the box gap the Euclidean distance of the boxes at s = 0. No iterate of the pair's
 * advancement comes before it (its first step already reaches it).
 *
 * @example
 * ```ts
 * import { impactLowerBound, stepBodies3 } from '@firsttouch/broadphase/internal';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const step = stepBodies3([box(1), box(1)], [at(0), at(3)], [at(1), at(3)]);
 * console.log(impactLowerBound(step, 0, 1, 0).toFixed(4)); // 2.0000
 * ```
 */
export function impactLowerBound(b: StepBodies, i: number, j: number, tolerance: number): number {
  const { dim } = b;
  const oi = 2 * dim * i;
  const oj = 2 * dim * j;
  let g2 = 0;
  for (let a = 0; a < dim; a++) {
    const g = Math.max(b.box0[oj + a] - b.box0[oi + dim + a], b.box0[oi + a] - b.box0[oj + dim + a], 0);
    g2 += g * g;
  }
  const gap = Math.sqrt(g2) - tolerance;
  if (!(gap > 0)) return 0;
  const mu = b.mu[i] + b.mu[j];
  // shaved by a relative 1e-9, so that rounding never puts it after the pair's first iterate
  return mu > 0 ? (gap / mu) * (1 - 1e-9) : Number.POSITIVE_INFINITY;
}
