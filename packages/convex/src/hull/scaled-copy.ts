import { assertPoints, FirstTouchError } from '@firsttouch/pose';

/**
 * A checked copy of a flat array of points, scaled by a power of two so that its largest |coordinate|
 * is near 1: exact, and it leaves every orientation's sign as it was, while the exact predicates stay
 * clear of overflow for enormous coordinates and of underflow for tiny ones (a coordinate below 2⁻¹⁰⁰⁰
 * of the largest loses its last bits).
 *
 * @throws `FirstTouchError` `BAD_LENGTH` (not `dim` numbers a point, or fewer than `least` points) or
 *   `NON_FINITE`, naming `where` and `name`.
 */
export function scaledCopy(
  points: ArrayLike<number>,
  dim: 2 | 3,
  least: number,
  where: string,
  name: string,
): Float64Array {
  assertPoints(points, dim, `${where}: ${name}`);
  if (points.length % dim !== 0) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `${where}: ${name} must hold ${dim} numbers a point, got length ${points.length}`,
    );
  }
  const n = points.length / dim;
  if (n < least) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `${where}: ${name} must hold at least ${least} points (${dim * least} numbers), got ${n}`,
    );
  }
  const out = Float64Array.from(points);
  let m = 0;
  for (let i = 0; i < out.length; i++) m = Math.max(m, Math.abs(out[i]));
  // In two factors: 2^±1074 itself is not a double.
  let e = m > 0 ? -Math.floor(Math.log2(m)) : 0;
  while (e !== 0) {
    const step = Math.max(-1000, Math.min(1000, e));
    const scale = 2 ** step;
    for (let i = 0; i < out.length; i++) out[i] *= scale;
    e -= step;
  }
  return out;
}
