// Float64 squares lengths: below about 1e-154 they underflow, above 1e154 they overflow, and some
// bounds take fourth powers (1e±77). A query far from unit size is carried out at unit size by a
// power of two, which changes no digit, and its answer is taken back by the inverse power. The power
// and the product (`scaleExponent`, `timesPowerOfTwo`) and the diagonal (`diagonalOf`) are convex's,
// whose shapes and shape queries need them too.

import { timesPowerOfTwo } from '@firsttouch/convex/internal';
import { assertPoints, describeValue, FirstTouchError } from '@firsttouch/pose';

export { diagonalOf, scaleExponent, timesPowerOfTwo } from '@firsttouch/convex/internal';

/**
 * Refuses a power of two's exponent that is not an integer (`scaledByPowerOfTwo`: 2^0.5 would change
 * every digit, NaN every coordinate).
 *
 * @example
 * ```ts
 * import { assertExponent } from '@firsttouch/mesh/internal';
 * assertExponent(-600); // fine
 * try {
 *   assertExponent(0.5);
 * } catch (e) {
 *   console.log((e as Error).message); // scaledByPowerOfTwo: e must be an integer, got 0.5
 * }
 * ```
 */
export function assertExponent(e: number): void {
  if (!Number.isInteger(e))
    throw new FirstTouchError(
      'INVALID_OPTION',
      `scaledByPowerOfTwo: e must be an integer, got ${describeValue(e)}`,
    );
}

/**
 * The points of a body scaled by 2^e (`scaledByPowerOfTwo`'s), checked finite. A vertex that no
 * element uses (`indices`, `arity` a facet or a segment) counts in no query, nor in the size that
 * chose e: where it leaves the range it is put at the origin, not refused (a valid surface of
 * 1e-200 with an unused vertex at 1e300 threw `NON_FINITE` out of `surfaceDistance`).
 *
 * @example
 * ```ts
 * import { scaledPoints } from '@firsttouch/mesh/internal';
 * // vertex 2 is used by no segment: past the range at 2^1000, it goes to the origin
 * const p = scaledPoints(new Float64Array([1, 0, 2, 0, 1e300, 0]), new Uint32Array([0, 1]), 2, 1000, 'a curve');
 * console.log(p[2] === 2 ** 1001, p[4]); // true 0
 * ```
 */
export function scaledPoints(
  positions: Float64Array,
  indices: Uint32Array,
  dim: 2 | 3,
  e: number,
  where: string,
): Float64Array {
  const p = positions.map((x) => timesPowerOfTwo(x, e));
  let finite = true;
  for (let k = 0; k < p.length && finite; k++) finite = p[k] - p[k] === 0;
  if (!finite) {
    const used = new Uint8Array(p.length / dim);
    for (let k = 0; k < indices.length; k++) used[indices[k]] = 1;
    for (let v = 0; v < used.length; v++) if (used[v] === 0) p.fill(0, v * dim, (v + 1) * dim);
  }
  assertPoints(p, dim, where);
  return p;
}
