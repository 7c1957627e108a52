import { FirstTouchError } from '@firsttouch/pose';
import { Shape } from '../shape.js';
import { CORE_POINTS2 } from '../support.js';
import { hull2 } from './hull2.js';
import { checkedCopy } from './scaled-copy.js';

/**
 * Polygon vertices from which supports walk around the polygon from the last support instead of
 * scanning every vertex (DECISIONS.md: the crossover measured on random polygons).
 *
 * @example
 * ```ts
 * import { WALK_FROM } from '@firsttouch/convex';
 * console.log(WALK_FROM > 0); // true
 * ```
 */
export const WALK_FROM = 16;

/**
 * The convex hull of points in the plane as a 2-D shape, for `timeOfImpact2`: its vertices are the
 * input points the hull needs, counter-clockwise (exact orientations: collinear and repeated points
 * handled), its support a scan, or a walk around from the last support for polygons of
 * {@link WALK_FROM} vertices or more.
 *
 * @param points - x y each, copied.
 * @throws `FirstTouchError` `BAD_LENGTH` for fewer than 3 points or an odd length, `NON_FINITE` for a
 *   coordinate that is not finite, `INVALID_OPTION` when the points are collinear.
 * @example
 * ```ts
 * import { convexPolygon } from '@firsttouch/convex';
 * const square = convexPolygon([1, 1, -1, 1, -1, -1, 1, -1, 0, 0]);
 * console.log(square.params.vertices, square.reach.toFixed(4)); // 4 1.4142
 * ```
 */
export function convexPolygon(points: ArrayLike<number>): Shape<2> {
  // One read of the caller's numbers: the hull and the vertices come from the same copy.
  const copy = checkedCopy(points, 2, 3, 'convexPolygon', 'points');
  const ring = hull2(copy, 'points');
  const local = new Float64Array(2 * ring.length);
  ring.forEach((v, k) => {
    local[2 * k] = copy[2 * v];
    local[2 * k + 1] = copy[2 * v + 1];
  });
  return polygonShape('convexPolygon', local, ring, ring.length >= WALK_FROM);
}

/**
 * A set of points in the plane as a convex 2-D shape, without asking that they span an area (one
 * point or a segment is accepted). Up to {@link WALK_FROM} points, supports scan them all; from
 * there the hull is built once (when the points span an area) and supports walk around it.
 *
 * @param points - x y each, copied.
 * @throws `FirstTouchError` `BAD_LENGTH` for no point or an odd length, `NON_FINITE` for a coordinate
 *   that is not finite.
 * @example
 * ```ts
 * import { pointSet2 } from '@firsttouch/convex';
 * const segment = pointSet2([0, 0, 2, 1]);
 * console.log(segment.params.count, Array.from(segment.bounds().max)); // 2 [2, 1]
 * ```
 */
export function pointSet2(points: ArrayLike<number>): Shape<2> {
  const copy = checkedCopy(points, 2, 1, 'pointSet2', 'points');
  const n = copy.length / 2;
  if (n >= WALK_FROM) {
    try {
      const hull = convexPolygon(copy);
      return polygonShape('pointSet2', hull.points, hull.sources, true, n);
    } catch (e) {
      // Points on one line have no area to walk around: they are scanned.
      if (!(e instanceof FirstTouchError && e.code === 'INVALID_OPTION')) throw e;
    }
  }
  const sources = new Uint32Array(n);
  for (let i = 0; i < n; i++) sources[i] = i;
  return polygonShape('pointSet2', copy, sources, false, n);
}

/**
 * The 2-D shape of a polygon's or point set's data (its points, their indices in the input, whether
 * supports walk around them): box and reach measured here. What the constructors and `deserialize`
 * make. Not exported by the package.
 */
export function polygonShape(
  kind: 'convexPolygon' | 'pointSet2',
  points: Float64Array,
  sources: Uint32Array,
  walk: boolean,
  count = points.length / 2,
): Shape<2> {
  const min = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const max = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  let reach = 0;
  for (let i = 0; i < points.length; i += 2) {
    for (let a = 0; a < 2; a++) {
      min[a] = Math.min(min[a], points[i + a]);
      max[a] = Math.max(max[a], points[i + a]);
    }
    reach = Math.max(reach, Math.hypot(points[i], points[i + 1]));
  }
  return Shape.create({
    kind,
    dim: 2,
    params: kind === 'pointSet2' ? { count, vertices: points.length / 2 } : { vertices: points.length / 2 },
    base: null,
    margin: 0,
    core: CORE_POINTS2,
    points,
    sources,
    climb: walk,
    min,
    max,
    coreReach: reach,
  });
}
