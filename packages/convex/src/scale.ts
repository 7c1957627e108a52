// Float64 squares lengths: above about 1e154 they overflow, below about 1e-154 they underflow. A
// query far from unit size is carried out at unit size by a power of two, which changes no digit, and
// its answer is taken back by the inverse power (ccd's driver, mesh's distances, shapeDistance).

/** Magnitudes within [2^−128, 2^128] are computed as they are (the range every kernel is sound in). */
const LOW = 2 ** -128;
const HIGH = 2 ** 128;

/**
 * The power of two that takes a query of largest magnitude `magnitude` (its bodies' coordinates, the
 * translation between them) to unit size: 0 within [2^−128, 2^128] (the query runs as given), else a
 * multiple of 256 that lands the magnitude within that range. A multiple of 256, so that a query and
 * the same query scaled by 2^256k are carried out as the very same computation, bit for bit.
 *
 * @example
 * ```ts
 * import { scaleExponent } from '@firsttouch/convex/internal';
 * console.log(scaleExponent(1), scaleExponent(1e-165), scaleExponent(1e200)); // 0 512 -768
 * ```
 */
export function scaleExponent(magnitude: number): number {
  if (!(magnitude >= LOW && magnitude <= HIGH) && magnitude > 0 && magnitude < Number.POSITIVE_INFINITY) {
    return -256 * Math.round(Math.log2(magnitude) / 256);
  }
  return 0;
}

/**
 * `x · 2^e`, exact wherever the result is a normal number; in two factors, since 2^e alone
 * overflows for e ≥ 1024 and is not even representable below −1074.
 *
 * @example
 * ```ts
 * import { timesPowerOfTwo } from '@firsttouch/convex/internal';
 * console.log(timesPowerOfTwo(3, -2), timesPowerOfTwo(2 ** -1070, 1100) === 2 ** 30); // 0.75 true
 * ```
 */
export function timesPowerOfTwo(x: number, e: number): number {
  const half = Math.trunc(e / 2);
  return x * 2 ** half * 2 ** (e - half);
}

/**
 * The length of the box diagonal (`dx`, `dy`, `dz`) ≥ 0: `√(dx² + dy² + dz²)`, and where the squares
 * underflow (sides below about 1e-154) or overflow (above 1e154), the same taken through a power of
 * two, exact, so that a box of side 1e-165 has its diagonal and not 0.
 *
 * @example
 * ```ts
 * import { diagonalOf } from '@firsttouch/convex/internal';
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

/**
 * The default tolerance of a query whose bodies' largest bounding-box diagonal is `diagonal`: 1e-6 of
 * it, a diagonal past float64's range (a box more than 1.8e308 across) counted as the largest finite
 * number, so that the tolerance is never +∞; a diagonal so small that 1e-6 of it underflows (below
 * about 1e-317) gives the least positive double, 5e-324. Bodies with no extent at all (points) fall
 * back to 1e-6 of `largestCoordinate`, their largest |coordinate| (at least 1), so that it is never 0.
 * ccd's `defaultTolerance` and `castShape` take it.
 *
 * @example
 * ```ts
 * import { toleranceOfDiagonal } from '@firsttouch/convex/internal';
 * console.log(toleranceOfDiagonal(2), toleranceOfDiagonal(Number.POSITIVE_INFINITY) === 1e-6 * Number.MAX_VALUE); // 0.000002 true
 * console.log(toleranceOfDiagonal(0), toleranceOfDiagonal(0, 4), toleranceOfDiagonal(1e-320)); // 0.000001 0.000004 5e-324
 * ```
 */
export function toleranceOfDiagonal(diagonal: number, largestCoordinate = 1): number {
  if (!(diagonal > 0)) return 1e-6 * Math.max(1, largestCoordinate);
  const tolerance = 1e-6 * (diagonal > Number.MAX_VALUE ? Number.MAX_VALUE : diagonal);
  // Below about 1e-317 across the product underflows: the least positive double, never 0.
  return tolerance > 0 ? tolerance : Number.MIN_VALUE;
}

/**
 * {@link toleranceOfDiagonal} floored at 2⁻⁴⁶ of `inPlay`, the largest coordinate a query computes
 * with (the bodies' own and the step's translations): a gap is known to a few ulps of those
 * coordinates, so a tolerance below that floor gives the guarantee no margin (a point thrown at 1e13
 * through a unit square came out after the crossing). Bodies with no extent keep the fallback. The
 * default of ccd's `defaultTolerance` and of `castShape`.
 *
 * @example
 * ```ts
 * import { toleranceInPlay } from '@firsttouch/convex/internal';
 * console.log(toleranceInPlay(2, 1, 1).toExponential(3), toleranceInPlay(0.01, 0.01, 1e8).toExponential(3)); // 2.000e-6 1.421e-6
 * ```
 */
export function toleranceInPlay(diagonal: number, largestCoordinate = 1, inPlay = 0): number {
  const tolerance = toleranceOfDiagonal(diagonal, largestCoordinate);
  if (!(diagonal > 0)) return tolerance;
  const floor = ROUNDING_SHARE * inPlay;
  return floor > tolerance ? floor : tolerance;
}

/** The default tolerance's least share of the largest coordinate in play (see {@link toleranceInPlay}). */
const ROUNDING_SHARE = 2 ** -46;
