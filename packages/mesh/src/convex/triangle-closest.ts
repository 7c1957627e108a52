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
  const abx = bx - ax,
    aby = by - ay,
    abz = bz - az;
  const acx = cx - ax,
    acy = cy - ay,
    acz = cz - az;
  const apx = px - ax,
    apy = py - ay,
    apz = pz - az;
  const d1 = abx * apx + aby * apy + abz * apz;
  const d2 = acx * apx + acy * apy + acz * apz;
  if (d1 <= 0 && d2 <= 0) return weights(lam, 1, 0, 0, apx, apy, apz);
  const bpx = px - bx,
    bpy = py - by,
    bpz = pz - bz;
  const d3 = abx * bpx + aby * bpy + abz * bpz;
  const d4 = acx * bpx + acy * bpy + acz * bpz;
  if (d3 >= 0 && d4 <= d3) return weights(lam, 0, 1, 0, bpx, bpy, bpz);
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const v = d1 / (d1 - d3);
    return weights(lam, 1 - v, v, 0, apx - v * abx, apy - v * aby, apz - v * abz);
  }
  const cpx = px - cx,
    cpy = py - cy,
    cpz = pz - cz;
  const d5 = abx * cpx + aby * cpy + abz * cpz;
  const d6 = acx * cpx + acy * cpy + acz * cpz;
  if (d6 >= 0 && d5 <= d6) return weights(lam, 0, 0, 1, cpx, cpy, cpz);
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const w = d2 / (d2 - d6);
    return weights(lam, 1 - w, 0, w, apx - w * acx, apy - w * acy, apz - w * acz);
  }
  const va = d3 * d6 - d5 * d4;
  const e43 = d4 - d3;
  const e56 = d5 - d6;
  if (va <= 0 && e43 >= 0 && e56 >= 0) {
    const w = e43 / (e43 + e56);
    return weights(lam, 0, 1 - w, w, bpx - w * (cx - bx), bpy - w * (cy - by), bpz - w * (cz - bz));
  }
  const sum = va + vb + vc;
  if (!(sum > 0)) return edgesOnly(ax, ay, az, bx, by, bz, cx, cy, cz, px, py, pz, lam);
  const v = vb / sum;
  const w = vc / sum;
  const u = 1 - v - w;
  return weights(lam, u, v, w, apx - v * abx - w * acx, apy - v * aby - w * acy, apz - v * abz - w * acz);
}

/** Writes the weights; returns |(dx, dy, dz)|², the squared distance from the closest point to p. */
function weights(
  lam: Float64Array,
  u: number,
  v: number,
  w: number,
  dx: number,
  dy: number,
  dz: number,
): number {
  lam[0] = u;
  lam[1] = v;
  lam[2] = w;
  return dx * dx + dy * dy + dz * dz;
}

/** A flat triangle: the closest of its three edges. */
function edgesOnly(
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
  lam[0] = u;
  lam[1] = v;
  lam[2] = w;
  return best;
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
