import { FirstTouchError } from '@firsttouch/pose';
import { orient2dAt } from '../predicates.js';
import { scaledCopy } from './scaled-copy.js';

/**
 * The convex hull of points in the plane (Andrew's monotone chain, every turn decided exactly by
 * Shewchuk's `orient2d` on a copy scaled by a power of two): the indices of the input points that are
 * its vertices, counter-clockwise from the lowest of the leftmost, strictly convex (a point on an edge
 * or repeated is not a vertex).
 *
 * @param points - x y each.
 * @param name - how the caller calls `points`, for the messages.
 * @throws `FirstTouchError` `BAD_LENGTH` for fewer than 3 points or an odd length, `NON_FINITE` for a
 *   coordinate that is not finite, `INVALID_OPTION` when the points are collinear (no 3 of them are
 *   affinely independent).
 * @example
 * ```ts
 * import { hull2 } from '@firsttouch/convex';
 * // a square, a point inside it, a point on an edge, a repeat
 * console.log(Array.from(hull2([0, 0, 2, 0, 2, 2, 0, 2, 1, 1, 1, 0, 2, 2]))); // [0, 1, 2, 3]
 * ```
 */
export function hull2(points: ArrayLike<number>, name = 'points'): Uint32Array {
  const p = scaledCopy(points, 2, 3, 'convexPolygon', name);
  const n = p.length / 2;
  // Sorted by x then y; of repeated points only the first given stays.
  const order = Array.from({ length: n }, (_, i) => i)
    .sort((i, j) => p[2 * i] - p[2 * j] || p[2 * i + 1] - p[2 * j + 1] || i - j)
    .filter(
      (i, k, all) => k === 0 || p[2 * i] !== p[2 * all[k - 1]] || p[2 * i + 1] !== p[2 * all[k - 1] + 1],
    );
  const chain: number[] = [];
  // Keeps strict left turns only: orient2d is negative for a counter-clockwise a, b, c.
  const turnsLeft = (a: number, b: number, c: number) => orient2dAt(p, 2 * a, 2 * b, 2 * c, 0, 1) < 0;
  for (const i of order) {
    while (chain.length >= 2 && !turnsLeft(chain[chain.length - 2], chain[chain.length - 1], i)) chain.pop();
    chain.push(i);
  }
  const lower = chain.length;
  for (let k = order.length - 2; k >= 0; k--) {
    const i = order[k];
    while (chain.length > lower && !turnsLeft(chain[chain.length - 2], chain[chain.length - 1], i))
      chain.pop();
    chain.push(i);
  }
  chain.pop();
  if (chain.length < 3) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `convexPolygon: ${name} must hold 3 affinely independent points, got ${n} points on one line`,
    );
  }
  return Uint32Array.from(chain);
}
