import { isShape3, type Shape } from '@firsttouch/convex';
import { Compound, Surface } from '@firsttouch/mesh';
import {
  assertPose3,
  FirstTouchError,
  isValidPose3,
  type Pose3Like,
  productWithTranspose,
  RigidMotion,
  rotationAxisAngle,
} from '@firsttouch/pose';
import {
  ballRadius,
  bodyLayout,
  changedEntry,
  emptyStep,
  fillScale,
  inPlayOf,
  type StepBodies,
} from './bodies.js';
import { F64, type Scratch, U32 } from './scratch.js';

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
  // pose's own check, as RigidMotion takes it (written out on locals for Float64Array poses: at
  // 10⁵ bodies, loops and their bounds checks cost more than the arithmetic)
  return isValidPose3(p);
}

/** What the broad phase keeps of a surface (once a call, shared by the bodies that use it). */
interface SurfaceShape {
  /** Points whose hull holds the surface: its distinct vertices, or its box's corners when fewer. */
  points: Float64Array;
  /** The points are the 8 corners of the box [points 0..2, points 21..23], corner c at (c & 1, c & 2, c & 4). */
  corners: boolean;
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
    corners: points !== v || !Surface.isSurface(s),
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
 * `assertPose3` on pose i of poses0 (`which` 0) or poses1 (1), which failed the quick check. (Its
 * name is written here: written in the loop of {@link stepBodies3}, the compiled loop made some
 * garbage a body even where no pose failed, 2.4 MB a call at 10⁵ bodies.)
 */
function assertPoseAt(p: unknown, which: 0 | 1, i: number): void {
  assertPose3(p, `poses${which}[${i}]`);
}

/** Refuses the poses of body i, checked already, whose arrays are now gone (a getter's answers). */
function changedPose(i: number): never {
  throw new FirstTouchError(
    'INVALID_POSE',
    `poses0[${i}] or poses1[${i}] changed after it was checked: a getter answered no array when it was read again`,
  );
}

/**
 * R1 R0ᵀ into M, then its axis and angle, as RigidMotion takes them: the axis into k[0..2], the
 * angle into k[3], and sin(θ/2) into k[4] (the norm of the unit quaternion's vector part, w ≥ 0:
 * the chord 2ρ sin(θ/2) without a call to Math.sin). A function of its own that passes no number
 * in or out: called from the long loop of {@link stepBodies3}, whose inlining budget runs out, the
 * helpers it calls took each body's numbers boxed on the heap; here only arrays cross calls.
 */
function turn(
  R: ArrayLike<number>,
  Q: ArrayLike<number>,
  M: Float64Array,
  k: Float64Array,
  q: Float64Array,
): void {
  productWithTranspose(Q, R, M);
  k[3] = rotationAxisAngle(M, k, q);
  k[4] = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
}

/**
 * The step data of surfaces (or convex shapes) moving from poses0 to poses1. Validates the poses as {@link RigidMotion}
 * does (same errors), and takes its turn θ and axis the same way, without building one a body: the
 * pairs that run a time of impact build theirs. With `scratch`, the arrays are views of it (valid
 * until its next use); otherwise fresh. `checked` says the caller has checked every pose already
 * (as `assertPose3` would; the world keeps only checked poses): they are then not checked again.
 *
 * @example
 * ```ts
 * import { stepBodies3 } from '@firsttouch/broadphase/internal';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const step = stepBodies3([box(1), box(1)], [at(0), at(3)], [at(1), at(3)]);
 * console.log(step.count, Array.from(step.body.subarray(6, 9)), step.body[16 + 14]); // 2 [1, 0, 0] 0
 * ```
 */
export function stepBodies3(
  bodies: readonly (Surface | Shape<3> | Compound)[],
  poses0: readonly Pose3Like[],
  poses1: readonly Pose3Like[],
  scratch?: Scratch,
  checked = false,
): StepBodies {
  const n = bodies.length;
  const out = emptyStep(3, n, scratch);
  const L = bodyLayout(3);
  // Each body's rotation at s = 0 and shape, written as the bodies are read: the pair bounds read
  // them from here, not through the pose objects (at 10⁵ bodies, each pointer followed at random is
  // a cache miss); the centre of the oriented box is placed from them and the origin when asked.
  const rotations = scratch === undefined ? new Float64Array(9 * n) : scratch.f64(F64.rotation, 9 * n);
  const shapeIndex = scratch === undefined ? new Uint32Array(n) : scratch.u32(U32.shapeIndex, n);
  const shapeList: SurfaceShape[] = [];
  out.orientedBox = (i, o) => {
    const f = 9 * i;
    for (let a = 0; a < 9; a++) o[a] = rotations[f + a];
    const sh = shapeList[shapeIndex[i]];
    const t = out.body;
    const at = L.stride * i + L.origin;
    for (let a = 0; a < 3; a++)
      o[9 + a] = o[3 * a] * sh.cx + o[3 * a + 1] * sh.cy + o[3 * a + 2] * sh.cz + t[at + a];
    o[12] = sh.ex;
    o[13] = sh.ey;
    o[14] = sh.ez;
  };
  // (the first and last numbers of the rotation: the lines it may span, wherever the buffer starts)
  out.orientedTouch = (i) => rotations[9 * i] + rotations[9 * i + 8] + shapeIndex[i];
  const B = out.body;
  // each body's place in shapeList
  const shapes = new Map<Surface | Shape<3> | Compound, number>();
  let last: Surface | Shape<3> | Compound | null = null;
  let shape: SurfaceShape | null = null;
  let shapeAt = 0;
  // R1 R0ᵀ, its axis and its quaternion, for each body in turn.
  const M = new Float64Array(9);
  const k = new Float64Array(5);
  const q = new Float64Array(4);
  // the poses' spread about body 0's translation at s = 0
  let spread = 0;
  // the largest radius of a shape's ball about its origin (the default tolerance's floor)
  let radius = 0;
  let x0 = 0;
  let y0 = 0;
  let z0 = 0;
  for (let i = 0; i < n; i++) {
    const s = bodies[i];
    if (Surface.isSurface(s) && s.facetCount === 0) s.assertNotEmpty(`bodies[${i}]`);
    const p0 = poses0[i];
    const p1 = poses1[i];
    // (a caller that keeps its poses checked, the world's step, skips the checks: they were most of
    // the call's time there, each pose's arrays read for the first time)
    if (!checked) {
      if (!plainPose3(p0)) assertPoseAt(p0, 0, i);
      if (!plainPose3(p1)) assertPoseAt(p1, 1, i);
    }
    if (s !== last || shape === null) {
      last = s;
      const known = shapes.get(s);
      if (known === undefined) {
        if (!Surface.isSurface(s) && !isShape3(s) && !Compound.isCompound(s)) changedEntry('bodies', i, s);
        shapeAt = shapeList.length;
        shapeList.push(surfaceShape(s));
        shapes.set(s, shapeAt);
      } else shapeAt = known;
      shape = shapeList[shapeAt];
      if (shape.radius > radius) radius = shape.radius;
    }
    if (shape.diagonal > out.largestDiagonal) out.largestDiagonal = shape.diagonal;
    const v = shape.points;
    const R = p0.R;
    const t = p0.t;
    const Q = p1.R;
    const u = p1.t;
    // (a pose whose getters answered arrays to the check and something else now)
    if (typeof R !== 'object' || typeof t !== 'object' || typeof Q !== 'object' || typeof u !== 'object')
      changedPose(i);
    if (R === null || t === null || Q === null || u === null) changedPose(i);
    turn(R, Q, M, k, q);
    const theta = k[3];
    const dx = u[0] - t[0],
      dy = u[1] - t[1],
      dz = u[2] - t[2];
    if (i === 0) {
      x0 = t[0];
      y0 = t[1];
      z0 = t[2];
    }
    // (the maximum is exact: any order gives unitScene's. Comparisons, not a Math.max of seven: that
    // call boxed its result on the heap, 16 bytes a body, 1.6 MB a call at 10⁵ bodies. A NaN, from
    // a getter that answered another array once checked, stays NaN, as Math.max keeps it)
    const e0 = Math.abs(t[0] - x0),
      e1 = Math.abs(t[1] - y0),
      e2 = Math.abs(t[2] - z0),
      e3 = Math.abs(u[0] - x0),
      e4 = Math.abs(u[1] - y0),
      e5 = Math.abs(u[2] - z0);
    if (e0 > spread || Number.isNaN(e0)) spread = e0;
    if (e1 > spread || Number.isNaN(e1)) spread = e1;
    if (e2 > spread || Number.isNaN(e2)) spread = e2;
    if (e3 > spread || Number.isNaN(e3)) spread = e3;
    if (e4 > spread || Number.isNaN(e4)) spread = e4;
    if (e5 > spread || Number.isNaN(e5)) spread = e5;
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
    if (shape.corners) {
      // The 8 corners of a box: a corner's world x is (r0 x + r1 y) + r2 z, each term one of two
      // products, and a rounded sum never decreases when a term grows, so the least (greatest) x over
      // the corners is the sum of the least (greatest) terms: the number the loop below finds (but
      // for the sign of an exact zero), from 18 products instead of 8 corners' 48 comparisons, which
      // went either way from body to body. ρ still takes each corner, from the same products.
      const lo0 = v[0],
        lo1 = v[1],
        lo2 = v[2],
        hi0 = v[21],
        hi1 = v[22],
        hi2 = v[23];
      const a0 = r0 * lo0,
        a1 = r0 * hi0,
        b0 = r1 * lo1,
        b1 = r1 * hi1,
        c0 = r2 * lo2,
        c1 = r2 * hi2;
      const d0 = r3 * lo0,
        d1 = r3 * hi0,
        e0 = r4 * lo1,
        e1 = r4 * hi1,
        f0 = r5 * lo2,
        f1 = r5 * hi2;
      const g0 = r6 * lo0,
        g1 = r6 * hi0,
        h0 = r7 * lo1,
        h1 = r7 * hi1,
        j0 = r8 * lo2,
        j1 = r8 * hi2;
      lx = Math.min(a0, a1) + Math.min(b0, b1) + Math.min(c0, c1) + t0;
      hx = Math.max(a0, a1) + Math.max(b0, b1) + Math.max(c0, c1) + t0;
      ly = Math.min(d0, d1) + Math.min(e0, e1) + Math.min(f0, f1) + t1;
      hy = Math.max(d0, d1) + Math.max(e0, e1) + Math.max(f0, f1) + t1;
      lz = Math.min(g0, g1) + Math.min(h0, h1) + Math.min(j0, j1) + t2;
      hz = Math.max(g0, g1) + Math.max(h0, h1) + Math.max(j0, j1) + t2;
      // Each corner written out, its coordinates summed as the points' loop below sums any vertex's
      // (the same ρ to the bit): a loop that chose each corner's terms by its bits spent a third of
      // this function's time on those choices and their branches.
      const x00 = a0 + b0,
        x10 = a1 + b0,
        x01 = a0 + b1,
        x11 = a1 + b1;
      const y00 = d0 + e0,
        y10 = d1 + e0,
        y01 = d0 + e1,
        y11 = d1 + e1;
      const z00 = g0 + h0,
        z10 = g1 + h0,
        z01 = g0 + h1,
        z11 = g1 + h1;
      {
        const wx = x00 + c0,
          wy = y00 + f0,
          wz = z00 + j0;
        const cx = k1 * wz - k2 * wy,
          cy = k2 * wx - k0 * wz,
          cz = k0 * wy - k1 * wx;
        const c2 = cx * cx + cy * cy + cz * cz;
        if (c2 > rho2) rho2 = c2;
      }
      {
        const wx = x10 + c0,
          wy = y10 + f0,
          wz = z10 + j0;
        const cx = k1 * wz - k2 * wy,
          cy = k2 * wx - k0 * wz,
          cz = k0 * wy - k1 * wx;
        const c2 = cx * cx + cy * cy + cz * cz;
        if (c2 > rho2) rho2 = c2;
      }
      {
        const wx = x01 + c0,
          wy = y01 + f0,
          wz = z01 + j0;
        const cx = k1 * wz - k2 * wy,
          cy = k2 * wx - k0 * wz,
          cz = k0 * wy - k1 * wx;
        const c2 = cx * cx + cy * cy + cz * cz;
        if (c2 > rho2) rho2 = c2;
      }
      {
        const wx = x11 + c0,
          wy = y11 + f0,
          wz = z11 + j0;
        const cx = k1 * wz - k2 * wy,
          cy = k2 * wx - k0 * wz,
          cz = k0 * wy - k1 * wx;
        const c2 = cx * cx + cy * cy + cz * cz;
        if (c2 > rho2) rho2 = c2;
      }
      {
        const wx = x00 + c1,
          wy = y00 + f1,
          wz = z00 + j1;
        const cx = k1 * wz - k2 * wy,
          cy = k2 * wx - k0 * wz,
          cz = k0 * wy - k1 * wx;
        const c2 = cx * cx + cy * cy + cz * cz;
        if (c2 > rho2) rho2 = c2;
      }
      {
        const wx = x10 + c1,
          wy = y10 + f1,
          wz = z10 + j1;
        const cx = k1 * wz - k2 * wy,
          cy = k2 * wx - k0 * wz,
          cz = k0 * wy - k1 * wx;
        const c2 = cx * cx + cy * cy + cz * cz;
        if (c2 > rho2) rho2 = c2;
      }
      {
        const wx = x01 + c1,
          wy = y01 + f1,
          wz = z01 + j1;
        const cx = k1 * wz - k2 * wy,
          cy = k2 * wx - k0 * wz,
          cz = k0 * wy - k1 * wx;
        const c2 = cx * cx + cy * cy + cz * cz;
        if (c2 > rho2) rho2 = c2;
      }
      {
        const wx = x11 + c1,
          wy = y11 + f1,
          wz = z11 + j1;
        const cx = k1 * wz - k2 * wy,
          cy = k2 * wx - k0 * wz,
          cz = k0 * wy - k1 * wx;
        const c2 = cx * cx + cy * cy + cz * cz;
        if (c2 > rho2) rho2 = c2;
      }
    } else {
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
    }
    // a hair over the largest ρ and |Δ| (and so over μ): the bounds stay bounds whatever the rounding
    const rho = Math.sqrt(rho2) * (1 + 1e-12);
    length *= 1 + 1e-12;
    const o = L.stride * i;
    B[o] = lx;
    B[o + 1] = ly;
    B[o + 2] = lz;
    B[o + 3] = hx;
    B[o + 4] = hy;
    B[o + 5] = hz;
    out.rho[i] = rho;
    out.theta[i] = theta;
    B[o + L.mu] = length + theta * rho;
    // (sin(θ/2) from the turn's quaternion: Math.sin was 3 % of firstImpact at 10⁵ bodies)
    B[o + L.spin] = 2 * rho * k[4];
    B[o + L.radius] = shape.radius;
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
    B[o + L.delta] = dx;
    B[o + L.delta + 1] = dy;
    B[o + L.delta + 2] = dz;
    B[o + L.origin] = t0;
    B[o + L.origin + 1] = t1;
    B[o + L.origin + 2] = t2;
    fillScale(out, i);
  }
  out.poseSpread = spread;
  out.inPlay = inPlayOf(x0, y0, z0, spread, radius);
  return out;
}
