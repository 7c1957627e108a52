import { orient2dAt, orient3dAt } from '@firsttouch/convex/internal';
import { facetNormal } from './facet-normal.js';
import type { TriangleWork } from './triangle-work.js';

// Exact (closed-set) intersection tests in 3-D on float coordinates, decided by the adaptive
// predicates orient3d / orient2d alone (their signs, from offsets: `orient3dAt`, `orient2dAt`), so touching or crossing never flips with rounding. Points
// are read from flat arrays at offsets (3 numbers a point).

/** True when the segments PQ and RS (closed, degenerate allowed) share a point. */
export function segmentsIntersect3(X: Float64Array, p: number, q: number, r: number, s: number): boolean {
  const o = orient3dAt(X, p, q, r, s);
  if (o !== 0) return false;
  // Coplanar: project on a coordinate plane that is one-to-one on the points' plane, if they span one.
  const pts = [p, q, r, s];
  for (let i = 0; i < 4; i++) {
    for (let j = i + 1; j < 4; j++) {
      for (let k = j + 1; k < 4; k++) {
        for (let drop = 0; drop < 3; drop++) {
          const u = drop === 0 ? 1 : 0;
          const v = drop === 2 ? 1 : 2;
          if (orient2dAt(X, pts[i], pts[j], pts[k], u, v) !== 0) {
            return segmentsIntersect2(X, p, q, r, s, u, v);
          }
        }
      }
    }
  }
  return collinearOverlap(X, p, q, r, s);
}

/** Closed 2-D segment intersection of PQ and RS in the coordinates (u, v) of the points. */
export function segmentsIntersect2(
  X: Float64Array,
  p: number,
  q: number,
  r: number,
  s: number,
  u: number,
  v: number,
): boolean {
  const o1 = orient2dAt(X, p, q, r, u, v);
  const o2 = orient2dAt(X, p, q, s, u, v);
  if ((o1 > 0 && o2 > 0) || (o1 < 0 && o2 < 0)) return false;
  const o3 = orient2dAt(X, r, s, p, u, v);
  const o4 = orient2dAt(X, r, s, q, u, v);
  if ((o3 > 0 && o4 > 0) || (o3 < 0 && o4 < 0)) return false;
  if (o1 === 0 && o2 === 0 && o3 === 0 && o4 === 0) {
    // All on one line: overlap of the intervals along a coordinate that varies on it.
    const du =
      Math.max(X[p + u], X[q + u], X[r + u], X[s + u]) - Math.min(X[p + u], X[q + u], X[r + u], X[s + u]);
    const dv =
      Math.max(X[p + v], X[q + v], X[r + v], X[s + v]) - Math.min(X[p + v], X[q + v], X[r + v], X[s + v]);
    return intervalsOverlap(X, p, q, r, s, du >= dv ? u : v);
  }
  return true;
}

/** PQ and RS known collinear (or points): overlap along the coordinate that varies most. */
function collinearOverlap(X: Float64Array, p: number, q: number, r: number, s: number): boolean {
  let axis = 0;
  let widest = -1;
  for (let a = 0; a < 3; a++) {
    const w =
      Math.max(X[p + a], X[q + a], X[r + a], X[s + a]) - Math.min(X[p + a], X[q + a], X[r + a], X[s + a]);
    if (w > widest) {
      widest = w;
      axis = a;
    }
  }
  return intervalsOverlap(X, p, q, r, s, axis);
}

function intervalsOverlap(X: Float64Array, p: number, q: number, r: number, s: number, a: number): boolean {
  const lo1 = Math.min(X[p + a], X[q + a]);
  const hi1 = Math.max(X[p + a], X[q + a]);
  const lo2 = Math.min(X[r + a], X[s + a]);
  const hi2 = Math.max(X[r + a], X[s + a]);
  return lo1 <= hi2 && lo2 <= hi1;
}

/** True when the three points are collinear (or coincide), exactly. */
export function collinear3(X: Float64Array, a: number, b: number, c: number): boolean {
  return (
    orient2dAt(X, a, b, c, 0, 1) === 0 &&
    orient2dAt(X, a, b, c, 1, 2) === 0 &&
    orient2dAt(X, a, b, c, 2, 0) === 0
  );
}

/**
 * True when the closed segment PQ meets the closed triangle ABC (degenerate triangles and segments
 * allowed). When the segment crosses the triangle's plane at a point the floats can place,
 * `cross[0..2]` receives the crossing point (rounded) and `cross[3]` is 1; otherwise `cross[3]` is 0
 * (`cross` and `normal` of `work`: its scratch).
 */
export function segmentHitsTriangle(
  X: Float64Array,
  p: number,
  q: number,
  a: number,
  b: number,
  c: number,
  work: TriangleWork,
): boolean {
  const cross = work.cross;
  const normal = work.normal;
  cross[3] = 0;
  if (collinear3(X, a, b, c)) {
    return (
      segmentsIntersect3(X, p, q, a, b) ||
      segmentsIntersect3(X, p, q, b, c) ||
      segmentsIntersect3(X, p, q, c, a)
    );
  }
  const op = orient3dAt(X, a, b, c, p);
  const oq = orient3dAt(X, a, b, c, q);
  if ((op > 0 && oq > 0) || (op < 0 && oq < 0)) return false;
  if (op === 0 && oq === 0) {
    // Coplanar: in a coordinate plane that is one-to-one on the triangle's plane.
    let u = 0;
    let v = 1;
    for (let drop = 2; drop >= 0; drop--) {
      u = drop === 0 ? 1 : 0;
      v = drop === 2 ? 1 : 2;
      if (orient2dAt(X, a, b, c, u, v) !== 0) break;
    }
    return (
      pointInTriangle2(X, p, a, b, c, u, v) ||
      pointInTriangle2(X, q, a, b, c, u, v) ||
      segmentsIntersect2(X, p, q, a, b, u, v) ||
      segmentsIntersect2(X, p, q, b, c, u, v) ||
      segmentsIntersect2(X, p, q, c, a, u, v)
    );
  }
  // The line PQ meets the plane at one point: inside the triangle when PQ turns the same way
  // around all three edges.
  const e1 = orient3dAt(X, p, q, a, b);
  const e2 = orient3dAt(X, p, q, b, c);
  if ((e1 > 0 && e2 < 0) || (e1 < 0 && e2 > 0)) return false;
  const e3 = orient3dAt(X, p, q, c, a);
  if ((e1 > 0 && e3 < 0) || (e1 < 0 && e3 > 0) || (e2 > 0 && e3 < 0) || (e2 < 0 && e3 > 0)) return false;
  // Where the segment crosses the plane, from float distances to it: the adaptive predicates' values
  // are sign-exact only, so they must not place the point. The normal keeps its direction on needles
  // and caps (a tilt of ε / sin θ would slide the point along the segment).
  facetNormal(X, a, b, c, normal);
  const o = normal[3];
  const nx = normal[0],
    ny = normal[1],
    nz = normal[2];
  // Each distance from its three products, formed once (their magnitudes bound its rounding below).
  const p0 = nx * (X[p] - X[o]),
    p1 = ny * (X[p + 1] - X[o + 1]),
    p2 = nz * (X[p + 2] - X[o + 2]);
  const q0 = nx * (X[q] - X[o]),
    q1 = ny * (X[q + 1] - X[o + 1]),
    q2 = nz * (X[q + 2] - X[o + 2]);
  const dp = p0 + p1 + p2;
  const dq = q0 + q1 + q2;
  // Where the two distances differ by no more than their rounding, the segment runs along the plane
  // to rounding, though the exact signs say it crosses: the floats cannot place the point, and none
  // is given (the caller then takes the closest features). A facet collinear but for a subnormal
  // coordinate, or a segment in a plane tilted by one, took the middle of the segment (equal
  // distances) or an end (distances 0 and an ulp): 0.09 and 0.70 off the facet.
  const ep = Math.abs(p0) + Math.abs(p1) + Math.abs(p2);
  const eq = Math.abs(q0) + Math.abs(q1) + Math.abs(q2);
  // (8 ulps of each sum of magnitudes: each distance is three products and two sums of them, from
  // differences that each round once)
  if (!(Math.abs(dp - dq) > 8.9e-16 * (ep + eq))) return true;
  let w = dp / (dp - dq);
  w = w < 0 ? 0 : w > 1 ? 1 : w;
  cross[0] = X[p] + w * (X[q] - X[p]);
  cross[1] = X[p + 1] + w * (X[q + 1] - X[p + 1]);
  cross[2] = X[p + 2] + w * (X[q + 2] - X[p + 2]);
  cross[3] = 1;
  return true;
}

function pointInTriangle2(
  X: Float64Array,
  p: number,
  a: number,
  b: number,
  c: number,
  u: number,
  v: number,
): boolean {
  const d1 = orient2dAt(X, a, b, p, u, v);
  const d2 = orient2dAt(X, b, c, p, u, v);
  const d3 = orient2dAt(X, c, a, p, u, v);
  const neg = d1 < 0 || d2 < 0 || d3 < 0;
  const pos = d1 > 0 || d2 > 0 || d3 > 0;
  return !(neg && pos);
}
