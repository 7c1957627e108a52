import { orient3dAt } from '../predicates.js';

/** The vertices next to each vertex of a hull, and whether supports may climb over them. */
export interface HullAdjacency {
  /** Vertex k's neighbours: `neighbours[start[k] .. start[k + 1])`, ascending. */
  start: Int32Array;
  neighbours: Int32Array;
  /**
   * No vertex has a flat star (all its neighbours in the plane of one facet around it). Climbing
   * stops at a vertex no neighbour beats; on a closed convex surface that is the farthest vertex
   * unless the star is flat (a vertex inside a planar face, at the far side from the direction,
   * has only neighbours of equal height). Quickhull never makes such a vertex, but the check is cheap.
   */
  climbable: boolean;
}

/**
 * The neighbours of each of `count` vertices over the triangles `facets` (local indices), and the
 * flat-star check, exact (`orient3dAt` on `points`, x y z each).
 */
export function hullAdjacency(points: Float64Array, count: number, facets: Uint32Array): HullAdjacency {
  const { start, neighbours } = adjacency(count, facets);
  let climbable = true;
  for (let v = 0; v < count && climbable; v++) {
    if (isFlat(points, v, neighbours.subarray(start[v], start[v + 1]))) climbable = false;
  }
  return { start, neighbours, climbable };
}

/**
 * The neighbours of each of `count` vertices over the triangles `facets` (3 vertex indices each):
 * vertex k's at `neighbours[start[k] .. start[k + 1])`, ascending, each once, k itself left out (a
 * degenerate triangle names a vertex twice). Linear in the facets.
 */
export function adjacency(
  count: number,
  facets: ArrayLike<number>,
): { start: Int32Array; neighbours: Int32Array } {
  // Two passes over the corners: counts, then the lists (with repeats), each list then sorted and
  // its repeats dropped in place.
  const start = new Int32Array(count + 1);
  for (let f = 0; f < facets.length; f++) start[facets[f] + 1] += 2;
  for (let v = 0; v < count; v++) start[v + 1] += start[v];
  const raw = new Int32Array(start[count]);
  const fill = start.slice(0, count);
  for (let f = 0; f + 2 < facets.length; f += 3) {
    for (let j = 0; j < 3; j++) {
      const v = facets[f + j];
      raw[fill[v]++] = facets[f + ((j + 1) % 3)];
      raw[fill[v]++] = facets[f + ((j + 2) % 3)];
    }
  }
  let w = 0;
  let from = 0;
  for (let v = 0; v < count; v++) {
    const to = start[v + 1];
    raw.subarray(from, to).sort();
    const begin = w;
    for (let k = from; k < to; k++) {
      const u = raw[k];
      if (u !== v && (w === begin || raw[w - 1] !== u)) raw[w++] = u;
    }
    from = to;
    start[v + 1] = w;
  }
  return { start, neighbours: raw.slice(0, w) };
}

/** All of v's neighbours lie in one plane with v (the plane of its first two that span one). */
function isFlat(P: Float64Array, v: number, around: ArrayLike<number>): boolean {
  if (around.length < 3) return true;
  const o = 3 * v;
  const a = 3 * around[0];
  for (let i = 1; i < around.length; i++) {
    const b = 3 * around[i];
    for (let j = 0; j < around.length; j++) {
      if (j === 0 || j === i) continue;
      const s = orient3dAt(P, o, a, b, 3 * around[j]);
      if (s !== 0) return false;
    }
  }
  return true;
}
