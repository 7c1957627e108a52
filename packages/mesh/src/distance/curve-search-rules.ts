/**
 * How much farther than the gap a pair may lie and still be searched again by the next
 * `CurvePair.evaluateMoved`, as a multiple of the gap: conservative advancement moves the
 * bodies by about the gap between two evaluations, so the pairs within twice it stay candidates.
 */
const SLACK = 2;

/** The keep bound: pairs whose box gap is at most this stay candidates. */
export function keepBound(best: number, margin: number): number {
  return best * (1 + SLACK) + margin;
}

/** The keep bound squared (for squared box gaps). */
export function keepSquared(best: number, margin: number): number {
  const k = best * (1 + SLACK) + margin;
  return k * k;
}

/**
 * A bound found in floating point, lowered by the rounding it may carry (a few ulps of itself and of
 * the coordinates in play), so that it stays below the exact gap.
 */
export function shaved(bound: number, margin: number): number {
  return bound === Number.POSITIVE_INFINITY ? bound : Math.max(0, bound * (1 - 1e-12) - 2 * margin);
}

/**
 * The gap `d` of the pair (sa, sb) comes before the best so far (`best` of the pair (bestA, bestB),
 * `bestA < 0` for none): smaller, or equal from a pair that comes first (segment of A, then of B), so
 * that the result does not depend on the search order.
 */
export function precedes(
  d: number,
  best: number,
  sa: number,
  sb: number,
  bestA: number,
  bestB: number,
): boolean {
  return d < best || (d === best && (bestA < 0 || sa < bestA || (sa === bestA && sb < bestB)));
}
