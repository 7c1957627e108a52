import {
  assertFiniteVector,
  assertPose2,
  assertPose3,
  describeValue,
  FirstTouchError,
  isArrayLike,
  type Pose2Like,
  type Pose3Like,
  relativeTransform,
  sameRotation,
} from '@firsttouch/pose';
import { placeChecked, rotate, transform } from '../gjk/placement.js';
import { optionsOf } from '../gjk/shape-distance.js';
import { QUERIES, type ShapeQuery } from '../gjk/shape-query.js';
import { timesPowerOfTwo, toleranceInPlay } from '../scale.js';
import type { Shape } from '../shape.js';
import { assertAnswerWritable, assertShape, refuseFarApart } from '../validate.js';
import type { CastStatusValue } from './cast-loop.js';

/**
 * The step of a cast, in the form of ccd's `Motion3`: each shape from its pose at s = 0 to its pose at
 * s = 1, **without turning** (the two rotations equal, bit for bit): a translation.
 *
 * @example
 * ```ts
 * import type { CastMotion } from '@firsttouch/convex';
 * import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
 * const motion: CastMotion = {
 *   a: [identityPose(), identityPose()],
 *   b: [poseFromAxisAngle([0, 0, 1], 0.3, [3, 0, 0]), poseFromAxisAngle([0, 0, 1], 0.3, [-3, 0, 0])],
 * };
 * ```
 */
export interface CastMotion {
  a: readonly [Pose3Like, Pose3Like];
  b: readonly [Pose3Like, Pose3Like];
}

/**
 * The step of a 2-D cast: each shape from its pose at s = 0 to its pose at s = 1 at one angle.
 *
 * @example
 * ```ts
 * import type { CastMotion2 } from '@firsttouch/convex';
 * const motion: CastMotion2 = {
 *   a: [{ angle: 0, t: [0, 0] }, { angle: 0, t: [0, 0] }],
 *   b: [{ angle: 1, t: [3, 0] }, { angle: 1, t: [-3, 0] }],
 * };
 * ```
 */
export interface CastMotion2 {
  a: readonly [Pose2Like, Pose2Like];
  b: readonly [Pose2Like, Pose2Like];
}

/**
 * Options of {@link castShape} and {@link castShape2}.
 *
 * @example
 * ```ts
 * import type { CastOptions } from '@firsttouch/convex';
 * const options: CastOptions = { tolerance: 1e-4, maxIterations: 100 };
 * ```
 */
export interface CastOptions {
  /**
   * Contact is declared at a gap ≤ tolerance; before it the gap stays ≥ tolerance / 2. Default: 1e-6
   * of the larger bounding-box diagonal of the two shapes (ccd's rule).
   */
  tolerance?: number;
  /** Supports at most (default 1000); the cast then ends `NotConverged` at a certified lower bound. */
  maxIterations?: number;
}

/**
 * The answer of {@link castShape} (3 numbers a point) and {@link castShape2} (2): ccd's
 * `TimeOfImpactResult` for shapes, points in world coordinates at `toi`.
 *
 * @example
 * ```ts
 * import { ball, castShape, type ShapeCastResult } from '@firsttouch/convex';
 * import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
 * const r: ShapeCastResult = castShape(ball(1), ball(1), {
 *   a: [identityPose(), identityPose()],
 *   b: [poseFromAxisAngle([0, 0, 1], 0, [4, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0])],
 * });
 * console.log(r.status, r.toi.toFixed(6)); // contact 0.500000
 * ```
 */
export interface ShapeCastResult {
  /** How the cast ended (see {@link CastStatus}). */
  status: CastStatusValue;
  /** The time of contact (Contact), 1 (Separate), 0 (InitialContact), or a certified lower bound (NotConverged). */
  toi: number;
  /**
   * The gap at `toi`: the distance between the two witness points (an upper bound of the gap; ≤
   * tolerance for Contact), 0 when the shapes intersect.
   */
  distance: number;
  /** The point of A nearest B at `toi`. */
  pointA: Float64Array;
  /** The point of B nearest A at `toi`. */
  pointB: Float64Array;
  /**
   * Unit vector from pointA to pointB at `toi`: the contact normal (seed 002: the normal of the last
   * clipping plane, to the tolerance); NaN where the cores overlap.
   */
  normal: Float64Array;
  /** Support calls (GJK iterations) in all. */
  iterations: number;
  /** The tolerance used. */
  tolerance: number;
}

/**
 * The certified time of first contact of two 3-D shapes that translate over a step, by the GJK ray
 * cast (van den Bergen, seed 002): a cast of the origin along the relative translation onto the
 * difference of the two cores, each clip of the ray taken by a support plane that keeps the gap at
 * least tolerance / 2 (README, "Why every step is certified"). The guarantee of ccd's `timeOfImpact`:
 *
 * - the gap stays ≥ tolerance / 2 on [0, toi]: never later than the first contact, whatever the speed;
 * - for `Contact`, the gap at toi is ≤ tolerance;
 * - up to rounding (a few ulps of the coordinates in play).
 *
 * For shapes that turn over the step, ccd's `timeOfImpact`.
 *
 * @param out - a result record to write into and return (its arrays reused), e.g. an earlier answer.
 * @throws `FirstTouchError` `INVALID_OPTION` for an argument that is not a 3-D shape (or is a point
 *   set rewritten in place: mesh's `pointSet`) or a bad option, `INVALID_POSE` for an invalid pose, a
 *   motion that turns (the two rotations of a shape differ) or a translation over the step that
 *   overflows float64.
 * @example
 * ```ts
 * import { capsule, castShape, cuboid } from '@firsttouch/convex';
 * import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
 * // a capsule standing 3 above a unit cube falls 4: its lower cap (0.5 + 0.25 below its centre) lands at s = 0.3125
 * const upright = (y: number) => poseFromAxisAngle([0, 0, 1], 0, [0, y, 0]);
 * const r = castShape(cuboid(1, 1, 1), capsule(0.5, 0.25), {
 *   a: [identityPose(), identityPose()],
 *   b: [upright(3), upright(-1)],
 * });
 * console.log(r.status, r.toi.toFixed(6), Array.from(r.normal)); // contact 0.312500 [0, 1, 0]
 * ```
 */
export function castShape(
  a: Shape<3>,
  b: Shape<3>,
  motion: CastMotion,
  options?: CastOptions,
  out?: ShapeCastResult,
): ShapeCastResult {
  return castAny(3, 'castShape', a, b, motion, options, out);
}

/**
 * {@link castShape} for 2-D shapes: each translates at a fixed angle (the two angles equal).
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for an argument that is not a 2-D shape or a bad option,
 *   `INVALID_POSE` for an invalid pose, a motion that turns or a translation that overflows.
 * @example
 * ```ts
 * import { ball2, castShape2, cuboid2 } from '@firsttouch/convex';
 * // a disc thrown at a square: it meets the face x = 1 at s = 0.25
 * const r = castShape2(cuboid2(1, 1), ball2(0.5), {
 *   a: [{ angle: 0, t: [0, 0] }, { angle: 0, t: [0, 0] }],
 *   b: [{ angle: 0, t: [2.5, 0.2] }, { angle: 0, t: [-1.5, 0.2] }],
 * });
 * console.log(r.status, r.toi.toFixed(6), Array.from(r.pointA, (x) => x.toFixed(6))); // contact 0.250000 ['1.000000', '0.200000']
 * ```
 */
export function castShape2(
  a: Shape<2>,
  b: Shape<2>,
  motion: CastMotion2,
  options?: CastOptions,
  out?: ShapeCastResult,
): ShapeCastResult {
  return castAny(2, 'castShape2', a, b, motion, options, out);
}

/** Both entry points: the checks, the placements at s = 0 and 1, the run on a pooled pair. */
function castAny(
  dim: 2 | 3,
  where: string,
  a: Shape,
  b: Shape,
  motion: CastMotion | CastMotion2,
  options: CastOptions | undefined,
  out: ShapeCastResult | undefined,
): ShapeCastResult {
  assertShape(a, where, 'a', dim);
  assertShape(b, where, 'b', dim);
  assertMotion(motion, where);
  const a0 = motion.a[0],
    a1 = motion.a[1],
    b0 = motion.b[0],
    b1 = motion.b[1];
  const q = QUERIES.get();
  try {
    // (The shapes are checked already: bound without a second look.) Bound first, so that their
    // points are on their way from memory while the poses are checked.
    q.pair.bindShapes(a, b);
    q.pair.touch();
    placeChecked(dim, a0, 'motion.a[0]', q.RA, q.tA);
    placeChecked(dim, b0, 'motion.b[0]', q.RB, q.tB);
    // The end poses: the rotation of the start, bit for bit (so a valid one), and a translation.
    assertTranslation(dim === 3 ? (a0 as Pose3Like).R : (a0 as Pose2Like).angle, a1, dim, where, 'motion.a');
    assertTranslation(dim === 3 ? (b0 as Pose3Like).R : (b0 as Pose2Like).angle, b1, dim, where, 'motion.b');
    // Of the end poses only the translations are read (their rotations are the start's).
    endTranslation(dim, a1, q.tA1);
    endTranslation(dim, b1, q.tB1);
    return castWith(q, a, b, options, where, dim, out);
  } finally {
    QUERIES.release(q);
  }
}

/** The translation of a checked pose of `dim` dimensions into `t` (z = 0 in the plane). */
function endTranslation(dim: 2 | 3, pose: unknown, t: Float64Array): void {
  const p = (pose as { t: ArrayLike<number> }).t;
  t[0] = p[0];
  t[1] = p[1];
  t[2] = dim === 3 ? p[2] : 0;
}

/** A motion is {a: [P0, P1], b: [P0, P1]} (the poses themselves are checked by the callers). */
function assertMotion(motion: { a: readonly unknown[]; b: readonly unknown[] }, where: string): void {
  if (
    typeof motion !== 'object' ||
    motion === null ||
    !Array.isArray(motion.a) ||
    !Array.isArray(motion.b) ||
    motion.a.length !== 2 ||
    motion.b.length !== 2
  ) {
    throw new FirstTouchError('INVALID_POSE', `${where}: motion must be {a: [P0, P1], b: [P0, P1]}`);
  }
}

/**
 * The pose at s = 1 turns as the one at s = 0, bit for bit (`r0`: the rotation's 9 numbers in 3-D,
 * the angle in 2-D), and has a finite translation of `dim` numbers: a translation over the step.
 */
function assertTranslation(
  r0: ArrayLike<number> | number,
  p1: unknown,
  dim: 2 | 3,
  where: string,
  name: string,
): void {
  if (typeof p1 !== 'object' || p1 === null) {
    throw new FirstTouchError(
      'INVALID_POSE',
      `${where}: ${name}[1] must be a pose, got ${describeValue(p1)}`,
    );
  }
  const pose = p1 as { R?: unknown; angle?: unknown; t?: unknown };
  let turns: boolean;
  if (typeof r0 === 'number') turns = pose.angle !== r0;
  else {
    const R = pose.R as ArrayLike<number> | undefined;
    // The same array (a shape at rest, both ends one pose) does not turn; two Float64Arrays are
    // compared by pose's `sameRotation`, written out (the loop's checks cost more than the
    // comparisons, a cast a call).
    if (R === r0) turns = false;
    else if (R instanceof Float64Array && r0 instanceof Float64Array && R.length === 9 && r0.length === 9) {
      turns = !sameRotation(R, r0);
    } else {
      turns = !isArrayLike(R) || R.length !== 9;
      for (let i = 0; i < 9 && !turns; i++) turns = R![i] !== r0[i];
    }
  }
  if (turns) {
    // A pose that is no pose is named as such first (an R of 8 numbers, a mirror, a scale): not as
    // a turn.
    if (dim === 3) assertPose3(p1, `${where}: ${name}[1]`);
    else assertPose2(p1, `${where}: ${name}[1]`);
    throw new FirstTouchError(
      'INVALID_POSE',
      `${where}: ${name} turns over the step (its ${dim === 2 ? 'angle' : 'rotation'} at s = 1 differs from s = 0); a cast translates: use ccd's timeOfImpact for turning bodies`,
    );
  }
  const t = pose.t;
  // The common case without building the name of a message: three (two) finite numbers.
  if (t instanceof Float64Array && t.length === dim && 0 * (t[0] + t[1] + (dim === 3 ? t[2] : 0)) === 0)
    return;
  assertFiniteVector(t, dim, `${name}[1].t`, 'INVALID_POSE');
}

/** The run of both entry points once the world placements at s = 0 and 1 are in `q`. */
function castWith(
  q: ShapeQuery,
  a: Shape,
  b: Shape,
  options: CastOptions | undefined,
  where: string,
  dim: 2 | 3,
  out: ShapeCastResult | undefined,
): ShapeCastResult {
  const o = optionsOf(options, where);
  // The default as ccd's: floored at 2⁻⁴⁶ of the coordinates in play (the shapes' own and the four
  // translations), without which a cast at 1e13 a step came out after the contact.
  const largest = Math.max(a.boxLargest, b.boxLargest);
  const tolerance =
    o.tolerance ??
    toleranceInPlay(
      Math.max(a.boxDiagonal, b.boxDiagonal),
      largest,
      Math.max(largest, largestAbs(q.tA), largestAbs(q.tA1), largestAbs(q.tB), largestAbs(q.tB1)),
    );
  if (typeof tolerance !== 'number' || !(tolerance > 0 && tolerance < Number.POSITIVE_INFINITY)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: tolerance must be a positive finite number, got ${describeValue(tolerance)}`,
    );
  }
  const maxIterations = o.maxIterations ?? 1000;
  if (typeof maxIterations !== 'number' || !Number.isInteger(maxIterations) || maxIterations < 1) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: maxIterations must be an integer ≥ 1, got ${describeValue(maxIterations)}`,
    );
  }
  relativeTransform(q.poseA, q.poseB, q.R, q.t);
  // B's translation relative to A's, in A's frame (the world's differences first).
  const dAx = q.tA1[0] - q.tA[0],
    dAy = q.tA1[1] - q.tA[1],
    dAz = q.tA1[2] - q.tA[2];
  const wx = q.tB1[0] - q.tB[0] - dAx,
    wy = q.tB1[1] - q.tB[1] - dAy,
    wz = q.tB1[2] - q.tB[2] - dAz;
  // Finite poses whose difference is not (from 1e308 to −1e308): refused, as ccd's motions refuse them.
  if (!(Math.abs(dAx) + Math.abs(dAy) + Math.abs(dAz) < Number.POSITIVE_INFINITY))
    overflows(where, 'motion.a');
  if (!(Math.abs(wx) + Math.abs(wy) + Math.abs(wz) < Number.POSITIVE_INFINITY)) overflows(where, 'motion.b');
  const RA = q.RA;
  q.r[0] = RA[0] * wx + RA[3] * wy + RA[6] * wz;
  q.r[1] = RA[1] * wx + RA[4] * wy + RA[7] * wz;
  q.r[2] = RA[2] * wx + RA[5] * wy + RA[8] * wz;
  // Finite poses farther apart than a double holds (±1.7e308): the offset is infinite, and the cast
  // answered NotConverged at 0 with a NaN distance. Refused, as the distances refuse them.
  const t0 = q.t;
  const v = q.r;
  // (0 · x is 0 for a finite x, NaN for an infinite one: a sum of |x| would overflow first)
  if (0 * t0[0] + 0 * t0[1] + 0 * t0[2] !== 0) refuseFarApart(where, 0);
  if (0 * (t0[0] + v[0]) + 0 * (t0[1] + v[1]) + 0 * (t0[2] + v[2]) !== 0) refuseFarApart(where, 1);
  const pair = q.pair;
  // Far from unit size, cast at unit size (toi is a share of the step: the same).
  const e = q.toUnitSize(a, b, true);
  const status = pair.cast(q.R, q.t, q.r, e === 0 ? tolerance : timesPowerOfTwo(tolerance, e), maxIterations);
  if (e !== 0) q.pointsBack(e);
  // A's frame at toi: its pose at s = 0 moved by toi of its translation.
  const s = pair.toi;
  q.tA[0] += s * dAx;
  q.tA[1] += s * dAy;
  q.tA[2] += s * dAz;
  if (out !== undefined) assertRecord(out, dim, where);
  const r = out ?? {
    status,
    toi: s,
    distance: 0,
    pointA: new Float64Array(dim),
    pointB: new Float64Array(dim),
    normal: new Float64Array(dim),
    iterations: 0,
    tolerance,
  };
  transform(RA, q.tA, pair.pointA, pair.pointA);
  transform(RA, q.tA, pair.pointB, pair.pointB);
  rotate(RA, pair.normal, pair.normal);
  copyPoint(pair.pointA, r.pointA, dim);
  copyPoint(pair.pointB, r.pointB, dim);
  copyPoint(pair.normal, r.normal, dim);
  r.status = status;
  r.toi = s;
  r.distance = e === 0 ? pair.distance : timesPowerOfTwo(pair.distance, -e);
  r.iterations = pair.iterations;
  r.tolerance = tolerance;
  return r;
}

/** Throws the refusal of a translation over the step that overflows float64. */
function overflows(where: string, name: string): never {
  throw new FirstTouchError(
    'INVALID_POSE',
    `${where}: ${name}: the translation over the step overflows (relative to the other body's)`,
  );
}

/** The first `dim` numbers of `from` into `to` (a record's point). */
function copyPoint(from: Float64Array, to: Float64Array, dim: number): void {
  to[0] = from[0];
  to[1] = from[1];
  if (dim === 3) to[2] = from[2];
}

/** A Float64Array of `dim` numbers (a function, not a closure made at each call). */
function isPoint(x: unknown, dim: number): boolean {
  return x instanceof Float64Array && x.length === dim;
}

/**
 * An `out` record must hold three Float64Arrays of `dim` numbers, and its other fields must take a
 * write: each is written with its own value before the answer is, so that a frozen record, or one
 * with a read-only or getter-only field, is refused with nothing changed (not a raw TypeError half
 * way through writing the answer).
 */
function assertRecord(out: ShapeCastResult, dim: number, where: string): void {
  if (
    typeof out !== 'object' ||
    out === null ||
    !isPoint(out.pointA, dim) ||
    !isPoint(out.pointB, dim) ||
    !isPoint(out.normal, dim)
  ) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: out must be a result record with pointA, pointB and normal of ${dim} numbers`,
    );
  }
  assertAnswerWritable(out as unknown as Record<string, unknown>, where);
}

/** The largest |t[k]| (a 2-D query's third number is 0). */
function largestAbs(t: Float64Array): number {
  return Math.max(Math.abs(t[0]), Math.abs(t[1]), Math.abs(t[2]));
}
