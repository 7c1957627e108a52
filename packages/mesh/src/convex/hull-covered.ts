import { orient2d, orient3d } from '@firsttouch/convex';
import type { Surface } from '../surface.js';
import type { ConvexSurface } from './convex-surface.js';

/**
 * Whether the facets of a convex surface cover the boundary of the hull of its vertices, decided
 * exactly: every facet has a non-zero area; every edge (between distinct vertices) is crossed once
 * in each direction by the facets around it (a closed surface, consistently oriented); every vertex
 * lies on the same side of every facet's plane, or on it (orient3d's sign, no tolerance), and some
 * vertex lies off some facet's plane (the hull is solid). Then each facet lies on the hull's boundary,
 * facing out, and a closed surface mapped onto that sphere with every face facing out covers all of
 * it. So the point of the hull nearest a point outside lies on some facet: a search may take the gap
 * to the hull as the gap of some facet pair, rounding aside. `ConvexSurface.convex` decides with a
 * tolerance and accepts degenerate facets, and is not enough for that.
 *
 * Computed once per surface (facets × vertices orientation tests); `c` is the surface's convex data.
 */
export function hullCovered(s: Surface, c: ConvexSurface): boolean {
  let covered = s.kept.hullCovered;
  if (covered === undefined) {
    covered = decide(c);
    s.kept.hullCovered = covered;
  }
  return covered;
}

function decide(c: ConvexSurface): boolean {
  if (!c.convex) return false;
  const P = c.points;
  const corners = c.corners;
  const facets = corners.length / 3;
  // Each directed edge u → v once, and its reverse once: a map from the pair to a count of ±1.
  const directed = new Map<number, number>();
  const n = c.count;
  for (let f = 0; f < facets; f++) {
    const a = corners[3 * f];
    const b = corners[3 * f + 1];
    const d = corners[3 * f + 2];
    if (a === b || b === d || d === a) return false;
    if (collinear(P, a, b, d)) return false;
    for (const [u, v] of [
      [a, b],
      [b, d],
      [d, a],
    ]) {
      const key = u * n + v;
      if (directed.has(key)) return false;
      directed.set(key, 1);
    }
  }
  for (const key of directed.keys()) {
    const u = Math.floor(key / n);
    const v = key - u * n;
    if (!directed.has(v * n + u)) return false;
  }
  let sign = 0;
  for (let f = 0; f < facets; f++) {
    const a = 3 * corners[3 * f];
    const b = 3 * corners[3 * f + 1];
    const d = 3 * corners[3 * f + 2];
    for (let k = 0; k < n; k++) {
      const p = 3 * k;
      const o = Math.sign(
        orient3d(
          P[a],
          P[a + 1],
          P[a + 2],
          P[b],
          P[b + 1],
          P[b + 2],
          P[d],
          P[d + 1],
          P[d + 2],
          P[p],
          P[p + 1],
          P[p + 2],
        ),
      );
      if (o === 0) continue;
      if (sign === 0) sign = o;
      else if (o !== sign) return false;
    }
  }
  return sign !== 0;
}

/** The three points lie on one line: their projections on all three coordinate planes do (exact). */
function collinear(P: Float64Array, a: number, b: number, d: number): boolean {
  const i = 3 * a;
  const j = 3 * b;
  const k = 3 * d;
  return (
    orient2d(P[i], P[i + 1], P[j], P[j + 1], P[k], P[k + 1]) === 0 &&
    orient2d(P[i + 1], P[i + 2], P[j + 1], P[j + 2], P[k + 1], P[k + 2]) === 0 &&
    orient2d(P[i + 2], P[i], P[j + 2], P[j], P[k + 2], P[k]) === 0
  );
}
