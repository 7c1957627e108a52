// Float64 squares lengths: below about 1e-154 they underflow, above 1e154 they overflow, and some
// bounds take fourth powers (1e±77). A query far from unit size is carried out at unit size by a
// power of two, which changes no digit, and its answer is taken back by the inverse power. The power
// and the product (`scaleExponent`, `timesPowerOfTwo`) are convex's, whose shape queries scale too.

import { timesPowerOfTwo } from '@firsttouch/convex/internal';

export { scaleExponent, timesPowerOfTwo } from '@firsttouch/convex/internal';

/**
 * The length of the box diagonal (`dx`, `dy`, `dz`) ≥ 0: `√(dx² + dy² + dz²)`, and where the squares
 * underflow (sides below about 1e-154) or overflow (above 1e154), the same taken through a power of
 * two, exact, so that a box of side 1e-165 has its diagonal and not 0.
 *
 * @example
 * ```ts
 * import { diagonalOf } from '@firsttouch/mesh/internal';
 * console.log(diagonalOf(3, 4, 0), diagonalOf(3e-170, 4e-170, 0)); // 5 5e-170
 * ```
 */
export function diagonalOf(dx: number, dy: number, dz: number): number {
  const d2 = dx * dx + dy * dy + dz * dz;
  // The plain formula wherever its squares are exact to rounding: every box of ordinary size.
  if (d2 >= MIN_NORMAL && d2 < Number.POSITIVE_INFINITY) return Math.sqrt(d2);
  const m = Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz));
  if (m === 0 || !(m < Number.POSITIVE_INFINITY)) return m;
  const e = -Math.floor(Math.log2(m));
  const x = timesPowerOfTwo(dx, e);
  const y = timesPowerOfTwo(dy, e);
  const z = timesPowerOfTwo(dz, e);
  return timesPowerOfTwo(Math.sqrt(x * x + y * y + z * z), -e);
}

/** The smallest positive normal float64, 2^−1022: below it a square has lost its precision. */
const MIN_NORMAL = 2 ** -1022;
