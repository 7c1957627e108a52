// Float64 squares lengths: below about 1e-154 they underflow, above 1e154 they overflow, and some
// bounds take fourth powers (1e±77). A query far from unit size is carried out at unit size by a
// power of two, which changes no digit, and its answer is taken back by the inverse power. The power
// and the product (`scaleExponent`, `timesPowerOfTwo`) and the diagonal (`diagonalOf`) are convex's,
// whose shapes and shape queries need them too.

import { describeValue, FirstTouchError } from '@firsttouch/pose';

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
