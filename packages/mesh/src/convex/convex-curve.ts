import { convexPolygon, type Shape, WALK_FROM } from '@firsttouch/convex';
import { vertexSet2 } from '@firsttouch/convex/internal';
import { FirstTouchError } from '@firsttouch/pose';
import type { Curve } from '../curve.js';
import { distinctPointIndex, distinctPoints } from '../distinct-points.js';

/**
 * What the 2-D convex path needs of a curve, computed once per curve ({@link convexCurve}): its
 * distinct vertices (the support search ranges over them), the segments at each, and whether the
 * curve is the boundary of the hull of its vertices (then the hull distance is the gap).
 *
 * @example
 * ```ts
 * import { convexCurve, rectangle } from '@firsttouch/mesh';
 * const c = convexCurve(rectangle(2, 1));
 * console.log(c.count, c.convex, c.loop, c.ring, c.reach); // 4 true true true 1.5
 * ```
 */
export interface ConvexCurve {
  /** The distinct vertices used by segments, u v each, in order of first use along the chains. */
  readonly points: Float64Array;
  /** How many distinct vertices. */
  readonly count: number;
  /** Segments at distinct vertex k: `segments[start[k] .. start[k + 1])`, increasing. */
  readonly start: Uint32Array;
  /** See {@link ConvexCurve.start}. */
  readonly segments: Uint32Array;
  /** The distinct vertex at each segment end (2 a segment). */
  readonly ends: Uint32Array;
  /**
   * The curve is the boundary of the hull of its vertices: every segment of non-zero length has all
   * distinct vertices on one side of its line (within 1e-12 of the curve's size), and the segments
   * leave no gap along that boundary (an open arc, or two loops side by side, are not convex: their
   * hull has edges no segment covers). A single segment, a point, and collinear points covered end to
   * end are convex. False as well when the check would cost more than {@link CONVEX_CURVE_CHECK_LIMIT}
   * point–line tests.
   */
  readonly convex: boolean;
  /**
   * The curve is convex and one closed chain visiting each distinct vertex once in the order of
   * {@link ConvexCurve.points} (repeated consecutive vertices aside): neighbours in `points` are
   * neighbours on the hull, so the supports of a long loop may read a polar table of its edges.
   */
  readonly loop: boolean;
  /**
   * A {@link ConvexCurve.loop} whose segments are its edges in order, no vertex repeated: segment k
   * joins distinct vertices k and k + 1 (the last one back to 0). Then `start`, `segments` and
   * `ends` hold nothing the index does not say, and the convex path reads them not at all.
   */
  readonly ring: boolean;
  /** The largest |u| plus the largest |v| of the vertices (the scale of rounding margins). */
  readonly reach: number;
  /**
   * The distinct vertices as a planar point set of `@firsttouch/convex` (over {@link ConvexCurve.points},
   * not copied): what the 2-D convex path's GJK, the codebase's one, runs on. Supports scan the
   * vertices; those of a {@link ConvexCurve.loop} of 24 vertices or more read a polar table of its
   * edges and a few vertices about the farthest.
   */
  readonly shape: Shape<2>;
  /**
   * A {@link ConvexCurve.ring} of 3 to `WALK_FROM` − 1 distinct vertices as a `convexPolygon` of
   * `@firsttouch/convex` (the region the curve bounds), else null: while two such regions are apart
   * their gap is the curves' gap, so ccd answers two such curves on its path for two small turning
   * polygons.
   */
  readonly polygon: Shape<2> | null;
}

/**
 * The most point–line tests (distinct vertices × segments) spent on deciding that a curve is convex;
 * beyond it the curve takes the tree path. The check runs once per curve; at the limit it costs a few
 * milliseconds, and curves that large search their hull slower than their tree anyway.
 *
 * @example
 * ```ts
 * import { CONVEX_CURVE_CHECK_LIMIT, convexCurve, disc } from '@firsttouch/mesh';
 * console.log(CONVEX_CURVE_CHECK_LIMIT, convexCurve(disc(1, 2049)).convex); // 4194304 false
 * ```
 */
export const CONVEX_CURVE_CHECK_LIMIT = 1 << 22;

/**
 * The convex-path data of a curve, computed on first use and kept with it.
 *
 * @example
 * ```ts
 * import { Curve, convexCurve, disc } from '@firsttouch/mesh';
 * console.log(convexCurve(disc(1, 32)).convex); // true
 * const ell = Curve.fromLoops([0, 2, 2, 1, 1, 0], [0, 0, 1, 1, 2, 2], [6]);
 * console.log(convexCurve(ell).convex); // false
 * // an open arc: its hull's chord is no segment
 * console.log(convexCurve(Curve.fromPolyline([0, 1, 2], [0, 1, 0])).convex); // false
 * ```
 */
export function convexCurve(curve: Curve): ConvexCurve {
  let c = curve.kept.convex;
  if (!c) {
    c = build(curve);
    curve.kept.convex = c;
  }
  return c;
}

declare module '../curve.js' {
  interface CurveKept {
    /** The convex-path data ({@link convexCurve}). */
    convex?: ConvexCurve;
  }
}

function build(curve: Curve): ConvexCurve {
  const pos = curve.positions;
  const idx = curve.indices;
  const m = curve.segmentCount;
  // Every vertex of a Curve starts or ends a segment (a chain of one vertex closes on itself), so
  // the used positions are all of them. Without repeats they are the positions themselves: one array
  // less for a query to bring into the cache.
  const distinct = distinctPoints(pos, 2);
  const points = distinct.length === pos.length ? pos : distinct;
  const count = points.length / 2;
  const vertexPoint = distinctPointIndex(pos, 2);
  const ends = new Uint32Array(2 * m);
  for (let k = 0; k < 2 * m; k++) ends[k] = vertexPoint[idx[k]];
  const start = new Uint32Array(count + 1);
  for (let k = 0; k < m; k++) {
    start[ends[2 * k] + 1]++;
    if (ends[2 * k + 1] !== ends[2 * k]) start[ends[2 * k + 1] + 1]++;
  }
  for (let p = 0; p < count; p++) start[p + 1] += start[p];
  const segments = new Uint32Array(start[count]);
  const fill = start.slice(0, count);
  for (let k = 0; k < m; k++) {
    const p = ends[2 * k];
    const q = ends[2 * k + 1];
    segments[fill[p]++] = k;
    if (q !== p) segments[fill[q]++] = k;
  }
  let maxU = 0;
  let maxV = 0;
  let minU = Number.POSITIVE_INFINITY;
  let minV = Number.POSITIVE_INFINITY;
  let hiU = Number.NEGATIVE_INFINITY;
  let hiV = Number.NEGATIVE_INFINITY;
  for (let p = 0; p < points.length; p += 2) {
    const u = points[p],
      v = points[p + 1];
    if (Math.abs(u) > maxU) maxU = Math.abs(u);
    if (Math.abs(v) > maxV) maxV = Math.abs(v);
    if (u < minU) minU = u;
    if (u > hiU) hiU = u;
    if (v < minV) minV = v;
    if (v > hiV) hiV = v;
  }
  const size = count > 0 ? Math.hypot(hiU - minU, hiV - minV) : 0;
  const convex = count * m <= CONVEX_CURVE_CHECK_LIMIT && isConvex(points, ends, m, size);
  const loop = convex && isLoop(curve, vertexPoint, count);
  const ring = loop && m === count;
  const reach = maxU + maxV;
  return {
    points,
    count,
    start,
    segments,
    ends,
    convex,
    loop,
    ring,
    reach,
    shape: vertexSet2(points, reach, loop),
    polygon: ring && count >= 3 && count < WALK_FROM ? ringPolygon(points) : null,
  };
}

/** The region a small convex ring bounds, or null when its vertices span no area (they are collinear). */
function ringPolygon(points: Float64Array): Shape<2> | null {
  try {
    return convexPolygon(points);
  } catch (e) {
    // (convexPolygon refuses points on one line; the curve then keeps its own path.)
    if (e instanceof FirstTouchError) return null;
    throw e;
  }
}

/**
 * The segments lie on the hull's boundary and cover it. Each segment of non-zero length is given the
 * way round that has the other points on its left; then a gap in the cover would start at a point
 * that some segment enters that way and none leaves, so every segment end must be entered and left.
 * When every point is within the allowance of one segment's line, the hull is that stretch of line
 * and the same holds for "forward" and "backward" along it, its two extremes excepted.
 */
function isConvex(points: Float64Array, ends: Uint32Array, m: number, size: number): boolean {
  const count = points.length / 2;
  const allowance = 1e-12 * size;
  // 1: the points are left of p→q; −1: right; 0: all within the allowance of the line.
  const side = new Int8Array(m);
  let flat = -1;
  let segmentsWithLength = 0;
  for (let k = 0; k < m; k++) {
    const p = 2 * ends[2 * k],
      q = 2 * ends[2 * k + 1];
    const px = points[p],
      py = points[p + 1];
    const dx = points[q] - px,
      dy = points[q + 1] - py;
    if (dx === 0 && dy === 0) continue;
    segmentsWithLength++;
    // The cross product is the length times the signed distance from the line.
    const limit = allowance * Math.hypot(dx, dy);
    let left = false;
    let right = false;
    for (let r = 0; r < points.length; r += 2) {
      const o = dx * (points[r + 1] - py) - dy * (points[r] - px);
      if (o > limit) left = true;
      else if (o < -limit) right = true;
    }
    if (left && right) return false;
    side[k] = left ? 1 : right ? -1 : 0;
    if (side[k] === 0 && flat < 0) flat = k;
  }
  // A lone point is its own hull; several points and no segment between them cover nothing.
  if (segmentsWithLength === 0) return count === 1;
  const flags = new Uint8Array(3 * count);
  const entered = flags.subarray(0, count);
  const left = flags.subarray(count, 2 * count);
  const used = flags.subarray(2 * count);
  if (flat < 0) {
    for (let k = 0; k < m; k++) {
      if (side[k] === 0) continue;
      const from = side[k] > 0 ? ends[2 * k] : ends[2 * k + 1];
      const to = side[k] > 0 ? ends[2 * k + 1] : ends[2 * k];
      left[from] = 1;
      entered[to] = 1;
      used[from] = used[to] = 1;
    }
    for (let p = 0; p < count; p++) if (used[p] && !(entered[p] && left[p])) return false;
    return true;
  }
  // All points on one line: positions along it, from segment `flat`'s first end.
  const p0 = 2 * ends[2 * flat],
    q0 = 2 * ends[2 * flat + 1];
  const ox = points[p0],
    oy = points[p0 + 1];
  const dx = points[q0] - ox,
    dy = points[q0 + 1] - oy;
  const t = new Float64Array(count);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let p = 0; p < count; p++) {
    t[p] = dx * (points[2 * p] - ox) + dy * (points[2 * p + 1] - oy);
    if (t[p] < lo) lo = t[p];
    if (t[p] > hi) hi = t[p];
  }
  for (let k = 0; k < m; k++) {
    const p = ends[2 * k],
      q = ends[2 * k + 1];
    if (t[p] === t[q]) continue;
    const from = t[p] < t[q] ? p : q;
    const to = t[p] < t[q] ? q : p;
    left[from] = 1;
    entered[to] = 1;
    used[from] = used[to] = 1;
  }
  for (let p = 0; p < count; p++) {
    if (used[p] && !((entered[p] || t[p] === lo) && (left[p] || t[p] === hi))) return false;
  }
  return true;
}

/** One closed chain through the distinct points in their order, each once (repeats in a row aside). */
function isLoop(curve: Curve, vertexPoint: Uint32Array, count: number): boolean {
  if (curve.loops.length !== 1 || !curve.loops[0].closed || count < 3) return false;
  const n = vertexPoint.length;
  let i = 0;
  for (let p = 0; p < count; p++) {
    if (i >= n || vertexPoint[i] !== p) return false;
    while (i < n && vertexPoint[i] === p) i++;
  }
  // The chain may end on copies of its first point.
  while (i < n && vertexPoint[i] === 0) i++;
  return i === n;
}
