import { Pool } from '../util/pool.js';

/**
 * The point of triangle (a, b, c) closest to p, by Voronoi regions (Ericson, Real-Time Collision
 * Detection §5.1.5): its barycentric weights go to `lam[0..2]` (a weight of 0 marks a vertex the
 * closest point does not need) and the squared distance is returned. A degenerate triangle (its
 * points on a line) is answered by its edges, whose weights are always defined.
 *
 * @example
 * ```ts
 * import { triangleClosest } from '@firsttouch/mesh';
 * const lam = new Float64Array(3);
 * console.log(triangleClosest(0, 0, 0, 1, 0, 0, 0, 1, 0, 0.25, 0.25, 2, lam), Array.from(lam)); // 4 [0.5, 0.25, 0.25]
 * ```
 */
export function triangleClosest(
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  cx: number,
  cy: number,
  cz: number,
  px: number,
  py: number,
  pz: number,
  lam: Float64Array,
): number {
  const work = works.get() ?? new ClosestWork();
  const T = work.points;
  T[0] = ax;
  T[1] = ay;
  T[2] = az;
  T[3] = bx;
  T[4] = by;
  T[5] = bz;
  T[6] = cx;
  T[7] = cy;
  T[8] = cz;
  T[9] = px;
  T[10] = py;
  T[11] = pz;
  const out = work.out;
  triangleClosestAt(T, 0, 3, 6, T, 9, out);
  lam[0] = out[0];
  lam[1] = out[1];
  lam[2] = out[2];
  const d = out[3];
  works.release(work);
  return d;
}

/** The scratch of {@link triangleClosest}: its 4 points, and the weights and squared distance. */
class ClosestWork {
  readonly points = new Float64Array(12);
  readonly out = new Float64Array(4);
}

/** The scratch {@link triangleClosest} borrows. */
const works = new Pool<ClosestWork>(4);

/**
 * {@link triangleClosest} on points read from arrays: the corners at offsets `a`, `b`, `c` of `P`,
 * the point at offset `p` of `Q`; the weights go to `out[0..2]` and the squared distance to `out[3]`
 * (the same numbers, bit for bit). No double crosses the call: a double passed to or returned from a
 * call that is not inlined is boxed (a heap allocation), and the convex path makes dozens of these
 * calls an evaluation. Internal to the convex path (the package exports {@link triangleClosest}).
 */
export function triangleClosestAt(
  P: Float64Array,
  a: number,
  b: number,
  c: number,
  Q: Float64Array,
  p: number,
  out: Float64Array,
): void {
  const ax = P[a],
    ay = P[a + 1],
    az = P[a + 2];
  const bx = P[b],
    by = P[b + 1],
    bz = P[b + 2];
  const cx = P[c],
    cy = P[c + 1],
    cz = P[c + 2];
  const px = Q[p],
    py = Q[p + 1],
    pz = Q[p + 2];
  const abx = bx - ax,
    aby = by - ay,
    abz = bz - az;
  const acx = cx - ax,
    acy = cy - ay,
    acz = cz - az;
  const apx = px - ax,
    apy = py - ay,
    apz = pz - az;
  // The region's weights and the offset from the closest point to p, written once at the end: a
  // call per region with the six doubles as arguments boxed them where the compiler did not inline
  // it (about 0.8 kB of garbage a convex query).
  let u = 0,
    v = 0,
    w = 0;
  let dx = 0,
    dy = 0,
    dz = 0;
  const d1 = abx * apx + aby * apy + abz * apz;
  const d2 = acx * apx + acy * apy + acz * apz;
  // biome-ignore lint/suspicious/noConfusingLabels: a block left by break, for one write at the end
  region: {
    if (d1 <= 0 && d2 <= 0) {
      u = 1;
      dx = apx;
      dy = apy;
      dz = apz;
      break region;
    }
    const bpx = px - bx,
      bpy = py - by,
      bpz = pz - bz;
    const d3 = abx * bpx + aby * bpy + abz * bpz;
    const d4 = acx * bpx + acy * bpy + acz * bpz;
    if (d3 >= 0 && d4 <= d3) {
      v = 1;
      dx = bpx;
      dy = bpy;
      dz = bpz;
      break region;
    }
    const vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) {
      const t = d1 / (d1 - d3);
      u = 1 - t;
      v = t;
      dx = apx - t * abx;
      dy = apy - t * aby;
      dz = apz - t * abz;
      break region;
    }
    const cpx = px - cx,
      cpy = py - cy,
      cpz = pz - cz;
    const d5 = abx * cpx + aby * cpy + abz * cpz;
    const d6 = acx * cpx + acy * cpy + acz * cpz;
    if (d6 >= 0 && d5 <= d6) {
      w = 1;
      dx = cpx;
      dy = cpy;
      dz = cpz;
      break region;
    }
    const vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) {
      const t = d2 / (d2 - d6);
      u = 1 - t;
      w = t;
      dx = apx - t * acx;
      dy = apy - t * acy;
      dz = apz - t * acz;
      break region;
    }
    const va = d3 * d6 - d5 * d4;
    const e43 = d4 - d3;
    const e56 = d5 - d6;
    if (va <= 0 && e43 >= 0 && e56 >= 0) {
      const t = e43 / (e43 + e56);
      v = 1 - t;
      w = t;
      dx = bpx - t * (cx - bx);
      dy = bpy - t * (cy - by);
      dz = bpz - t * (cz - bz);
      break region;
    }
    const sum = va + vb + vc;
    if (!(sum > 0)) {
      edgesOnly(P, a, b, c, Q, p, out);
      return;
    }
    v = vb / sum;
    w = vc / sum;
    u = 1 - v - w;
    dx = apx - v * abx - w * acx;
    dy = apy - v * aby - w * acy;
    dz = apz - v * abz - w * acz;
  }
  out[0] = u;
  out[1] = v;
  out[2] = w;
  out[3] = dx * dx + dy * dy + dz * dz;
}

/** A flat triangle (corners and point as in {@link triangleClosestAt}): the closest of its three edges. */
function edgesOnly(
  P: Float64Array,
  a: number,
  b: number,
  c: number,
  Q: Float64Array,
  p: number,
  out: Float64Array,
): void {
  const ax = P[a],
    ay = P[a + 1],
    az = P[a + 2];
  const bx = P[b],
    by = P[b + 1],
    bz = P[b + 2];
  const cx = P[c],
    cy = P[c + 1],
    cz = P[c + 2];
  const px = Q[p],
    py = Q[p + 1],
    pz = Q[p + 2];
  let best = Number.POSITIVE_INFINITY;
  let u = 1;
  let v = 0;
  let w = 0;
  // ab
  let t = segmentParameter(ax, ay, az, bx, by, bz, px, py, pz);
  let d = dist2(ax + t * (bx - ax) - px, ay + t * (by - ay) - py, az + t * (bz - az) - pz);
  if (d < best) {
    best = d;
    u = 1 - t;
    v = t;
    w = 0;
  }
  // ac
  t = segmentParameter(ax, ay, az, cx, cy, cz, px, py, pz);
  d = dist2(ax + t * (cx - ax) - px, ay + t * (cy - ay) - py, az + t * (cz - az) - pz);
  if (d < best) {
    best = d;
    u = 1 - t;
    v = 0;
    w = t;
  }
  // bc
  t = segmentParameter(bx, by, bz, cx, cy, cz, px, py, pz);
  d = dist2(bx + t * (cx - bx) - px, by + t * (cy - by) - py, bz + t * (cz - bz) - pz);
  if (d < best) {
    best = d;
    u = 0;
    v = 1 - t;
    w = t;
  }
  out[0] = u;
  out[1] = v;
  out[2] = w;
  out[3] = best;
}

/**
 * The parameter in [0, 1] of the point of segment (a, b) closest to p (0 for a point segment).
 *
 * @example
 * ```ts
 * import { segmentParameter } from '@firsttouch/mesh';
 * console.log(segmentParameter(0, 0, 0, 2, 0, 0, 0.5, 3, 0)); // 0.25
 * ```
 */
export function segmentParameter(
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  px: number,
  py: number,
  pz: number,
): number {
  const dx = bx - ax,
    dy = by - ay,
    dz = bz - az;
  const dd = dx * dx + dy * dy + dz * dz;
  if (!(dd > 0)) return 0;
  const t = ((px - ax) * dx + (py - ay) * dy + (pz - az) * dz) / dd;
  return t <= 0 ? 0 : t >= 1 ? 1 : t;
}

function dist2(x: number, y: number, z: number): number {
  return x * x + y * y + z * z;
}
