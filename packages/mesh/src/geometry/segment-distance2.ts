import { Pool } from '../util/pool.js';
import { segmentsIntersect2 } from './exact3.js';

/**
 * Relative error bound of the float orientation `(ay − cy)(bx − cx) − (ax − cx)(by − cy)` against
 * `|(ay − cy)(bx − cx)| + |(ax − cx)(by − cy)|`: Shewchuk's ccwerrboundA, (3 + 16ε)ε, rounded up to 4ε
 * so that the few roundings of the bound itself are covered too.
 */
const ORIENT_ERR = 4 * 2 ** -53;
/**
 * Absolute slack of the same test: a product that underflows carries an absolute error of at most
 * 2^−1075, which the relative bound does not see. 2^−1000 covers it many times over.
 */
const ORIENT_TINY = 2 ** -1000;

/**
 * The closed boxes of the two segments `X[0..3]` and `X[4..7]` are apart (exact comparisons: then
 * the segments cannot meet).
 */
function boxesApart(X: Float64Array): boolean {
  const ax0 = X[0],
    ay0 = X[1],
    ax1 = X[2],
    ay1 = X[3],
    bx0 = X[4],
    by0 = X[5],
    bx1 = X[6],
    by1 = X[7];
  if (ax0 < ax1) {
    if ((bx0 < ax0 && bx1 < ax0) || (bx0 > ax1 && bx1 > ax1)) return true;
  } else if ((bx0 < ax1 && bx1 < ax1) || (bx0 > ax0 && bx1 > ax0)) return true;
  if (ay0 < ay1) {
    if ((by0 < ay0 && by1 < ay0) || (by0 > ay1 && by1 > ay1)) return true;
  } else if ((by0 < ay1 && by1 < ay1) || (by0 > ay0 && by1 > ay0)) return true;
  return false;
}

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
  const work = works.get() ?? new SegmentWork();
  const X = work.pair;
  X[0] = S[a];
  X[1] = S[a + 1];
  X[2] = S[a + 2];
  X[3] = S[a + 3];
  X[4] = S[b];
  X[5] = S[b + 1];
  X[6] = S[b + 2];
  X[7] = S[b + 3];
  X[SEGMENT_LIMIT] = Number.POSITIVE_INFINITY;
  const o = work.out;
  segmentPairDistance2(X, o);
  out[0] = o[0];
  out[1] = o[1];
  out[2] = o[2];
  out[3] = o[3];
  out[4] = o[4];
  const d = o[SEGMENT_DISTANCE];
  works.release(work);
  return d;
}

/**
 * Where {@link segmentDistance2} writes into `out`: the closest point on the first segment at
 * `out[SEGMENT_POINT_A..+2)`, on the second at `out[SEGMENT_POINT_B..+2)`, and at `out[SEGMENT_MEET]`
 * 1 when the segments meet, else 0 (5 numbers in all; `segmentPairDistance2` also puts −1 there for a
 * pair left beyond its limit, and the distance at `out[SEGMENT_DISTANCE]`).
 *
 * @example
 * ```ts
 * import { SEGMENT_MEET, SEGMENT_POINT_B, segmentDistance2 } from '@firsttouch/mesh';
 * const out = new Float64Array(5);
 * segmentDistance2(new Float64Array([0, 0, 1, 0, 0.5, 2, 0.5, 1]), 0, 4, out);
 * console.log(out[SEGMENT_POINT_B + 1], out[SEGMENT_MEET]); // 1 0
 * ```
 */
export const SEGMENT_POINT_A = 0;
/** See {@link SEGMENT_POINT_A}. */
export const SEGMENT_POINT_B = 2;
/** See {@link SEGMENT_POINT_A}. */
export const SEGMENT_MEET = 4;
/**
 * Where `segmentPairDistance2` writes the distance (or the bound of a pair beyond the limit), and
 * where it reads the limit in its input. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { SEGMENT_DISTANCE, SEGMENT_LIMIT, segmentPairDistance2 } from '@firsttouch/mesh/internal';
 * const X = new Float64Array([0, 0, 1, 0, 0.5, 2, 0.5, 1, 0]);
 * X[SEGMENT_LIMIT] = Number.POSITIVE_INFINITY;
 * const out = new Float64Array(6);
 * segmentPairDistance2(X, out);
 * console.log(out[SEGMENT_DISTANCE]); // 1
 * ```
 */
export const SEGMENT_DISTANCE = 5;
/** See {@link SEGMENT_DISTANCE}. */
export const SEGMENT_LIMIT = 8;

/** The scratch of {@link segmentDistance2}: the input and output of `segmentPairDistance2`. */
class SegmentWork {
  readonly pair = new Float64Array(9);
  readonly out = new Float64Array(6);
}

/** The scratch the exported routine borrows (the searches call `segmentPairDistance2` with their own). */
const works = new Pool<SegmentWork>(4);

/**
 * {@link segmentDistance2} of the segments `X[0..3]` and `X[4..7]`, everything through `out` (6
 * numbers: the two points, the flag, and the distance in `out[5]`): a hot loop's form, whose
 * numbers never leave typed arrays (no boxing across the call). The same values bit for bit.
 *
 * `X[8]` is a limit: when one segment lies wholly on one side of the other's line and farther from
 * it than the limit (a certified lower bound, to rounding), the pair is left there: `out[4] = −1`,
 * `out[5]` that bound, the points untouched. Give `+∞` for the plain routine.
 */
export function segmentPairDistance2(X: Float64Array, out: Float64Array): void {
  const ax0 = X[0],
    ay0 = X[1],
    ax1 = X[2],
    ay1 = X[3],
    bx0 = X[4],
    by0 = X[5],
    bx1 = X[6],
    by1 = X[7];
  const limit = X[SEGMENT_LIMIT];
  // B's endpoints against A's line: |det| is |A| times the endpoint's distance to the line.
  const l1 = (ay0 - by0) * (ax1 - bx0);
  const r1 = (ax0 - bx0) * (ay1 - by0);
  const o1 = l1 - r1;
  const e1 = ORIENT_ERR * (Math.abs(l1) + Math.abs(r1)) + ORIENT_TINY;
  const l2 = (ay0 - by1) * (ax1 - bx1);
  const r2 = (ax0 - bx1) * (ay1 - by1);
  const o2 = l2 - r2;
  const e2 = ORIENT_ERR * (Math.abs(l2) + Math.abs(r2)) + ORIENT_TINY;
  // A's endpoints against B's line.
  const l3 = (by0 - ay0) * (bx1 - ax0);
  const r3 = (bx0 - ax0) * (by1 - ay0);
  const o3 = l3 - r3;
  const e3 = ORIENT_ERR * (Math.abs(l3) + Math.abs(r3)) + ORIENT_TINY;
  const l4 = (by0 - ay1) * (bx1 - ax1);
  const r4 = (bx0 - ax1) * (by1 - ay1);
  const o4 = l4 - r4;
  const e4 = ORIENT_ERR * (Math.abs(l4) + Math.abs(r4)) + ORIENT_TINY;
  const s1 = o1 > e1 ? 1 : o1 < -e1 ? -1 : 0;
  const s2 = o2 > e2 ? 1 : o2 < -e2 ? -1 : 0;
  const s3 = o3 > e3 ? 1 : o3 < -e3 ? -1 : 0;
  const s4 = o4 > e4 ? 1 : o4 < -e4 ? -1 : 0;
  // Certified on one side of the other's line: the segments cannot meet.
  const sideA = s1 !== 0 && s1 === s2;
  const sideB = s3 !== 0 && s3 === s4;
  if (limit < Number.POSITIVE_INFINITY) {
    // The nearer endpoint's |det|, less the error either may carry, over the line's length: a
    // certified lower bound of the gap. Beyond the limit, the pair is left there.
    let bound = 0;
    if (sideA) {
      const ux = ax1 - ax0;
      const uy = ay1 - ay0;
      const uu = ux * ux + uy * uy;
      const o = (Math.abs(o1) < Math.abs(o2) ? Math.abs(o1) : Math.abs(o2)) - (e1 > e2 ? e1 : e2);
      if (uu > 0 && o > 0) bound = (o * o) / uu;
    }
    if (sideB) {
      const ux = bx1 - bx0;
      const uy = by1 - by0;
      const uu = ux * ux + uy * uy;
      const o = (Math.abs(o3) < Math.abs(o4) ? Math.abs(o3) : Math.abs(o4)) - (e3 > e4 ? e3 : e4);
      if (uu > 0 && o > 0 && (o * o) / uu > bound) bound = (o * o) / uu;
    }
    // (Squared; the margin the caller puts into the limit covers the rounding of these few steps.)
    if (bound > limit * limit) {
      out[SEGMENT_MEET] = -1;
      out[SEGMENT_DISTANCE] = Math.sqrt(bound);
      return;
    }
  }
  if (!sideA && !sideB && !boxesApart(X)) {
    // Both pairs certified on opposite sides: a proper crossing; else the exact predicates.
    if ((s1 !== 0 && s2 !== 0 && s3 !== 0 && s4 !== 0) || segmentsIntersect2(X, 0, 2, 4, 6, 0, 1)) {
      commonPoint(X, out);
      out[SEGMENT_DISTANCE] = 0;
      return;
    }
  }
  out[SEGMENT_MEET] = 0;
  // Disjoint segments are closest at an endpoint of one: the smallest of the four endpoint
  // distances, in this order (A's endpoints against segment B, then B's against A), the first of
  // equals kept.
  const best = endpointsToSegment(X, 0, 4, out, 0, 2, Number.POSITIVE_INFINITY);
  out[SEGMENT_DISTANCE] = Math.sqrt(endpointsToSegment(X, 4, 0, out, 2, 0, best));
}

/**
 * The two endpoints of the segment at `p` in `X` against the segment at `s`: the squared distance of
 * the nearer, when below `best` (else `best`), its point and the closest point of the other segment
 * written into `out[onPoint..]` and `out[onSeg..]`. Offsets, not coordinates, cross the call (no
 * boxing when it is not inlined).
 */
function endpointsToSegment(
  X: Float64Array,
  p: number,
  s: number,
  out: Float64Array,
  onPoint: number,
  onSeg: number,
  best: number,
): number {
  const sx = X[s],
    sy = X[s + 1];
  const dx = X[s + 2] - sx;
  const dy = X[s + 3] - sy;
  const dd = dx * dx + dy * dy;
  for (let e = p; e <= p + 2; e += 2) {
    const px = X[e],
      py = X[e + 1];
    const w = dd > 0 ? clampedRatio((px - sx) * dx + (py - sy) * dy, dd) : 0;
    const qx = sx + w * dx;
    const qy = sy + w * dy;
    const d = (px - qx) ** 2 + (py - qy) ** 2;
    if (d < best) {
      best = d;
      out[onPoint] = px;
      out[onPoint + 1] = py;
      out[onSeg] = qx;
      out[onSeg + 1] = qy;
    }
  }
  return best;
}

/**
 * `t / dd` clamped to [0, 1] (`dd > 0`), as `min(max(t / dd, 0), 1)` gives it bit for bit for finite
 * `t` and `dd` (signed zeros included), without the division where the clamp decides.
 */
function clampedRatio(t: number, dd: number): number {
  return t > 0 ? (t < dd ? t / dd : 1) : t < 0 ? 0 : t / dd;
}

/** The segments meet: `out[4] = 1` and a common point (from float line crossings) in both points. */
function commonPoint(S: Float64Array, out: Float64Array): void {
  out[SEGMENT_MEET] = 1;
  // A common point from float line crossings (the predicates' values are sign-exact only): the
  // crossing of each segment with the other's line, whichever lies closer to the other segment.
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 2; k++) {
    const p = k === 0 ? 0 : 4;
    const r = k === 0 ? 4 : 0;
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
  // then the better common point (and the only one for a collinear overlap). The endpoints' pair
  // goes through `out` itself, what was there kept aside.
  const x0 = out[0],
    y0 = out[1],
    x1 = out[2],
    y1 = out[3];
  const e = endpointDistance(S, 0, 4, out);
  if (e / 4 < best) {
    out[0] = out[2] = 0.5 * out[0] + 0.5 * out[2];
    out[1] = out[3] = 0.5 * out[1] + 0.5 * out[3];
  } else {
    out[0] = x0;
    out[1] = y0;
    out[2] = x1;
    out[3] = y1;
  }
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
