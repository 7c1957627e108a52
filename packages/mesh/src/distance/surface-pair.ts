import { FirstTouchError } from '@firsttouch/pose';
import { surfaceArgument } from '../body-arguments.js';
import { ConvexCandidates } from '../convex/convex-candidates.js';
import { convexSurface } from '../convex/convex-surface.js';
import { ConvexSurfacePair } from '../convex/convex-surface-pair.js';
import { TRIANGLE_MEET } from '../geometry/triangle-distance.js';
import type { Surface } from '../surface.js';
import { assertPlacement3 } from '../tree/part-tree.js';
import { shaved } from './surface-scratch.js';
import { SurfaceSearch } from './surface-search.js';
import { searchHull } from './surface-search-hull.js';
import { searchListed } from './surface-search-listed.js';
import { searchTrees } from './surface-search-trees.js';

/**
 * The distance query between two surfaces, with its scratch preallocated, for callers that repeat
 * it many times (conservative advancement): {@link SurfacePair.evaluate} takes body B into body A's
 * frame by a relative transform and allocates nothing. After a call, the fields hold the result; the
 * closest pair found seeds the next call (frame coherence).
 *
 * @example
 * ```ts
 * import { SurfacePair, box } from '@firsttouch/mesh';
 * const pair = new SurfacePair(box(1), box(1));
 * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
 * console.log(pair.evaluate(R, new Float64Array([3, 0, 0]))); // 2
 * ```
 */
export class SurfacePair {
  /** The gap of the last evaluation (a certified lower bound when {@link beyond}). */
  distance = Number.NaN;
  /**
   * A certified lower bound of the gap: equal to {@link distance} for an exact evaluation, within a
   * factor `1 + relativeError` of it otherwise.
   */
  lowerBound = Number.NaN;
  /**
   * The last {@link evaluate} or {@link evaluateMoved} skipped pairs within a relative error: its
   * {@link distance} is a facet pair's gap within a factor `1 + relativeError` of the gap (and
   * {@link lowerBound} certifies the gap), its facets need not be the smallest pair at the gap.
   */
  approximate = false;
  /** Some facet pair intersects. */
  intersecting = false;
  /** The gap is certified larger than the `maxDistance` asked (no facets, no points then). */
  beyond = false;
  /** The closest facet of A (−1 when {@link beyond}). */
  facetA = -1;
  /** The closest facet of B (−1 when {@link beyond}). */
  facetB = -1;
  /** Closest point on A, in A's frame. */
  readonly pointA = new Float64Array(3);
  /** Closest point on B, in A's frame. */
  readonly pointB = new Float64Array(3);
  /** Node pairs whose boxes were tested in the last evaluation (and, on the hull search, facets of A bounded against B's hull). */
  volumePairs = 0;
  /** Facet pairs evaluated exactly in the last evaluation. */
  facetPairs = 0;
  /**
   * Two convex surfaces apart are answered from their vertex hulls (GJK, warm-started) and the facet
   * pairs at the closest features, with every other pair proved farther: the same result as the
   * trees, bit for bit, without a descent (`volumePairs` 0). On by default; set it to false for the
   * trees alone. It applies to {@link evaluate} without `maxDistance` or `relativeError`, and to
   * {@link evaluateMoved}; bodies that touch or cross, or are not convex, take the trees.
   */
  convex = true;
  /**
   * A small convex B (refitted in A's frame, at most 128 distinct vertices, its facets covering the
   * boundary of its vertex hull exactly) is searched down A's tree alone, each facet of A that comes
   * near B's box bounded against B's vertex hull by GJK (a lower bound of its gap to every facet of
   * B, and its gap to B itself since B is convex); only the facets of A within the best meet B's
   * facets one by one. The same result as the descent of both
   * trees, bit for bit (distance, facets, points, `intersecting`), in about a quarter of the bounds
   * (DECISIONS.md). On by default; set it to false for both trees.
   * {@link evaluateMoved} then keeps no candidates: each evaluation starts from A's root.
   */
  hull = true;
  /**
   * Where the surfaces cross, {@link evaluate}'s descent of both trees stops at the first crossing
   * pair it meets: {@link distance} (0), {@link lowerBound} and {@link intersecting} are the same,
   * but {@link facetA}, {@link facetB} and the points (a common point of the two facets) are some
   * crossing pair rather than the smallest in (facetA, facetB) order. For a caller that needs only
   * the gap, or whether the bodies cross: the proof that no smaller pair crosses is most of the
   * work on crossing surfaces of long thin facets (DECISIONS.md). Off by default (the answer is
   * then the all-pairs loop's, bit for bit); {@link evaluateMoved} and the hull search ignore it.
   */
  anyCrossing = false;

  /**
   * The searches' state and scratch (the trees, the node bound, the candidates of
   * {@link evaluateMoved}, B's vertices and node boxes in A's frame, the stack, the facet pair in
   * hand), grown to the bodies it meets and kept: hold the pair to answer many queries without
   * allocating (`surfaceDistance` borrows one from a pool).
   */
  readonly #q = new SurfaceSearch(this.pointA, this.pointB);
  /** The hull pair and candidate lists of the convex path, made on first use; `#usable` is decided once per binding. */
  #hulls: ConvexSurfacePair | undefined;
  #candidates: ConvexCandidates | undefined;
  #usable: boolean | undefined;

  constructor(a: Surface, b: Surface) {
    surfaceArgument(a, 'distance (body A)');
    surfaceArgument(b, 'distance (body B)');
    this.#q.bind(a, b);
    this.#reach = a.extent().largestCoordinate + b.extent().largestCoordinate;
  }

  /** Both surfaces' largest |coordinate|, summed: with the translation, how far a placement reaches. */
  #reach = 0;

  /**
   * Refuses a placement with a NaN or an infinity, or outside the range where the facet distances
   * are sound (see `assertPlacement3`), and an evaluation after {@link unbind}.
   */
  #inRange(R: Float64Array, t: Float64Array, where: string): void {
    assertPlacement3(R, t, this.#reach, where);
  }

  /** Body A (the frame of the computation). */
  get a(): Surface {
    return this.#q.a;
  }

  /** Body B. */
  get b(): Surface {
    return this.#q.b;
  }

  /**
   * Points the pair at two other surfaces, keeping nothing of the last evaluation (no hint): for a
   * caller that answers many queries with one pair object.
   *
   * @throws `FirstTouchError` `EMPTY` for a surface without facets.
   * @example
   * ```ts
   * import { SurfacePair, box } from '@firsttouch/mesh';
   * const pair = new SurfacePair(box(1), box(1));
   * pair.rebind(box(2), box(1));
   * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
   * console.log(pair.evaluate(R, new Float64Array([3, 0, 0]))); // 1.5
   * ```
   */
  rebind(a: Surface, b: Surface): void {
    surfaceArgument(a, 'distance (body A)');
    surfaceArgument(b, 'distance (body B)');
    this.#q.bind(a, b);
    this.#reach = a.extent().largestCoordinate + b.extent().largestCoordinate;
    this.facetA = -1;
    this.facetB = -1;
    this.distance = Number.NaN;
    this.lowerBound = Number.NaN;
    this.approximate = false;
    this.intersecting = false;
    this.beyond = false;
    this.volumePairs = 0;
    this.facetPairs = 0;
    this.#usable = undefined;
  }

  /**
   * Forgets the two surfaces and everything derived from them, keeping the scratch: what a pool does
   * before it keeps the pair (a body queried once can then be collected). {@link rebind} it before
   * the next evaluation.
   *
   * @example
   * ```ts
   * import { SurfacePair, box } from '@firsttouch/mesh';
   * const pair = new SurfacePair(box(1), box(1));
   * pair.unbind();
   * pair.rebind(box(2), box(1));
   * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
   * console.log(pair.evaluate(R, new Float64Array([3, 0, 0]))); // 1.5
   * ```
   */
  unbind(): void {
    this.#q.unbind();
    this.#reach = Number.NaN;
    this.#hulls?.unbind();
    this.#usable = undefined;
    this.facetA = -1;
    this.facetB = -1;
  }

  /**
   * The gap between A and B when B's frame is placed in A's frame by `R` (row-major, 9) and `t`:
   * a point `x` of B is at `R x + t` in A's frame. Stops early, with {@link beyond} set, when the gap
   * is certified larger than `maxDistance`. Returns {@link distance}.
   *
   * Deterministic: the distance and the facet pair equal those of the loop over all facet pairs
   * (ties to the smallest `(facetA, facetB)`), whatever the tree and the seed.
   *
   * @throws `FirstTouchError` `INVALID_POSE` for a placement that reaches (the translation's largest
   *   |coordinate| plus both surfaces' largest) outside [2^−200, 2^200], where the facet distances
   *   are not sound (as for {@link evaluateMoved} and {@link evaluateFacets}): take such bodies to
   *   unit size first, as `surfaceDistance` does.
   */
  evaluate(
    R: Float64Array,
    t: Float64Array,
    maxDistance = Number.POSITIVE_INFINITY,
    relativeError = 0,
  ): number {
    this.#inRange(R, t, 'SurfacePair.evaluate');
    this.approximate = false;
    const spent =
      this.convex && maxDistance === Number.POSITIVE_INFINITY && relativeError === 0
        ? this.#fromHulls(R, t)
        : 0;
    if (spent < 0) return this.distance;
    const q = this.#q;
    q.candidates.kept = false;
    const hull = this.hull && q.hullSearch();
    q.begin(R, t, !hull);
    q.hintA = this.facetA;
    q.hintB = this.facetB;
    q.anyCrossing = this.anyCrossing;
    // With a relative error ε, a pair is skipped once its bound exceeds best / (1 + ε): the search
    // ends sooner, `distance` is then within a factor 1 + ε of the gap, and `lowerBound` certifies it.
    this.approximate = relativeError > 0;
    if (hull) searchHull(q, maxDistance, 1 / (1 + relativeError));
    else searchTrees(q, maxDistance, 1 / (1 + relativeError), false, false, 0);
    this.volumePairs = q.volumePairs;
    this.facetPairs = q.facetPairs + spent;
    return this.#finish(maxDistance);
  }

  /**
   * {@link evaluate} (without `maxDistance`) for a caller that knows how far B
   * may have moved since the previous call of this method on this pair: no point of B, in A's frame,
   * is farther than `moved` from where it was then (along a continuous motion, μ·|s − s'|). The node
   * pairs that were near then are searched again; every other facet pair is proved farther than the
   * gap by its bound then, less `moved`. When that proof fails the search from the roots runs. The
   * result (`distance`, `lowerBound`, `intersecting`, the facets and the points) is the one of
   * {@link evaluate} with the same hint, bit for bit; only the counters tell the work saved.
   *
   * `moved` = +∞, NaN or below 0, or a call of {@link evaluate}, {@link evaluateFacets} or
   * {@link rebind} since the previous call, makes it search from the roots. A `moved` too small for
   * the motion gives a wrong answer: it is trusted, not checked.
   *
   * `relativeError` applies where the search keeps nothing for the next call (the hull search of a
   * small convex B, see {@link hull}): pairs are skipped as in {@link evaluate}, {@link approximate}
   * is set and {@link lowerBound} certifies the gap. The descent of both trees ignores it: the pairs
   * it keeps for the next call need the exact bound.
   *
   * @example
   * ```ts
   * import { SurfacePair, box } from '@firsttouch/mesh';
   * const pair = new SurfacePair(box(1, 4), box(1, 4));
   * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
   * pair.evaluateMoved(R, new Float64Array([3, 0, 0]), Number.POSITIVE_INFINITY);
   * console.log(pair.evaluateMoved(R, new Float64Array([2.9, 0, 0]), 0.1).toFixed(4)); // 1.9000
   * ```
   */
  evaluateMoved(R: Float64Array, t: Float64Array, moved: number, relativeError = 0): number {
    this.#inRange(R, t, 'SurfacePair.evaluateMoved');
    this.approximate = false;
    const spent = this.convex ? this.#fromHulls(R, t) : 0;
    if (spent < 0) return this.distance;
    const q = this.#q;
    const candidates = q.candidates;
    const hull = this.hull && q.hullSearch();
    q.begin(R, t, !hull);
    q.hintA = this.facetA;
    q.hintB = this.facetB;
    if (hull) {
      // The hull search keeps no candidates: each evaluation runs from A's root, and may skip pairs
      // within a relative error.
      candidates.kept = false;
      this.approximate = relativeError > 0;
      searchHull(q, Number.POSITIVE_INFINITY, this.approximate ? 1 / (1 + relativeError) : 1);
      this.volumePairs = q.volumePairs;
      this.facetPairs = q.facetPairs + spent;
      return this.#finish(Number.POSITIVE_INFINITY);
    }
    const reuse = candidates.kept && moved >= 0 && moved < Number.POSITIVE_INFINITY;
    candidates.kept = true;
    let volumePairs = 0;
    let facetPairs = spent;
    if (reuse) {
      // The bound of the pairs left out, moved: with a relative allowance for its rounding. The drift
      // is rounded up, so that less it each key stays below its pair's gap.
      const outside = candidates.outside;
      const outsideNow =
        outside === Number.POSITIVE_INFINITY
          ? outside
          : outside - moved * (1 + 1e-12) - 1e-15 * Math.abs(outside);
      candidates.drift = (candidates.drift + moved) * (1 + 1e-15);
      if (searchTrees(q, Number.POSITIVE_INFINITY, 1, true, true, outsideNow)) {
        this.volumePairs = q.volumePairs;
        this.facetPairs = q.facetPairs;
        return this.#finish(Number.POSITIVE_INFINITY);
      }
      // The counters tell all the work done, the search that failed its proof included.
      volumePairs = q.volumePairs;
      facetPairs += q.facetPairs;
    }
    searchTrees(q, Number.POSITIVE_INFINITY, 1, true, false, 0);
    this.volumePairs = q.volumePairs + volumePairs;
    this.facetPairs = q.facetPairs + facetPairs;
    return this.#finish(Number.POSITIVE_INFINITY);
  }

  /**
   * The exact distance of one facet pair, facet `fa` of A and `fb` of B, with B placed by `R` and `t`
   * as in {@link evaluate}: the fields are set as if that pair were the closest one (its points,
   * its facets, {@link intersecting}); `lowerBound` is NaN (one pair bounds the gap from above). For
   * a caller that knows the closest facets by other means (the convex path).
   *
   * @throws `FirstTouchError` `INDEX_RANGE` when `fa` or `fb` is not a facet index.
   * @example
   * ```ts
   * import { SurfacePair, box } from '@firsttouch/mesh';
   * const pair = new SurfacePair(box(1), box(1));
   * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
   * console.log(pair.evaluateFacets(R, new Float64Array([3, 0, 0]), 0, 0) >= 2); // true
   * ```
   */
  evaluateFacets(R: Float64Array, t: Float64Array, fa: number, fb: number): number {
    this.#inRange(R, t, 'SurfacePair.evaluateFacets');
    if (!Number.isInteger(fa) || fa < 0 || fa >= this.a.facetCount) {
      throw new FirstTouchError(
        'INDEX_RANGE',
        `evaluateFacets: facet ${fa} of A is not in [0, ${this.a.facetCount})`,
      );
    }
    if (!Number.isInteger(fb) || fb < 0 || fb >= this.b.facetCount) {
      throw new FirstTouchError(
        'INDEX_RANGE',
        `evaluateFacets: facet ${fb} of B is not in [0, ${this.b.facetCount})`,
      );
    }
    const q = this.#q;
    q.candidates.kept = false;
    this.approximate = false;
    q.place(R, t);
    const d = q.facetPair(fa, fb);
    q.keepPoints();
    this.intersecting = q.s.out[TRIANGLE_MEET] === 1;
    this.beyond = false;
    this.distance = this.intersecting ? 0 : d;
    this.lowerBound = Number.NaN;
    this.facetA = fa;
    this.facetB = fb;
    this.volumePairs = 0;
    this.facetPairs = 1;
    return this.distance;
  }

  /**
   * The convex path: −1 when it answered (the fields are set), else the facet pairs it spent before
   * the trees take over (two bodies not both convex spend nothing after the first call).
   */
  #fromHulls(R: Float64Array, t: Float64Array): number {
    if (this.#usable === undefined) this.#usable = bothConvex(this.a, this.b);
    if (!this.#usable) return 0;
    let hulls = this.#hulls;
    if (!hulls) {
      hulls = this.#hulls = new ConvexSurfacePair(this.a, this.b);
      // The proof below rescans the vertices: GJK may climb to its supports.
      hulls.climb = true;
    } else if (hulls.a !== this.a || hulls.b !== this.b) hulls.rebind(this.a, this.b);
    hulls.evaluate(R, t);
    const q = this.#q;
    // The trees' candidates do not follow this answer: the next moved search starts from the roots.
    q.candidates.kept = false;
    const margin = 1e-13 * (Math.abs(t[0]) + Math.abs(t[1]) + Math.abs(t[2]) + q.reachA + q.reachB);
    let candidates = this.#candidates;
    if (candidates === undefined) candidates = this.#candidates = new ConvexCandidates();
    if (!candidates.collect(hulls, R, t, margin)) return 0;
    q.place(R, t);
    q.margin = margin;
    if (!searchListed(q, candidates)) return q.facetPairs;
    this.volumePairs = 0;
    this.facetPairs = q.facetPairs;
    this.#finish(Number.POSITIVE_INFINITY);
    return -1;
  }

  /** Writes the result of the search that ran last (or the lowest bound left out when nothing is within `maxDistance`). */
  #finish(maxDistance: number): number {
    const q = this.#q;
    this.intersecting = q.intersecting;
    const margin = q.margin;
    if (q.bestA < 0) {
      // Nothing within maxDistance: every node pair was pruned by a bound above it.
      this.beyond = true;
      this.distance = Math.max(maxDistance, shaved(q.lowestPruned, margin));
      this.lowerBound = this.distance;
      this.facetA = -1;
      this.facetB = -1;
      this.pointA.fill(Number.NaN);
      this.pointB.fill(Number.NaN);
      return this.distance;
    }
    const best = q.best;
    this.beyond = false;
    this.distance = q.intersecting ? 0 : best;
    this.lowerBound = q.intersecting ? 0 : Math.min(best, shaved(q.lowestPruned, margin));
    this.facetA = q.bestA;
    this.facetB = q.bestB;
    return this.distance;
  }
}

/**
 * Most facets of a body offered to the convex path: the first query builds the body's convex data
 * and checks it (a few dozen point–plane tests a facet), and each answer scans its vertices twice.
 */
const CONVEX_PATH_FACETS = 1 << 18;

/** Both surfaces are convex (see `convexSurface`) and not too large for the path. */
function bothConvex(a: Surface, b: Surface): boolean {
  return (
    a.facetCount <= CONVEX_PATH_FACETS &&
    b.facetCount <= CONVEX_PATH_FACETS &&
    convexSurface(a).convex &&
    convexSurface(b).convex
  );
}
