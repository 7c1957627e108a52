// Floating-point closest points in the plane for the test oracle, written independently of src/.

import { segmentsIntersectExact2 } from './exact.js';

/** Closest point of segment AB to P into out[o..o+1]; returns the squared distance. */
export function pointSegment2(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  out: Float64Array,
  o: number,
): number {
  const dx = bx - ax,
    dy = by - ay;
  const dd = dx * dx + dy * dy;
  let s = 0;
  if (dd > 0) {
    s = ((px - ax) * dx + (py - ay) * dy) / dd;
    if (s < 0) s = 0;
    else if (s > 1) s = 1;
  }
  const qx = s === 1 ? bx : ax + s * dx;
  const qy = s === 1 ? by : ay + s * dy;
  out[o] = qx;
  out[o + 1] = qy;
  return (px - qx) ** 2 + (py - qy) ** 2;
}

const tmp = new Float64Array(2);

/**
 * Squared distance of two segments known to be disjoint, S[a..a+3] and S[b..b+3]: in the plane the
 * closest pair of disjoint segments has an endpoint of one, so the smallest of the four
 * endpoint-to-segment distances. Points into out[0..1] (on the first) and out[2..3].
 */
export function disjointSegments2(S: ArrayLike<number>, a: number, b: number, out: Float64Array): number {
  let best = Number.POSITIVE_INFINITY;
  for (const [p, on, other] of [
    [a, b, 0],
    [a + 2, b, 0],
    [b, a, 1],
    [b + 2, a, 1],
  ]) {
    const d = pointSegment2(S[p], S[p + 1], S[on], S[on + 1], S[on + 2], S[on + 3], tmp, 0);
    if (d < best) {
      best = d;
      if (other === 0) {
        out[0] = S[p];
        out[1] = S[p + 1];
        out[2] = tmp[0];
        out[3] = tmp[1];
      } else {
        out[0] = tmp[0];
        out[1] = tmp[1];
        out[2] = S[p];
        out[3] = S[p + 1];
      }
    }
  }
  return best;
}

/** The oracle's segment pair: exact contact (separating axes on BigInts), else the float distance. */
export function segmentPair2(
  S: ArrayLike<number>,
  a: number,
  b: number,
  out: Float64Array,
): { distance: number; intersecting: boolean } {
  const boxesApart =
    Math.max(S[a], S[a + 2]) < Math.min(S[b], S[b + 2]) ||
    Math.max(S[b], S[b + 2]) < Math.min(S[a], S[a + 2]) ||
    Math.max(S[a + 1], S[a + 3]) < Math.min(S[b + 1], S[b + 3]) ||
    Math.max(S[b + 1], S[b + 3]) < Math.min(S[a + 1], S[a + 3]);
  if (!boxesApart && segmentsIntersectExact2(S, a, b)) return { distance: 0, intersecting: true };
  return { distance: Math.sqrt(disjointSegments2(S, a, b, out)), intersecting: false };
}
