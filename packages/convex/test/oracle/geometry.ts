// Independent distance oracles, written for the tests: point–segment, segment–segment, point–triangle,
// triangle–triangle (exact crossing test by orient3d), and the point–primitive distances in closed
// form. Nothing here is shared with the package's code.

import { orient3d } from 'robust-predicates';

export type V3 = readonly [number, number, number] | Float64Array | number[];

const sub = (a: V3, b: V3): [number, number, number] => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): [number, number, number] => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const norm = (a: V3) => Math.hypot(a[0], a[1], a[2]);
const at = (a: V3, d: V3, u: number): [number, number, number] => [
  a[0] + u * d[0],
  a[1] + u * d[1],
  a[2] + u * d[2],
];

/** Distance from p to the segment ab. */
export function pointSegment(p: V3, a: V3, b: V3): number {
  const d = sub(b, a);
  const dd = dot(d, d);
  let u = dd > 0 ? dot(sub(p, a), d) / dd : 0;
  u = Math.min(1, Math.max(0, u));
  return norm(sub(p, at(a, d, u)));
}

/**
 * Distance between segments pq and rs: the smallest of the four end-to-segment distances and, when
 * the lines' nearest points fall inside both segments, their distance.
 */
export function segmentSegment(p: V3, q: V3, r: V3, s: V3): number {
  let best = Math.min(
    pointSegment(p, r, s),
    pointSegment(q, r, s),
    pointSegment(r, p, q),
    pointSegment(s, p, q),
  );
  const d1 = sub(q, p);
  const d2 = sub(s, r);
  const w = sub(p, r);
  const a = dot(d1, d1),
    b = dot(d1, d2),
    c = dot(d2, d2),
    d = dot(d1, w),
    e = dot(d2, w);
  const den = a * c - b * b;
  if (den > 1e-14 * a * c) {
    const u = (b * e - c * d) / den;
    const v = (a * e - b * d) / den;
    if (u > 0 && u < 1 && v > 0 && v < 1) {
      // The lines' distance along their common normal, not between the points at u and v: near
      // parallel, u and v come from a cancelling numerator (2.8e-6 off at 4.5e-6 rad) and the points'
      // distance was 5e-12 too long, where the normal's components carry no cancellation.
      const n = cross(d1, d2);
      best = Math.min(best, Math.abs(dot(w, n)) / norm(n));
    }
  }
  return best;
}

/** Distance from p to the triangle abc (a degenerate triangle through its edges). */
export function pointTriangle(p: V3, a: V3, b: V3, c: V3): number {
  const n = cross(sub(b, a), sub(c, a));
  const nn = dot(n, n);
  if (nn > 0) {
    // Inside the prism over the triangle: the height.
    const s1 = dot(cross(sub(b, a), sub(p, a)), n);
    const s2 = dot(cross(sub(c, b), sub(p, b)), n);
    const s3 = dot(cross(sub(a, c), sub(p, c)), n);
    if (s1 >= 0 && s2 >= 0 && s3 >= 0) return Math.abs(dot(sub(p, a), n)) / Math.sqrt(nn);
  }
  return Math.min(pointSegment(p, a, b), pointSegment(p, b, c), pointSegment(p, c, a));
}

/** Segment pq crosses (or touches) triangle abc, decided exactly. */
export function segmentCrossesTriangle(p: V3, q: V3, a: V3, b: V3, c: V3): boolean {
  const o = (x: V3, y: V3, z: V3, w: V3) =>
    Math.sign(orient3d(x[0], x[1], x[2], y[0], y[1], y[2], z[0], z[1], z[2], w[0], w[1], w[2]));
  const sp = o(a, b, c, p);
  const sq = o(a, b, c, q);
  if (sp !== 0 && sp === sq) return false;
  if (sp === 0 && sq === 0) return false; // coplanar: the edge–edge distances see it
  const e1 = o(p, q, a, b);
  const e2 = o(p, q, b, c);
  const e3 = o(p, q, c, a);
  return (e1 >= 0 && e2 >= 0 && e3 >= 0) || (e1 <= 0 && e2 <= 0 && e3 <= 0);
}

/** Distance between triangles (9 numbers each in arrays at offsets): 0 when they cross. */
export function triangleTriangle(T: ArrayLike<number>, i: number, U: ArrayLike<number>, j: number): number {
  const A = [0, 1, 2].map((k) => [T[i + 3 * k], T[i + 3 * k + 1], T[i + 3 * k + 2]] as V3);
  const B = [0, 1, 2].map((k) => [U[j + 3 * k], U[j + 3 * k + 1], U[j + 3 * k + 2]] as V3);
  for (let k = 0; k < 3; k++) {
    if (segmentCrossesTriangle(A[k], A[(k + 1) % 3], B[0], B[1], B[2])) return 0;
    if (segmentCrossesTriangle(B[k], B[(k + 1) % 3], A[0], A[1], A[2])) return 0;
  }
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 3; k++) {
    best = Math.min(best, pointTriangle(A[k], B[0], B[1], B[2]), pointTriangle(B[k], A[0], A[1], A[2]));
    for (let l = 0; l < 3; l++)
      best = Math.min(best, segmentSegment(A[k], A[(k + 1) % 3], B[l], B[(l + 1) % 3]));
  }
  return best;
}

/** Distance from p (body frame) to the box of half extents h. */
export function pointBox(p: V3, h: V3): number {
  return Math.hypot(
    Math.max(Math.abs(p[0]) - h[0], 0),
    Math.max(Math.abs(p[1]) - h[1], 0),
    Math.max(Math.abs(p[2]) - h[2], 0),
  );
}

/** Distance from p (body frame) to the solid cylinder along y (half height h, radius r). */
export function pointCylinder(p: V3, h: number, r: number): number {
  return Math.hypot(Math.max(Math.hypot(p[0], p[2]) - r, 0), Math.max(Math.abs(p[1]) - h, 0));
}

/**
 * Distance from p (body frame) to the solid cone along y (base radius r at y = −h, apex at y = h): the
 * distance in the half-plane (ρ, y) to the cone's profile, the triangle (0, −h), (r, −h), (0, h).
 */
export function pointCone(p: V3, h: number, r: number): number {
  const q: V3 = [Math.hypot(p[0], p[2]), p[1], 0];
  return pointTriangle(q, [0, -h, 0], [r, -h, 0], [0, h, 0]);
}

/** The points of the lines' and segments' oracles, for the tests that need them. */
export const vec = { sub, dot, cross, norm };
