import { orient3d } from 'robust-predicates';

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
 * flat-star check, exact (`orient3d` on `points`, x y z each).
 */
export function hullAdjacency(points: Float64Array, count: number, facets: Uint32Array): HullAdjacency {
  const lists: number[][] = Array.from({ length: count }, () => []);
  for (let f = 0; f < facets.length; f += 3) {
    for (let j = 0; j < 3; j++) {
      const v = facets[f + j];
      lists[v].push(facets[f + ((j + 1) % 3)], facets[f + ((j + 2) % 3)]);
    }
  }
  const start = new Int32Array(count + 1);
  const all: number[] = [];
  let climbable = true;
  for (let v = 0; v < count; v++) {
    const around = [...new Set(lists[v])].sort((x, y) => x - y);
    for (const u of around) all.push(u);
    start[v + 1] = all.length;
    if (climbable && isFlat(points, v, around)) climbable = false;
  }
  return { start, neighbours: Int32Array.from(all), climbable };
}

/** All of v's neighbours lie in one plane with v (the plane of its first two that span one). */
function isFlat(P: Float64Array, v: number, around: readonly number[]): boolean {
  if (around.length < 3) return true;
  const o = 3 * v;
  const a = 3 * around[0];
  for (let i = 1; i < around.length; i++) {
    const b = 3 * around[i];
    for (let j = 0; j < around.length; j++) {
      if (j === 0 || j === i) continue;
      const c = 3 * around[j];
      const s = orient3d(
        P[o],
        P[o + 1],
        P[o + 2],
        P[a],
        P[a + 1],
        P[a + 2],
        P[b],
        P[b + 1],
        P[b + 2],
        P[c],
        P[c + 1],
        P[c + 2],
      );
      if (s !== 0) return false;
    }
  }
  return true;
}
