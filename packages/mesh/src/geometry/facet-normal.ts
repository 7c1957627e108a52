/** Veltkamp's splitter for doubles, 2^27 + 1. */
const SPLIT = 134217729;

/**
 * Below this sin² of the largest angle the float cross product is replaced: its direction is off by
 * about 2ε / sin, which this keeps under 2e-14. Only a cap (a vertex close to the opposite edge, all
 * three angles near 0 or π) comes this far; a needle's largest angle is at least 60°.
 */
const THIN = 1e-4;

/**
 * A normal of the triangle with vertices at offsets `a`, `b`, `c` of `T`, oriented as (a, b, c), into
 * `n[0..2]`, unnormalised; zero for a degenerate triangle. Taken at the vertex facing the longest
 * edge (the largest angle): a needle's two long edges are nearly parallel, and their cross product
 * would tilt it by ε / sin θ. For a cap, where even the largest angle is near π, the edges and the
 * products are carried with their rounding errors (two-sum, two-product), so the normal keeps its
 * direction to a few ulps unless the triangle is flat to within ε² of its size. Writes the offset
 * of that vertex (`a`, `b` or `c`) into `n[3]`.
 *
 * @example
 * ```ts
 * import { facetNormal } from '@firsttouch/mesh';
 * const n = new Float64Array(4);
 * facetNormal(new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), 0, 3, 6, n);
 * console.log(n[0], n[1], n[2] > 0, n[3]); // 0 0 true 0
 * ```
 */
export function facetNormal(T: Float64Array, a: number, b: number, c: number, n: Float64Array): void {
  const ab = (T[b] - T[a]) ** 2 + (T[b + 1] - T[a + 1]) ** 2 + (T[b + 2] - T[a + 2]) ** 2;
  const bc = (T[c] - T[b]) ** 2 + (T[c + 1] - T[b + 1]) ** 2 + (T[c + 2] - T[b + 2]) ** 2;
  const ca = (T[a] - T[c]) ** 2 + (T[a + 1] - T[c + 1]) ** 2 + (T[a + 2] - T[c + 2]) ** 2;
  // The apex o and the next two vertices in the cycle (the orientation kept).
  const o = ab >= bc && ab >= ca ? c : bc >= ca ? a : b;
  const p = o === a ? b : o === b ? c : a;
  const q = o === a ? c : o === b ? a : b;
  const ux = T[p] - T[o],
    uy = T[p + 1] - T[o + 1],
    uz = T[p + 2] - T[o + 2];
  const vx = T[q] - T[o],
    vy = T[q + 1] - T[o + 1],
    vz = T[q + 2] - T[o + 2];
  const nx = uy * vz - uz * vy,
    ny = uz * vx - ux * vz,
    nz = ux * vy - uy * vx;
  n[3] = o;
  const uu = ux * ux + uy * uy + uz * uz;
  const vv = vx * vx + vy * vy + vz * vz;
  if (nx * nx + ny * ny + nz * nz >= THIN * uu * vv || !(uu * vv < 1e250)) {
    n[0] = nx;
    n[1] = ny;
    n[2] = nz;
    return;
  }
  n[0] = crossTerm(T, o, p, q, 1, 2);
  n[1] = crossTerm(T, o, p, q, 2, 0);
  n[2] = crossTerm(T, o, p, q, 0, 1);
}

/**
 * (P − O)_y (Q − O)_z − (P − O)_z (Q − O)_y for coordinates y, z of the points at offsets o, p, q, in
 * double-double: each difference as a two-sum, each product of their leading parts as a two-product,
 * the small terms summed after the leading ones cancel.
 */
function crossTerm(T: Float64Array, o: number, p: number, q: number, y: number, z: number): number {
  // P − O and Q − O along y and z, each as hi + lo exactly.
  let a = T[p + y],
    b = T[o + y];
  const py = a - b;
  let s = py - a;
  const pyl = a - (py - s) + (-b - s);
  a = T[p + z];
  b = T[o + z];
  const pz = a - b;
  s = pz - a;
  const pzl = a - (pz - s) + (-b - s);
  a = T[q + y];
  b = T[o + y];
  const qy = a - b;
  s = qy - a;
  const qyl = a - (qy - s) + (-b - s);
  a = T[q + z];
  b = T[o + z];
  const qz = a - b;
  s = qz - a;
  const qzl = a - (qz - s) + (-b - s);
  // The leading products exactly: m1 + e1 = py·qz, m2 + e2 = pz·qy.
  const m1 = py * qz;
  const e1 = productError(py, qz, m1);
  const m2 = pz * qy;
  const e2 = productError(pz, qy, m2);
  // m1 − m2 exactly as d + t (they nearly cancel on a cap).
  const d = m1 - m2;
  s = d - m1;
  const t = m1 - (d - s) + (-m2 - s);
  return d + (t + (e1 - e2) + (py * qzl + pyl * qz) - (pz * qyl + pzl * qy));
}

/** The rounding error of the product x·y = m, exactly (Dekker's two-product with Veltkamp splits). */
function productError(x: number, y: number, m: number): number {
  let c = SPLIT * x;
  const xh = c - (c - x);
  const xl = x - xh;
  c = SPLIT * y;
  const yh = c - (c - y);
  const yl = y - yh;
  return xl * yl - (m - xh * yh - xl * yh - xh * yl);
}
