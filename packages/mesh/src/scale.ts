// Float64 squares lengths: below about 1e-154 they underflow, above 1e154 they overflow, and some
// bounds take fourth powers (1e±77). A query far from unit size is carried out at unit size by a
// power of two, which changes no digit, and its answer is taken back by the inverse power. The power
// and the product (`scaleExponent`, `timesPowerOfTwo`) and the diagonal (`diagonalOf`) are convex's,
// whose shapes and shape queries need them too.

export { diagonalOf, scaleExponent, timesPowerOfTwo } from '@firsttouch/convex/internal';
