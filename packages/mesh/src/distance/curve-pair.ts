import { curveArgument } from '../body-arguments.js';
import type { Curve } from '../curve.js';
import { assertPlacement2 } from '../tree/part-tree.js';
import { CurveSearch } from './curve-search.js';
import { searchCandidatesFlat } from './curve-search-candidates.js';
import { searchFlat } from './curve-search-flat.js';
import { shaved } from './curve-search-rules.js';
import { searchTrees } from './curve-search-trees.js';

/**
 * The 2-D twin of {@link SurfacePair}: the distance query between two curves with its scratch
 * preallocated; {@link CurvePair.evaluate} takes curve B into curve A's frame and allocates nothing.
 * The closest pair found seeds the next call.
 *
 * @example
 * ```ts
 * import { CurvePair, disc } from '@firsttouch/mesh';
 * const pair = new CurvePair(disc(1, 4), disc(1, 4));
 * console.log(pair.evaluate(1, 0, 3, 0)); // 1
 * ```
 */
export class CurvePair {
  /** The gap of the last evaluation (a certified lower bound when {@link beyond}). */
  distance = Number.NaN;
  /** Some segment pair intersects. */
  intersecting = false;
  /** The gap is certified larger than the `maxDistance` asked. */
  beyond = false;
  /** The closest segment of A (−1 when {@link beyond}). */
  segmentA = -1;
  /** The closest segment of B (−1 when {@link beyond}). */
  segmentB = -1;
  /** Closest point on A, in A's frame. */
  readonly pointA = new Float64Array(2);
  /** Closest point on B, in A's frame. */
  readonly pointB = new Float64Array(2);
  /** Node pairs whose boxes were tested in the last evaluation. */
  volumePairs = 0;
  /** Segment pairs evaluated exactly in the last evaluation. */
  segmentPairs = 0;

  /** The searches' state and scratch; the closest points land in {@link pointA} and {@link pointB}. */
  readonly #q = new CurveSearch(this.pointA, this.pointB);

  constructor(a: Curve, b: Curve) {
    this.rebind(a, b);
  }

  /** Both curves' largest |coordinate|, summed: with the translation, how far a placement reaches. */
  #reach = 0;

  /**
   * Refuses a placement with a NaN or an infinity, or outside the range where the segment distances
   * are sound (see `assertPlacement2`), and an evaluation after {@link unbind}.
   */
  #inRange(c: number, s: number, tu: number, tv: number, where: string): void {
    assertPlacement2(c, s, tu, tv, this.#reach, where);
  }

  /** Curve A (the frame of the computation). */
  get a(): Curve {
    return this.#q.a;
  }

  /** Curve B. */
  get b(): Curve {
    return this.#q.b;
  }

  /**
   * Points the query at two other curves, keeping the scratch where it is large enough: what a
   * caller that runs many short queries (a time of impact per pair) uses instead of a new pair.
   * Forgets the last closest pair.
   *
   * @throws `FirstTouchError` `EMPTY` for a curve without segments.
   * @example
   * ```ts
   * import { CurvePair, disc } from '@firsttouch/mesh';
   * const pair = new CurvePair(disc(1, 4), disc(1, 4));
   * pair.rebind(disc(1, 8), disc(0.5, 8));
   * console.log(pair.evaluate(1, 0, 3, 0).toFixed(4)); // 1.5000
   * ```
   */
  rebind(a: Curve, b: Curve): void {
    curveArgument(a, 'distance (curve A)');
    curveArgument(b, 'distance (curve B)');
    this.distance = Number.NaN;
    this.intersecting = false;
    this.beyond = false;
    this.segmentA = -1;
    this.segmentB = -1;
    this.volumePairs = 0;
    this.segmentPairs = 0;
    this.#q.bind(a, b);
    this.#reach = a.extent().largestCoordinate + b.extent().largestCoordinate;
  }

  /**
   * Forgets the two curves (and their trees), keeping the scratch: what a pool does before it keeps
   * the pair (a curve queried once can then be collected). {@link rebind} it before the next
   * evaluation.
   *
   * @example
   * ```ts
   * import { CurvePair, disc } from '@firsttouch/mesh';
   * const pair = new CurvePair(disc(1, 4), disc(1, 4));
   * pair.unbind();
   * pair.rebind(disc(1, 8), disc(0.5, 8));
   * console.log(pair.evaluate(1, 0, 3, 0).toFixed(4)); // 1.5000
   * ```
   */
  unbind(): void {
    this.#q.unbind();
    this.#reach = Number.NaN;
    this.segmentA = -1;
    this.segmentB = -1;
  }

  /**
   * The gap between A and B when a point `x` of B is at `rot x + (tu, tv)` in A's frame, `rot` the
   * rotation of cosine `c` and sine `s`. Stops early, with {@link beyond} set, when the gap is
   * certified larger than `maxDistance`. Deterministic as {@link SurfacePair.evaluate}.
   *
   * @throws `FirstTouchError` `INVALID_POSE` for a placement that reaches outside [2^−200, 2^200]
   *   (as `SurfacePair.evaluate`; {@link evaluateMoved} too): take such curves to unit size first.
   */
  evaluate(c: number, s: number, tu: number, tv: number, maxDistance = Number.POSITIVE_INFINITY): number {
    this.#inRange(c, s, tu, tv, 'CurvePair.evaluate');
    const q = this.#q;
    q.begin(c, s, tu, tv);
    q.maxDistance = maxDistance;
    q.hintA = this.segmentA;
    q.hintB = this.segmentB;
    q.candidates.kept = false;
    if (q.flat) searchFlat(q, false);
    else searchTrees(q, false, false);
    this.#finish();
    return this.distance;
  }

  /**
   * {@link evaluate} (without `maxDistance`) for a caller that knows how far B may have moved since
   * the previous evaluation of this pair: no point of B, in A's frame, is farther than `moved` from
   * where it was then (a continuous motion: μ·|s − s'|). The pairs that were near then are searched
   * again; every other pair is proved farther than the gap by its bound then, less `moved`. When
   * that proof fails the full search runs. The result is the one of {@link evaluate}, bit for bit.
   *
   * @example
   * ```ts
   * import { CurvePair, disc } from '@firsttouch/mesh';
   * const pair = new CurvePair(disc(1, 16), disc(1, 16));
   * pair.evaluateMoved(1, 0, 3, 0, Number.POSITIVE_INFINITY);
   * console.log(pair.evaluateMoved(1, 0, 2.9, 0, 0.1).toFixed(4)); // 0.9000
   * ```
   */
  evaluateMoved(c: number, s: number, tu: number, tv: number, moved: number): number {
    this.#inRange(c, s, tu, tv, 'CurvePair.evaluateMoved');
    const q = this.#q;
    const candidates = q.candidates;
    q.begin(c, s, tu, tv);
    q.maxDistance = Number.POSITIVE_INFINITY;
    q.hintA = this.segmentA;
    q.hintB = this.segmentB;
    const reuse = candidates.kept && moved >= 0 && moved < Number.POSITIVE_INFINITY;
    // The bound of the pairs left out, moved: computed with a relative allowance for its rounding.
    const outside = candidates.outside;
    q.outsideNow = reuse
      ? outside - moved * (1 + 1e-12) - 1e-15 * Math.abs(outside)
      : Number.NEGATIVE_INFINITY;
    if (reuse) candidates.drift += moved * (1 + 1e-12);
    candidates.kept = true;
    if (q.flat) {
      if (!reuse || !searchCandidatesFlat(q)) searchFlat(q, true);
    } else if (!reuse || !searchTrees(q, true, true)) {
      searchTrees(q, true, false);
    }
    this.#finish();
    return this.distance;
  }

  /** Writes the result of the search that ran last (the gap, or the lowest bound left out when none is within `maxDistance`). */
  #finish(): void {
    const q = this.#q;
    this.volumePairs = q.volumePairs;
    this.segmentPairs = q.segmentPairs;
    this.intersecting = q.intersecting;
    if (q.bestA < 0) {
      this.beyond = true;
      this.distance = Math.max(q.maxDistance, shaved(q.lowest, q.margin));
      this.segmentA = -1;
      this.segmentB = -1;
      this.pointA.fill(Number.NaN);
      this.pointB.fill(Number.NaN);
      return;
    }
    this.beyond = false;
    this.distance = q.intersecting ? 0 : q.best;
    this.segmentA = q.bestA;
    this.segmentB = q.bestB;
  }
}
