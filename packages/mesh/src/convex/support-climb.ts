import type { ConvexSurface } from './convex-surface.js';

/**
 * A vertex of `c` that no neighbour (a corner of a facet around it) beats along (x, y, z), reached
 * by climbing from vertex `from`: on a convex surface the highest vertex, in a few dozen steps from a
 * nearby start, where a scan reads every vertex. Not a certificate: a surface that is not convex can
 * stop the climb below the top, so callers that need the true support scan instead.
 */
export function climbSupport(c: ConvexSurface, from: number, x: number, y: number, z: number): number {
  const P = c.points;
  const start = c.start;
  const facets = c.facets;
  const corners = c.corners;
  let at = from >= 0 && from < c.count ? from : 0;
  let best = x * P[3 * at] + y * P[3 * at + 1] + z * P[3 * at + 2];
  for (;;) {
    let next = at;
    for (let e = start[at]; e < start[at + 1]; e++) {
      const f = 3 * facets[e];
      for (let j = 0; j < 3; j++) {
        const q = corners[f + j];
        const p = 3 * q;
        const h = x * P[p] + y * P[p + 1] + z * P[p + 2];
        if (h > best) {
          best = h;
          next = q;
        }
      }
    }
    if (next === at) return at;
    at = next;
  }
}
