// Closest points of simplices, for the test oracle of @firsttouch/ccd. Written independently of
// packages/*/src: plain floating point, candidates only. Every candidate is a pair of points of the
// two sets themselves (up to rounding), so a minimum over candidates can only err by rounding, never
// by picking a point off a set; and the candidate lists contain the true closest pair.
//
// Each routine returns the (non-squared) distance and writes the closest points into `out`.

/** Closest point of segment AB to P (3-D) into q[0..2]; returns the squared distance. */
function pointSegmentSq3(
  px: number,
  py: number,
  pz: number,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  q: Float64Array,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const dz = bz - az;
  const dd = dx * dx + dy * dy + dz * dz;
  let u = 0;
  if (dd > 0) u = Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy + (pz - az) * dz) / dd));
  if (u === 1) {
    q[0] = bx;
    q[1] = by;
    q[2] = bz;
  } else {
    q[0] = ax + u * dx;
    q[1] = ay + u * dy;
    q[2] = az + u * dz;
  }
  return (px - q[0]) ** 2 + (py - q[1]) ** 2 + (pz - q[2]) ** 2;
}

const qTmp = new Float64Array(3);

/**
 * Closest point of the triangle T[t..t+8] to P into q[0..2]; returns the squared distance.
 * Candidates: the closest points of the three edges, and the orthogonal projection onto the plane
 * when it falls inside the triangle (all three edge cross products along the normal, non-negative).
 */
export function pointTriangleSq3(
  px: number,
  py: number,
  pz: number,
  T: ArrayLike<number>,
  t: number,
  q: Float64Array,
): number {
  const ax = T[t];
  const ay = T[t + 1];
  const az = T[t + 2];
  const bx = T[t + 3];
  const by = T[t + 4];
  const bz = T[t + 5];
  const cx = T[t + 6];
  const cy = T[t + 7];
  const cz = T[t + 8];
  let best = pointSegmentSq3(px, py, pz, ax, ay, az, bx, by, bz, q);
  let d = pointSegmentSq3(px, py, pz, bx, by, bz, cx, cy, cz, qTmp);
  if (d < best) {
    best = d;
    q.set(qTmp);
  }
  d = pointSegmentSq3(px, py, pz, cx, cy, cz, ax, ay, az, qTmp);
  if (d < best) {
    best = d;
    q.set(qTmp);
  }
  // normal n = (B − A) × (C − A)
  const ux = bx - ax;
  const uy = by - ay;
  const uz = bz - az;
  const vx = cx - ax;
  const vy = cy - ay;
  const vz = cz - az;
  // The unit normal; slivers (the sine of the angle at A below 1e-12, or a normal lost to underflow)
  // have no face candidate: their edges are within rounding of their points.
  const m = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
  if (!(m > 1e-12 * Math.hypot(ux, uy, uz) * Math.hypot(vx, vy, vz))) return best;
  const nx = (uy * vz - uz * vy) / m;
  const ny = (uz * vx - ux * vz) / m;
  const nz = (ux * vy - uy * vx) / m;
  const h = (px - ax) * nx + (py - ay) * ny + (pz - az) * nz;
  const fx = px - h * nx;
  const fy = py - h * ny;
  const fz = pz - h * nz;
  // the foot is inside when it is on the inner side of each edge
  const inside =
    side(ax, ay, az, bx, by, bz, fx, fy, fz, nx, ny, nz) >= 0 &&
    side(bx, by, bz, cx, cy, cz, fx, fy, fz, nx, ny, nz) >= 0 &&
    side(cx, cy, cz, ax, ay, az, fx, fy, fz, nx, ny, nz) >= 0;
  if (inside) {
    d = (px - fx) ** 2 + (py - fy) ** 2 + (pz - fz) ** 2;
    if (d < best) {
      best = d;
      q[0] = fx;
      q[1] = fy;
      q[2] = fz;
    }
  }
  return best;
}

/** ((E − S) × (F − S)) · n: positive when F is to the left of the edge S→E seen along n. */
function side(
  sx: number,
  sy: number,
  sz: number,
  ex: number,
  ey: number,
  ez: number,
  fx: number,
  fy: number,
  fz: number,
  nx: number,
  ny: number,
  nz: number,
): number {
  const ux = ex - sx;
  const uy = ey - sy;
  const uz = ez - sz;
  const wx = fx - sx;
  const wy = fy - sy;
  const wz = fz - sz;
  return (uy * wz - uz * wy) * nx + (uz * wx - ux * wz) * ny + (ux * wy - uy * wx) * nz;
}

const sTmp = new Float64Array(3);

/**
 * Squared distance of segments PQ (X[p..], X[q..]) and RS (Y[r..], Y[s..]): the four
 * endpoint-to-segment candidates and, when the two lines' closest points fall strictly inside both
 * segments, that interior pair. Points into out[0..2] (on PQ) and out[3..5] (on RS).
 */
export function segmentSegmentSq3(
  X: ArrayLike<number>,
  p: number,
  q: number,
  Y: ArrayLike<number>,
  r: number,
  s: number,
  out: Float64Array,
): number {
  const p0 = X[p];
  const p1 = X[p + 1];
  const p2 = X[p + 2];
  const q0 = X[q];
  const q1 = X[q + 1];
  const q2 = X[q + 2];
  const r0 = Y[r];
  const r1 = Y[r + 1];
  const r2 = Y[r + 2];
  const s0 = Y[s];
  const s1 = Y[s + 1];
  const s2 = Y[s + 2];
  let best = pointSegmentSq3(p0, p1, p2, r0, r1, r2, s0, s1, s2, sTmp);
  out[0] = p0;
  out[1] = p1;
  out[2] = p2;
  out[3] = sTmp[0];
  out[4] = sTmp[1];
  out[5] = sTmp[2];
  let d = pointSegmentSq3(q0, q1, q2, r0, r1, r2, s0, s1, s2, sTmp);
  if (d < best) {
    best = d;
    out[0] = q0;
    out[1] = q1;
    out[2] = q2;
    out[3] = sTmp[0];
    out[4] = sTmp[1];
    out[5] = sTmp[2];
  }
  d = pointSegmentSq3(r0, r1, r2, p0, p1, p2, q0, q1, q2, sTmp);
  if (d < best) {
    best = d;
    out[0] = sTmp[0];
    out[1] = sTmp[1];
    out[2] = sTmp[2];
    out[3] = r0;
    out[4] = r1;
    out[5] = r2;
  }
  d = pointSegmentSq3(s0, s1, s2, p0, p1, p2, q0, q1, q2, sTmp);
  if (d < best) {
    best = d;
    out[0] = sTmp[0];
    out[1] = sTmp[1];
    out[2] = sTmp[2];
    out[3] = s0;
    out[4] = s1;
    out[5] = s2;
  }
  // interior critical point of |P + u (Q − P) − R − v (S − R)|²
  const e1x = q0 - p0;
  const e1y = q1 - p1;
  const e1z = q2 - p2;
  const e2x = s0 - r0;
  const e2y = s1 - r1;
  const e2z = s2 - r2;
  const wx = p0 - r0;
  const wy = p1 - r1;
  const wz = p2 - r2;
  const a = e1x * e1x + e1y * e1y + e1z * e1z;
  const b = e1x * e2x + e1y * e2y + e1z * e2z;
  const c = e2x * e2x + e2y * e2y + e2z * e2z;
  const d1 = e1x * wx + e1y * wy + e1z * wz;
  const d2 = e2x * wx + e2y * wy + e2z * wz;
  const den = a * c - b * b;
  if (den > 0) {
    const u = (b * d2 - c * d1) / den;
    const v = (a * d2 - b * d1) / den;
    if (u > 0 && u < 1 && v > 0 && v < 1) {
      const x0 = p0 + u * e1x;
      const x1 = p1 + u * e1y;
      const x2 = p2 + u * e1z;
      const y0 = r0 + v * e2x;
      const y1 = r1 + v * e2y;
      const y2 = r2 + v * e2z;
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

const EDGES = [0, 3, 3, 6, 6, 0];
const seg = new Float64Array(6);
const foot = new Float64Array(3);

/**
 * The distance between the closed triangles A[a..a+8] and B[b..b+8] (one frame). Candidates: the 6
 * vertex–triangle pairs, the 9 edge–edge pairs, and for each edge of one that crosses the plane of
 * the other strictly, its crossing point against that triangle (≈ 0 when the edge pierces it). The
 * closest pair of two disjoint triangles is vertex–face or edge–edge; two triangles that meet have
 * an edge of one piercing the other, or touching edges or vertices: so the minimum is the distance.
 * Points into out[0..2] (on A) and out[3..5] (on B).
 */
export function triangleTriangle3(
  A: ArrayLike<number>,
  a: number,
  B: ArrayLike<number>,
  b: number,
  out: Float64Array,
): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 6; i += 2) {
    for (let j = 0; j < 6; j += 2) {
      const d = segmentSegmentSq3(A, a + EDGES[i], a + EDGES[i + 1], B, b + EDGES[j], b + EDGES[j + 1], seg);
      if (d < best) {
        best = d;
        out.set(seg);
      }
    }
  }
  for (let k = 0; k < 9; k += 3) {
    let d = pointTriangleSq3(A[a + k], A[a + k + 1], A[a + k + 2], B, b, foot);
    if (d < best) {
      best = d;
      out[0] = A[a + k];
      out[1] = A[a + k + 1];
      out[2] = A[a + k + 2];
      out[3] = foot[0];
      out[4] = foot[1];
      out[5] = foot[2];
    }
    d = pointTriangleSq3(B[b + k], B[b + k + 1], B[b + k + 2], A, a, foot);
    if (d < best) {
      best = d;
      out[0] = foot[0];
      out[1] = foot[1];
      out[2] = foot[2];
      out[3] = B[b + k];
      out[4] = B[b + k + 1];
      out[5] = B[b + k + 2];
    }
  }
  if (best > 0) {
    best = Math.min(best, piercing(A, a, B, b, out, false), piercing(B, b, A, a, out, true));
  }
  return Math.sqrt(best);
}

const hit = new Float64Array(3);

/**
 * Edges of triangle E crossing the plane of triangle F strictly: the crossing point's squared
 * distance to F (the smallest), points written into out only when it beats `out`'s current pair.
 */
function piercing(
  E: ArrayLike<number>,
  e: number,
  F: ArrayLike<number>,
  f: number,
  out: Float64Array,
  swapped: boolean,
): number {
  const ax = F[f];
  const ay = F[f + 1];
  const az = F[f + 2];
  const ux = F[f + 3] - ax;
  const uy = F[f + 4] - ay;
  const uz = F[f + 5] - az;
  const vx = F[f + 6] - ax;
  const vy = F[f + 7] - ay;
  const vz = F[f + 8] - az;
  const m = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
  if (!(m > 1e-12 * Math.hypot(ux, uy, uz) * Math.hypot(vx, vy, vz))) return Number.POSITIVE_INFINITY;
  const nx = (uy * vz - uz * vy) / m;
  const ny = (uz * vx - ux * vz) / m;
  const nz = (ux * vy - uy * vx) / m;
  const current = (out[0] - out[3]) ** 2 + (out[1] - out[4]) ** 2 + (out[2] - out[5]) ** 2;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 6; i += 2) {
    const p = e + EDGES[i];
    const q = e + EDGES[i + 1];
    const hp = (E[p] - ax) * nx + (E[p + 1] - ay) * ny + (E[p + 2] - az) * nz;
    const hq = (E[q] - ax) * nx + (E[q + 1] - ay) * ny + (E[q + 2] - az) * nz;
    if (!((hp > 0 && hq < 0) || (hp < 0 && hq > 0))) continue;
    const w = hp / (hp - hq);
    hit[0] = E[p] + w * (E[q] - E[p]);
    hit[1] = E[p + 1] + w * (E[q + 1] - E[p + 1]);
    hit[2] = E[p + 2] + w * (E[q + 2] - E[p + 2]);
    const d = pointTriangleSq3(hit[0], hit[1], hit[2], F, f, foot);
    if (d < best) best = d;
    if (d < current && d <= best) {
      const on = swapped ? 3 : 0;
      const off = swapped ? 0 : 3;
      out[on] = hit[0];
      out[on + 1] = hit[1];
      out[on + 2] = hit[2];
      out[off] = foot[0];
      out[off + 1] = foot[1];
      out[off + 2] = foot[2];
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------- 2-D

/** Closest point of segment AB to P (2-D) into q[o..o+1]; returns the squared distance. */
function pointSegmentSq2(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  q: Float64Array,
  o: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const dd = dx * dx + dy * dy;
  let u = 0;
  if (dd > 0) u = Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / dd));
  q[o] = u === 1 ? bx : ax + u * dx;
  q[o + 1] = u === 1 ? by : ay + u * dy;
  return (px - q[o]) ** 2 + (py - q[o + 1]) ** 2;
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

const q2 = new Float64Array(2);

/**
 * The distance of segments A[a..a+3] and B[b..b+3] (u0 v0 u1 v1) in the plane: 0 when they cross
 * properly (orientation signs, floating point: a wrong sign can only come with a true distance of
 * the order of rounding), else the smallest of the four endpoint-to-segment distances. Points into
 * out[0..1] (on A) and out[2..3] (on B).
 */
export function segmentSegment2(
  A: ArrayLike<number>,
  a: number,
  B: ArrayLike<number>,
  b: number,
  out: Float64Array,
): number {
  const ax = A[a];
  const ay = A[a + 1];
  const bx = A[a + 2];
  const by = A[a + 3];
  const cx = B[b];
  const cy = B[b + 1];
  const dx = B[b + 2];
  const dy = B[b + 3];
  const o1 = orient(ax, ay, bx, by, cx, cy);
  const o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay);
  const o4 = orient(cx, cy, dx, dy, bx, by);
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) {
    const w = o3 / (o3 - o4);
    out[0] = out[2] = ax + w * (bx - ax);
    out[1] = out[3] = ay + w * (by - ay);
    return 0;
  }
  let best = pointSegmentSq2(ax, ay, cx, cy, dx, dy, q2, 0);
  out[0] = ax;
  out[1] = ay;
  out[2] = q2[0];
  out[3] = q2[1];
  let d = pointSegmentSq2(bx, by, cx, cy, dx, dy, q2, 0);
  if (d < best) {
    best = d;
    out[0] = bx;
    out[1] = by;
    out[2] = q2[0];
    out[3] = q2[1];
  }
  d = pointSegmentSq2(cx, cy, ax, ay, bx, by, q2, 0);
  if (d < best) {
    best = d;
    out[0] = q2[0];
    out[1] = q2[1];
    out[2] = cx;
    out[3] = cy;
  }
  d = pointSegmentSq2(dx, dy, ax, ay, bx, by, q2, 0);
  if (d < best) {
    best = d;
    out[0] = q2[0];
    out[1] = q2[1];
    out[2] = dx;
    out[3] = dy;
  }
  return Math.sqrt(best);
}

/** Distance of the point P to the segment A[a..a+3] (2-D). */
export function pointSegment2(px: number, py: number, A: ArrayLike<number>, a: number): number {
  return Math.sqrt(pointSegmentSq2(px, py, A[a], A[a + 1], A[a + 2], A[a + 3], q2, 0));
}

/** Distance of the point P to the triangle T[t..t+8] (3-D). */
export function pointTriangle3(px: number, py: number, pz: number, T: ArrayLike<number>, t: number): number {
  return Math.sqrt(pointTriangleSq3(px, py, pz, T, t, foot));
}
