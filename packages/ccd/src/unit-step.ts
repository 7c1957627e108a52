// A step far from unit size, taken to it and back, and the extents of a step's translations that
// decide it (for the driver's entry point, `runImpact` in driver.ts; split from it at 581 lines).

import { refuseFarApart } from '@firsttouch/convex/internal';
import { timesPowerOfTwo } from '@firsttouch/mesh/internal';
import type { AdvanceProgress, ResolvedOptions } from './options.js';

/** The fields of a result record that a step taken back from unit size rescales (driver.ts's `DriverResult`). */
interface UnitResult {
  distance: number;
  tolerance: number;
  mu: number;
  pointA: Float64Array;
  pointB: Float64Array;
}

/**
 * The caller's options for the step at unit size: its tolerance (`scaled.tolerance`, undefined for the
 * default at unit size), and progress told in the caller's units.
 */
export function unitOptions(options: unknown, scaled: { e: number; tolerance: number | undefined }): object {
  const o = (options ?? {}) as { onProgress?: unknown };
  const report = o.onProgress;
  if (typeof report !== 'function') return { ...o, tolerance: scaled.tolerance };
  const mine: AdvanceProgress = { iteration: 0, s: 0, distance: 0 };
  return {
    ...o,
    tolerance: scaled.tolerance,
    onProgress: (p: AdvanceProgress) => {
      mine.iteration = p.iteration;
      mine.s = p.s;
      mine.distance = timesPowerOfTwo(p.distance, -scaled.e);
      report(mine);
    },
  };
}

/** A step taken to unit size: its exponent, the shift, the poses, and the tolerance (scaled and given). */
export interface ScaledStep<PoseLike> {
  e: number;
  shift: Float64Array;
  motion: { a: [PoseLike, PoseLike]; b: [PoseLike, PoseLike] };
  tolerance: number;
  given: number;
}

/**
 * The largest |coordinate| of the four translations of a step, each taken from A's at s = 0 (the
 * world may be shifted: only where the bodies are relative to each other matters).
 */
export function spread<Motion>(
  kind: { translation(m: Motion, end: 0 | 1): Float64Array },
  query: { motionA: Motion; motionB: Motion },
): number {
  const origin = kind.translation(query.motionA, 0);
  const a1 = kind.translation(query.motionA, 1);
  const b0 = kind.translation(query.motionB, 0);
  const b1 = kind.translation(query.motionB, 1);
  // One loop of two-number maxima: this runs on every query, and must allocate nothing (a helper's
  // returned number, and a Math.max of three, were boxed).
  let m = 0;
  for (let k = 0; k < origin.length; k++) m = Math.max(m, Math.abs(a1[k] - origin[k]));
  let n = 0;
  for (let k = 0; k < origin.length; k++) n = Math.max(n, Math.abs(b0[k] - origin[k]));
  let o = 0;
  for (let k = 0; k < origin.length; k++) o = Math.max(o, Math.abs(b1[k] - origin[k]));
  return Math.max(Math.max(m, n), o);
}

/**
 * Refuses a step whose bodies lie farther apart than a double holds at s = 0 or s = 1 (B's
 * translation less A's not finite; between the ends the offset is a mean of theirs), with
 * `INVALID_POSE` (convex's `refuseFarApart`, out of line: this runs on every query).
 */
export function assertApartWithinRange<Motion>(
  kind: { translation(m: Motion, end: 0 | 1): Float64Array },
  query: { motionA: Motion; motionB: Motion },
  where: string,
): void {
  const a0 = kind.translation(query.motionA, 0);
  const b0 = kind.translation(query.motionB, 0);
  const a1 = kind.translation(query.motionA, 1);
  const b1 = kind.translation(query.motionB, 1);
  let at0 = 0;
  let at1 = 0;
  for (let k = 0; k < a0.length; k++) {
    at0 += 0 * (b0[k] - a0[k]);
    at1 += 0 * (b1[k] - a1[k]);
  }
  if (at0 !== 0 || at1 !== 0) refuseFarApart(where, at0 !== 0 ? 0 : 1);
}

/** The largest |coordinate| of the four translations of a step (the default tolerance's floor). */
export function placement<Motion>(
  kind: { translation(m: Motion, end: 0 | 1): Float64Array },
  query: { motionA: Motion; motionB: Motion },
): number {
  const a0 = kind.translation(query.motionA, 0);
  const a1 = kind.translation(query.motionA, 1);
  const b0 = kind.translation(query.motionB, 0);
  const b1 = kind.translation(query.motionB, 1);
  // (as in `spread`: each translation's largest |t[k]|, then the largest of the four)
  let m = 0;
  for (let k = 0; k < a0.length; k++) m = Math.max(m, Math.abs(a0[k]));
  let n = 0;
  for (let k = 0; k < a1.length; k++) n = Math.max(n, Math.abs(a1[k]));
  let o = 0;
  for (let k = 0; k < b0.length; k++) o = Math.max(o, Math.abs(b0[k]));
  let q = 0;
  for (let k = 0; k < b1.length; k++) q = Math.max(q, Math.abs(b1[k]));
  return Math.max(Math.max(Math.max(m, n), o), q);
}

/** The step of `query` shifted to A's first position and scaled by 2^e, with its tolerance. */
export function scaledStep<PoseLike, Motion>(
  kind: {
    translation(m: Motion, end: 0 | 1): Float64Array;
    placed(m: Motion, end: 0 | 1, t: Float64Array): PoseLike;
  },
  query: { motionA: Motion; motionB: Motion; resolved: ResolvedOptions },
  e: number,
): ScaledStep<PoseLike> {
  const shift = kind.translation(query.motionA, 0).slice();
  const pose = (m: Motion, end: 0 | 1): PoseLike =>
    kind.placed(
      m,
      end,
      kind.translation(m, end).map((x, k) => timesPowerOfTwo(x - shift[k], e)),
    );
  return {
    e,
    shift,
    motion: {
      a: [pose(query.motionA, 0), pose(query.motionA, 1)],
      b: [pose(query.motionB, 0), pose(query.motionB, 1)],
    },
    tolerance: unitTolerance(query.resolved.tolerance, e),
    given: query.resolved.tolerance,
  };
}

/**
 * A tolerance taken to unit size by 2^e: never 0, so that a tolerance far below the rounding of the
 * query's coordinates (where the guarantee says nothing) still runs. Not exported by the package's
 * main entry.
 *
 * @example
 * ```ts
 * import { unitTolerance } from '@firsttouch/ccd/internal';
 * console.log(unitTolerance(1e-6, 256) === 1e-6 * 2 ** 256, unitTolerance(1e-300, -1024) > 0); // true true
 * ```
 */
export function unitTolerance(tolerance: number, e: number): number {
  return Math.max(timesPowerOfTwo(tolerance, e), Number.MIN_VALUE);
}

/**
 * The answer of a step run scaled by 2^e and shifted by −`shift`, taken back (in place): its
 * lengths scaled by 2^−e, its points shifted back. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { createImpactResult } from '@firsttouch/ccd';
 * import { unscaled } from '@firsttouch/ccd/internal';
 * const r = createImpactResult();
 * r.distance = 1;
 * r.pointA[0] = 2;
 * unscaled(r, 512, new Float64Array([5, 0, 0]), 3);
 * console.log(r.distance === 2 ** -512, r.pointA[0] === 5 + 2 ** -511); // true true
 * ```
 */
export function unscaled<Result extends UnitResult>(
  r: Result,
  e: number,
  shift: Float64Array,
  dim: number,
): Result {
  // At the end of the float range a length can round past the largest double on its way back: it
  // stays the largest double (a lower bound of the gap, as the loop needs). Points are shifted back
  // before they are scaled, which rounds the same (a power of two commutes with rounding) and never
  // overflows for a point that exists.
  r.distance = Math.min(timesPowerOfTwo(r.distance, -e), Number.MAX_VALUE);
  r.tolerance = timesPowerOfTwo(r.tolerance, -e);
  r.mu = Math.min(timesPowerOfTwo(r.mu, -e), Number.MAX_VALUE);
  for (let k = 0; k < dim; k++) {
    const c = timesPowerOfTwo(shift[k], e);
    r.pointA[k] = timesPowerOfTwo(r.pointA[k] + c, -e);
    r.pointB[k] = timesPowerOfTwo(r.pointB[k] + c, -e);
  }
  return r;
}
