// Floating-point closest points in 3-D for the test oracle, written independently of src/.
// Each routine returns a squared distance and writes the two closest points into `out`.
// Candidates are always points of the sets themselves, so a minimum over candidates can only err by
// rounding, never by picking a point off the set.

import { orient3dSign, trianglesIntersectExact } from './exact.js';

/** Closest point of segment AB to P: writes it into out[o..o+2], returns the squared distance. */
export function pointSegment3(
  px: number,
  py: number,
  pz: number,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  out: Float64Array,
  o: number,
): number {
  const dx = bx - ax,
    dy = by - ay,
    dz = bz - az;
  const dd = dx * dx + dy * dy + dz * dz;
  let s = 0;
  if (dd > 0) {
    s = ((px - ax) * dx + (py - ay) * dy + (pz - az) * dz) / dd;
    if (s < 0) s = 0;
    else if (s > 1) s = 1;
  }
  let qx = ax + s * dx,
    qy = ay + s * dy,
    qz = az + s * dz;
  if (s === 1) {
    qx = bx;
    qy = by;
    qz = bz;
  }
  out[o] = qx;
  out[o + 1] = qy;
  out[o + 2] = qz;
  return (px - qx) ** 2 + (py - qy) ** 2 + (pz - qz) ** 2;
}

const tmp = new Float64Array(6);

/**
 * Closest point of triangle T[t..t+8] to P. The candidates: the closest points of the three edges,
 * and, when P projects strictly inside the triangle (Ericson's barycentric region test, with the
 * face's three weights all positive), that projection. Degenerate triangles have no face candidate.
 */
export function pointTriangle3(
  px: number,
  py: number,
  pz: number,
  T: ArrayLike<number>,
  t: number,
  out: Float64Array,
  o: number,
): number {
  const ax = T[t],
    ay = T[t + 1],
    az = T[t + 2];
  const bx = T[t + 3],
    by = T[t + 4],
    bz = T[t + 5];
  const cx = T[t + 6],
    cy = T[t + 7],
    cz = T[t + 8];
  let best = pointSegment3(px, py, pz, ax, ay, az, bx, by, bz, out, o);
  let d = pointSegment3(px, py, pz, bx, by, bz, cx, cy, cz, tmp, 0);
  if (d < best) {
    best = d;
    out[o] = tmp[0];
    out[o + 1] = tmp[1];
    out[o + 2] = tmp[2];
  }
  d = pointSegment3(px, py, pz, cx, cy, cz, ax, ay, az, tmp, 0);
  if (d < best) {
    best = d;
    out[o] = tmp[0];
    out[o + 1] = tmp[1];
    out[o + 2] = tmp[2];
  }
  // The face region: p projected on the plane along the normal n = ab × ac, inside when it lies on
  // the inner side of each edge (the edge × (q − its start), along n). Not the barycentric weights
  // of differences of dot products, which cancel on a sliver: a point 3e-10 from a triangle 0.75
  // long and 4e-6 wide read 9.9e-8 that way, the distance to an edge.
  const abx = bx - ax,
    aby = by - ay,
    abz = bz - az;
  const acx = cx - ax,
    acy = cy - ay,
    acz = cz - az;
  const nx = aby * acz - abz * acy,
    ny = abz * acx - abx * acz,
    nz = abx * acy - aby * acx;
  const nn = nx * nx + ny * ny + nz * nz;
  if (nn > 0) {
    const k = ((px - ax) * nx + (py - ay) * ny + (pz - az) * nz) / nn;
    const qx = px - k * nx,
      qy = py - k * ny,
      qz = pz - k * nz;
    if (
      inner(ax, ay, az, bx, by, bz, qx, qy, qz, nx, ny, nz) &&
      inner(bx, by, bz, cx, cy, cz, qx, qy, qz, nx, ny, nz) &&
      inner(cx, cy, cz, ax, ay, az, qx, qy, qz, nx, ny, nz)
    ) {
      d = (px - qx) ** 2 + (py - qy) ** 2 + (pz - qz) ** 2;
      if (d < best) {
        best = d;
        out[o] = qx;
        out[o + 1] = qy;
        out[o + 2] = qz;
      }
    }
  }
  return best;
}

/** q lies strictly on the inner side of the edge u → v of a triangle of normal n. */
function inner(
  ux: number,
  uy: number,
  uz: number,
  vx: number,
  vy: number,
  vz: number,
  qx: number,
  qy: number,
  qz: number,
  nx: number,
  ny: number,
  nz: number,
): boolean {
  const ex = vx - ux,
    ey = vy - uy,
    ez = vz - uz;
  const wx = qx - ux,
    wy = qy - uy,
    wz = qz - uz;
  return (ey * wz - ez * wy) * nx + (ez * wx - ex * wz) * ny + (ex * wy - ey * wx) * nz > 0;
}

/**
 * Closest points of segments PQ and RS: the smallest of the four endpoint-to-segment distances
 * and, when the two lines' closest points fall strictly inside both segments, that interior pair.
 * Writes the point on PQ into out[0..2] and the one on RS into out[3..5].
 */
export function segmentSegment3(
  X: ArrayLike<number>,
  p: number,
  q: number,
  r: number,
  s: number,
  out: Float64Array,
): number {
  const p0 = X[p],
    p1 = X[p + 1],
    p2 = X[p + 2];
  const q0 = X[q],
    q1 = X[q + 1],
    q2 = X[q + 2];
  const r0 = X[r],
    r1 = X[r + 1],
    r2 = X[r + 2];
  const s0 = X[s],
    s1 = X[s + 1],
    s2 = X[s + 2];
  // endpoints of PQ against RS
  let best = pointSegment3(p0, p1, p2, r0, r1, r2, s0, s1, s2, tmp, 3);
  out[0] = p0;
  out[1] = p1;
  out[2] = p2;
  out[3] = tmp[3];
  out[4] = tmp[4];
  out[5] = tmp[5];
  let d = pointSegment3(q0, q1, q2, r0, r1, r2, s0, s1, s2, tmp, 3);
  if (d < best) {
    best = d;
    out[0] = q0;
    out[1] = q1;
    out[2] = q2;
    out[3] = tmp[3];
    out[4] = tmp[4];
    out[5] = tmp[5];
  }
  // endpoints of RS against PQ
  d = pointSegment3(r0, r1, r2, p0, p1, p2, q0, q1, q2, tmp, 0);
  if (d < best) {
    best = d;
    out[0] = tmp[0];
    out[1] = tmp[1];
    out[2] = tmp[2];
    out[3] = r0;
    out[4] = r1;
    out[5] = r2;
  }
  d = pointSegment3(s0, s1, s2, p0, p1, p2, q0, q1, q2, tmp, 0);
  if (d < best) {
    best = d;
    out[0] = tmp[0];
    out[1] = tmp[1];
    out[2] = tmp[2];
    out[3] = s0;
    out[4] = s1;
    out[5] = s2;
  }
  // interior critical point of |P + u (Q − P) − R − v (S − R)|²
  const e1x = q0 - p0,
    e1y = q1 - p1,
    e1z = q2 - p2;
  const e2x = s0 - r0,
    e2y = s1 - r1,
    e2z = s2 - r2;
  const wx = p0 - r0,
    wy = p1 - r1,
    wz = p2 - r2;
  const a = e1x * e1x + e1y * e1y + e1z * e1z;
  const b = e1x * e2x + e1y * e2y + e1z * e2z;
  const e = e2x * e2x + e2y * e2y + e2z * e2z;
  const c = e1x * wx + e1y * wy + e1z * wz;
  const f = e2x * wx + e2y * wy + e2z * wz;
  const den = a * e - b * b;
  if (den > 0 && den <= 1e-2 * a * e) {
    // Nearly parallel (exactly parallel ones have an endpoint pair closest, above): the interior
    // formula below loses a factor 1 / sin θ, and two edges crossing at a small angle have their
    // minimum far from every endpoint. The distance from RS(v) to PQ is convex in v: a golden-section
    // search over v finds it to rounding, by another road than src/.
    d = nearlyParallelMinimum(p0, p1, p2, q0, q1, q2, r0, r1, r2, e2x, e2y, e2z);
    if (d < best) {
      best = d;
      for (let k = 0; k < 6; k++) out[k] = golden[k];
    }
    return best;
  }
  if (den > 0) {
    const u = (b * f - c * e) / den;
    const v = (a * f - b * c) / den;
    if (u > 0 && u < 1 && v > 0 && v < 1) {
      const x0 = p0 + u * e1x,
        x1 = p1 + u * e1y,
        x2 = p2 + u * e1z;
      const y0 = r0 + v * e2x,
        y1 = r1 + v * e2y,
        y2 = r2 + v * e2z;
      d = (x0 - y0) ** 2 + (x1 - y1) ** 2 + (x2 - y2) ** 2;
      if (d < best) {
        best = d;
        out[0] = x0;
        out[1] = x1;
        out[2] = x2;
        out[3] = y0;
        out[4] = y1;
        out[5] = y2;
      }
    }
  }
  return best;
}

const golden = new Float64Array(6);

/** min over v in [0, 1] of |R + v·E − PQ|² (convex in v) by golden-section search; points into `golden`. */
function nearlyParallelMinimum(
  p0: number,
  p1: number,
  p2: number,
  q0: number,
  q1: number,
  q2: number,
  r0: number,
  r1: number,
  r2: number,
  ex: number,
  ey: number,
  ez: number,
): number {
  const at = (v: number): number =>
    pointSegment3(r0 + v * ex, r1 + v * ey, r2 + v * ez, p0, p1, p2, q0, q1, q2, tmp, 0);
  const phi = (Math.sqrt(5) - 1) / 2;
  let lo = 0;
  let hi = 1;
  let x1 = hi - phi * (hi - lo);
  let x2 = lo + phi * (hi - lo);
  let f1 = at(x1);
  let f2 = at(x2);
  for (let k = 0; k < 120 && hi - lo > 1e-17; k++) {
    if (f1 <= f2) {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - phi * (hi - lo);
      f1 = at(x1);
    } else {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + phi * (hi - lo);
      f2 = at(x2);
    }
  }
  const v = f1 <= f2 ? x1 : x2;
  const d = at(v);
  golden[0] = tmp[0];
  golden[1] = tmp[1];
  golden[2] = tmp[2];
  golden[3] = r0 + v * ex;
  golden[4] = r1 + v * ey;
  golden[5] = r2 + v * ez;
  return d;
}

const EDGES = [
  [0, 3],
  [3, 6],
  [6, 0],
];
const seg = new Float64Array(6);
const pt = new Float64Array(3);

/**
 * Squared distance of two triangles known to be disjoint (T[a..a+8], T[b..b+8]): the smallest of
 * the 6 vertex–triangle and 9 edge–edge distances. Closest points into out[0..2] (on A) and
 * out[3..5] (on B).
 */
export function disjointTriangles3(T: ArrayLike<number>, a: number, b: number, out: Float64Array): number {
  let best = Number.POSITIVE_INFINITY;
  for (const [i0, i1] of EDGES) {
    for (const [j0, j1] of EDGES) {
      const d = segmentSegment3(T, a + i0, a + i1, b + j0, b + j1, seg);
      if (d < best) {
        best = d;
        for (let k = 0; k < 6; k++) out[k] = seg[k];
      }
    }
  }
  for (let k = 0; k < 9; k += 3) {
    // vertex of A against triangle B
    let d = pointTriangle3(T[a + k], T[a + k + 1], T[a + k + 2], T, b, pt, 0);
    if (d < best) {
      best = d;
      out[0] = T[a + k];
      out[1] = T[a + k + 1];
      out[2] = T[a + k + 2];
      out[3] = pt[0];
      out[4] = pt[1];
      out[5] = pt[2];
    }
    // vertex of B against triangle A
    d = pointTriangle3(T[b + k], T[b + k + 1], T[b + k + 2], T, a, pt, 0);
    if (d < best) {
      best = d;
      out[0] = pt[0];
      out[1] = pt[1];
      out[2] = pt[2];
      out[3] = T[b + k];
      out[4] = T[b + k + 1];
      out[5] = T[b + k + 2];
    }
  }
  return best;
}

function boxesOverlap(T: ArrayLike<number>, a: number, b: number): boolean {
  for (let k = 0; k < 3; k++) {
    const loA = Math.min(T[a + k], T[a + 3 + k], T[a + 6 + k]);
    const hiA = Math.max(T[a + k], T[a + 3 + k], T[a + 6 + k]);
    const loB = Math.min(T[b + k], T[b + 3 + k], T[b + 6 + k]);
    const hiB = Math.max(T[b + k], T[b + 3 + k], T[b + 6 + k]);
    if (hiA < loB || hiB < loA) return false;
  }
  return true;
}

/** All three vertices of the triangle at `v` strictly on one side of the plane of the one at `f`. */
function strictlyOneSide(T: ArrayLike<number>, f: number, v: number): boolean {
  let pos = 0;
  let neg = 0;
  for (let k = 0; k < 9; k += 3) {
    const o = orient3dSign(
      T[f],
      T[f + 1],
      T[f + 2],
      T[f + 3],
      T[f + 4],
      T[f + 5],
      T[f + 6],
      T[f + 7],
      T[f + 8],
      T[v + k],
      T[v + k + 1],
      T[v + k + 2],
    );
    if (o > 0) pos++;
    else if (o < 0) neg++;
  }
  return pos === 3 || neg === 3;
}

/**
 * Exact: do the closed triangles meet? Cheap certain rejections first (boxes apart, a plane with the
 * other triangle strictly on one side, signs exact), then the exact separating-axis test.
 */
export function trianglesMeet(T: ArrayLike<number>, a: number, b: number): boolean {
  if (!boxesOverlap(T, a, b)) return false;
  if (strictlyOneSide(T, a, b) || strictlyOneSide(T, b, a)) return false;
  return trianglesIntersectExact(T, a, b);
}

/**
 * The oracle's triangle pair: `{distance, intersecting}` with closest points in out[0..5] (for an
 * intersecting pair the points are not computed and the distance is 0).
 */
export function trianglePair3(
  T: ArrayLike<number>,
  a: number,
  b: number,
  out: Float64Array,
): { distance: number; intersecting: boolean } {
  if (trianglesMeet(T, a, b)) return { distance: 0, intersecting: true };
  return { distance: Math.sqrt(disjointTriangles3(T, a, b, out)), intersecting: false };
}
