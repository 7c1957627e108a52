import { type Hull, quickhull } from '@firsttouch/convex';
import { Surface } from '@firsttouch/mesh';

/**
 * The scenes' convex hulls come from `@firsttouch/convex` (its quickhull decides every orientation
 * exactly: coplanar, collinear and repeated points are handled).
 */
export { type Hull, quickhull as convexHull } from '@firsttouch/convex';

/** The hull as a firsttouch Surface over its own vertices (renumbered). */
export function hullSurface(points: ArrayLike<number>, hull: Hull = quickhull(points)): Surface {
  const index = new Map<number, number>();
  const positions = new Float64Array(3 * hull.vertices.length);
  hull.vertices.forEach((v, k) => {
    index.set(v, k);
    positions[3 * k] = points[3 * v];
    positions[3 * k + 1] = points[3 * v + 1];
    positions[3 * k + 2] = points[3 * v + 2];
  });
  return Surface.fromIndexed(
    positions,
    Array.from(hull.facets, (v) => index.get(v)!),
  );
}

/**
 * The largest height of any point above any facet of the hull (≤ 0 up to rounding when every point
 * is inside or on it), and whether every edge is shared by exactly two facets in opposite directions
 * (a closed, consistently oriented surface). With `stride` > 1, the heights of every stride-th point
 * only (for hulls too large to test every point against every facet).
 */
export function checkHull(
  points: ArrayLike<number>,
  hull: Hull,
  stride = 1,
): { maxHeight: number; closed: boolean } {
  const f = hull.facets;
  let maxHeight = Number.NEGATIVE_INFINITY;
  const edges = new Map<string, number>();
  for (let k = 0; k < f.length; k += 3) {
    const [a, b, c] = [f[k], f[k + 1], f[k + 2]];
    const ux = points[3 * b] - points[3 * a],
      uy = points[3 * b + 1] - points[3 * a + 1],
      uz = points[3 * b + 2] - points[3 * a + 2];
    const vx = points[3 * c] - points[3 * a],
      vy = points[3 * c + 1] - points[3 * a + 1],
      vz = points[3 * c + 2] - points[3 * a + 2];
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz);
    for (let i = 0; i < points.length / 3; i += stride) {
      const h =
        (nx * (points[3 * i] - points[3 * a]) +
          ny * (points[3 * i + 1] - points[3 * a + 1]) +
          nz * (points[3 * i + 2] - points[3 * a + 2])) /
        len;
      if (h > maxHeight) maxHeight = h;
    }
    for (const [u, v] of [
      [a, b],
      [b, c],
      [c, a],
    ])
      edges.set(`${u},${v}`, (edges.get(`${u},${v}`) ?? 0) + 1);
  }
  let closed = true;
  for (const [key, count] of edges) {
    const [u, v] = key.split(',');
    if (count !== 1 || edges.get(`${v},${u}`) !== 1) closed = false;
  }
  return { maxHeight, closed };
}
