import { CcdStatus } from '@firsttouch/ccd';
import {
  type DriverEvaluator,
  type DriverResult,
  type ImpactKind,
  ImpactQuery,
} from '@firsttouch/ccd/internal';
import type { Pool } from '@firsttouch/mesh/internal';
import { type AbortSignalLike, throwIfAborted } from '@firsttouch/pose';
import type { ImpactProgress, PairRunner } from './search.js';

/**
 * Runs `use` on a time-of-impact query borrowed from `queries` (the pool `timeOfImpact` or
 * `timeOfImpact2` borrows from), its options resolved once from `options` for every pair `use`
 * runs, and gives the query back without its bodies, whatever `use` does, with the motions its
 * runners borrowed (see {@link pairRunner}).
 */
export function withQuery<
  Body,
  PoseLike,
  Motion,
  Evaluator extends DriverEvaluator<Body, Motion>,
  Result extends DriverResult,
  T,
>(
  kind: ImpactKind<Body, PoseLike, Motion, Evaluator, Result>,
  queries: Pool<ImpactQuery<Body, PoseLike, Motion, Evaluator, Result>>,
  options: { readonly tolerance: number },
  use: (query: ImpactQuery<Body, PoseLike, Motion, Evaluator, Result>) => T,
): T {
  const query = queries.get() ?? new ImpactQuery(kind);
  try {
    query.options(options, options.tolerance);
    return use(query);
  } finally {
    // (the motions its runners borrowed: kept by the query for the next call's)
    query.returnMotions();
    queries.release(query);
  }
}

/**
 * The runs of a many-body query's pairs on one time-of-impact query of ccd's driver (the one
 * `timeOfImpact` and `timeOfImpact2` run on): the options resolved once for all pairs, each body's
 * motion set once (on its first pair, on a motion the query lends: made once for many calls, taken
 * back by {@link withQuery}) and shared by its pairs, and, when `speeds` is given, each
 * body's speed bound too (computed as the evaluator computes it: the same μ). So a pair's answer is
 * that of the time of impact of the two bodies, bit for bit; its result record is built only when
 * the search asks, right after the run.
 */
export function pairRunner<
  Body,
  PoseLike,
  Motion extends { bound(points: Float64Array): number },
  Evaluator extends DriverEvaluator<Body, Motion>,
  Result extends DriverResult,
>(
  kind: ImpactKind<Body, PoseLike, Motion, Evaluator, Result>,
  query: ImpactQuery<Body, PoseLike, Motion, Evaluator, Result>,
  bodies: readonly Body[],
  poses0: readonly PoseLike[],
  poses1: readonly PoseLike[],
  speeds?: (body: Body) => Float64Array,
  watch?: PairWatch,
): PairRunner<Result> {
  // by body, only those that ran: a call on 10⁵ bodies runs a few hundred
  const motions = new Map<number, Motion>();
  const speed = new Map<number, number>();
  const motionOf = (i: number): Motion => {
    let m = motions.get(i);
    if (m === undefined) {
      m = query.lendMotion(poses0[i], poses1[i], [`poses0[${i}]`, `poses1[${i}]`]);
      motions.set(i, m);
      if (speeds) speed.set(i, m.bound(speeds(bodies[i])));
    }
    return m;
  };
  const options = query.resolved;
  const signal = watch?.signal;
  const tell = watch?.onProgress;
  // one record for the call: a call's runners (surfaces, shapes) share its watch, and count together
  if (watch !== undefined && watch.progress === undefined) watch.progress = { runs: 0, earliest: 1 };
  const progress: ImpactProgress = watch?.progress ?? { runs: 0, earliest: 1 };
  // The kind's own path for some pairs (ccd's small convex rings), as `timeOfImpact2` takes it: the
  // same answer as the brute loop's, bit for bit. It reads every option the query resolved (the
  // caller's directional mode, iteration cap, convex switch and signal, which decide whether and how
  // `timeOfImpact2` takes that path), not the tolerance alone.
  const direct = kind.direct;
  return (i, j, horizon) => {
    options.horizon = horizon;
    if (direct !== undefined) {
      const motion = { a: [poses0[i], poses1[i]], b: [poses0[j], poses1[j]] } as const;
      const r = direct(bodies[i], bodies[j], motion, options, undefined);
      if (r !== null)
        return report({ status: r.status, toi: r.toi, horizonReached: r.horizonReached, impact: () => r });
    }
    query.bind(bodies[i], bodies[j], motionOf(i), motionOf(j));
    const r = query.advance(
      speeds ? (speed.get(i) ?? Number.NaN) + (speed.get(j) ?? Number.NaN) : Number.NaN,
    );
    return report({
      status: r.status,
      toi: r.toi,
      horizonReached: r.horizonReached,
      impact: () => query.result(),
    });
  };

  /** A run's outcome, told to the watch. */
  function report<T extends { status: string; toi: number; horizonReached: boolean }>(outcome: T): T {
    if (tell !== undefined || signal !== undefined) {
      progress.runs++;
      // (a run that stopped at its window's horizon found no contact: its toi is that horizon)
      if (outcome.status !== CcdStatus.Separate && !outcome.horizonReached && outcome.toi < progress.earliest)
        progress.earliest = outcome.toi;
      tell?.(progress);
      throwIfAborted(signal, `${watch!.where}, after ${progress.runs} pair runs`);
    }
    return outcome;
  }
}

/** What a many-body query's pair runs report to and are stopped by, and the query's name. */
export interface PairWatch {
  signal?: AbortSignalLike;
  onProgress?: (progress: ImpactProgress) => void;
  where: string;
  /** The record told to `onProgress`, made by the call's first runner and shared by the others. */
  progress?: ImpactProgress;
}
