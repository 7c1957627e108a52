import type { ImpactOptions } from '@firsttouch/broadphase';
import type { CcdStatusValue } from '@firsttouch/ccd';

/**
 * How a body takes part in the world (Box2D's kinds): a `'static'` body never moves (it takes no
 * target); a `'kinematic'` body goes to its target whatever it meets; a `'dynamic'` body stops where
 * it touches when no callback responds. Only pairs with at least one dynamic body are tested.
 *
 * @example
 * ```ts
 * import type { BodyKind } from '@firsttouch/world';
 * const ground: BodyKind = 'static';
 * ```
 */
export type BodyKind = 'static' | 'kinematic' | 'dynamic';

/**
 * What {@link World.add} takes beside the body.
 *
 * @example
 * ```ts
 * import type { AddOptions } from '@firsttouch/world';
 * import { identityPose, type Pose3Like } from '@firsttouch/pose';
 * // a dynamic body in group 2 that meets everything but group 4
 * const options: AddOptions<Pose3Like> = { pose: identityPose(), kind: 'dynamic', group: 2, mask: ~4 };
 * ```
 */
export interface AddOptions<Pose> {
  /** Where the body is (copied). */
  pose: Pose;
  /** Default `'dynamic'`. */
  kind?: BodyKind;
  /**
   * The groups the body is in, a 32-bit integer (default 1). A pair is tested when each one's
   * group meets (bitwise and) the other's mask.
   */
  group?: number;
  /** The groups the body meets, a 32-bit integer (default all: `0xffffffff`, or -1). */
  mask?: number;
  /**
   * The body is already in the world and this is another body of the same shape (default false:
   * the same object added twice is refused as a mistake).
   */
  shared?: boolean;
}

/**
 * The world's earliest impact: broadphase's `firstImpact` record with the pair as body ids.
 *
 * @example
 * ```ts
 * import type { WorldImpact } from '@firsttouch/world';
 * const show = (r: WorldImpact<unknown>) => (r.pair ? `${r.pair[0]}-${r.pair[1]} at ${r.toi}` : 'none');
 * ```
 */
export interface WorldImpact<Impact> {
  status: CcdStatusValue;
  /** The earliest toi of the step (1 when none). */
  toi: number;
  /** The ids `[a, b]` of that pair (`a < b`), or null. */
  pair: [number, number] | null;
  /** Pairs that ran a time of impact. */
  tested: number;
  /** Time-of-impact runs over all the time windows. */
  runs: number;
  /** Candidates of the last time window. */
  candidates: number;
  tolerance: number;
  /** The pair's time-of-impact record (world coordinates), or null. */
  impact: Impact | null;
}

/**
 * One impact of {@link World.step}, as the callback sees it and as the step returns it.
 *
 * @example
 * ```ts
 * import type { ImpactEvent } from '@firsttouch/world';
 * const log = (e: ImpactEvent) => `${e.ids.join('-')} at ${e.toi.toFixed(3)}`;
 * ```
 */
export interface ImpactEvent {
  /** When, in the step (0 its start, 1 its end): never before the event before it. */
  toi: number;
  /** The ids of the two bodies, smaller first. */
  ids: [number, number];
  /** The pair's status (`contact`; `initial-contact` when they touch at the start; `not-converged`). */
  status: CcdStatusValue;
  /** The closest points at `toi`, on the first body then on the second (world). */
  points: [Float64Array, Float64Array];
  /**
   * Unit vector from the first body's point to the second's (see ccd's `normal`): NaN where two
   * bodies that are not both surfaces overlap at `toi` (an `InitialContact` of crossing bodies).
   */
  normal: Float64Array;
  /** The gap at `toi` (at most the tolerance for a contact). */
  distance: number;
}

/**
 * How {@link World.step} ended.
 *
 * @example
 * ```ts
 * import { StepStatus } from '@firsttouch/world';
 * console.log(StepStatus.Complete, StepStatus.MaxImpacts); // complete max-impacts
 * ```
 */
export const StepStatus = Object.freeze({
  /** The step went to its end: every body at its target or where it stopped. */
  Complete: 'complete',
  /** `maxImpacts` impacts were answered and another came: the bodies are at the last one's instant. */
  MaxImpacts: 'max-impacts',
} as const);

/**
 * A value of {@link StepStatus}.
 *
 * @example
 * ```ts
 * import type { StepStatusValue } from '@firsttouch/world';
 * const done: StepStatusValue = 'complete';
 * ```
 */
export type StepStatusValue = (typeof StepStatus)[keyof typeof StepStatus];

/**
 * The options of {@link World.step}: those of every search, and the cap on impacts.
 *
 * @example
 * ```ts
 * import type { StepOptions } from '@firsttouch/world';
 * const options: StepOptions = { maxImpacts: 100, tolerance: 1e-6 };
 * ```
 */
export interface StepOptions extends ImpactOptions {
  /** The most impacts a step answers (default 1000). */
  maxImpacts?: number;
}

/**
 * What {@link World.step} returns.
 *
 * @example
 * ```ts
 * import type { StepResult } from '@firsttouch/world';
 * const summary = (r: StepResult) => `${r.status}: ${r.events.length} impacts, reached ${r.reached}`;
 * ```
 */
export interface StepResult {
  status: StepStatusValue;
  /** The impacts answered, in time order. */
  events: ImpactEvent[];
  /** How far the step got: 1 when complete, else the last impact's instant. */
  reached: number;
  /**
   * Pair searches run: a pair's time of impact over what was left of the step, when its lower bound
   * came up in the queue or one of its bodies got a new motion.
   */
  searches: number;
  /** The tolerance of the searches. */
  tolerance: number;
}
