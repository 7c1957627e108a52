import { segmentsIntersect2 } from './exact3.js';

const scratch = /* @__PURE__ */ new Float64Array(4);

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
    // A common point from float line crossings (the predicates' values are sign-exact only): the
    // crossing of each segment with the other's line, whichever lies closer to the other segment.
    let best = Number.POSITIVE_INFINITY;
    for (let k = 0; k < 2; k++) {
      const p = k === 0 ? a : b;
      const r = k === 0 ? b : a;
      const ux = S[p + 2] - S[p],
        uy = S[p + 3] - S[p + 1];
      const o1 = ux * (S[r + 1] - S[p + 1]) - uy * (S[r] - S[p]);
      const o2 = ux * (S[r + 3] - S[p + 1]) - uy * (S[r + 2] - S[p]);
      if (o1 === o2) continue;
      let w = o1 / (o1 - o2);
      w = w < 0 ? 0 : w > 1 ? 1 : w;
      const x = S[r] + w * (S[r + 2] - S[r]);
      const y = S[r + 1] + w * (S[r + 3] - S[r + 1]);
      const d = pointSegment2(x, y, S, p);
      if (d < best) {
        best = d;
        out[0] = out[2] = x;
        out[1] = out[3] = y;
      }
    }
    // Nearly collinear segments cross their lines anywhere; an endpoint of one lying on the other is
    // then the better common point (and the only one for a collinear overlap).
    const e = endpointDistance(S, a, b, scratch);
    if (e / 4 < best) {
      out[0] = out[2] = 0.5 * scratch[0] + 0.5 * scratch[2];
      out[1] = out[3] = 0.5 * scratch[1] + 0.5 * scratch[3];
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

/** Squared distance from (x, y) to the segment at offset `s`. */
function pointSegment2(x: number, y: number, S: Float64Array, s: number): number {
  const dx = S[s + 2] - S[s],
    dy = S[s + 3] - S[s + 1];
  const dd = dx * dx + dy * dy;
  let w = dd > 0 ? ((x - S[s]) * dx + (y - S[s + 1]) * dy) / dd : 0;
  w = w < 0 ? 0 : w > 1 ? 1 : w;
  return (x - S[s] - w * dx) ** 2 + (y - S[s + 1] - w * dy) ** 2;
}
