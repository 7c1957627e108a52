import type { FirstImpact2Result, FirstImpactResult, ImpactOptions } from '@firsttouch/broadphase';
import {
  firstImpact2From,
  firstImpactFrom,
  type PairSource,
  plainPose3,
  type Scratch,
  type StepBodies,
  stepBodies2,
  stepBodies3,
  unitScene,
} from '@firsttouch/broadphase/internal';
import {
  type TimeOfImpact2Result,
  type TimeOfImpactOptions,
  type TimeOfImpactResult,
  timeOfImpact,
  timeOfImpact2,
} from '@firsttouch/ccd';
import { SHAPES, SHAPES2, separateOrImpact, separateOrImpact2 } from '@firsttouch/ccd/internal';
import { isShape2, isShape3 } from '@firsttouch/convex';
import { Curve, convexCurve, convexSurface, Surface } from '@firsttouch/mesh';
import {
  assertPose2,
  assertPose3,
  composePose,
  composePose2,
  FirstTouchError,
  invertPose,
  invertPose2,
  type Pose2,
  type Pose2Like,
  type Pose3,
  type Pose3Like,
  RigidMotion,
  RigidMotion2,
  sameRotation,
  wrapAngle,
} from '@firsttouch/pose';
import { CompoundSupport } from './compound-support.js';
import type { SupportBody } from './support-body.js';

/** {@link Dimension.hullKind}: the body is its hull (a convex shape). */
export const HULL_SOLID = 0;
/** {@link Dimension.hullKind}: the body is its hull's boundary (closed and convex). */
export const HULL_BOUNDARY = 1;
/** {@link Dimension.hullKind}: anything else. */
export const HULL_OTHER = 2;

/** The record of broadphase's first impact, either dimension. */
export type SearchResult<Impact> = Omit<FirstImpactResult, 'impact'> & { impact: Impact | null };

/**
 * What the world needs of its dimension: the poses (checked, copied, compared, moved along the
 * step's motion) and broadphase's search. Everything else, the bodies' table, the sorted lists and
 * the continuous step, is one code path for both.
 */
export interface Dimension<PoseLike, Pose, Impact> {
  dim: 2 | 3;
  /** Throws `INVALID_POSE` naming `name` unless `p` is a pose. */
  check(p: unknown, name: string): asserts p is PoseLike;
  /** True when `p` is a pose `check` accepts, told without allocating; false when in doubt. */
  plain(p: unknown): p is PoseLike;
  copy(p: PoseLike, out?: Pose, name?: string, index?: number): Pose;
  /** A pose to write into (its numbers unset). */
  blank(): Pose;
  /** Numbers a pose's arrays take in one buffer (`view`'s size). */
  slot: number;
  /** A pose whose arrays are views of `buf` from `offset` (`slot` numbers; its numbers as they are). */
  view(buf: Float64Array, offset: number): Pose;
  /** Numbers a pose takes in a flat array (3-D: `R` row-major then `t`; 2-D: `angle` then `t`). */
  flat: number;
  /** Writes the pose at `offset` of the flat array `src` into `out` (not checked). */
  readFlat(src: Float64Array, offset: number, out: Pose): void;
  /** Writes `pose`'s numbers at `offset` of the flat array `out` ({@link Dimension.readFlat}'s layout). */
  writeFlat(pose: Pose, out: Float64Array, offset: number): void;
  same(a: Pose, b: Pose): boolean;
  /** Where a body at `pose` ends when it rides with a body going from `carrierPose` to `carrierEnd`. */
  carried(pose: Pose, carrierPose: Pose, carrierEnd: Pose): Pose;
  /** A body's motion over what is left of its step, from `pose` to `end` (checked once, here). */
  motion(pose: Pose, end: Pose): Mover<Pose>;
  search(
    bodies: readonly unknown[],
    poses0: readonly Pose[],
    poses1: readonly Pose[],
    options: ImpactOptions | undefined,
    source: PairSource | undefined,
  ): SearchResult<Impact>;
  /**
   * One pair's time of impact, body a from `a0` to `a1` and b from `b0` to `b1` (what broadphase's
   * search runs for each of its pairs, with the same options: the same answer bit for bit).
   */
  pair(
    a: unknown,
    b: unknown,
    a0: Pose,
    a1: Pose,
    b0: Pose,
    b1: Pose,
    options: TimeOfImpactOptions,
    out?: Impact,
  ): Impact;
  /**
   * {@link Dimension.pair}, except that a pair that stays apart (`Separate`) gives null and writes
   * no record: its witness is not built (ccd's `separateOrImpact`).
   */
  pairUnlessSeparate(
    a: unknown,
    b: unknown,
    motion: PairMotion<Pose>,
    options: TimeOfImpactOptions,
    out?: Impact,
  ): Impact | null;
  /**
   * broadphase's step data of the bodies going from `poses0` to `poses1` (checks the poses). With
   * `scratch`, the poses are the step's, which the world holds checked (3-D does not check them
   * again), and the arrays are views of it.
   */
  stepData(
    bodies: readonly unknown[],
    poses0: readonly Pose[],
    poses1: readonly Pose[],
    scratch?: Scratch,
  ): StepBodies;
  /**
   * {@link Dimension.stepData} of the scene taken to unit size by a power of two 2^e (exactly: its
   * bodies scaled, its translations shifted by the first body's and scaled, as broadphase's own
   * search does), with e; null when the scene lies within 2^±128 of unit size, where `stepData`
   * serves. The pair bounds square lengths: at 2^550 the box-gap bound came out +∞ for a pair that
   * touches, at 2^-550 the advancement's.
   */
  unitStepData(
    bodies: readonly unknown[],
    poses0: readonly Pose[],
    poses1: readonly Pose[],
  ): { data: StepBodies; e: number } | null;
  /**
   * The body's vertices in its own frame (`dim` numbers each), whose hull holds the body, or null
   * for a body without such a list (a convex shape or a compound, read by {@link Dimension.shape}
   * instead). The array is the body's own or a copy
   * taken once; the world reads it only.
   */
  vertices(body: unknown): Float64Array | null;
  /**
   * The body read by its support mapping: a convex shape of this dimension, or a compound (its
   * parts' supports, `CompoundSupport`: a new one a call); null for any other body.
   */
  shape(body: unknown): SupportBody | null;
  /**
   * How the body fills the hull the slab reads it as: {@link HULL_SOLID} (a convex shape: it is its
   * hull), {@link HULL_BOUNDARY} (a closed convex surface, or a convex closed curve: the hull's
   * boundary, mesh's `convexSurface` / `convexCurve` check, kept on the body), {@link HULL_OTHER}
   * (anything else: an open or non-convex surface or curve, a compound).
   */
  hullKind(body: unknown): number;
  /**
   * An upper bound of the angle a body turns going from `pose` to `end` by the world's motion
   * (`RigidMotion`'s turn, or `RigidMotion2`'s), with a slack over the rounding; where the two
   * rotations are the same, 0 (the motion keeps the rotation bit for bit: in 2-D where the two
   * angles are the same number within (−π, π]), else the wrapping's rounding of the angle in 2-D.
   */
  turn(pose: Pose, end: Pose): number;
  /** Writes the world direction `n` in the body frame of `pose` (`Rᵀ n`) into `out`. */
  toBody(pose: Pose, n: ArrayLike<number>, out: Float64Array): void;
  /**
   * An upper bound of how far a point at distance 1 from the body's origin moves along the world's
   * unit `n` by the turn of what is left of `motion` (the body's live motion, `done` of it done; null
   * for a body not turning from `pose` to `end`), short of the motion's last instant: the turn θ
   * about the motion's axis k moves it along `n` by at most 2 sin(θ/2) |k × n| ≤ θ |k × n|, so a
   * body spinning about the contact normal does not move along it. In 2-D every turn is about the
   * plane's normal: {@link Dimension.turn}.
   */
  turnAlong(pose: Pose, end: Pose, motion: Mover<Pose> | null, done: number, n: ArrayLike<number>): number;
  /** Writes the body-frame direction `v` of `pose` in the world (`R v`) into `out`. */
  toWorld(pose: Pose, v: ArrayLike<number>, out: Float64Array): void;
  /** The closest feature of A (`side` 0) or of B (1) the record names (a facet, a segment, a part). */
  feature(impact: Impact, side: 0 | 1): number;
}

/**
 * Two bodies' poses now and at their targets, as ccd's queries take a pair's motion: a record the
 * world fills for each search (a new one a search was garbage).
 */
export interface PairMotion<Pose> {
  a: [Pose, Pose];
  b: [Pose, Pose];
}

/** A body's motion from one pose to another: its pose at the fraction φ of the way, into `out`. */
export interface Mover<Pose> {
  reset(pose: Pose, end: Pose): void;
  poseAt(phi: number, out: Pose): void;
}

/** The 3-D world's dimension. */
export const DIM3: Dimension<Pose3Like, Pose3, TimeOfImpactResult> = Object.freeze({
  dim: 3 as const,
  check(p: unknown, name: string): asserts p is Pose3Like {
    assertPose3(p, name);
  },
  plain(p: unknown): p is Pose3Like {
    return plainPose3(p);
  },
  blank(): Pose3 {
    return { R: new Float64Array(9), t: new Float64Array(3) };
  },
  slot: 12,
  view(buf: Float64Array, offset: number): Pose3 {
    return { R: buf.subarray(offset, offset + 9), t: buf.subarray(offset + 9, offset + 12) };
  },
  flat: 12,
  readFlat(src: Float64Array, offset: number, out: Pose3): void {
    for (let k = 0; k < 9; k++) out.R[k] = src[offset + k];
    out.t[0] = src[offset + 9];
    out.t[1] = src[offset + 10];
    out.t[2] = src[offset + 11];
  },
  writeFlat(pose: Pose3, out: Float64Array, offset: number): void {
    for (let k = 0; k < 9; k++) out[offset + k] = pose.R[k];
    out[offset + 9] = pose.t[0];
    out[offset + 10] = pose.t[1];
    out[offset + 11] = pose.t[2];
  },
  copy(
    p: Pose3Like,
    out: Pose3 = { R: new Float64Array(9), t: new Float64Array(3) },
    name = 'pose',
    index = -1,
  ): Pose3 {
    // (R and t read once: a pose checked already whose getters now answer no array is refused)
    const R = p.R;
    const t = p.t;
    if (typeof R !== 'object' || R === null || typeof t !== 'object' || t === null)
      changed(nameAt(name, index));
    for (let k = 0; k < 9; k++) out.R[k] = R[k];
    for (let k = 0; k < 3; k++) out.t[k] = t[k];
    return out;
  },
  same(a: Pose3, b: Pose3): boolean {
    if (a === b) return true;
    for (let k = 0; k < 9; k++) if (a.R[k] !== b.R[k]) return false;
    return a.t[0] === b.t[0] && a.t[1] === b.t[1] && a.t[2] === b.t[2];
  },
  carried(pose: Pose3, carrierPose: Pose3, carrierEnd: Pose3): Pose3 {
    return composePose(carrierEnd, composePose(invertPose(carrierPose), pose));
  },
  motion(pose: Pose3, end: Pose3): Mover<Pose3> {
    return new RigidMotion(pose, end);
  },
  search(
    bodies: readonly unknown[],
    poses0: readonly Pose3[],
    poses1: readonly Pose3[],
    options: ImpactOptions | undefined,
    source: PairSource | undefined,
  ): SearchResult<TimeOfImpactResult> {
    return firstImpactFrom(bodies as Parameters<typeof firstImpactFrom>[0], poses0, poses1, options, source);
  },
  pair(
    a: unknown,
    b: unknown,
    a0: Pose3,
    a1: Pose3,
    b0: Pose3,
    b1: Pose3,
    options: TimeOfImpactOptions,
    out?: TimeOfImpactResult,
  ): TimeOfImpactResult {
    type S = Parameters<typeof timeOfImpact>[0];
    return timeOfImpact(a as S, b as S, { a: [a0, a1], b: [b0, b1] }, options, out);
  },
  pairUnlessSeparate(
    a: unknown,
    b: unknown,
    motion: PairMotion<Pose3>,
    options: TimeOfImpactOptions,
    out?: TimeOfImpactResult,
  ): TimeOfImpactResult | null {
    type S = Parameters<typeof separateOrImpact>[0];
    return separateOrImpact(a as S, b as S, motion, options, out);
  },
  stepData(
    bodies: readonly unknown[],
    poses0: readonly Pose3[],
    poses1: readonly Pose3[],
    scratch?: Scratch,
  ): StepBodies {
    return stepBodies3(
      bodies as Parameters<typeof stepBodies3>[0],
      poses0,
      poses1,
      scratch,
      scratch !== undefined,
    );
  },
  unitStepData(bodies: readonly unknown[], poses0: readonly Pose3[], poses1: readonly Pose3[]) {
    type B = Parameters<typeof stepBodies3>[0][number];
    const unit = unitScene(bodies as B[], poses0, poses1, SHAPES);
    return unit === null ? null : { data: stepBodies3(unit.bodies, unit.poses0, unit.poses1), e: unit.e };
  },
  vertices(body: unknown): Float64Array | null {
    return Surface.isSurface(body) ? body.distinctVertices() : null;
  },
  shape(body: unknown): SupportBody | null {
    return isShape3(body) ? body : CompoundSupport.reads(body, 3) ? new CompoundSupport(body) : null;
  },
  hullKind(body: unknown): number {
    if (isShape3(body)) return HULL_SOLID;
    return Surface.isSurface(body) && convexSurface(body).convex ? HULL_BOUNDARY : HULL_OTHER;
  },
  turn(pose: Pose3, end: Pose3): number {
    if (pose === end || sameRotation(pose.R, end.R)) return 0;
    // ‖R1 − R0‖_F = 2√2 sin(θ/2) for the turn θ ∈ [0, π] of R1 R0ᵀ: no cancellation at small θ
    const a = pose.R;
    const b = end.R;
    let f = 0;
    for (let k = 0; k < 9; k++) {
      const d = b[k] - a[k];
      f += d * d;
    }
    const half = Math.sqrt(f / 8);
    // (near π the arcsine is ill-conditioned: π bounds every turn)
    return (half < 0.99 ? 2 * Math.asin(half) : Math.PI) * (1 + 1e-9) + 1e-8;
  },
  toBody(pose: Pose3, n: ArrayLike<number>, out: Float64Array): void {
    const R = pose.R;
    const x = n[0];
    const y = n[1];
    const z = n[2];
    out[0] = R[0] * x + R[3] * y + R[6] * z;
    out[1] = R[1] * x + R[4] * y + R[7] * z;
    out[2] = R[2] * x + R[5] * y + R[8] * z;
  },
  turnAlong(
    pose: Pose3,
    end: Pose3,
    motion: Mover<Pose3> | null,
    done: number,
    n: ArrayLike<number>,
  ): number {
    if (pose === end || sameRotation(pose.R, end.R)) return 0;
    if (!(motion instanceof RigidMotion)) return this.turn(pose, end);
    const theta = motion.theta * (1 - done);
    if (theta === 0) return 0;
    const k = motion.axis;
    const cx = n[1] * k[2] - n[2] * k[1];
    const cy = n[2] * k[0] - n[0] * k[2];
    const cz = n[0] * k[1] - n[1] * k[0];
    const across = Math.sqrt(cx * cx + cy * cy + cz * cz);
    // (the rotations the motion writes are exact to a few ulps: 1e-15 of the turn covers them)
    return theta * ((across < 1 ? across : 1) * (1 + 1e-9) + 1e-15);
  },
  toWorld(pose: Pose3, v: ArrayLike<number>, out: Float64Array): void {
    const R = pose.R;
    const x = v[0];
    const y = v[1];
    const z = v[2];
    out[0] = R[0] * x + R[1] * y + R[2] * z;
    out[1] = R[3] * x + R[4] * y + R[5] * z;
    out[2] = R[6] * x + R[7] * y + R[8] * z;
  },
  feature(impact: TimeOfImpactResult, side: 0 | 1): number {
    return side === 0 ? impact.facetA : impact.facetB;
  },
});

/** The 2-D world's dimension. */
export const DIM2: Dimension<Pose2Like, Pose2, TimeOfImpact2Result> = Object.freeze({
  dim: 2 as const,
  check(p: unknown, name: string): asserts p is Pose2Like {
    assertPose2(p, name);
  },
  plain(_p: unknown): _p is Pose2Like {
    // (assertPose2's checks are few: no fast path)
    return false;
  },
  blank(): Pose2 {
    return { angle: 0, t: new Float64Array(2) };
  },
  slot: 2,
  view(buf: Float64Array, offset: number): Pose2 {
    return { angle: 0, t: buf.subarray(offset, offset + 2) };
  },
  flat: 3,
  readFlat(src: Float64Array, offset: number, out: Pose2): void {
    out.angle = src[offset];
    out.t[0] = src[offset + 1];
    out.t[1] = src[offset + 2];
  },
  writeFlat(pose: Pose2, out: Float64Array, offset: number): void {
    out[offset] = pose.angle;
    out[offset + 1] = pose.t[0];
    out[offset + 2] = pose.t[1];
  },
  copy(p: Pose2Like, out: Pose2 = { angle: 0, t: new Float64Array(2) }, name = 'pose', index = -1): Pose2 {
    const t = p.t;
    if (typeof t !== 'object' || t === null) changed(nameAt(name, index));
    out.angle = p.angle;
    out.t[0] = t[0];
    out.t[1] = t[1];
    return out;
  },
  same(a: Pose2, b: Pose2): boolean {
    return a === b || (a.angle === b.angle && a.t[0] === b.t[0] && a.t[1] === b.t[1]);
  },
  carried(pose: Pose2, carrierPose: Pose2, carrierEnd: Pose2): Pose2 {
    return composePose2(carrierEnd, composePose2(invertPose2(carrierPose), pose));
  },
  motion(pose: Pose2, end: Pose2): Mover<Pose2> {
    return new RigidMotion2(pose, end);
  },
  search(
    bodies: readonly unknown[],
    poses0: readonly Pose2[],
    poses1: readonly Pose2[],
    options: ImpactOptions | undefined,
    source: PairSource | undefined,
  ): SearchResult<TimeOfImpact2Result> {
    const r: FirstImpact2Result = firstImpact2From(
      bodies as Parameters<typeof firstImpact2From>[0],
      poses0,
      poses1,
      options,
      source,
    );
    return r;
  },
  pair(
    a: unknown,
    b: unknown,
    a0: Pose2,
    a1: Pose2,
    b0: Pose2,
    b1: Pose2,
    options: TimeOfImpactOptions,
    out?: TimeOfImpact2Result,
  ): TimeOfImpact2Result {
    type C = Parameters<typeof timeOfImpact2>[0];
    return timeOfImpact2(a as C, b as C, { a: [a0, a1], b: [b0, b1] }, options, out);
  },
  pairUnlessSeparate(
    a: unknown,
    b: unknown,
    motion: PairMotion<Pose2>,
    options: TimeOfImpactOptions,
    out?: TimeOfImpact2Result,
  ): TimeOfImpact2Result | null {
    type C = Parameters<typeof separateOrImpact2>[0];
    return separateOrImpact2(a as C, b as C, motion, options, out);
  },
  stepData(bodies: readonly unknown[], poses0: readonly Pose2[], poses1: readonly Pose2[]): StepBodies {
    // (its arrays are fresh: stepBodies2 takes no scratch)
    return stepBodies2(bodies as Parameters<typeof stepBodies2>[0], poses0, poses1);
  },
  unitStepData(bodies: readonly unknown[], poses0: readonly Pose2[], poses1: readonly Pose2[]) {
    type B = Parameters<typeof stepBodies2>[0][number];
    const unit = unitScene(bodies as B[], poses0, poses1, SHAPES2);
    return unit === null ? null : { data: stepBodies2(unit.bodies, unit.poses0, unit.poses1), e: unit.e };
  },
  vertices(body: unknown): Float64Array | null {
    return Curve.isCurve(body) ? body.vertices() : null;
  },
  shape(body: unknown): SupportBody | null {
    return isShape2(body) ? body : CompoundSupport.reads(body, 2) ? new CompoundSupport(body) : null;
  },
  hullKind(body: unknown): number {
    if (isShape2(body)) return HULL_SOLID;
    if (!Curve.isCurve(body)) return HULL_OTHER;
    const c = convexCurve(body);
    return c.convex && c.loop ? HULL_BOUNDARY : HULL_OTHER;
  },
  turn(pose: Pose2, end: Pose2): number {
    if (pose === end) return 0;
    // RigidMotion2's turn, wrapped as it wraps it; with none, the motion's angle within the step is
    // the first one wrapped: the same angle where it is wrapped already and the target's is the
    // same number (no turn at all), else off by the wrapping's rounding (a few ulps of the angle)
    const turn = Math.abs(wrapAngle(wrapAngle(end.angle) - wrapAngle(pose.angle)));
    if (turn === 0) {
      const a = pose.angle;
      if (end.angle === a && a > -Math.PI && a <= Math.PI) return 0;
      return 8 * Number.EPSILON * (Math.abs(a) + Math.abs(end.angle) + 4);
    }
    return turn * (1 + 1e-9) + 1e-8;
  },
  toBody(pose: Pose2, n: ArrayLike<number>, out: Float64Array): void {
    const c = Math.cos(pose.angle);
    const s = Math.sin(pose.angle);
    out[0] = c * n[0] + s * n[1];
    out[1] = c * n[1] - s * n[0];
  },
  turnAlong(pose: Pose2, end: Pose2): number {
    return this.turn(pose, end);
  },
  toWorld(pose: Pose2, v: ArrayLike<number>, out: Float64Array): void {
    const c = Math.cos(pose.angle);
    const s = Math.sin(pose.angle);
    out[0] = c * v[0] - s * v[1];
    out[1] = s * v[0] + c * v[1];
  },
  feature(impact: TimeOfImpact2Result, side: 0 | 1): number {
    return side === 0 ? impact.segmentA : impact.segmentB;
  },
});

/** Refuses a pose whose fields, read again after its check, are no longer arrays (a getter's). */
/**
 * `where`, or `where[index]` for an index of 0 or more: a pose's name, made only for an error (a name
 * built for each pose of `setTargets` was garbage at every step).
 */
export function nameAt(where: string, index: number): string {
  return index < 0 ? where : `${where}[${index}]`;
}

function changed(name: string): never {
  throw new FirstTouchError(
    'INVALID_POSE',
    `${name} changed after it was checked: a getter answered no array when it was read again`,
  );
}
