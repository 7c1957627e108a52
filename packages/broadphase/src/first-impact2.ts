import type { CcdStatusValue, TimeOfImpact2Result } from '@firsttouch/ccd';
import { SHAPES2 } from '@firsttouch/ccd/internal';
import type { Pose2Like } from '@firsttouch/pose';
import { checkArrays, stepBodies2 } from './bodies.js';
import { bodyRunner2, type ManyBody2 } from './body-runner2.js';
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

/**
 * The result of {@link firstImpact2}.
 *
 * @example
 * ```ts
 * import { firstImpact2 } from '@firsttouch/broadphase';
 * import { disc } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * console.log(firstImpact2([disc(1, 8)], [pose2()], [pose2()]).status); // separate
 * ```
 */
export interface FirstImpact2Result {
  status: CcdStatusValue;
  toi: number;
  pair: [number, number] | null;
  /** Pairs that ran a time of impact (once each). */
  tested: number;
  /** Time-of-impact runs, over all the time windows of the search. */
  runs: number;
  /** The candidates of the last time window. */
  candidates: number;
  tolerance: number;
  impact: TimeOfImpact2Result | null;
}

/**
 * The 2-D twin of {@link firstImpact}: the earliest contact among many curves and 2-D convex shapes
 * over a step (a pair with a shape runs `timeOfImpact2`'s shape path; two curves as before).
 *
 * @throws `FirstTouchError` as {@link firstImpact}.
 * @example
 * ```ts
 * import { firstImpact2 } from '@firsttouch/broadphase';
 * import { disc, rectangle } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const wall = rectangle(1, 0.2);
 * const d = disc(0.05, 16);
 * const r = firstImpact2([wall, d, d], [pose2(), pose2(0, [0, 1]), pose2(0, [3, 1])], [pose2(), pose2(0, [0, -1]), pose2(0, [3, 0])]);
 * console.log(r.status, r.pair, r.toi.toFixed(4)); // contact [0, 1] 0.4250
 * ```
 */
export function firstImpact2(
  bodies: readonly ManyBody2[],
  poses0: readonly Pose2Like[],
  poses1: readonly Pose2Like[],
  options?: ImpactOptions,
): FirstImpact2Result {
  return firstImpact2From(bodies, poses0, poses1, options);
}

/**
 * {@link firstImpact2} with the overlapping boxes of each window taken from `source` (see
 * {@link PairSource}): what `@firsttouch/world` runs on its sorted lists.
 *
 * @example
 * ```ts
 * import { firstImpact2From, overlappingPairs } from '@firsttouch/broadphase/internal';
 * import { disc } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const d = disc(0.1, 16);
 * // no pair at all: nothing to search
 * const r = firstImpact2From([d, d], [pose2(0, [0, 0]), pose2(0, [1, 0])], [pose2(0, [0, 0]), pose2(0, [0, 0])], undefined, { overlaps: () => new Uint32Array(0) });
 * console.log(r.status, r.tested); // separate 0
 * ```
 */
export function firstImpact2From(
  bodies: readonly ManyBody2[],
  poses0: readonly Pose2Like[],
  poses1: readonly Pose2Like[],
  options?: ImpactOptions,
  source?: PairSource,
): FirstImpact2Result {
  // each option read once: what the checks see is what the search uses
  const once = impactOptionsOnce(options);
  checkArrays(bodies, poses0, poses1, 'Curve');
  const step = stepBodies2(bodies, poses0, poses1);
  const o = resolveImpactOptions(once, step.largestDiagonal, step.inPlay);
  const unit = unitScene(bodies, poses0, poses1, SHAPES2);
  if (unit !== null) {
    const r = firstImpact2From(
      unit.bodies,
      unit.poses0,
      unit.poses1,
      unitOptions(once, unit.e, o.tolerance, step.largestDiagonal),
      source?.atUnitSize?.(),
    );
    return { ...r, tolerance: o.tolerance, impact: unscaledImpact(r.impact, unit, o.tolerance) };
  }
  const watch = { signal: once?.signal, onProgress: once?.onProgress, where: 'firstImpact2' };
  // (the search's arrays in the borrowed scratch: its blocks keep a crowded scene's memory bounded)
  const r = borrowed((scratch) =>
    bodyRunner2(bodies, poses0, poses1, o, watch, (run) => searchFirst(step, o, run, source, scratch)),
  );
  return { ...r, tolerance: o.tolerance };
}

/**
 * One entry of {@link allImpacts2}.
 *
 * @example
 * ```ts
 * import type { PairImpact2 } from '@firsttouch/broadphase';
 * const show = (p: PairImpact2) => `${p.pair[0]}-${p.pair[1]} at ${p.toi}`;
 * ```
 */
export interface PairImpact2 {
  pair: [number, number];
  status: CcdStatusValue;
  toi: number;
  impact: TimeOfImpact2Result;
}

/**
 * The 2-D twin of {@link allImpacts}.
 *
 * @throws `FirstTouchError` as {@link firstImpact}.
 * @example
 * ```ts
 * import { allImpacts2 } from '@firsttouch/broadphase';
 * import { disc } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const d = disc(0.1, 16);
 * const r = allImpacts2([d, d], [pose2(0, [0, 0]), pose2(0, [1, 0])], [pose2(0, [0, 0]), pose2(0, [0.15, 0])]);
 * console.log(r.impacts.length, r.impacts[0].status, r.tested); // 1 contact 1
 * ```
 */
export function allImpacts2(
  bodies: readonly ManyBody2[],
  poses0: readonly Pose2Like[],
  poses1: readonly Pose2Like[],
  options?: ImpactOptions,
): { impacts: PairImpact2[]; tested: number; tolerance: number } {
  // each option read once: what the checks see is what the search uses
  const once = impactOptionsOnce(options);
  checkArrays(bodies, poses0, poses1, 'Curve');
  const step = stepBodies2(bodies, poses0, poses1);
  const o = resolveImpactOptions(once, step.largestDiagonal, step.inPlay);
  const unit = unitScene(bodies, poses0, poses1, SHAPES2);
  if (unit !== null) {
    const r = allImpacts2(
      unit.bodies,
      unit.poses0,
      unit.poses1,
      unitOptions(once, unit.e, o.tolerance, step.largestDiagonal),
    );
    for (const x of r.impacts) unscaledImpact(x.impact, unit, o.tolerance);
    return { ...r, tolerance: o.tolerance };
  }
  const c = candidatePairs(step, o.tolerance);
  const watch = { signal: once?.signal, onProgress: once?.onProgress, where: 'allImpacts2' };
  const r = bodyRunner2(bodies, poses0, poses1, o, watch, (run) => searchAll(c, run));
  return { ...r, tolerance: o.tolerance };
}
