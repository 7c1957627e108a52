import { assertFiniteVector } from '@firsttouch/pose';
import { diagonalOf } from '../scale.js';
import type { Shape } from '../shape.js';
import { CORE_POINTS } from '../support.js';
import { assertShape } from '../validate.js';

/**
 * The diagonal of the world bounding box of `L S` (L a 3×3 matrix, row-major; a translation does
 * not change it), exactly: along axis i the box is as wide as `h(lᵢ) + h(−lᵢ)`, lᵢ being row i of L
 * and h the shape's support function (its margin m adds `2 m |lᵢ|`). A point set's widths come from
 * one pass over its points (allocating nothing); the other shapes' from six supports.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a `shape` that is no 3-D shape, `BAD_LENGTH` or
 *   `NON_FINITE` for an `L` that is not 9 finite numbers.
 * @example
 * ```ts
 * import { cuboid, mappedBoxDiagonal } from '@firsttouch/convex';
 * // a 2 × 2 × 2 cube stretched to 4 × 2 × 2
 * console.log(mappedBoxDiagonal(cuboid(1, 1, 1), [2, 0, 0, 0, 1, 0, 0, 0, 1]).toFixed(6)); // 4.898979
 * ```
 */
export function mappedBoxDiagonal(shape: Shape<3>, L: ArrayLike<number>): number {
  // (four calls a time-of-impact query, none in its loop: the checks cost nothing that matters)
  assertShape(shape, 'mappedBoxDiagonal', 'shape', 3, true);
  assertFiniteVector(L, 9, 'mappedBoxDiagonal: L');
  const m = shape.margin;
  let w0 = 0,
    w1 = 0,
    w2 = 0;
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
      if (i === 0) w0 = w;
      else if (i === 1) w1 = w;
      else w2 = w;
    }
    return diagonalOf(w0, w1, w2);
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
    if (i === 0) w0 = w;
    else if (i === 1) w1 = w;
    else w2 = w;
  }
  return diagonalOf(w0, w1, w2);
}

/**
 * A bound of |x| over `L S` (L a 3×3 matrix, row-major; no translation), in closed form: the image of
 * the shape's box (its core's, grown by the margin), centre c and half-extents e, lies in the box
 * about `L c` of half-extents `|L| e`, so each |xᵢ| ≤ |(L c)ᵢ| + (|L| e)ᵢ; the smaller of that
 * corner's length and ‖L‖_F times the shape's reach. Where L stretches a shape along its thin side
 * (a slab of thickness 2/k sheared by k) ‖L‖ is about k and the image about the slab's own size:
 * the bound GJK's rounding scale and the unit-size test take (a scale of k declared an overlap of
 * shapes 1.9 apart). Nine products and no support: the affine loop takes it at every step.
 *
 * @example
 * ```ts
 * import { cuboid } from '@firsttouch/convex';
 * import { mappedReach } from '@firsttouch/convex/internal';
 * const k = 1e12;
 * // a 2 × 2/k × 2 slab sheared along x by k: 4 × 2/k × 2, not k across
 * console.log(mappedReach(cuboid(1, 1 / k, 1), [1, k, 0, 0, 1, 0, 0, 0, 1]).toFixed(6)); // 2.236068
 * ```
 */
export function mappedReach(shape: Shape<3>, L: ArrayLike<number>): number {
  let f = 0;
  for (let i = 0; i < 9; i++) f += L[i] * L[i];
  // (where the squares overflow, the norms by Math.hypot: a reach of +∞ made the default tolerance +∞)
  const norm =
    f < Number.POSITIVE_INFINITY
      ? Math.sqrt(f)
      : Math.hypot(L[0], L[1], L[2], L[3], L[4], L[5], L[6], L[7], L[8]);
  const byNorm = norm * shape.reach;
  const lo = shape.coreMin;
  const hi = shape.coreMax;
  const m = shape.margin;
  const cx = 0.5 * lo[0] + 0.5 * hi[0],
    cy = 0.5 * lo[1] + 0.5 * hi[1],
    cz = 0.5 * lo[2] + 0.5 * hi[2];
  const ex = 0.5 * hi[0] - 0.5 * lo[0] + m,
    ey = 0.5 * hi[1] - 0.5 * lo[1] + m,
    ez = 0.5 * hi[2] - 0.5 * lo[2] + m;
  let x0 = 0,
    x1 = 0,
    x2 = 0;
  for (let i = 0; i < 9; i += 3) {
    const a = L[i],
      b = L[i + 1],
      d = L[i + 2];
    const x = Math.abs(a * cx + b * cy + d * cz) + Math.abs(a) * ex + Math.abs(b) * ey + Math.abs(d) * ez;
    if (i === 0) x0 = x;
    else if (i === 3) x1 = x;
    else x2 = x;
  }
  // (at unit size by a power of two where the squares overflow or underflow: `diagonalOf`)
  const byBox = diagonalOf(x0, x1, x2);
  // (an overflow or a NaN in the box's sum leaves the norm's bound)
  return byBox < byNorm ? byBox : byNorm;
}
