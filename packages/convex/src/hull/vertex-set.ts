import { Shape } from '../shape.js';
import { CORE_POINTS, CORE_POINTS2 } from '../support.js';
import { polarEdges } from './polar-table.js';

/**
 * A point set over `points` (x y z each, **not copied**: the caller keeps them unchanged for the
 * shape's life), for a caller that already holds the vertices of a body (mesh's distinct vertices of
 * a Surface): supports scan them, or climb over `adjacency` (vertex k's neighbours at
 * `neighbours[start[k] .. start[k + 1])`) from the last support when the query allows it
 * (`GjkState.climb`). A climb is exact on a convex body's vertices; on others it may stop below the
 * top, and a caller that needs certified bounds turns climbing off. `reach`, when given, is taken
 * for the shape's reach (any length at least the points' largest |x|: the caller's own measure of its
 * body, which GJK's rounding allowances then share). Not exported by the package's main entry.
 */
export function vertexSet(
  points: Float64Array,
  adjacency?: { start: Int32Array; neighbours: Int32Array },
  reach?: number,
): Shape<3> {
  const min = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const max = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  let reach2 = 0;
  for (let i = 0; i < points.length; i += 3) {
    const x = points[i],
      y = points[i + 1],
      z = points[i + 2];
    if (x < min[0]) min[0] = x;
    if (x > max[0]) max[0] = x;
    if (y < min[1]) min[1] = y;
    if (y > max[1]) max[1] = y;
    if (z < min[2]) min[2] = z;
    if (z > max[2]) max[2] = z;
    const r2 = x * x + y * y + z * z;
    if (r2 > reach2) reach2 = r2;
  }
  const count = points.length / 3;
  return Shape.create({
    kind: 'pointSet',
    dim: 3,
    params: { count, vertices: count },
    base: null,
    margin: 0,
    core: CORE_POINTS,
    points,
    start: adjacency?.start,
    neighbours: adjacency?.neighbours,
    climb: adjacency !== undefined,
    min,
    max,
    coreReach: reach !== undefined && reach >= Math.sqrt(reach2) ? reach : Math.sqrt(reach2),
  });
}

/**
 * {@link vertexSet} in the plane: a planar point set over `points` (x y each, **not copied**), for a
 * caller that holds the distinct vertices of a body (mesh's curves). Supports scan every point; when
 * `ring` says the points are a convex ring in order (neighbours in the array are neighbours around
 * the hull, the last next to the first) and there are `POLAR_FROM` (24) of them or more, they read
 * a polar table of its edges (`hull/polar-table.ts`) and a few points about the farthest, the same
 * point to the bit. `reach` is taken for the shape's reach when it is at least the points' largest
 * |x| (mesh passes the largest |u| plus the largest |v|). Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { vertexSet2 } from '@firsttouch/convex/internal';
 * const square = vertexSet2(new Float64Array([1, 1, -1, 1, -1, -1, 1, -1]), 2, true);
 * const out = new Float64Array(3);
 * console.log(square.support(new Float64Array([1, 0.5, 0]), out), Array.from(out)); // 0 [1, 1, 0]
 * ```
 */
export function vertexSet2(points: Float64Array, reach: number, ring: boolean): Shape<2> {
  const min = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const max = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  let reach2 = 0;
  for (let i = 0; i < points.length; i += 2) {
    const x = points[i],
      y = points[i + 1];
    if (x < min[0]) min[0] = x;
    if (x > max[0]) max[0] = x;
    if (y < min[1]) min[1] = y;
    if (y > max[1]) max[1] = y;
    const r2 = x * x + y * y;
    if (r2 > reach2) reach2 = r2;
  }
  const count = points.length / 2;
  return Shape.create({
    kind: 'pointSet2',
    dim: 2,
    params: { count, vertices: count },
    base: null,
    margin: 0,
    core: CORE_POINTS2,
    points,
    polar: ring ? polarEdges(points, reach) : undefined,
    min,
    max,
    coreReach: reach >= Math.sqrt(reach2) ? reach : Math.sqrt(reach2),
  });
}

/** A point set whose points and reach its owner rewrites in place: see {@link pointCore}. */
export interface PointCore {
  /** The shape GJK is bound to (the same object at every rewrite). */
  readonly shape: Shape<3>;
  /** Its points, x y z each: rewrite them between queries. */
  readonly points: Float64Array;
  /**
   * The size rounding is measured against (the shape's core reach: any length at least the largest
   * |x| of the points, or of the scene they stand for). Set it with the points.
   */
  reach: number;
}

/**
 * `count` points to fill in place, as a shape GJK takes: the facet of one body in hand against the
 * hull of another (mesh's hull search rewrites a triangle facet after facet). Supports scan the
 * points; the shape's bounds are not kept up to date (GJK does not read them). Not exported by the
 * package's main entry.
 */
export function pointCore(count: number): PointCore {
  const points = new Float64Array(3 * count);
  const shape = Shape.create({
    kind: 'pointSet',
    dim: 3,
    params: { count, vertices: count },
    base: null,
    margin: 0,
    core: CORE_POINTS,
    points,
    min: [0, 0, 0],
    max: [0, 0, 0],
    coreReach: 0,
    mutable: true,
  });
  // The one field the owner rewrites beside the points (the shape is unfrozen for it alone).
  const writable = shape as { coreReach: number };
  return {
    shape,
    points,
    get reach() {
      return writable.coreReach;
    },
    set reach(r: number) {
      writable.coreReach = r;
    },
  };
}
