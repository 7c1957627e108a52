import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { CcdStatus, type CcdStatusValue } from './status.js';
import type { TimeOfImpactResult } from './time-of-impact.js';
import type { TimeOfImpact2Result } from './time-of-impact2.js';

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
  return Object.assign(blank(3), { facetA: -1, facetB: -1 });
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
  return Object.assign(blank(2), { segmentA: -1, segmentB: -1 });
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
 * Writes the numbers both records share (the witness — points, normal, facets or segments — is the
 * caller's). `horizonReached` is set false: the caller sets it from the loop.
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
  status: CcdStatusValue,
  toi: number,
  distance: number,
  iterations: number,
  pairEvaluations: number,
  directionalPairEvaluations: number,
  convexEvaluations: number,
  mu: number,
  tolerance: number,
): void {
  r.status = status;
  r.toi = toi;
  r.distance = distance;
  r.iterations = iterations;
  r.pairEvaluations = pairEvaluations;
  r.directionalPairEvaluations = directionalPairEvaluations;
  r.convexEvaluations = convexEvaluations;
  r.mu = mu;
  r.tolerance = tolerance;
  r.horizonReached = false;
}

/**
 * Refuses an `out` record whose points and normal are not Float64Arrays of `dim` numbers (checked
 * before any work, so a bad record costs the query nothing).
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
}

function assertPoint(v: unknown, dim: 2 | 3, where: string, field: string): void {
  if (!(v instanceof Float64Array) || v.length !== dim) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: out.${field} must be a Float64Array of ${dim} numbers, got ${describeValue(v)}`,
    );
  }
}
