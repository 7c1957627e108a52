import type { Shape } from '../shape.js';
import { CORE_POINTS } from '../support.js';

/**
 * The diagonal of the world bounding box of `L S` (L a 3×3 matrix, row-major; a translation does
 * not change it), exactly: along axis i the box is as wide as `h(lᵢ) + h(−lᵢ)`, lᵢ being row i of L
 * and h the shape's support function (its margin m adds `2 m |lᵢ|`). A point set's widths come from
 * one pass over its points (allocating nothing); the other shapes' from six supports.
 *
 * @example
 * ```ts
 * import { cuboid, mappedBoxDiagonal } from '@firsttouch/convex';
 * // a 2 × 2 × 2 cube stretched to 4 × 2 × 2
 * console.log(mappedBoxDiagonal(cuboid(1, 1, 1), [2, 0, 0, 0, 1, 0, 0, 0, 1]).toFixed(6)); // 4.898979
 * ```
 */
export function mappedBoxDiagonal(shape: Shape<3>, L: ArrayLike<number>): number {
  const m = shape.margin;
  let d2 = 0;
  if (shape.core === CORE_POINTS) {
    const P = shape.points;
    for (let i = 0; i < 3; i++) {
      const a = L[3 * i],
        b = L[3 * i + 1],
        c = L[3 * i + 2];
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      for (let p = 0; p < P.length; p += 3) {
        const x = a * P[p] + b * P[p + 1] + c * P[p + 2];
        if (x < lo) lo = x;
        if (x > hi) hi = x;
      }
      // (Math.hypot is slow in V8: skipped for the margin-free shapes, the hulls of the hot loops.)
      const w = m > 0 ? hi - lo + 2 * m * Math.hypot(a, b, c) : hi - lo;
      d2 += w * w;
    }
    return Math.sqrt(d2);
  }
  const u = new Float64Array(3);
  const p = new Float64Array(3);
  for (let i = 0; i < 3; i++) {
    u[0] = L[3 * i];
    u[1] = L[3 * i + 1];
    u[2] = L[3 * i + 2];
    shape.support(u, p);
    const hi = u[0] * p[0] + u[1] * p[1] + u[2] * p[2];
    u[0] = -u[0];
    u[1] = -u[1];
    u[2] = -u[2];
    shape.support(u, p);
    const lo = -(u[0] * p[0] + u[1] * p[1] + u[2] * p[2]);
    const w = hi - lo + 2 * m * Math.hypot(u[0], u[1], u[2]);
    d2 += w * w;
  }
  return Math.sqrt(d2);
}
