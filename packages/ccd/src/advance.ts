import { describeValue, FirstTouchError, throwIfAborted } from '@firsttouch/pose';
import { LOOP_GAP, LOOP_IO, LOOP_STEP, type LoopIoEvaluator } from './loop-io.js';
import {
  type AdvanceOptions,
  type AdvanceProgress,
  type ResolvedOptions,
  resolveOptions,
} from './options.js';
import { CcdStatus, type CcdStatusValue } from './status.js';

/**
 * What the advancement loop asks of the bodies: the gap at an instant and, optionally, a directional
 * step. Plug in your own shapes by implementing it.
 *
 * @example
 * ```ts
 * import type { DistanceEvaluator } from '@firsttouch/ccd';
 * // a point moving from x = 0 to x = 2 towards a wall at x = 1
 * const toWall: DistanceEvaluator = { distance: (s) => Math.abs(1 - 2 * s) };
 * ```
 */
export interface DistanceEvaluator {
  /** The gap between the bodies at `s ∈ [0, 1]` (exact to rounding, or a lower bound of it). */
  distance(s: number): number;
  /**
   * A certified step from `s` (where the gap is `gap`): the bodies stay at least `tolerance / 2`
   * apart on `[s, s + step]`. It may stop searching once it knows the step is at most `floor`
   * (the loop will take the plain step then), and need not look beyond `limit` (what is left of the
   * step).
   */
  directionalStep?(s: number, gap: number, tolerance: number, floor: number, limit: number): number;
  /**
   * The directional step costs no more than a few flops on what the last gap measured (two convex
   * shapes: one separating axis): the default mode (`'auto'`) then takes it at every step instead of
   * after stalls. Read once a run.
   */
  readonly directionalEveryStep?: boolean;
}

/**
 * The result of {@link conservativeAdvance}.
 *
 * @example
 * ```ts
 * import { conservativeAdvance } from '@firsttouch/ccd';
 * const r = conservativeAdvance({ distance: (s) => Math.abs(1 - 2 * s) }, 2, { tolerance: 1e-6 });
 * console.log(r.status, r.iterations); // contact 1
 * ```
 */
export interface AdvanceResult {
  /** How the loop ended. */
  status: CcdStatusValue;
  /** The last iterate: the contact time, 1, 0, or a certified lower bound (see {@link CcdStatus}). */
  toi: number;
  /** The gap at `toi`. */
  distance: number;
  /** Steps taken (gap evaluations after the one at s = 0). */
  iterations: number;
  /** Steps for which the directional bound was asked. */
  directionalSteps: number;
  /** The loop stopped at the `horizon` option (status NotConverged): no contact up to it. */
  horizonReached: boolean;
}

/** A step stalls when it advances less than this share of what is left and closes less of the margin. */
const STALL_SHARE = 0.01;
/** Stalled steps in a row after which `'auto'` switches the directional bound on. */
const STALLS_TO_SWITCH = 8;

/**
 * Conservative advancement over an abstract distance evaluator. From `s_k` with gap `d_k > tol`,
 * the plain step `(d_k − tol/2) / μ` keeps the gap ≥ tol/2 (no point moves faster than μ, the sum
 * of the two bodies' speed bounds); the loop stops at the first iterate with gap ≤ tol (contact),
 * at s = 1 (separate), or at the iteration cap (not converged: the last iterate is still a certified
 * lower bound). With a directional step the loop takes the larger of the two, both certified.
 *
 * @param mu - the speed bound μ_A + μ_B (distance per unit of s), ≥ 0.
 * @throws `FirstTouchError` `INVALID_OPTION` for a bad option or μ.
 * @example
 * ```ts
 * import { conservativeAdvance } from '@firsttouch/ccd';
 * // two points 1 apart closing at speed 3: contact at s = 1/3
 * const r = conservativeAdvance({ distance: (s) => 1 - 3 * s }, 3, { tolerance: 1e-6 });
 * console.log(r.status, r.toi <= 1 / 3, r.toi >= (1 - 1e-6) / 3); // contact true true
 * ```
 */
export function conservativeAdvance(
  evaluator: DistanceEvaluator,
  mu: number,
  options: AdvanceOptions,
): AdvanceResult {
  if (typeof evaluator !== 'object' || evaluator === null || typeof evaluator.distance !== 'function') {
    throw new FirstTouchError('INVALID_OPTION', 'evaluator must have a distance(s) method');
  }
  assertSpeedBound(mu);
  if (typeof options !== 'object' || options === null || options.tolerance === undefined) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      'options.tolerance is required: the loop knows nothing of the bodies',
    );
  }
  return advanceResolved(evaluator, mu, resolveOptions(options, Number.NaN), advanceRecord());
}

/**
 * A fresh record for {@link advanceResolved} to write into (a caller that keeps one from query to
 * query makes it once). Not exported by the package.
 *
 * @internal
 * @example
 * ```ts
 * import { conservativeAdvance } from '@firsttouch/ccd';
 * // conservativeAdvance writes into such a record: a fresh one a call
 * const r = conservativeAdvance({ distance: () => 1 }, 0, { tolerance: 1e-6 });
 * console.log(r.status, r.directionalSteps); // separate 0
 * ```
 */
export function advanceRecord(): AdvanceResult {
  return {
    status: CcdStatus.NotConverged,
    toi: 0,
    distance: 0,
    iterations: 0,
    directionalSteps: 0,
    horizonReached: false,
  };
}

/**
 * Refuses a speed bound that is not a finite number ≥ 0 (the message of {@link conservativeAdvance}).
 *
 * @internal
 * @throws `FirstTouchError` `INVALID_OPTION`.
 * @example
 * ```ts
 * import { conservativeAdvance } from '@firsttouch/ccd';
 * try {
 *   conservativeAdvance({ distance: () => 1 }, -1, { tolerance: 1e-6 });
 * } catch (e) {
 *   console.log((e as Error).message); // mu must be a finite number ≥ 0, got -1
 * }
 * ```
 */
export function assertSpeedBound(mu: number): void {
  if (typeof mu !== 'number' || !Number.isFinite(mu) || mu < 0) {
    throw new FirstTouchError('INVALID_OPTION', `mu must be a finite number ≥ 0, got ${describeValue(mu)}`);
  }
}

/**
 * The loop of {@link conservativeAdvance} for a caller that has checked the evaluator and μ and
 * resolved the options already (the time-of-impact driver): nothing is validated or resolved a
 * second time, and the answer is written into `out`, which the caller may keep from query to query.
 * Not exported by the package.
 *
 * @internal
 * @example
 * ```ts
 * import { conservativeAdvance } from '@firsttouch/ccd';
 * // conservativeAdvance is this loop behind its checks: closing at half the bound, the gap halves each step
 * const r = conservativeAdvance({ distance: (s) => 1 - s }, 2, { tolerance: 1e-6, maxIterations: 3 });
 * console.log(r.status, r.iterations); // not-converged 3
 * ```
 */
export function advanceResolved(
  evaluator: DistanceEvaluator,
  mu: number,
  options: Pick<ResolvedOptions, 'tolerance' | 'maxIterations' | 'directional' | 'horizon'> &
    Partial<Pick<ResolvedOptions, 'signal' | 'onProgress'>>,
  out: AdvanceResult,
): AdvanceResult {
  const { tolerance, maxIterations, directional, horizon, signal, onProgress } = options;
  const half = 0.5 * tolerance;
  const canDirect = typeof evaluator.directionalStep === 'function';
  // One record for the whole run, rewritten after each step (nothing allocated per step).
  const progress: AdvanceProgress | undefined =
    onProgress === undefined ? undefined : { iteration: 0, s: 0, distance: 0 };
  let s = 0;
  throwIfAborted(signal, 'the time of impact, before its first gap');
  // The library's evaluators take the numbers in an array (see loop-io.ts); a user's, as arguments.
  const io = (evaluator as Partial<LoopIoEvaluator>)[LOOP_IO];
  const fast = io === undefined ? undefined : (evaluator as DistanceEvaluator & LoopIoEvaluator);
  let d: number;
  if (fast === undefined) d = gapAt(evaluator, 0);
  else {
    io![0] = 0;
    fast[LOOP_GAP]();
    d = io![5];
    if (!(d >= 0) || d === Number.POSITIVE_INFINITY) badGap(d, 0);
  }
  out.horizonReached = false;
  if (d <= tolerance) return ended(out, CcdStatus.InitialContact, 0, d, 0, 0);
  let useDirectional =
    canDirect &&
    (directional === true || (directional === 'auto' && evaluator.directionalEveryStep === true));
  let stalled = 0;
  let directionalSteps = 0;
  for (let k = 1; k <= maxIterations; k++) {
    const left = 1 - s;
    let step = mu > 0 ? (d - half) / mu : Number.POSITIVE_INFINITY;
    if (useDirectional && step < left) {
      let directed: number;
      if (fast === undefined) {
        const r: unknown = evaluator.directionalStep!(s, d, tolerance, step, left);
        // NaN or a step below the plain one is simply not taken; a value that is no number is a fault.
        if (typeof r !== 'number') {
          throw new FirstTouchError(
            'NON_FINITE',
            `evaluator.directionalStep(${s}) returned ${describeValue(r)}, not a number`,
          );
        }
        directed = r;
      } else {
        io![0] = s;
        io![1] = d;
        io![2] = tolerance;
        io![3] = step;
        io![4] = left;
        fast[LOOP_STEP]();
        directed = io![5];
      }
      directionalSteps++;
      if (directed > step) step = directed;
    }
    const next = step >= left ? 1 : s + step;
    if (next > horizon) {
      // No contact before `next`: past the horizon the caller asked for, nothing more is needed.
      out.horizonReached = true;
      return ended(out, CcdStatus.NotConverged, s, d, k - 1, directionalSteps);
    }
    let dNext: number;
    if (fast === undefined) dNext = gapAt(evaluator, next);
    else {
      io![0] = next;
      fast[LOOP_GAP]();
      dNext = io![5];
      if (!(dNext >= 0) || dNext === Number.POSITIVE_INFINITY) badGap(dNext, next);
    }
    if (dNext <= tolerance) return ended(out, CcdStatus.Contact, next, dNext, k, directionalSteps);
    if (next === 1) return ended(out, CcdStatus.Separate, 1, dNext, k, directionalSteps);
    if (directional === 'auto' && canDirect && !useDirectional) {
      const stall = next - s < STALL_SHARE * left && d - dNext < STALL_SHARE * (d - half);
      stalled = stall ? stalled + 1 : 0;
      if (stalled >= STALLS_TO_SWITCH) useDirectional = true;
    }
    s = next;
    d = dNext;
    if (progress !== undefined) {
      progress.iteration = k;
      progress.s = s;
      progress.distance = d;
      onProgress!(progress);
    }
    if (signal?.aborted) {
      throwIfAborted(signal, `the time of impact, at s = ${s} after ${k} steps (gap ${d})`);
    }
  }
  return ended(out, CcdStatus.NotConverged, s, d, maxIterations, directionalSteps);
}

/** The evaluator's gap at `s`, refused unless it is a finite number ≥ 0. */
function gapAt(evaluator: DistanceEvaluator, s: number): number {
  const g = evaluator.distance(s);
  if (typeof g !== 'number' || !(g >= 0) || g === Number.POSITIVE_INFINITY) badGap(g, s);
  return g;
}

/** Refuses `g`, the evaluator's gap at `s`: not a finite number ≥ 0. */
function badGap(g: unknown, s: number): never {
  throw new FirstTouchError(
    'NON_FINITE',
    `evaluator.distance(${s}) returned ${describeValue(g)}, not a finite gap ≥ 0`,
  );
}

/** The loop's answer, written into the caller's record rather than a new one at each exit. */
function ended(
  out: AdvanceResult,
  status: CcdStatusValue,
  toi: number,
  distance: number,
  iterations: number,
  directionalSteps: number,
): AdvanceResult {
  out.status = status;
  out.toi = toi;
  out.distance = distance;
  out.iterations = iterations;
  out.directionalSteps = directionalSteps;
  return out;
}
