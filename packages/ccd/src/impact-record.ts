import { assertAnswerWritable, refuseUnwritable } from '@firsttouch/convex/internal';
import { describeValue, FirstTouchError, type Pose2Like, type Pose3Like } from '@firsttouch/pose';
import { type AdvanceResult, advanceRecord } from './advance.js';
import type { AdvanceOptions } from './options.js';
import { CcdStatus, type CcdStatusValue } from './status.js';

// The records of a time-of-impact query, inputs beside outputs (as Box2D's `b2TOIInput` and
// `b2TOIOutput`): the entry points and their drivers import them from here.

/**
 * The step of two bodies: each moves from its pose at s = 0 to its pose at s = 1. A body at rest
 * has equal poses.
 *
 * @example
 * ```ts
 * import type { Motion3 } from '@firsttouch/ccd';
 * import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
 * const motion: Motion3 = { a: [identityPose(), identityPose()], b: [identityPose(), poseFromAxisAngle([0, 0, 1], 1, [1, 0, 0])] };
 * ```
 */
export interface Motion3 {
  a: readonly [Pose3Like, Pose3Like];
  b: readonly [Pose3Like, Pose3Like];
}

/**
 * The result of {@link timeOfImpact}. Witness data are those of the returned `toi`, in world
 * coordinates.
 *
 * @example
 * ```ts
 * import { timeOfImpact } from '@firsttouch/ccd';
 * import { box } from '@firsttouch/mesh';
 * import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
 * const r = timeOfImpact(box(1), box(1), {
 *   a: [identityPose(), identityPose()],
 *   b: [poseFromAxisAngle([0, 0, 1], 0, [4, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [-2, 0, 0])],
 * });
 * console.log(r.status, r.toi.toFixed(6), Array.from(r.normal)); // contact 0.500000 [1, 0, 0]
 * ```
 */
export interface TimeOfImpactResult {
  /** How the query ended (see {@link CcdStatus}). */
  status: CcdStatusValue;
  /** The time of first contact (Contact), 1 (Separate), 0 (InitialContact), or a certified lower bound (NotConverged). */
  toi: number;
  /** The gap at `toi`. */
  distance: number;
  /** Closest point on A at `toi` (world). */
  pointA: Float64Array;
  /** Closest point on B at `toi` (world). */
  pointB: Float64Array;
  /**
   * Unit vector from `pointA` to `pointB`; where they coincide, the normal of facet `facetA` (sign not
   * meaningful), and NaN when that facet is degenerate too. Between two bodies that are not both
   * surfaces (shapes, compounds, 2-D curves), NaN where they overlap at `toi` (an `InitialContact`
   * of crossing bodies: no direction separates them; check `status` first).
   */
  normal: Float64Array;
  /** The closest facet of A at `toi`. */
  facetA: number;
  /** The closest facet of B at `toi`. */
  facetB: number;
  /** Steps taken. */
  iterations: number;
  /** Exact facet-pair evaluations, distance queries and directional steps together. */
  pairEvaluations: number;
  /** Exact facet-pair evaluations of the directional steps alone. */
  directionalPairEvaluations: number;
  /** Gap evaluations answered on the vertex hulls by GJK (the convex path; see the `convex` option). */
  convexEvaluations: number;
  /** The speed bound μ_A + μ_B of the step. */
  mu: number;
  /** The tolerance used. */
  tolerance: number;
  /** The query stopped at the `horizon` option (status NotConverged): no contact up to it. */
  horizonReached: boolean;
}

/**
 * Options of {@link timeOfImpact}: the loop's options; `tolerance` defaults to 1e-6 of the larger
 * bounding-box diagonal of the two bodies.
 *
 * @example
 * ```ts
 * import type { TimeOfImpactOptions } from '@firsttouch/ccd';
 * const options: TimeOfImpactOptions = { tolerance: 1e-6, directional: true };
 * ```
 */
export type TimeOfImpactOptions = AdvanceOptions;

/**
 * The step of two curves: each moves from its 2-D pose at s = 0 to its pose at s = 1.
 *
 * @example
 * ```ts
 * import type { Motion2 } from '@firsttouch/ccd';
 * import { pose2 } from '@firsttouch/pose';
 * const motion: Motion2 = { a: [pose2(), pose2()], b: [pose2(0, [0.1, 0.05]), pose2(Math.PI, [0.9, 0.05])] };
 * ```
 */
export interface Motion2 {
  a: readonly [Pose2Like, Pose2Like];
  b: readonly [Pose2Like, Pose2Like];
}

/**
 * The result of {@link timeOfImpact2} (world coordinates, at `toi`).
 *
 * @example
 * ```ts
 * import { timeOfImpact2 } from '@firsttouch/ccd';
 * import { disc, rectangle } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const r = timeOfImpact2(rectangle(1, 1), disc(0.1, 16), { a: [pose2(), pose2()], b: [pose2(0, [2, 0]), pose2(0, [0, 0])] });
 * console.log(r.status, r.toi.toFixed(4), r.segmentA); // contact 0.7000 1
 * ```
 */
export interface TimeOfImpact2Result {
  /** How the query ended (see {@link CcdStatus}). */
  status: CcdStatusValue;
  /** The time of first contact, 1, 0, or a certified lower bound (see {@link CcdStatus}). */
  toi: number;
  /** The gap at `toi`. */
  distance: number;
  /** Closest point on A at `toi` (world). */
  pointA: Float64Array;
  /** Closest point on B at `toi` (world). */
  pointB: Float64Array;
  /** Unit vector from `pointA` to `pointB` (NaN where they coincide). */
  normal: Float64Array;
  /** The closest segment of A at `toi`. */
  segmentA: number;
  /** The closest segment of B at `toi`. */
  segmentB: number;
  /** Steps taken. */
  iterations: number;
  /** Exact segment-pair evaluations, distance queries and directional steps together. */
  pairEvaluations: number;
  /** Exact segment-pair evaluations of the directional steps alone. */
  directionalPairEvaluations: number;
  /** Gap evaluations answered on the vertex hulls by GJK (the convex path; see the `convex` option). */
  convexEvaluations: number;
  /** The speed bound μ_A + μ_B of the step. */
  mu: number;
  /** The tolerance used. */
  tolerance: number;
  /** The query stopped at the `horizon` option (status NotConverged): no contact up to it. */
  horizonReached: boolean;
}

/**
 * An empty result record of {@link timeOfImpact}, to pass as its `out` argument: a loop that answers
 * many queries writes each answer into the same record (its points and normal in place) instead of
 * allocating one a query, as Box2D's `b2TOIOutput` is reused.
 *
 * @example
 * ```ts
 * import { createImpactResult, timeOfImpact } from '@firsttouch/ccd';
 * import { box } from '@firsttouch/mesh';
 * import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
 * const out = createImpactResult();
 * const motion = { a: [identityPose(), identityPose()], b: [poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [-3, 0, 0])] } as const;
 * const r = timeOfImpact(box(1), box(1), motion, undefined, out);
 * console.log(r === out, r.status, r.toi.toFixed(4)); // true contact 0.3333
 * ```
 */
export function createImpactResult(): TimeOfImpactResult {
  // Added in place (the same keys in the same order): Object.assign made and copied a second object
  // on every query that returns a new record.
  const r = blank(3) as ReturnType<typeof blank> & { facetA: number; facetB: number };
  r.facetA = -1;
  r.facetB = -1;
  return r;
}

/**
 * An empty result record of {@link timeOfImpact2}, to pass as its `out` argument (see
 * {@link createImpactResult}).
 *
 * @example
 * ```ts
 * import { createImpactResult2, timeOfImpact2 } from '@firsttouch/ccd';
 * import { disc } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const out = createImpactResult2();
 * const statuses = [0, 0.5, 2].map((y) => {
 *   const motion = { a: [pose2(), pose2()], b: [pose2(0, [3, y]), pose2(0, [-3, y])] } as const;
 *   return timeOfImpact2(disc(0.5, 16), disc(0.5, 16), motion, undefined, out).status;
 * });
 * console.log(statuses.join(' ')); // contact contact separate
 * ```
 */
export function createImpactResult2(): TimeOfImpact2Result {
  const r = blank(2) as ReturnType<typeof blank> & { segmentA: number; segmentB: number };
  r.segmentA = -1;
  r.segmentB = -1;
  return r;
}

/** The fields the two records share, empty. */
function blank(dim: 2 | 3) {
  return {
    status: CcdStatus.NotConverged as CcdStatusValue,
    toi: 0,
    distance: Number.NaN,
    pointA: new Float64Array(dim),
    pointB: new Float64Array(dim),
    normal: new Float64Array(dim),
    iterations: 0,
    pairEvaluations: 0,
    directionalPairEvaluations: 0,
    convexEvaluations: 0,
    mu: 0,
    tolerance: 0,
    horizonReached: false,
  };
}

/**
 * What a result record is written from: the loop's answer at the returned toi (`conservativeAdvance`'s
 * record), with the step's speed bound and tolerance — the `b2TOIInput` to `impactResult`'s output.
 *
 * @example
 * ```ts
 * import type { ImpactRun } from '@firsttouch/ccd';
 * const run: ImpactRun = {
 *   status: 'contact',
 *   toi: 0.5,
 *   distance: 1e-7,
 *   iterations: 3,
 *   directionalSteps: 0,
 *   horizonReached: false,
 *   mu: 2,
 *   tolerance: 1e-6,
 * };
 * ```
 */
export interface ImpactRun extends AdvanceResult {
  /** The speed bound μ_A + μ_B of the step. */
  mu: number;
  /** The tolerance the loop ran with. */
  tolerance: number;
}

/**
 * A record for {@link ImpactRun}s, for a caller that keeps one from query to query (the driver). Not
 * exported by the package.
 *
 * @internal
 * @example
 * ```ts
 * import { conservativeAdvance } from '@firsttouch/ccd';
 * // conservativeAdvance writes the fields of such a record but μ and the tolerance
 * console.log(conservativeAdvance({ distance: () => 1 }, 0, { tolerance: 1e-6 }).status); // separate
 * ```
 */
export function impactRun(): ImpactRun {
  return { ...advanceRecord(), mu: Number.NaN, tolerance: Number.NaN };
}

/** The counters of an evaluator (`SurfaceMotion`, `CurveMotion`) that a result record reports. */
interface Counts {
  readonly distancePairEvaluations: number;
  readonly directionalPairEvaluations: number;
  readonly convexEvaluations: number;
}

/**
 * Writes the numbers both records share from the run, the gap reported and the evaluator's counters
 * (the witness — points, normal, facets or segments — is the caller's).
 *
 * @internal
 * @example
 * ```ts
 * import { createImpactResult2, timeOfImpact2 } from '@firsttouch/ccd';
 * import { disc } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * // timeOfImpact2 writes its answer with it
 * const out = createImpactResult2();
 * const motion = { a: [pose2(), pose2()], b: [pose2(0, [3, 0]), pose2(0, [-3, 0])] } as const;
 * timeOfImpact2(disc(0.5, 16), disc(0.5, 16), motion, undefined, out);
 * console.log(out.status, out.iterations > 0, out.horizonReached); // contact true false
 * ```
 */
export function writeCounts(
  r: TimeOfImpactResult | TimeOfImpact2Result,
  run: ImpactRun,
  gap: number,
  counts: Counts,
): void {
  const directional = counts.directionalPairEvaluations;
  r.status = run.status;
  r.toi = run.toi;
  r.distance = gap;
  r.iterations = run.iterations;
  r.pairEvaluations = counts.distancePairEvaluations + directional;
  r.directionalPairEvaluations = directional;
  r.convexEvaluations = counts.convexEvaluations;
  r.mu = run.mu;
  r.tolerance = run.tolerance;
  r.horizonReached = run.horizonReached;
}

/**
 * Refuses an `out` record whose points and normal are not Float64Arrays of `dim` numbers, or one
 * whose answer's fields cannot be written (frozen, read-only, getter-only); checked before any work,
 * so a bad record costs the query nothing and is left as it was.
 *
 * @internal
 * @throws `FirstTouchError` `INVALID_OPTION` naming the field.
 * @example
 * ```ts
 * import { timeOfImpact2 } from '@firsttouch/ccd';
 * import { disc } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const motion = { a: [pose2(), pose2()], b: [pose2(), pose2()] } as const;
 * try {
 *   timeOfImpact2(disc(1, 8), disc(1, 8), motion, undefined, {} as never);
 * } catch (e) {
 *   console.log((e as Error).message); // timeOfImpact2: out.pointA must be a Float64Array of 2 numbers, got undefined
 * }
 * ```
 */
export function assertImpactRecord(out: unknown, dim: 2 | 3, where: string): void {
  if (typeof out !== 'object' || out === null) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: out must be a result record, got ${describeValue(out)}`,
    );
  }
  const o = out as Record<string, unknown>;
  // Three calls rather than a loop over a list of names: no array a query.
  assertPoint(o.pointA, dim, where, 'pointA');
  assertPoint(o.pointB, dim, where, 'pointB');
  assertPoint(o.normal, dim, where, 'normal');
  // Each field the answer writes, written with its own value first: a frozen record, or one with a
  // read-only or getter-only field, fails here with nothing changed, not with a raw TypeError in
  // the middle of writing the answer (a few loads and stores, through a local; no descriptor
  // object a query).
  assertAnswerWritable(o, where);
  let field = 'pairEvaluations';
  try {
    let v = o.pairEvaluations;
    o.pairEvaluations = v;
    field = 'directionalPairEvaluations';
    v = o.directionalPairEvaluations;
    o.directionalPairEvaluations = v;
    field = 'convexEvaluations';
    v = o.convexEvaluations;
    o.convexEvaluations = v;
    field = 'mu';
    v = o.mu;
    o.mu = v;
    field = 'horizonReached';
    v = o.horizonReached;
    o.horizonReached = v;
    // (the two feature indices by name: a 3-D record's facets, a 2-D one's segments)
    for (let k = 0; k < 2; k++) {
      field = dim === 3 ? (k === 0 ? 'facetA' : 'facetB') : k === 0 ? 'segmentA' : 'segmentB';
      v = o[field];
      o[field] = v;
    }
  } catch {
    refuseUnwritable(where, field);
  }
}

function assertPoint(v: unknown, dim: 2 | 3, where: string, field: string): void {
  if (!(v instanceof Float64Array) || v.length !== dim) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: out.${field} must be a Float64Array of ${dim} numbers, got ${describeValue(v)}`,
    );
  }
}
