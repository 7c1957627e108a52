import { orient2d } from 'robust-predicates';
import { segmentsIntersect2 } from './exact3.js';

/**
 * The distance between two closed segments in the plane, held in `S` (4 numbers each: `u0 v0 u1 v1`,
 * at offsets `a` and `b`). Writes the closest points into `out[0..1]` (first) and `out[2..3]`
 * (second), and `out[4] = 1` when the segments intersect (decided exactly with orient2d; the
 * distance is then 0 and both points are a common point), else 0. Zero-length segments are handled.
 *
 * @example
 * ```ts
 * import { segmentDistance2 } from '@firsttouch/mesh';
 * const out = new Float64Array(5);
 * console.log(segmentDistance2(new Float64Array([0, 0, 1, 0, 0.5, 2, 0.5, 1]), 0, 4, out), out[4]); // 1 0
 * ```
 */
export function segmentDistance2(S: Float64Array, a: number, b: number, out: Float64Array): number {
  if (segmentsIntersect2(S, a, a + 2, b, b + 2, 0, 1)) {
    out[4] = 1;
    const o1 = orient2d(S[a], S[a + 1], S[a + 2], S[a + 3], S[b], S[b + 1]);
    const o2 = orient2d(S[a], S[a + 1], S[a + 2], S[a + 3], S[b + 2], S[b + 3]);
    if (o1 !== o2) {
      const w = o1 / (o1 - o2);
      out[0] = out[2] = S[b] + w * (S[b + 2] - S[b]);
      out[1] = out[3] = S[b + 1] + w * (S[b + 3] - S[b + 1]);
    } else {
      endpointDistance(S, a, b, out);
      out[0] = out[2] = 0.5 * out[0] + 0.5 * out[2];
      out[1] = out[3] = 0.5 * out[1] + 0.5 * out[3];
    }
    return 0;
  }
  out[4] = 0;
  return Math.sqrt(endpointDistance(S, a, b, out));
}

/** Disjoint segments are closest at an endpoint of one: the smallest of the four endpoint distances. */
function endpointDistance(S: Float64Array, a: number, b: number, out: Float64Array): number {
  let best = pointSegment(S, a, b, out, 0, 2, Number.POSITIVE_INFINITY);
  best = pointSegment(S, a + 2, b, out, 0, 2, best);
  best = pointSegment(S, b, a, out, 2, 0, best);
  best = pointSegment(S, b + 2, a, out, 2, 0, best);
  return best;
}

function pointSegment(
  S: Float64Array,
  p: number,
  s: number,
  out: Float64Array,
  onPoint: number,
  onSeg: number,
  best: number,
): number {
  const px = S[p],
    py = S[p + 1];
  const ax = S[s],
    ay = S[s + 1];
  const dx = S[s + 2] - ax,
    dy = S[s + 3] - ay;
  const dd = dx * dx + dy * dy;
  let w = dd > 0 ? ((px - ax) * dx + (py - ay) * dy) / dd : 0;
  w = w < 0 ? 0 : w > 1 ? 1 : w;
  const qx = ax + w * dx,
    qy = ay + w * dy;
  const d = (px - qx) ** 2 + (py - qy) ** 2;
  if (d < best) {
    out[onPoint] = px;
    out[onPoint + 1] = py;
    out[onSeg] = qx;
    out[onSeg + 1] = qy;
    return d;
  }
  return best;
}
