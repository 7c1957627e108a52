import { FirstTouchError } from '@firsttouch/pose';
import { Shape } from '../shape.js';
import { CORE_POINTS } from '../support.js';
import { hullAdjacency } from './hull-adjacency.js';
import { quickhull } from './quickhull.js';
import { checkedCopy, scaledCopy } from './scaled-copy.js';
import { supportTable } from './support-table.js';

/**
 * Hull vertices from which supports climb over the hull's edges instead of scanning every vertex
 * (DECISIONS.md: the crossover measured on hulls of random points).
 *
 * @example
 * ```ts
 * import { CLIMB_FROM } from '@firsttouch/convex';
 * console.log(CLIMB_FROM > 0); // true
 * ```
 */
export const CLIMB_FROM = 256;

/**
 * The convex hull of points in 3-D as a shape: its vertices are the input points that the hull needs
 * (quickhull with exact orientations: coplanar, collinear and repeated points handled), its support
 * a scan of them, or a climb over the hull's edges from the last support for hulls of
 * {@link CLIMB_FROM} vertices or more. Body frame = the points' frame.
 *
 * @param points - x y z each (an array or typed array), copied.
 * @throws `FirstTouchError` `BAD_LENGTH` for fewer than 4 points or a length that is not a multiple
 *   of 3, `NON_FINITE` for a coordinate that is not finite, `INVALID_OPTION` when no 4 points are
 *   affinely independent (all on a plane).
 * @example
 * ```ts
 * import { convexHull } from '@firsttouch/convex';
 * // a unit cube's corners and a point in its middle
 * const corners = [0, 1].flatMap((x) => [0, 1].flatMap((y) => [0, 1].flatMap((z) => [x, y, z])));
 * const h = convexHull([...corners, 0.5, 0.5, 0.5]);
 * console.log(h.params.vertices, h.params.facets, h.reach.toFixed(4)); // 8 12 1.7321
 * ```
 */
export function convexHull(points: ArrayLike<number>): Shape<3> {
  // One read of the caller's numbers: the hull and the vertices come from the same copy.
  const copy = checkedCopy(points, 3, 4, 'convexHull', 'points');
  const hull = quickhull(copy, 'points');
  const m = hull.vertices.length;
  const sources = hull.vertices;
  const local = new Float64Array(3 * m);
  const index = new Map<number, number>();
  sources.forEach((v, k) => {
    index.set(v, k);
    local[3 * k] = copy[3 * v];
    local[3 * k + 1] = copy[3 * v + 1];
    local[3 * k + 2] = copy[3 * v + 2];
  });
  const facets = hull.facets.map((v) => index.get(v)!);
  // Small hulls are scanned: no adjacency to build.
  const adjacency =
    m >= CLIMB_FROM ? hullAdjacency(scaledCopy(local, 3, 1, 'convexHull', 'points'), m, facets) : null;
  return pointShape('convexHull', local, sources, facets, adjacency, {
    vertices: m,
    facets: facets.length / 3,
  });
}

/**
 * A set of points in 3-D as a convex shape: the hull of the points, without asking that they span a
 * volume (one point, a segment, a flat polygon are all accepted: the vertex hulls of any surface).
 * Up to {@link CLIMB_FROM} points, supports scan them all and {@link Shape.vertices} are the points as
 * given; from there the hull is built once (when the points span a volume) and supports climb over
 * its vertices, which are then the vertices.
 *
 * @param points - x y z each, copied.
 * @throws `FirstTouchError` `BAD_LENGTH` for no point or a length that is not a multiple of 3,
 *   `NON_FINITE` for a coordinate that is not finite.
 * @example
 * ```ts
 * import { pointSet } from '@firsttouch/convex';
 * const triangle = pointSet([0, 0, 0, 1, 0, 0, 0, 1, 0]);
 * const out = new Float64Array(3);
 * console.log(triangle.support(new Float64Array([1, 2, 0]), out), Array.from(out)); // 2 [0, 1, 0]
 * ```
 */
export function pointSet(points: ArrayLike<number>): Shape<3> {
  const copy = checkedCopy(points, 3, 1, 'pointSet', 'points');
  const n = copy.length / 3;
  if (n >= CLIMB_FROM) {
    try {
      const hull = convexHull(copy);
      return Shape.create({
        ...shapeInitOf(hull),
        kind: 'pointSet',
        params: { count: n, vertices: hull.count },
      });
    } catch (e) {
      // Flat or collinear sets have no volume to climb around: they are scanned.
      if (!(e instanceof FirstTouchError && e.code === 'INVALID_OPTION')) throw e;
    }
  }
  const sources = new Uint32Array(n);
  for (let i = 0; i < n; i++) sources[i] = i;
  return pointShape('pointSet', copy, sources, new Uint32Array(0), null, { count: n, vertices: n });
}

/** The constructor's record of a point shape, to make another kind from it. */
function shapeInitOf(s: Shape<3>) {
  return {
    kind: s.kind,
    dim: 3 as const,
    params: s.params,
    base: null,
    margin: 0,
    core: CORE_POINTS,
    points: s.points,
    start: s.start,
    neighbours: s.neighbours,
    climb: s.climb,
    table: s.supportTable,
    facets: s.facetIndices,
    sources: s.sources,
    min: s.coreMin,
    max: s.coreMax,
    coreReach: s.coreReach,
  };
}

/**
 * The shape of a hull's or point set's data (its points, their indices in the input, the hull's
 * facets and vertex adjacency): box and reach measured here. What the constructors and `deserialize`
 * make. Not exported by the package.
 */
export function pointShape(
  kind: 'convexHull' | 'pointSet',
  points: Float64Array,
  sources: Uint32Array,
  facets: Uint32Array,
  adjacency: { start: Int32Array; neighbours: Int32Array; climbable: boolean } | null,
  params: Record<string, number>,
): Shape<3> {
  const min = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const max = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  let reach = 0;
  for (let i = 0; i < points.length; i += 3) {
    for (let a = 0; a < 3; a++) {
      min[a] = Math.min(min[a], points[i + a]);
      max[a] = Math.max(max[a], points[i + a]);
    }
    reach = Math.max(reach, Math.hypot(points[i], points[i + 1], points[i + 2]));
  }
  const count = points.length / 3;
  return Shape.create({
    kind,
    dim: 3,
    params,
    base: null,
    margin: 0,
    core: CORE_POINTS,
    points,
    sources,
    facets,
    start: adjacency?.start,
    neighbours: adjacency?.neighbours,
    climb: adjacency?.climbable === true && count >= CLIMB_FROM,
    // Only hulls (whose facets close a convex surface) get a table; a point set of fewer than
    // CLIMB_FROM points is scanned.
    table: facets.length > 0 ? supportTable(points, count, facets, reach) : null,
    min,
    max,
    coreReach: reach,
  });
}
