// The corners of a hull built by quickhull: a vertex that later points left inside a face or an
// edge is found by the planes of its facets.

import { orient3dAt } from '../predicates.js';

/**
 * The vertices of a triangulated convex surface that are corners of the solid: those whose facets
 * lie in three planes or more (decided exactly). A vertex inside a face has one plane around it, one
 * inside an edge two. `facets` are triples of indices into the points `p` (x y z each), `vertices`
 * the points they use.
 */
export function extremeVertices(p: Float64Array, facets: Uint32Array, vertices: Uint32Array): Uint32Array {
  // Each vertex's facets as the pairs of their other two corners, in one flat list by vertex.
  const F = facets;
  const n = p.length / 3;
  const start = new Int32Array(n + 1);
  for (let f = 0; f < F.length; f++) start[F[f] + 1] += 2;
  for (let v = 0; v < n; v++) start[v + 1] += start[v];
  const pairs = new Int32Array(start[n]);
  const fill = start.slice(0, n);
  for (let f = 0; f < F.length; f += 3) {
    for (let j = 0; j < 3; j++) {
      const v = F[f + j];
      pairs[fill[v]++] = F[f + ((j + 1) % 3)];
      pairs[fill[v]++] = F[f + ((j + 2) % 3)];
    }
  }
  const out: number[] = [];
  const planes = new Int32Array(6);
  for (const v of vertices) {
    // The planes of v's facets, each kept as one facet (a, b): a facet in none of them is a new plane.
    let found = 0;
    for (let i = start[v]; i < start[v + 1] && found < 6; i += 2) {
      const a = pairs[i],
        b = pairs[i + 1];
      let known = false;
      for (let k = 0; k < found && !known; k += 2) {
        known = coplanar(p, v, planes[k], planes[k + 1], a) && coplanar(p, v, planes[k], planes[k + 1], b);
      }
      if (!known) {
        planes[found++] = a;
        planes[found++] = b;
      }
    }
    if (found >= 6) out.push(v);
  }
  return Uint32Array.from(out);
}

/** Point l on the plane of points i, j, k (decided exactly). */
function coplanar(p: Float64Array, i: number, j: number, k: number, l: number): boolean {
  // One of the three is on it. (Asked of orient3dAt, a repeated point makes a determinant of exactly
  // 0 that its float filter cannot tell from a small one: each went to the exact predicate, a tenth
  // of the bunny's hull build. A facet next to a kept one shares two of its corners.)
  if (l === i || l === j || l === k) return true;
  // (orient3dAt: a float filter first, the exact predicate only where it cannot tell.)
  return orient3dAt(p, 3 * i, 3 * j, 3 * k, 3 * l) === 0;
}
