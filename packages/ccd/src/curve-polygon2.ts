import { type Curve, convexCurve } from '@firsttouch/mesh';
import type { Motion2, TimeOfImpact2Result } from './impact-record.js';
import { POLYGON_QUERIES2, PolygonQuery2 } from './polygon-query2.js';
import { CcdStatus } from './status.js';

/**
 * Two curves that are small convex rings (`ConvexCurve.polygon`: 3 to 15 distinct vertices, each
 * segment an edge of their hull) on the path of two small turning convex polygons. While the regions
 * the rings bound are apart, their gap is the curves' gap, so from a start where they are apart the
 * regions' first contact is the curves': the same guarantee, statuses and options as the curves'
 * own path (`convex: false` leaves them to the trees, as it does the hulls' path). A start where the regions already meet (one ring may lie inside the other without
 * touching it) is left to the curves' path, as is any query the polygons' path leaves to the driver
 * (null: the caller runs the curves' path, which writes every field of `out` again). The witness
 * segments are those nearest the witness points, ties to the smaller index. Not exported by the
 * package's main entry.
 *
 * @example
 * ```ts
 * import { curvePolygonPath2 } from '@firsttouch/ccd/internal';
 * import { rectangle } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const motion = { a: [pose2(), pose2()], b: [pose2(0, [3, 0]), pose2(0.5, [-3, 0])] } as const;
 * const r = curvePolygonPath2(rectangle(1, 1), rectangle(1, 1), motion, undefined, undefined);
 * console.log(r?.status, r?.segmentA, r?.segmentB); // contact 1 2
 * ```
 */
export function curvePolygonPath2(
  a: Curve,
  b: Curve,
  motion: Motion2,
  options: unknown,
  out: TimeOfImpact2Result | undefined,
): TimeOfImpact2Result | null {
  const pa = convexCurve(a).polygon;
  if (pa === null) return null;
  const pb = convexCurve(b).polygon;
  if (pb === null) return null;
  const query = POLYGON_QUERIES2.get() ?? new PolygonQuery2();
  try {
    const r = query.run(pa, pb, motion, options, out, true);
    if (r === null || r.status === CcdStatus.InitialContact) return null;
    const w = query.witness;
    query.witnessInFrames(w);
    r.segmentA = nearestSegment(a, w[0], w[1]);
    r.segmentB = nearestSegment(b, w[2], w[3]);
    return r;
  } finally {
    POLYGON_QUERIES2.release(query);
  }
}

/** The segment of `curve` nearest (u, v) in its frame, ties to the smaller index (a ring of few segments: all of them tried). */
function nearestSegment(curve: Curve, u: number, v: number): number {
  const P = curve.positions;
  const I = curve.indices;
  let best = Number.POSITIVE_INFINITY;
  let found = 0;
  for (let k = 0; k < curve.segmentCount; k++) {
    const p = 2 * I[2 * k],
      q = 2 * I[2 * k + 1];
    const px = P[p],
      py = P[p + 1];
    const dx = P[q] - px,
      dy = P[q + 1] - py;
    const dd = dx * dx + dy * dy;
    let f = dd > 0 ? ((u - px) * dx + (v - py) * dy) / dd : 0;
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    const ex = px + f * dx - u,
      ey = py + f * dy - v;
    const e = ex * ex + ey * ey;
    if (e < best) {
      best = e;
      found = k;
    }
  }
  return found;
}
