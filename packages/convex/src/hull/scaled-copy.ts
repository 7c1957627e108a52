import { describeValue, FirstTouchError, isArrayLike } from '@firsttouch/pose';
import { timesPowerOfTwo } from '../scale.js';

/**
 * A copy of a flat array of points, each number read once and checked as it is copied (an array
 * whose getters answer a number to a check and NaN after gets no second read).
 *
 * @throws `FirstTouchError` `BAD_LENGTH` (not an array, not `dim` numbers a point, or fewer than
 *   `least` points) or `NON_FINITE` (a coordinate that is not a finite number), naming `where` and
 *   `name`.
 */
export function checkedCopy(
  points: unknown,
  dim: 2 | 3,
  least: number,
  where: string,
  name: string,
): Float64Array {
  if (!isArrayLike(points)) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `${where}: ${name} must be an array of ${dim} numbers a point, got ${describeValue(points)}`,
    );
  }
  const length = points.length;
  if (length % dim !== 0) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `${where}: ${name} must hold ${dim} numbers a point, got length ${length}`,
    );
  }
  const n = length / dim;
  if (n < least) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `${where}: ${name} must hold at least ${least} points (${dim * least} numbers), got ${n}`,
    );
  }
  const out = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const x = points[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) {
      throw new FirstTouchError(
        'NON_FINITE',
        `${where}: ${name}: point ${Math.floor(i / dim)} has a coordinate ${describeValue(x)}`,
      );
    }
    out[i] = x;
  }
  return out;
}

/**
 * A {@link checkedCopy} with each axis scaled by a power of two so that its largest |coordinate| is
 * near 1, where that is exact: a scale of each axis by a positive factor leaves every orientation's
 * sign as it was (the determinant is multiplied by their product), and the hull is the same hull,
 * while the predicates' float filters stay clear of overflow for enormous coordinates and of
 * underflow for tiny ones (an axis whose coordinates are all below 2⁻⁵⁰⁰ beside another near 1, a
 * needle, no longer sends every test to the exact integers). An axis that cannot be scaled down
 * without a coordinate losing bits (a subnormal one beside one past 2): left as it is, the exact
 * predicates decide it as given.
 *
 * @throws as {@link checkedCopy}.
 */
export function scaledCopy(
  points: unknown,
  dim: 2 | 3,
  least: number,
  where: string,
  name: string,
): Float64Array {
  const out = checkedCopy(points, dim, least, where, name);
  for (let a = 0; a < dim; a++) scaleAxis(out, dim, a);
  return out;
}

/** Axis `a` of `out` (`dim` numbers a point) times a power of two, its largest near 1, if exact. */
function scaleAxis(out: Float64Array, dim: number, a: number): void {
  let m = 0;
  let least = Number.POSITIVE_INFINITY;
  for (let i = a; i < out.length; i += dim) {
    const x = Math.abs(out[i]);
    if (x > m) m = x;
    if (x > 0 && x < least) least = x;
  }
  if (m === 0) return;
  const e = -Math.floor(Math.log2(m));
  if (e === 0) return;
  // Up (the largest stays below 2) or down with every result normal: exact as it goes. Down into
  // the subnormals: only if no coordinate loses a bit (scaling back tells).
  if (e < 0 && timesPowerOfTwo(least, e) < 2 ** -1022) {
    for (let i = a; i < out.length; i += dim) {
      const x = out[i];
      if (timesPowerOfTwo(timesPowerOfTwo(x, e), -e) !== x) return;
    }
  }
  if (e >= -1022 && e <= 1023) {
    // (one factor: a power of two a number costs more than the copy itself)
    const f = 2 ** e;
    for (let i = a; i < out.length; i += dim) out[i] *= f;
  } else for (let i = a; i < out.length; i += dim) out[i] = timesPowerOfTwo(out[i], e);
}
