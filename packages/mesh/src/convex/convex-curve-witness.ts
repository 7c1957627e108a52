import type { ConvexCurve } from './convex-curve.js';

/**
 * The segment of `c` nearest the point `at[o]`, `at[o + 1]` (in A's frame; `c` placed by `place`:
 * the cosine and sine of its rotation, then its translation, 4 numbers) among those at the distinct
 * vertices `ids[0..n)`, then along the curve while a neighbouring segment is nearer; ties to the
 * smallest index. The pick is the smallest (distance, index) over the
 * segments visited, so a segment already tried is not measured again: the simplex often holds a
 * vertex twice, and each step along the curve meets the current segment at both of its ends.
 */
export function nearestSegment(
  c: ConvexCurve,
  ids: Int32Array,
  n: number,
  at: Float64Array,
  o: number,
  place: Float64Array,
  tried: Int32Array,
): number {
  const x = at[o],
    y = at[o + 1];
  let best = Number.POSITIVE_INFINITY;
  let found = -1;
  let count = 0;
  for (let k = 0; k < n; k++) {
    const id = ids[k];
    let again = false;
    for (let j = 0; j < k; j++) if (ids[j] === id) again = true;
    if (again) continue;
    const to = c.ring ? 2 : c.start[id + 1];
    for (let e = c.ring ? 0 : c.start[id]; e < to; e++) {
      const g = segmentAt(c, id, e);
      if (isTried(tried, count, g)) continue;
      if (count < tried.length) tried[count++] = g;
      const d = pointSegment(c, g, x, y, place);
      if (d < best || (d === best && g < found)) {
        best = d;
        found = g;
      }
    }
  }
  // Collinear vertices on a hull edge: the simplex may hold the edge's ends only.
  for (let moved = true; moved && best > 0; ) {
    moved = false;
    const p = segmentStart(c, found),
      q = segmentEnd(c, found);
    for (let side = 0; side < 2; side++) {
      const id = side === 0 ? p : q;
      const to = c.ring ? 2 : c.start[id + 1];
      for (let e = c.ring ? 0 : c.start[id]; e < to; e++) {
        const g = segmentAt(c, id, e);
        if (isTried(tried, count, g)) continue;
        if (count < tried.length) tried[count++] = g;
        const d = pointSegment(c, g, x, y, place);
        if (d < best || (d === best && g < found)) {
          best = d;
          found = g;
          moved = true;
        }
      }
    }
  }
  return found;
}

/**
 * The segment at distinct vertex `id` numbered `e`: `segments[e]`, or on a ring (`e` 0 or 1) the
 * one that ends there and the one that starts there.
 */
function segmentAt(c: ConvexCurve, id: number, e: number): number {
  if (!c.ring) return c.segments[e];
  return e === 1 ? id : id === 0 ? c.count - 1 : id - 1;
}

/** The distinct vertex at the start of segment g. */
export function segmentStart(c: ConvexCurve, g: number): number {
  return c.ring ? g : c.ends[2 * g];
}

/** The distinct vertex at the end of segment g. */
export function segmentEnd(c: ConvexCurve, g: number): number {
  return c.ring ? (g + 1 === c.count ? 0 : g + 1) : c.ends[2 * g + 1];
}

/**
 * Segment `g` is among the first `count` of `tried`. (A segment tried but not listed, once the list
 * is full, is measured again: the same distance, so the same pick.)
 */
function isTried(tried: Int32Array, count: number, g: number): boolean {
  for (let k = 0; k < count; k++) if (tried[k] === g) return true;
  return false;
}

/**
 * Squared distance from (x, y) to segment g of `c` placed by `place` (as {@link nearestSegment}'s).
 * The projection is
 * divided out only when it falls inside the segment: at an end the clamp would give 0 or 1 whatever
 * the quotient, so the distance is the plain formula's to the bit (zeros may differ in sign, their
 * squares do not).
 */
function pointSegment(c: ConvexCurve, g: number, x: number, y: number, place: Float64Array): number {
  const cs = place[0],
    sn = place[1],
    tu = place[2],
    tv = place[3];
  const P = c.points;
  const i = 2 * segmentStart(c, g),
    j = 2 * segmentEnd(c, g);
  const ax = cs * P[i] - sn * P[i + 1] + tu,
    ay = sn * P[i] + cs * P[i + 1] + tv;
  const bx = cs * P[j] - sn * P[j + 1] + tu,
    by = sn * P[j] + cs * P[j + 1] + tv;
  const dx = bx - ax,
    dy = by - ay;
  const dd = dx * dx + dy * dy;
  const ex = x - ax,
    ey = y - ay;
  if (dd > 0 && dd < Number.POSITIVE_INFINITY) {
    const t = ex * dx + ey * dy;
    if (t <= 0) return ex ** 2 + ey ** 2;
    if (t >= dd) return (ex - dx) ** 2 + (ey - dy) ** 2;
    if (t > 0) {
      const u = t / dd;
      return (ex - u * dx) ** 2 + (ey - u * dy) ** 2;
    }
    return Number.NaN;
  }
  // A point segment, or coordinates that overflowed: the plain clamp.
  let u = dd > 0 ? (ex * dx + ey * dy) / dd : 0;
  u = u < 0 ? 0 : u > 1 ? 1 : u;
  return (ex - u * dx) ** 2 + (ey - u * dy) ** 2;
}
