import {
  assertApartWithinRange,
  checkedPose2,
  describeValue,
  FirstTouchError,
  type Pose2Like,
  pose2,
  transformPoint2,
} from '@firsttouch/pose';
import { Curve } from '../curve.js';
import { scaleExponent, timesPowerOfTwo } from '../scale.js';
import { Pool } from '../util/pool.js';
import { CurvePair } from './curve-pair.js';
import { relativeTransform2 } from './relative.js';

/** The pairs `curveDistance` borrows (with their scratch), cleared of their curves when given back. */
const pairs = new Pool<CurvePair>(4, (pair) => pair.unbind());

/**
 * Options of {@link curveDistance}.
 *
 * @example
 * ```ts
 * import type { CurveDistanceOptions } from '@firsttouch/mesh';
 * const options: CurveDistanceOptions = { maxDistance: 0.1 };
 * ```
 */
export interface CurveDistanceOptions {
  /** Pose of curve A (default: identity). */
  poseA?: Pose2Like;
  /** Pose of curve B (default: identity). */
  poseB?: Pose2Like;
  /** Stop as soon as the gap is certified larger than this, and say so with `beyond`. */
  maxDistance?: number;
  /** A segment pair `[segmentA, segmentB]` to evaluate first: it seeds the bound. */
  hint?: readonly [number, number];
}

/**
 * The result of {@link curveDistance}. Points are in world coordinates.
 *
 * @example
 * ```ts
 * import { curveDistance, disc } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const r = curveDistance(disc(1, 4), disc(1, 4), { poseB: pose2(0, [3, 0]) });
 * console.log(r.distance, r.segmentA, r.segmentB); // 1 0 1
 * ```
 */
export interface CurveDistanceResult {
  /** The gap: the smallest segment-pair distance, 0 when the curves cross or touch. */
  distance: number;
  /** Some segment pair intersects (decided exactly with orient2d). */
  intersecting: boolean;
  /** Closest point on A (world). NaN when `beyond`. */
  pointA: Float64Array;
  /** Closest point on B (world). NaN when `beyond`. */
  pointB: Float64Array;
  /** The segment of A of the closest pair (−1 when `beyond`). */
  segmentA: number;
  /** The segment of B of the closest pair (−1 when `beyond`). */
  segmentB: number;
  /** True when `maxDistance` was given and the gap is certified larger: `distance` is then a lower bound. */
  beyond: boolean;
  /** Node pairs whose boxes were tested. */
  volumePairs: number;
  /** Segment pairs evaluated exactly. */
  segmentPairs: number;
}

/**
 * The exact distance (to rounding) between two curves at given 2-D poses, contact decided by exact
 * orient2d, ties to the smallest `(segmentA, segmentB)`; equal to the loop over all segment pairs
 * bit for bit. Use {@link CurvePair} to repeat the query.
 *
 * @throws `FirstTouchError` `EMPTY` for a curve without segments, `INVALID_POSE` for an invalid
 *   pose, `INVALID_OPTION` for a bad `maxDistance` or `hint`.
 * @example
 * ```ts
 * import { Curve, curveDistance, disc } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const wall = Curve.fromLoops([0, 1, 1, 0], [-0.1, -0.1, 0, 0], [4]);
 * const r = curveDistance(wall, disc(0.03, 32), { poseB: pose2(0, [0.5, 0.05]) });
 * console.log(r.distance.toFixed(6), r.segmentA); // 0.020000 2
 * ```
 */
export function curveDistance(a: Curve, b: Curve, options: CurveDistanceOptions = {}): CurveDistanceResult {
  if (!Curve.isCurve(a)) throw new FirstTouchError('INVALID_OPTION', 'curveDistance: a must be a Curve');
  if (!Curve.isCurve(b)) throw new FirstTouchError('INVALID_OPTION', 'curveDistance: b must be a Curve');
  if (typeof options !== 'object' || options === null) {
    throw new FirstTouchError('INVALID_OPTION', `options must be an object, got ${describeValue(options)}`);
  }
  // (each read once, checked and copied: the query uses what was checked)
  const poseA = checkedPose2(options.poseA ?? pose2(), 'poseA');
  const poseB = checkedPose2(options.poseB ?? pose2(), 'poseB');
  const maxDistance = options.maxDistance ?? Number.POSITIVE_INFINITY;
  if (typeof maxDistance !== 'number' || Number.isNaN(maxDistance) || maxDistance < 0) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `maxDistance must be a number ≥ 0, got ${String(maxDistance)}`,
    );
  }
  // The pair's own checks first, then the hint's (the order of the errors a pair built here gave).
  a.assertNotEmpty('distance (curve A)');
  b.assertNotEmpty('distance (curve B)');
  const hint = options.hint;
  if (hint !== undefined) {
    if (!Array.isArray(hint) || hint.length !== 2) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `hint must be a segment pair [segmentA, segmentB], got ${describeValue(hint)}`,
      );
    }
    const [ha, hb] = hint;
    if (
      !Number.isInteger(ha) ||
      ha < 0 ||
      ha >= a.segmentCount ||
      !Number.isInteger(hb) ||
      hb < 0 ||
      hb >= b.segmentCount
    ) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `hint must be a segment pair [segmentA, segmentB] of the two curves, got [${describeValue(ha)}, ${describeValue(hb)}]`,
      );
    }
  }
  const rel = relativeTransform2(poseA, poseB, new Float64Array(4));
  assertApartWithinRange(rel.subarray(2, 4), 'curveDistance');
  // Far from unit size, the query runs on twins scaled by 2^e (exact) and its answer is scaled back.
  const e = scaleExponent(
    Math.max(a.extent().largestCoordinate, b.extent().largestCoordinate, Math.abs(rel[2]), Math.abs(rel[3])),
  );
  const sa = e === 0 ? a : a.scaledByPowerOfTwo(e);
  const sb = e === 0 ? b : b.scaledByPowerOfTwo(e);
  let pair = pairs.get();
  if (pair === undefined) pair = new CurvePair(sa, sb);
  else pair.rebind(sa, sb);
  try {
    if (hint !== undefined) {
      pair.segmentA = hint[0];
      pair.segmentB = hint[1];
    }
    if (e === 0) pair.evaluate(rel[0], rel[1], rel[2], rel[3], maxDistance);
    else {
      const tu = timesPowerOfTwo(rel[2], e);
      const tv = timesPowerOfTwo(rel[3], e);
      pair.evaluate(rel[0], rel[1], tu, tv, timesPowerOfTwo(maxDistance, e));
    }
    const pointA = e === 0 ? pair.pointA : pair.pointA.map((x) => timesPowerOfTwo(x, -e));
    const pointB = e === 0 ? pair.pointB : pair.pointB.map((x) => timesPowerOfTwo(x, -e));
    return {
      distance: e === 0 ? pair.distance : timesPowerOfTwo(pair.distance, -e),
      intersecting: pair.intersecting,
      pointA: pair.beyond ? pointA.slice() : transformPoint2(poseA, pointA),
      pointB: pair.beyond ? pointB.slice() : transformPoint2(poseA, pointB),
      segmentA: pair.segmentA,
      segmentB: pair.segmentB,
      beyond: pair.beyond,
      volumePairs: pair.volumePairs,
      segmentPairs: pair.segmentPairs,
    };
  } finally {
    pairs.release(pair);
  }
}
