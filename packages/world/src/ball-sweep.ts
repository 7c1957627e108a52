/**
 * True when two balls whose centres move along straight lines over the same interval (centre a
 * from `a0` to `a1`, b from `b0` to `b1`, each at constant speed) stay more than `reach` apart
 * centre to centre: the closest approach of the two segments in time, |(a − b)(u)| over u ∈ [0, 1].
 * A body lies in the ball of radius r about its origin whatever it turns, and the world's motions
 * carry the origin along the straight line from pose to target at constant speed; so two bodies
 * whose balls (radii summed, plus the searches' tolerance) stay apart cannot come within the
 * tolerance, and their search would end Separate. The comparison keeps a slack of 1e-12 of the
 * coordinates' size over the rounding of the centres (each of which the motion computes a hair
 * differently) and of this arithmetic, so it never drops a pair a search would find.
 *
 * @param dim - 2 or 3: the coordinates read from each array.
 */
export function ballsApart(
  dim: 2 | 3,
  a0: ArrayLike<number>,
  a1: ArrayLike<number>,
  b0: ArrayLike<number>,
  b1: ArrayLike<number>,
  reach: number,
): boolean {
  let size = reach;
  for (let x = 0; x < dim; x++) size += Math.abs(a0[x]) + Math.abs(a1[x]) + Math.abs(b0[x]) + Math.abs(b1[x]);
  // Far from unit size the squares below leave the normal range (at 2^-535 the coordinates' squares
  // are subnormal, with few bits left, and the instant of closest approach came out wrong: pairs
  // that met were told apart). There every length is taken by a power of two to unit size first:
  // exact, so the test decides as it would on the same scene at unit size.
  const f = size > 1e-100 && size < 1e100 ? 1 : unitFactor(size);
  let dd = 0;
  let d0d = 0;
  let d00 = 0;
  for (let x = 0; x < dim; x++) {
    const d0 = (a0[x] - b0[x]) * f;
    const d = (a1[x] - b1[x]) * f - d0;
    dd += d * d;
    d0d += d0 * d;
    d00 += d0 * d0;
  }
  size *= f;
  // the squared distance at the instant u of closest approach, clamped to the interval
  let u = dd > 0 ? -d0d / dd : 0;
  if (!(u > 0)) u = 0;
  else if (u > 1) u = 1;
  const least = d00 + u * (2 * d0d + u * dd);
  const far = reach * f + 1e-12 * size;
  // (and over the rounding of the squares themselves, a few ulps of size²)
  return least > far * far + 1e-14 * size * size;
}

/**
 * The power of two that takes `size` (positive) to about 1, its exponent kept within ±1000 so that
 * the factor itself is a normal number (a size of NaN or ∞ gives 1: the test then proves nothing,
 * as before).
 */
function unitFactor(size: number): number {
  if (!(size > 0 && size < Number.POSITIVE_INFINITY)) return 1;
  const e = -Math.round(Math.log2(size));
  return 2 ** (e > 1000 ? 1000 : e < -1000 ? -1000 : e);
}
