import { toleranceInPlay } from '@firsttouch/convex/internal';
import {
  type AbortSignalLike,
  assertCallback,
  assertSignal,
  describeValue,
  FirstTouchError,
} from '@firsttouch/pose';

/**
 * When to use the directional (C2A) bound: `true` at every step, `false` never (plain bound only),
 * `'auto'` (the default) plain steps, and the larger of the two after 8 stalled steps in a row (at
 * every step where the directional step costs a few flops: two convex shapes).
 *
 * @example
 * ```ts
 * import type { DirectionalMode } from '@firsttouch/ccd';
 * const mode: DirectionalMode = 'auto';
 * ```
 */
export type DirectionalMode = boolean | 'auto';

/**
 * Options of the advancement loop.
 *
 * @example
 * ```ts
 * import type { AdvanceOptions } from '@firsttouch/ccd';
 * const options: AdvanceOptions = { tolerance: 1e-6, maxIterations: 1000, directional: 'auto' };
 * ```
 */
export interface AdvanceOptions {
  /** Contact is declared at a gap ≤ tolerance; steps keep the gap ≥ tolerance / 2. */
  tolerance?: number;
  /** The iteration cap (default 1000); each iteration is one step and one gap evaluation. */
  maxIterations?: number;
  /** See {@link DirectionalMode} (default `'auto'`). */
  directional?: DirectionalMode;
  /**
   * Stop before any iterate past this instant (default 1): a caller that already knows a contact at
   * `horizon` (a broad phase) needs no more. A query stopped there reports `NotConverged` with
   * `horizonReached: true`, its toi the last iterate evaluated (a certified lower bound), or the
   * horizon itself where a cast (two shapes that do not turn) answered past it.
   */
  horizon?: number;
  /**
   * Bodies that are both convex take the convex path (default true): the gap at each step from
   * GJK on their vertices, a lower bound of it (to rounding), rather than from the trees; the witness at the
   * end from the facets around the closest features. `false` always searches the trees. The
   * advancement loop itself ignores it; `timeOfImpact` and `timeOfImpact2` read it.
   */
  convex?: boolean;
  /**
   * The relative error allowed in the gap a step is taken from, where the distance search can skip
   * the facet pairs that tie at the closest features (`timeOfImpact` with a small convex body against
   * any other): the step then starts from a certified lower bound of
   * the gap within a factor 1 + this, about a millionth shorter by default. Gaps within twice the
   * tolerance, and the gap and witness reported, are always exact. 0 takes every step from the exact
   * gap (the specification's loop, bit for bit). A number in [0, 1); default
   * {@link DEFAULT_GAP_RELATIVE_ERROR}. The advancement loop and `timeOfImpact2` ignore it.
   */
  gapRelativeError?: number;
  /**
   * Whether the 3-D directional step prunes a small B's node pairs by their clearance (default true):
   * the steps are the same either way, to the bit, found through fewer node and facet pairs (see
   * `DirectionalBound3`). The advancement loop and `timeOfImpact2` ignore it.
   */
  directionalClearance?: boolean;
  /**
   * Whether the 3-D directional step of a small convex B steps each facet of A against B's vertex
   * hull (default true: one GJK bound a facet instead of its pairs with B's facets one by one; the
   * steps differ from the pairs', both certified). The advancement loop and `timeOfImpact2` ignore it.
   */
  directionalHullSteps?: boolean;
  /**
   * Stops the query with `FirstTouchError` `ABORTED` once the signal is aborted, checked before the
   * first gap and after every step. The calls are synchronous: a signal aborted by a timer or an
   * event handler cannot fire during one; abort it from `onProgress` (a deadline, a cancel button
   * polled there) or from before the call.
   */
  signal?: AbortSignalLike;
  /**
   * Called after every step the query goes on from, with the iterate reached (one record,
   * rewritten each time: copy what you keep); the step that ends the query is its result. What a
   * command-line tool or a page shows of a long query.
   */
  onProgress?: (progress: AdvanceProgress) => void;
}

/**
 * What {@link AdvanceOptions.onProgress} is told after each step.
 *
 * @example
 * ```ts
 * import { timeOfImpact, type AdvanceProgress } from '@firsttouch/ccd';
 * import { box } from '@firsttouch/mesh';
 * import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
 * const seen: AdvanceProgress[] = [];
 * timeOfImpact(box(1), box(1), {
 *   a: [identityPose(), identityPose()],
 *   b: [poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]), poseFromAxisAngle([0, 0, 1], 1, [-3, 0, 0])],
 * }, { onProgress: (p) => seen.push({ ...p }) });
 * console.log(seen.length > 1, seen[0].iteration, seen[0].s > 0); // true 1 true
 * ```
 */
export interface AdvanceProgress {
  /** Steps taken so far. */
  iteration: number;
  /** The iterate reached (the step's parameter in [0, 1]). */
  s: number;
  /** The gap there. */
  distance: number;
}

/**
 * The validated options, defaults filled in: what {@link resolveOptions} returns.
 *
 * @example
 * ```ts
 * import { resolveOptions, type ResolvedOptions } from '@firsttouch/ccd';
 * const o: ResolvedOptions = resolveOptions({ directional: true }, 1e-6);
 * console.log(o.directional, o.directionalHullSteps); // true true
 * ```
 */
export interface ResolvedOptions {
  /** See {@link AdvanceOptions.tolerance}. */
  tolerance: number;
  /** See {@link AdvanceOptions.maxIterations}. */
  maxIterations: number;
  /** See {@link AdvanceOptions.directional}. */
  directional: DirectionalMode;
  /** See {@link AdvanceOptions.horizon}. */
  horizon: number;
  /** See {@link AdvanceOptions.convex}. */
  convex: boolean;
  /** See {@link AdvanceOptions.gapRelativeError}. */
  gapRelativeError: number;
  /** See {@link AdvanceOptions.directionalClearance}. */
  directionalClearance: boolean;
  /** See {@link AdvanceOptions.directionalHullSteps}. */
  directionalHullSteps: boolean;
  /** See {@link AdvanceOptions.signal}. */
  signal: AbortSignalLike | undefined;
  /** See {@link AdvanceOptions.onProgress}. */
  onProgress: ((progress: AdvanceProgress) => void) | undefined;
}

/**
 * The options a time-of-impact evaluator (`SurfaceMotion`, `CurveMotion`) reads: the loop's
 * `tolerance` (with it, two convex bodies take the convex path; without it, NaN, every gap comes from
 * the trees), `convex`, `gapRelativeError` and the directional bound's switches. A
 * {@link ResolvedOptions} record is one.
 *
 * @example
 * ```ts
 * import type { MotionOptions } from '@firsttouch/ccd';
 * const options: MotionOptions = { tolerance: 1e-6, convex: false };
 * ```
 */
export type MotionOptions = Pick<
  AdvanceOptions,
  'tolerance' | 'convex' | 'gapRelativeError' | 'directionalClearance' | 'directionalHullSteps'
>;

/**
 * The tolerance of an evaluator's options: NaN without one (no convex path), else a positive
 * finite number. Not exported by the package.
 *
 * @internal
 * @throws `FirstTouchError` `INVALID_OPTION`.
 * @example
 * ```ts
 * import { SurfaceMotion } from '@firsttouch/ccd';
 * import { box } from '@firsttouch/mesh';
 * import { identityPose, RigidMotion } from '@firsttouch/pose';
 * const rest = new RigidMotion(identityPose(), identityPose());
 * try {
 *   new SurfaceMotion(box(1), box(1), rest, rest, { tolerance: -1 });
 * } catch (e) {
 *   console.log((e as Error).message); // tolerance must be a positive finite number, got -1
 * }
 * ```
 */
export function motionTolerance(options: MotionOptions | undefined): number {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new FirstTouchError('INVALID_OPTION', `options must be an object, got ${describeValue(options)}`);
  }
  const tolerance = options?.tolerance;
  if (tolerance === undefined) return Number.NaN;
  assertTolerance(tolerance);
  return tolerance;
}

/**
 * The `gapRelativeError` of an evaluator's options, default {@link DEFAULT_GAP_RELATIVE_ERROR}. Not
 * exported by the package.
 *
 * @internal
 * @throws `FirstTouchError` `INVALID_OPTION`.
 * @example
 * ```ts
 * import { SurfaceMotion } from '@firsttouch/ccd';
 * import { box } from '@firsttouch/mesh';
 * import { identityPose, RigidMotion } from '@firsttouch/pose';
 * const rest = new RigidMotion(identityPose(), identityPose());
 * console.log(new SurfaceMotion(box(1), box(1), rest, rest, { gapRelativeError: 0 }).relativeError); // 0
 * ```
 */
export function relativeErrorOf(options: MotionOptions | undefined): number {
  const e = options?.gapRelativeError;
  if (e === undefined) return DEFAULT_GAP_RELATIVE_ERROR;
  if (typeof e !== 'number' || !(e >= 0 && e < 1)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `gapRelativeError must be a number in [0, 1), got ${describeValue(e)}`,
    );
  }
  return e;
}

/** Default iteration cap. */
export const DEFAULT_MAX_ITERATIONS = 1000;

/**
 * Default {@link AdvanceOptions.gapRelativeError}: the steps' exact facet pairs fall to a third and
 * the toi moves by rounding only (DECISIONS.md).
 *
 * @example
 * ```ts
 * import { DEFAULT_GAP_RELATIVE_ERROR } from '@firsttouch/ccd';
 * console.log(DEFAULT_GAP_RELATIVE_ERROR); // 0.000001
 * ```
 */
export const DEFAULT_GAP_RELATIVE_ERROR = 1e-6;

/**
 * Validates the options; `defaultTolerance` is used when `tolerance` is absent.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` naming the option.
 * @example
 * ```ts
 * import { resolveOptions } from '@firsttouch/ccd';
 * console.log(resolveOptions({}, 1e-6).maxIterations); // 1000
 * ```
 */
export function resolveOptions(
  options: AdvanceOptions | undefined,
  defaultTolerance: number,
): ResolvedOptions {
  return resolveOptionsInto(options, defaultTolerance, {
    tolerance: 0,
    maxIterations: 0,
    directional: 'auto',
    horizon: 0,
    convex: true,
    gapRelativeError: 0,
    directionalClearance: true,
    directionalHullSteps: true,
    signal: undefined,
    onProgress: undefined,
  });
}

/**
 * {@link resolveOptions} into `out`, for a caller that keeps one record from query to query
 * (`timeOfImpact2`'s pooled evaluator): the same checks, the same messages, no allocation. `out` is
 * written only once every option has passed, so a getter of the options that starts a query of its
 * own cannot leave it half written. Not exported by the package.
 *
 * @internal
 * @throws `FirstTouchError` `INVALID_OPTION` naming the option.
 * @example
 * ```ts
 * import { resolveOptions } from '@firsttouch/ccd';
 * // resolveOptions is this function into a new record
 * console.log(resolveOptions(undefined, 2e-6).tolerance); // 0.000002
 * ```
 */
export function resolveOptionsInto(
  options: AdvanceOptions | undefined,
  defaultTolerance: number,
  out: ResolvedOptions,
): ResolvedOptions {
  if (options === undefined) {
    // No options (the common call): only the default tolerance can be wrong.
    assertDefaultTolerance(defaultTolerance);
    out.tolerance = defaultTolerance;
    out.maxIterations = DEFAULT_MAX_ITERATIONS;
    out.directional = 'auto';
    out.horizon = 1;
    out.convex = true;
    out.gapRelativeError = DEFAULT_GAP_RELATIVE_ERROR;
    out.directionalClearance = true;
    out.directionalHullSteps = true;
    out.signal = undefined;
    out.onProgress = undefined;
    return out;
  }
  if (typeof options !== 'object' || options === null) {
    throw new FirstTouchError('INVALID_OPTION', `options must be an object, got ${describeValue(options)}`);
  }
  const o = options;
  const tolerance = o.tolerance === undefined ? defaultTolerance : o.tolerance;
  if (o.tolerance === undefined) assertDefaultTolerance(tolerance);
  else assertTolerance(tolerance);
  const maxIterations = o.maxIterations === undefined ? DEFAULT_MAX_ITERATIONS : o.maxIterations;
  if (typeof maxIterations !== 'number' || !Number.isInteger(maxIterations) || maxIterations < 1) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `maxIterations must be an integer ≥ 1, got ${describeValue(maxIterations)}`,
    );
  }
  const directional = o.directional === undefined ? 'auto' : o.directional;
  if (directional !== true && directional !== false && directional !== 'auto') {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `directional must be true, false or 'auto', got ${describeValue(directional)}`,
    );
  }
  const horizon = o.horizon === undefined ? 1 : o.horizon;
  if (typeof horizon !== 'number' || !(horizon >= 0)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `horizon must be a number ≥ 0, got ${describeValue(horizon)}`,
    );
  }
  const convex = o.convex === undefined ? true : o.convex;
  if (convex !== true && convex !== false) {
    throw new FirstTouchError('INVALID_OPTION', `convex must be true or false, got ${describeValue(convex)}`);
  }
  const gapRelativeError = o.gapRelativeError === undefined ? DEFAULT_GAP_RELATIVE_ERROR : o.gapRelativeError;
  if (typeof gapRelativeError !== 'number' || !(gapRelativeError >= 0 && gapRelativeError < 1)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `gapRelativeError must be a number in [0, 1), got ${describeValue(gapRelativeError)}`,
    );
  }
  const directionalClearance = switchOf(o.directionalClearance, 'directionalClearance');
  const directionalHullSteps = switchOf(o.directionalHullSteps, 'directionalHullSteps');
  const signal = o.signal;
  assertSignal(signal, 'signal');
  const onProgress = o.onProgress;
  assertCallback(onProgress, 'onProgress');
  out.tolerance = tolerance;
  out.maxIterations = maxIterations;
  out.directional = directional;
  out.horizon = horizon;
  out.convex = convex;
  out.gapRelativeError = gapRelativeError;
  out.directionalClearance = directionalClearance;
  out.directionalHullSteps = directionalHullSteps;
  out.signal = signal;
  out.onProgress = onProgress;
  return out;
}

/**
 * A switch that defaults to true, refused unless it is a boolean. Not exported by the package.
 *
 * @internal
 * @throws `FirstTouchError` `INVALID_OPTION` naming the switch.
 * @example
 * ```ts
 * import { resolveOptions } from '@firsttouch/ccd';
 * try {
 *   resolveOptions({ directionalClearance: 'no' as never }, 1e-6);
 * } catch (e) {
 *   console.log((e as Error).message); // directionalClearance must be true or false, got 'no'
 * }
 * ```
 */
export function switchOf(value: unknown, name: string): boolean {
  if (value === undefined) return true;
  if (value !== true && value !== false) {
    throw new FirstTouchError('INVALID_OPTION', `${name} must be true or false, got ${describeValue(value)}`);
  }
  return value;
}

/**
 * The default tolerance, where none was given: it is only ever not finite when the bodies' boxes
 * overflow the doubles (a diagonal past 1.8e308), which "tolerance must be … got Infinity" did not
 * say to a caller who gave none.
 */
function assertDefaultTolerance(tolerance: number): void {
  if (!Number.isFinite(tolerance) || !(tolerance > 0)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `no tolerance was given, and the default (1e-6 of the bodies' largest box diagonal) is ${describeValue(tolerance)}: the bodies span more than a double holds; give a tolerance`,
    );
  }
}

function assertTolerance(tolerance: unknown): asserts tolerance is number {
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || !(tolerance > 0)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `tolerance must be a positive finite number, got ${describeValue(tolerance)}`,
    );
  }
}

/**
 * The default tolerance: 1e-6 of the largest bounding-box diagonal of the bodies, and at least 2⁻⁴⁶
 * (64 ulps of 1) of `inPlay`, the largest |coordinate| the query computes with (the bodies'
 * coordinates about their origins and the poses' translations; 0, the default, when not known), so
 * that the rounding of placing the bodies there (a few ulps of those coordinates) stays far below
 * tol/2: a part 1 cm across at 1e8 from the origin gets 1.4e-6, not 1.7e-8, below the ulp of its
 * coordinates. Bodies with no extent at all (every facet a point) fall back to 1e-6 of their largest
 * coordinate (at least 1), so that the default is never 0, and bodies below about 1e-317 across
 * (where 1e-6 of the diagonal underflows) get the least positive double, 5e-324; a diagonal past
 * float64's range (a box more than 1.8e308 across: parts of a compound at ±1e308) counts as the
 * largest finite number, so that it is never +∞.
 *
 * @example
 * ```ts
 * import { defaultTolerance } from '@firsttouch/ccd';
 * console.log(defaultTolerance(2).toExponential(3), defaultTolerance(0, 5).toExponential(3)); // 2.000e-6 5.000e-6
 * console.log(defaultTolerance(0.01, 0.01, 1e8).toExponential(3)); // 1.421e-6
 * ```
 */
export function defaultTolerance(largestDiagonal: number, largestCoordinate = 1, inPlay = 0): number {
  return toleranceInPlay(largestDiagonal, largestCoordinate, inPlay);
}
