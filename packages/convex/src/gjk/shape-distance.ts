import {
  assertApartWithinRange,
  describeValue,
  FirstTouchError,
  type Pose2Like,
  type Pose3Like,
  relativeTransform,
} from '@firsttouch/pose';
import { timesPowerOfTwo } from '../scale.js';
import type { Shape } from '../shape.js';
import { assertShape } from '../validate.js';
import { placeChecked, rotate, transform } from './placement.js';
import { QUERIES, type ShapeQuery } from './shape-query.js';

/**
 * Where the two shapes of {@link shapeDistance} stand (identity when absent).
 *
 * @example
 * ```ts
 * import type { ShapeDistanceOptions } from '@firsttouch/convex';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const options: ShapeDistanceOptions = { poseB: poseFromAxisAngle([0, 0, 1], 0.5, [3, 0, 0]) };
 * ```
 */
export interface ShapeDistanceOptions {
  poseA?: Pose3Like;
  poseB?: Pose3Like;
}

/**
 * Where the two shapes of {@link shapeDistance2} stand (identity when absent).
 *
 * @example
 * ```ts
 * import type { ShapeDistance2Options } from '@firsttouch/convex';
 * const options: ShapeDistance2Options = { poseB: { angle: 0.5, t: [3, 0] } };
 * ```
 */
export interface ShapeDistance2Options {
  poseA?: Pose2Like;
  poseB?: Pose2Like;
}

/**
 * The answer of {@link shapeDistance} (3 numbers a point) and {@link shapeDistance2} (2), in world
 * coordinates.
 *
 * @example
 * ```ts
 * import { ball, shapeDistance, type ShapeDistanceResult } from '@firsttouch/convex';
 * const r: ShapeDistanceResult = shapeDistance(ball(1), ball(1), { poseB: { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [3, 0, 0] } });
 * console.log(r.distance, Array.from(r.normal)); // 1 [1, 0, 0]
 * ```
 */
export interface ShapeDistanceResult {
  /**
   * The gap between the shapes (0 when they intersect): the distance between the two points. For
   * cores with vertices (all but cylinders and cones) within 1e-13 of the cores' distance plus 1e-14
   * of the scene's size above the gap (GJK's stopping rule); on curved cores rounding may stall GJK
   * first, a few 1e-12 of the scene above (it starts again after a stall: see the README).
   */
  distance: number;
  /** A lower bound of the gap, certified to rounding (the gap along a separating axis). */
  lowerBound: number;
  /** The shapes overlap or touch (their closed sets share a point, to rounding). */
  intersecting: boolean;
  /** The point of A nearest B; a common point when they intersect. */
  pointA: Float64Array;
  /** The point of B nearest A. */
  pointB: Float64Array;
  /** Unit vector from pointA to pointB; NaN when the shapes' cores overlap (no direction to give). */
  normal: Float64Array;
  /** Support calls GJK made. */
  iterations: number;
}

// The poses of a call without them: frozen, as every call shares them.
const IDENTITY3: Pose3Like = Object.freeze({
  R: Object.freeze([1, 0, 0, 0, 1, 0, 0, 0, 1]),
  t: Object.freeze([0, 0, 0]),
});
const IDENTITY2: Pose2Like = Object.freeze({ angle: 0, t: Object.freeze([0, 0]) });
/** The options of a call without them (frozen: shared by every call). */
const NO_OPTIONS = Object.freeze({});

/**
 * The distance between two 3-D shapes at their poses, by GJK on their cores (exact support mappings:
 * exact to rounding, no tessellation), the margins subtracted; the nearest points and the normal.
 * Intersecting shapes get distance 0 and a common point (penetration depth is not computed).
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for an argument that is not a 3-D shape or bad options,
 *   `INVALID_POSE` for an invalid pose.
 * @example
 * ```ts
 * import { capsule, cuboid, shapeDistance } from '@firsttouch/convex';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * // a capsule lying along x (turned a quarter about z), its axis 2 above a unit cube's top
 * const r = shapeDistance(cuboid(1, 1, 1), capsule(2, 0.5), {
 *   poseB: poseFromAxisAngle([0, 0, 1], Math.PI / 2, [0, 3, 0]),
 * });
 * console.log(r.distance.toFixed(12), Array.from(r.normal, (x) => Math.abs(x).toFixed(6))); // 1.500000000000 ['0.000000', '1.000000', '0.000000']
 * ```
 */
export function shapeDistance(a: Shape<3>, b: Shape<3>, options?: ShapeDistanceOptions): ShapeDistanceResult {
  return distanceAny(3, 'shapeDistance', a, b, options);
}

/**
 * {@link shapeDistance} for 2-D shapes at 2-D poses (points 2 numbers each).
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for an argument that is not a 2-D shape or bad options,
 *   `INVALID_POSE` for an invalid pose.
 * @example
 * ```ts
 * import { ball2, cuboid2, shapeDistance2 } from '@firsttouch/convex';
 * // a disc of radius 1 centred 3 above a 2 × 2 square's centre
 * const r = shapeDistance2(cuboid2(1, 1), ball2(1), { poseB: { angle: 0, t: [0.5, 3] } });
 * console.log(r.distance, Array.from(r.pointA), Array.from(r.pointB)); // 1 [0.5, 1] [0.5, 2]
 * ```
 */
export function shapeDistance2(
  a: Shape<2>,
  b: Shape<2>,
  options?: ShapeDistance2Options,
): ShapeDistanceResult {
  return distanceAny(2, 'shapeDistance2', a, b, options);
}

/** Both entry points: the checks, the world placements, the run on a pooled pair. */
function distanceAny(
  dim: 2 | 3,
  where: string,
  a: Shape,
  b: Shape,
  options: ShapeDistanceOptions | ShapeDistance2Options | undefined,
): ShapeDistanceResult {
  assertShape(a, where, 'a', dim);
  assertShape(b, where, 'b', dim);
  const o = optionsOf<ShapeDistanceOptions | ShapeDistance2Options>(options, where);
  const identity = dim === 3 ? IDENTITY3 : IDENTITY2;
  const q = QUERIES.get();
  try {
    placeChecked(dim, o.poseA ?? identity, 'poseA', q.RA, q.tA);
    placeChecked(dim, o.poseB ?? identity, 'poseB', q.RB, q.tB);
    return distanceOf(q, a, b, dim);
  } finally {
    QUERIES.release(q);
  }
}

/** The options object, checked (an object or nothing). */
export function optionsOf<T extends object>(options: T | undefined, where: string): Partial<T> {
  if (options === undefined) return NO_OPTIONS;
  if (typeof options !== 'object' || options === null) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: options must be an object, got ${describeValue(options)}`,
    );
  }
  return options;
}

/** The run of both entry points once the world placements are in `q`. */
function distanceOf(q: ShapeQuery, a: Shape, b: Shape, dim: 2 | 3): ShapeDistanceResult {
  relativeTransform(q.poseA, q.poseB, q.R, q.t);
  assertApartWithinRange(q.t, dim === 3 ? 'shapeDistance' : 'shapeDistance2');
  const pair = q.pair;
  pair.bindShapes(a, b);
  const e = q.toUnitSize(a, b, false);
  // (2-D: B's placement is a rotation about z, and GJK runs in the plane.)
  if (dim === 2) pair.evaluate2(q.R[0], q.R[3], q.t[0], q.t[1]);
  else pair.evaluate(q.R, q.t);
  if (e !== 0) q.pointsBack(e);
  transform(q.RA, q.tA, pair.pointA, pair.pointA);
  transform(q.RA, q.tA, pair.pointB, pair.pointB);
  rotate(q.RA, pair.normal, pair.normal);
  return {
    distance: e === 0 ? pair.distance : timesPowerOfTwo(pair.distance, -e),
    lowerBound: e === 0 ? pair.lowerBound : timesPowerOfTwo(pair.lowerBound, -e),
    intersecting: pair.intersecting,
    pointA: pair.pointA.slice(0, dim),
    pointB: pair.pointB.slice(0, dim),
    normal: pair.normal.slice(0, dim),
    iterations: pair.iterations,
  };
}
