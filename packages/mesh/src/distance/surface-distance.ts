import {
  assertApartWithinRange,
  checkedPose3,
  describeValue,
  FirstTouchError,
  identityPose,
  type Pose3Like,
  relativeTransform,
  transformPoint,
} from '@firsttouch/pose';
import { scaleExponent, timesPowerOfTwo } from '../scale.js';
import { Surface } from '../surface.js';
import { Pool } from '../util/pool.js';
import { SurfacePair } from './surface-pair.js';

/** The pairs `surfaceDistance` borrows (with their scratch), cleared of their surfaces when given back. */
const pairs = new Pool<SurfacePair>(4, (pair) => pair.unbind());

/**
 * A call's own numbers: B's pose in A's frame, and the identity for a pose not given (read only).
 * Borrowed rather than made: the three typed arrays made a call were about a sixth of a query on
 * small surfaces (mesh DECISIONS.md, "A call's fixed cost").
 */
class CallScratch {
  readonly R = new Float64Array(9);
  readonly t = new Float64Array(3);
  readonly identity = identityPose();
}

const scratches = new Pool<CallScratch>(4);

/**
 * Options of {@link surfaceDistance}.
 *
 * @example
 * ```ts
 * import type { SurfaceDistanceOptions } from '@firsttouch/mesh';
 * const options: SurfaceDistanceOptions = { maxDistance: 0.5, hint: [12, 3] };
 * ```
 */
export interface SurfaceDistanceOptions {
  /** Pose of body A (default: identity). */
  poseA?: Pose3Like;
  /** Pose of body B (default: identity). */
  poseB?: Pose3Like;
  /** Stop as soon as the gap is certified larger than this, and say so with `beyond`. */
  maxDistance?: number;
  /** A facet pair `[facetA, facetB]` to evaluate first (the last closest pair): it seeds the bound. */
  hint?: readonly [number, number];
  /**
   * Two convex surfaces apart take the convex path (GJK on their vertex hulls, then the facet pairs
   * at the closest features, every other pair proved farther): the same answer as the trees, bit for
   * bit. Default true; false searches the trees alone. Ignored with `maxDistance`.
   */
  convex?: boolean;
  /**
   * Where the surfaces cross, stop at the first crossing pair found: the same `distance` (0) and
   * `intersecting`, but `facetA`, `facetB` and the points are some crossing pair, not necessarily
   * the smallest in (facetA, facetB) order (`SurfacePair.anyCrossing`). Default false.
   */
  anyCrossing?: boolean;
}

/**
 * The result of {@link surfaceDistance}. Points are in world coordinates.
 *
 * @example
 * ```ts
 * import { box, surfaceDistance } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const r = surfaceDistance(box(1), box(1), { poseB: poseFromAxisAngle([0, 0, 1], 0, [0, 0, 3]) });
 * console.log(r.distance, r.intersecting, r.pointB[2]); // 2 false 2.5
 * ```
 */
export interface SurfaceDistanceResult {
  /** The gap: the smallest facet-pair distance, 0 when the surfaces cross. */
  distance: number;
  /** Some facet pair intersects (decided exactly). */
  intersecting: boolean;
  /** Closest point on A (world). NaN when `beyond`. */
  pointA: Float64Array;
  /** Closest point on B (world). NaN when `beyond`. */
  pointB: Float64Array;
  /** The facet of A of the closest pair (−1 when `beyond`). */
  facetA: number;
  /** The facet of B of the closest pair (−1 when `beyond`). */
  facetB: number;
  /** True when `maxDistance` was given and the gap is certified larger: `distance` is then a lower bound. */
  beyond: boolean;
  /** Node pairs whose boxes were tested. */
  volumePairs: number;
  /** Facet pairs evaluated exactly. */
  facetPairs: number;
}

/**
 * The exact distance (to rounding) between two surfaces at given poses: the minimum over facet
 * pairs of the triangle–triangle distance, 0 when some pair intersects (decided exactly, with
 * orient3d). A body wholly inside the other is not intersecting: its distance is the gap between the
 * surfaces. Deterministic: ties go to the smallest `(facetA, facetB)`, and the result equals the loop
 * over all facet pairs, bit for bit.
 *
 * For repeated queries on the same pair, use {@link SurfacePair}: it keeps its scratch and seeds
 * each query with the last closest pair.
 *
 * @throws `FirstTouchError` `EMPTY` for a surface without facets, `INVALID_POSE` for an invalid
 *   pose, `INVALID_OPTION` for a bad `maxDistance`, `hint`, `convex` or `anyCrossing`.
 * @example
 * ```ts
 * import { box, icosphere, surfaceDistance } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const r = surfaceDistance(icosphere(1, 3), box(1), { poseB: poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]) });
 * console.log(r.distance.toFixed(3), r.facetPairs > 0); // 1.500 true
 * ```
 */
export function surfaceDistance(
  a: Surface,
  b: Surface,
  options: SurfaceDistanceOptions = {},
): SurfaceDistanceResult {
  if (!Surface.isSurface(a))
    throw new FirstTouchError('INVALID_OPTION', 'surfaceDistance: a must be a Surface');
  if (!Surface.isSurface(b))
    throw new FirstTouchError('INVALID_OPTION', 'surfaceDistance: b must be a Surface');
  if (typeof options !== 'object' || options === null) {
    throw new FirstTouchError('INVALID_OPTION', `options must be an object, got ${describeValue(options)}`);
  }
  // Each pose read once, checked and copied: the query uses what was checked (a getter that
  // answered the identity to the check and 2I to a second read gave a distance of 1.5 for 2).
  const pa = options.poseA ?? undefined;
  const pb = options.poseB ?? undefined;
  const givenA = pa === undefined ? undefined : checkedPose3(pa, 'poseA');
  const givenB = pb === undefined ? undefined : checkedPose3(pb, 'poseB');
  const maxDistance = options.maxDistance ?? Number.POSITIVE_INFINITY;
  if (typeof maxDistance !== 'number' || Number.isNaN(maxDistance) || maxDistance < 0) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `maxDistance must be a number ≥ 0, got ${String(maxDistance)}`,
    );
  }
  const convex = options.convex ?? true;
  if (typeof convex !== 'boolean') {
    throw new FirstTouchError('INVALID_OPTION', `convex must be a boolean, got ${describeValue(convex)}`);
  }
  const anyCrossing = options.anyCrossing ?? false;
  if (typeof anyCrossing !== 'boolean') {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `anyCrossing must be a boolean, got ${describeValue(anyCrossing)}`,
    );
  }
  // The pair's own checks first, then the hint's (the order of the errors a pair built here gave).
  a.assertNotEmpty('distance (body A)');
  b.assertNotEmpty('distance (body B)');
  const hint = options.hint;
  if (hint !== undefined) {
    if (!Array.isArray(hint) || hint.length !== 2) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `hint must be a facet pair [facetA, facetB], got ${describeValue(hint)}`,
      );
    }
    const [ha, hb] = hint;
    if (
      !Number.isInteger(ha) ||
      ha < 0 ||
      ha >= a.facetCount ||
      !Number.isInteger(hb) ||
      hb < 0 ||
      hb >= b.facetCount
    ) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `hint must be a facet pair [facetA, facetB] of the two surfaces, got [${describeValue(ha)}, ${describeValue(hb)}]`,
      );
    }
  }
  const scratch = scratches.get() ?? new CallScratch();
  try {
    const poseA = givenA ?? scratch.identity;
    const poseB = givenB ?? scratch.identity;
    const { R, t } = scratch;
    relativeTransform(poseA, poseB, R, t);
    assertApartWithinRange(t, 'surfaceDistance');
    // Far from unit size, the query runs on twins scaled by 2^e (exact) and its answer is scaled back.
    const e = scaleExponent(
      Math.max(
        a.extent().largestCoordinate,
        b.extent().largestCoordinate,
        Math.abs(t[0]),
        Math.abs(t[1]),
        Math.abs(t[2]),
      ),
    );
    const sa = e === 0 ? a : a.scaledByPowerOfTwo(e);
    const sb = e === 0 ? b : b.scaledByPowerOfTwo(e);
    if (e !== 0) for (let k = 0; k < 3; k++) t[k] = timesPowerOfTwo(t[k], e);
    let pair = pairs.get();
    if (pair === undefined) pair = new SurfacePair(sa, sb);
    else pair.rebind(sa, sb);
    try {
      pair.convex = convex;
      pair.anyCrossing = anyCrossing;
      if (hint !== undefined) {
        pair.facetA = hint[0];
        pair.facetB = hint[1];
      }
      pair.evaluate(R, t, e === 0 ? maxDistance : timesPowerOfTwo(maxDistance, e));
      const pointA = e === 0 ? pair.pointA : pair.pointA.map((x) => timesPowerOfTwo(x, -e));
      const pointB = e === 0 ? pair.pointB : pair.pointB.map((x) => timesPowerOfTwo(x, -e));
      return {
        distance: e === 0 ? pair.distance : timesPowerOfTwo(pair.distance, -e),
        intersecting: pair.intersecting,
        pointA: pair.beyond ? pointA.slice() : transformPoint(poseA, pointA),
        pointB: pair.beyond ? pointB.slice() : transformPoint(poseA, pointB),
        facetA: pair.facetA,
        facetB: pair.facetB,
        beyond: pair.beyond,
        volumePairs: pair.volumePairs,
        facetPairs: pair.facetPairs,
      };
    } finally {
      pairs.release(pair);
    }
  } finally {
    scratches.release(scratch);
  }
}
