import type { CcdStatusValue, TimeOfImpactResult } from '@firsttouch/ccd';
import { SHAPES } from '@firsttouch/ccd/internal';
import type { Pose3Like } from '@firsttouch/pose';
import { checkArrays } from './bodies.js';
import { bodyRunner3, type ManyBody3 } from './body-runner.js';
import { candidatePairs } from './candidates.js';
import type { PairSource } from './pair-source.js';
import { unitOptions, unitScene, unscaledImpact } from './scene-scale.js';
import { borrowed } from './scratch.js';
import {
  type ImpactOptions,
  impactOptionsOnce,
  resolveImpactOptions,
  searchAll,
  searchFirst,
} from './search.js';
import { stepBodies3 } from './step-bodies3.js';

/**
 * The result of {@link firstImpact}.
 *
 * @example
 * ```ts
 * import { firstImpact } from '@firsttouch/broadphase';
 * import { box } from '@firsttouch/mesh';
 * import { identityPose } from '@firsttouch/pose';
 * const r = firstImpact([box(1)], [identityPose()], [identityPose()]);
 * console.log(r.status, r.toi, r.pair, r.tested); // separate 1 null 0
 * ```
 */
export interface FirstImpactResult {
  /** The status of the pair that decides the result (Separate when no pair comes within tolerance). */
  status: CcdStatusValue;
  /** The earliest toi over contacts and NotConverged lower bounds (1 when none). */
  toi: number;
  /** The pair `[i, j]`, `i < j`, of that toi (the smallest pair on ties), or null. */
  pair: [number, number] | null;
  /**
   * Pairs that ran a time of impact (once each: a pair searched again in a later time window counts
   * once here, and again in `runs`).
   */
  tested: number;
  /** Time-of-impact runs, over all the time windows of the search. */
  runs: number;
  /** Pairs whose boxes swept over the last time window met (the candidates of the broad phase). */
  candidates: number;
  /** The tolerance used. */
  tolerance: number;
  /** The pair's full time-of-impact result, or null. */
  impact: TimeOfImpactResult | null;
}

/**
 * The earliest contact among many surfaces over a step and the pair that makes it. Broad phase:
 * the box each body sweeps over the step (its box at s = 0 carried by its translation, grown by
 * the chord of its turn and by tol/2) contains it throughout, so only pairs whose swept boxes
 * overlap (sweep-and-prune) and meet at a common s (the 4-D box test) can come within the
 * tolerance. Each candidate gets the lower bound `max(0, box gap at s = 0 − tol) / (μ_i + μ_j)`;
 * pairs run {@link @firsttouch/ccd!timeOfImpact | timeOfImpact} in the order of these bounds, and the search stops when the next
 * bound is later than the best found. Ties go to the smallest pair, so the result equals the loop
 * over all pairs bit for bit (with the same tolerance). Several bodies may share one Surface.
 *
 * @throws `FirstTouchError` `BAD_LENGTH` for arrays of different lengths, `INVALID_POSE` for
 *   a missing or invalid pose, `INVALID_OPTION` for a bad option or body, `EMPTY` for an empty body.
 * @example
 * ```ts
 * import { firstImpact } from '@firsttouch/broadphase';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number, y = 0) => poseFromAxisAngle([0, 0, 1], 0, [x, y, 0]);
 * const pebble = box(0.1);
 * // three pebbles: 0 and 1 close in on each other, 2 flies far away
 * const r = firstImpact([pebble, pebble, pebble], [at(0), at(1), at(0, 5)], [at(0.6), at(0.4), at(3, 5)]);
 * console.log(r.status, r.pair, r.toi.toFixed(4), r.candidates); // contact [0, 1] 0.7500 1
 * ```
 */
export function firstImpact(
  bodies: readonly ManyBody3[],
  poses0: readonly Pose3Like[],
  poses1: readonly Pose3Like[],
  options?: ImpactOptions,
): FirstImpactResult {
  return firstImpactFrom(bodies, poses0, poses1, options);
}

/**
 * {@link firstImpact} with the overlapping boxes of each window taken from `source` (see
 * {@link PairSource}): what `@firsttouch/world` runs on its sorted lists.
 *
 * @example
 * ```ts
 * import { firstImpactFrom, overlappingPairs } from '@firsttouch/broadphase/internal';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const b = box(0.1);
 * // pair 0-1 left out: the first impact is 1-2's
 * const source = { overlaps: (boxes: Float64Array) => overlappingPairs(boxes, 3).filter((_, k, all) => all[k - (k % 2)] !== 0) };
 * const r = firstImpactFrom([b, b, b], [at(0), at(0.5), at(1)], [at(0), at(0.2), at(0.2)], undefined, source);
 * console.log(r.pair); // [1, 2]
 * ```
 */
export function firstImpactFrom(
  bodies: readonly ManyBody3[],
  poses0: readonly Pose3Like[],
  poses1: readonly Pose3Like[],
  options?: ImpactOptions,
  source?: PairSource,
): FirstImpactResult {
  // each option read once: what the checks see is what the search uses
  const once = impactOptionsOnce(options);
  checkArrays(bodies, poses0, poses1, 'Surface');
  // The step data and the search's arrays live in the borrowed scratch, unless a source takes them.
  return borrowed((scratch) => {
    const step = stepBodies3(bodies, poses0, poses1, source === undefined ? scratch : undefined);
    const o = resolveImpactOptions(once, step.largestDiagonal, step.inPlay);
    const unit = unitScene(bodies, poses0, poses1, SHAPES, step.poseSpread);
    if (unit !== null) {
      const r = firstImpactFrom(
        unit.bodies as ManyBody3[],
        unit.poses0,
        unit.poses1,
        unitOptions(once, unit.e, o.tolerance, step.largestDiagonal),
        source?.atUnitSize?.(),
      );
      return { ...r, tolerance: o.tolerance, impact: unscaledImpact(r.impact, unit, o.tolerance) };
    }
    // The pairs run on one query of the time of impact's driver, each body's μ as timeOfImpact takes it.
    const watch = { signal: once?.signal, onProgress: once?.onProgress, where: 'firstImpact' };
    const r = bodyRunner3(bodies, poses0, poses1, o, true, watch, (run) =>
      searchFirst(step, o, run, source, scratch),
    );
    return { ...r, tolerance: o.tolerance };
  });
}

/**
 * One entry of {@link allImpacts}.
 *
 * @example
 * ```ts
 * import type { PairImpact } from '@firsttouch/broadphase';
 * const show = (p: PairImpact) => `${p.pair[0]}-${p.pair[1]} at ${p.toi}`;
 * ```
 */
export interface PairImpact {
  pair: [number, number];
  status: CcdStatusValue;
  toi: number;
  impact: TimeOfImpactResult;
}

/**
 * Every candidate pair's first contact in the step (Contact, InitialContact, and NotConverged lower
 * bounds; Separate pairs left out), sorted by toi, then pair: what a continuous-physics solver
 * consumes. Same broad phase as {@link firstImpact}; all candidates run.
 *
 * @throws `FirstTouchError` as {@link firstImpact}.
 * @example
 * ```ts
 * import { allImpacts } from '@firsttouch/broadphase';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const b = box(0.1);
 * const r = allImpacts([b, b, b], [at(0), at(1), at(2)], [at(0), at(0), at(1.2)]);
 * console.log(r.impacts.map((p) => p.pair.join('-')), r.impacts[0].toi.toFixed(4), r.tested); // ['0-1'] 0.9000 1
 * ```
 */
export function allImpacts(
  bodies: readonly ManyBody3[],
  poses0: readonly Pose3Like[],
  poses1: readonly Pose3Like[],
  options?: ImpactOptions,
): { impacts: PairImpact[]; tested: number; tolerance: number } {
  // each option read once: what the checks see is what the search uses
  const once = impactOptionsOnce(options);
  checkArrays(bodies, poses0, poses1, 'Surface');
  const step = stepBodies3(bodies, poses0, poses1);
  const o = resolveImpactOptions(once, step.largestDiagonal, step.inPlay);
  const unit = unitScene(bodies, poses0, poses1, SHAPES, step.poseSpread);
  if (unit !== null) {
    const r = allImpacts(
      unit.bodies as ManyBody3[],
      unit.poses0,
      unit.poses1,
      unitOptions(once, unit.e, o.tolerance, step.largestDiagonal),
    );
    for (const x of r.impacts) unscaledImpact(x.impact, unit, o.tolerance);
    return { ...r, tolerance: o.tolerance };
  }
  const c = candidatePairs(step, o.tolerance);
  const watch = { signal: once?.signal, onProgress: once?.onProgress, where: 'allImpacts' };
  const r = bodyRunner3(bodies, poses0, poses1, o, false, watch, (run) => searchAll(c, run));
  return { ...r, tolerance: o.tolerance };
}
